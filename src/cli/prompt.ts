// `verdict-gate prompt`: prints the reply contract a review prompt must end with, so a script that
// builds its own prompt takes the rule from the same place the parser lives instead of retyping it.
import { isRoundToken, promptRule } from "../verdict/reply-contract.js";
import { parse } from "./args.js";
import { type Command, UsageError } from "./io.js";

const USAGE = [
  "usage: verdict-gate prompt [--round-token TOKEN]",
  "  --round-token TOKEN  the round-bound rule: the marker line carries TOKEN (26 to 128 of 0-9, a-z);",
  "                       read the reply with `verdict-gate verdict --round-token TOKEN`",
].join("\n");

export const promptCommand: Command = {
  name: "prompt",
  summary: "print the reply contract (PROMPT_RULE) that a review prompt must end with",
  usage: USAGE,
  async run(args, io) {
    const { values } = parse(args, { "round-token": { type: "string" } }, 0);
    const token = values["round-token"];
    if (token !== undefined && !isRoundToken(token)) {
      throw new UsageError("--round-token must be 26 to 128 characters of 0-9 and a-z");
    }
    io.out(promptRule(token as string | undefined));
    return 0;
  },
};
