// `verdict-gate prompt`: prints the reply contract a review prompt must end with, so a script that
// builds its own prompt takes the rule from the same place the parser lives instead of retyping it.
// With a token it prints the rule exactly as a round ends its prompt, so a reviewer script can be tried
// on the rule `review` will give it, and its reply read with `verdict --token` the way `review` reads it.
import { promptRule } from "../verdict/reply-contract.js";
import { parse } from "./args.js";
import type { Command } from "./io.js";
import { ROUND_TOKEN_OPTIONS, roundTokenOf } from "./round-token-option.js";

const USAGE = [
  "usage: verdict-gate prompt [--token TOKEN]",
  "  --token TOKEN        the rule as a round ends its prompt: the marker line must carry TOKEN",
  "                       (26 to 128 of 0-9 and a-z, e.g. T=$(openssl rand -hex 16)); read the reply",
  "                       with `verdict-gate verdict --token TOKEN` (--round-token is the same option)",
].join("\n");

export const promptCommand: Command = {
  name: "prompt",
  summary: "print the reply contract (PROMPT_RULE) that a review prompt must end with",
  usage: USAGE,
  async run(args, io) {
    const { values } = parse(args, ROUND_TOKEN_OPTIONS, 0);
    io.out(promptRule(roundTokenOf(values)));
    return 0;
  },
};
