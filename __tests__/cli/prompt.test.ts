// `verdict-gate prompt`: the rule a review prompt ends with, from the module the parser lives in.

import { describe, expect, it } from "vitest";
import { buildPrompt } from "../../src/review/prompt.js";
import { findVerdict, PROMPT_RULE, promptRule } from "../../src/verdict/reply-contract.js";
import { runCaptured } from "../support/cli-io.js";

const TOKEN = "q7k2m9x4p3n8b5v6c1z0l4j7h2";

async function prompt(...args: string[]) {
  return runCaptured(["prompt", ...args], {
    readStdin: async () => {
      throw new Error("prompt must not read stdin");
    },
  });
}

describe("verdict-gate prompt", () => {
  it("prints PROMPT_RULE exactly, and exits 0", async () => {
    expect(await prompt()).toEqual({ code: 0, out: PROMPT_RULE, err: "" });
  });

  it("prints a rule that parses as nothing when a reviewer echoes it", async () => {
    expect(findVerdict((await prompt()).out)).toBeNull();
  });

  it("prints the round-bound rule with --round-token", async () => {
    const r = await prompt("--round-token", TOKEN);
    expect(r.code).toBe(0);
    expect(r.out).toBe(promptRule(TOKEN));
    expect(r.out).toContain(`===VERDICT=== <value> ${TOKEN}`);
    expect(findVerdict(r.out, { roundToken: TOKEN })).toBeNull();
  });

  it("--token prints the rule as a round ends its prompt, and `verdict --token` reads a reply to it", async () => {
    const r = await prompt("--token", TOKEN);
    expect(r.code).toBe(0);
    expect(r.out).toBe(promptRule(TOKEN));
    // What a round sends: the rule is the prompt's last text (src/review/prompt.ts).
    const built = buildPrompt({ files: [], roundToken: TOKEN });
    expect(built.rule).toBe(r.out.trimEnd());
    expect(built.user.trimEnd().endsWith(r.out.trimEnd())).toBe(true);
    const reply = `No blocking issues.\n===VERDICT=== APPROVE ${TOKEN}\n`;
    const read = await runCaptured(["verdict", "--token", TOKEN], {
      readStdin: async () => Buffer.from(reply),
    });
    expect(read).toMatchObject({ code: 0, out: "VERDICT: APPROVE\n" });
  });

  it("refuses a malformed token, an unknown flag or an argument with exit 2", async () => {
    for (const args of [["--round-token", "UPPERCASE-NOT-ALLOWED-0000000"], ["--json"], ["extra"]]) {
      const r = await prompt(...args);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toMatch(/usage: verdict-gate prompt/);
    }
  });
});
