// docs/contract.md's worked example, run through the real reader: the reply it quotes, read under each
// `block_on` its table names, with the verdict its table names, ends in the status the table gives —
// so the example can never drift from what the gate does. The policy is loaded as a contract's, and
// the prompt under each policy asks for the severities the doc says it does.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { severityPolicyOf } from "../../src/criteria/contract-schema.js";
import { loadContract } from "../../src/criteria/index.js";
import { readReview } from "../../src/verdict/findings.js";
import { promptRule } from "../../src/verdict/reply-contract.js";

const doc = readFileSync("docs/contract.md", "utf8");
const TOKEN = "0123456789abcdefghijklmnopqrstuv";

function after(marker: string): string {
  const at = doc.indexOf(marker);
  expect(at, marker).toBeGreaterThan(0);
  return doc.slice(at + marker.length);
}

const reply = /```text\n([\s\S]*?)```/.exec(after("<!-- worked-example:reply -->"))?.[1] ?? "";
const rows = [
  ...after("<!-- worked-example:table -->").matchAll(
    /^\| `(\[[^`]+\])` +\| `(APPROVE|REQUEST_CHANGES)` +\| `([a-z-]+)` +\|/gm,
  ),
].map((m) => ({ blockOn: JSON.parse(m[1] as string) as string[], verdict: m[2], status: m[3] }));

const STATUS = { YES: "approve", NO: "blocked", MAYBE: "hold-for-human", IFF: "conditional-on" } as const;

function policyOf(blockOn: string[]) {
  const contract = loadContract(
    JSON.stringify({ intended_action: "x", success_criteria: [], policy: { block_on: blockOn } }),
    "docs/contract.md",
  );
  return severityPolicyOf(contract);
}

describe("docs/contract.md: one reply, two policies", () => {
  it("quotes a reply with a MEDIUM and a LOW finding, and a table of four rows", () => {
    expect(reply).toMatch(/^MEDIUM: src\/refund\.ts:31 — /m);
    expect(reply).toMatch(/^LOW: src\/refund\.ts:8 — /m);
    expect(rows.map((r) => `${r.blockOn.join("+")} ${r.verdict}`)).toEqual([
      "high REQUEST_CHANGES",
      "high+medium REQUEST_CHANGES",
      "high APPROVE",
      "high+medium APPROVE",
    ]);
  });

  it.each(rows)("$blockOn with $verdict ends in $status, as the doc says", ({ blockOn, verdict, status }) => {
    const text = reply.replace("REQUEST_CHANGES <token>", `${verdict} ${TOKEN}`);
    const policy = policyOf(blockOn);
    const reading = readReview(text, { roundToken: TOKEN, policy });
    expect(STATUS[reading.result.value]).toBe(status);
    // Both lines are findings; which block is the policy's.
    expect(reading.blocking.length + reading.notes.length).toBe(2);
    expect(reading.blocking.map((f) => f.severity)).toEqual(blockOn.includes("medium") ? ["medium"] : []);
    expect(reading.overruled).toBe(verdict === "REQUEST_CHANGES" && status === "approve");
  });

  it("blocks on the MEDIUM line without a policy, as the doc says", () => {
    const text = reply.replace("<token>", TOKEN);
    const reading = readReview(text, { roundToken: TOKEN });
    expect(STATUS[reading.result.value]).toBe("blocked");
    expect(reading.blocking.map((f) => f.severity)).toEqual(["medium"]);
  });

  it("asks for the severities the doc says each policy asks for", () => {
    const high = policyOf(["high"]);
    expect(promptRule(TOKEN, high)).toContain("HIGH: <path>:<line> — <reason>");
    expect(promptRule(TOKEN, high)).not.toContain("MEDIUM: <path>");
    const posted = severityPolicyOf(
      loadContract(
        JSON.stringify({
          intended_action: "x",
          success_criteria: [],
          policy: { block_on: ["high"], notes: { post: true } },
        }),
        "x",
      ),
    );
    for (const w of ["HIGH", "MEDIUM", "LOW"]) expect(promptRule(TOKEN, posted)).toContain(`${w}: <path>`);
  });
});
