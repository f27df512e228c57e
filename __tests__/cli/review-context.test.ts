// `verdict-gate review --context` on a real git repository: the working tree is the new side, git's
// index says which files are the project's, and the contract's `review_guidelines` are the base's
// (the blob the diff names, or the working tree's copy of a file the diff does not touch). `none` shows
// the diff alone; `hunks` the code around it; `auto` also what it calls and what calls it; a bad value
// is a usage error naming the flag.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCaptured } from "../support/cli-io.js";
import { fakeReviewerCommand } from "../support/reviewers.js";

let dir: string;
let promptFile: string;
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
    cwd: dir,
    encoding: "utf8",
  });

const CART = `import { applyTax } from "./tax.js";

export class Cart {
  // The total the customer pays.
  total() {
    let sum = 0;
    for (const item of this.items) sum += item.price;
    return sum;
  }
}
`;

const CONTRACT = {
  intended_action: "Tax the cart total",
  success_criteria: [
    { id: "cart", type: "file_exists", path: "src/cart.js", description: "the cart exists" },
  ],
  review_guidelines: ["AGENTS.md", "docs/STYLE.md"],
};

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-context-"));
  promptFile = path.join(dir, "..", `${path.basename(dir)}-prompt.txt`);
  mkdirSync(path.join(dir, "src"));
  mkdirSync(path.join(dir, "docs"));
  mkdirSync(path.join(dir, ".github"));
  writeFileSync(path.join(dir, "src", "cart.js"), CART);
  writeFileSync(
    path.join(dir, "src", "tax.js"),
    "// VAT.\nexport function applyTax(n) {\n  return n * 1.2;\n}\n",
  );
  writeFileSync(path.join(dir, "AGENTS.md"), "Money is counted in cents.\n");
  writeFileSync(path.join(dir, "docs", "STYLE.md"), "No abbreviations.\n");
  writeFileSync(path.join(dir, ".github", "verdict-contract.json"), JSON.stringify(CONTRACT));
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-qm", "base");
  // The change: the total is taxed, and the branch rewrites one guideline.
  writeFileSync(
    path.join(dir, "src", "cart.js"),
    CART.replace("    return sum;\n", "    return applyTax(sum);\n"),
  );
  writeFileSync(path.join(dir, "AGENTS.md"), "Floats are fine.\n");
  // Not tracked: never the project's code, even when it defines the name.
  writeFileSync(
    path.join(dir, "src", "scratch.js"),
    "export function applyTax(n) { return n; } // UNTRACKED\n",
  );
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(promptFile, { force: true });
});

async function review(extra: string[]) {
  return runCaptured(["review", "--command", fakeReviewerCommand("approve-bound"), "--json", ...extra], {
    readStdin: async () => Buffer.from(git("diff"), "utf8"),
    stdoutIsTTY: false,
    stdinIsTTY: false,
    env: { PATH: process.env.PATH ?? "", FAKE_REVIEWER_STDIN: promptFile },
    cwd: dir,
  });
}

const prompt = () => readFileSync(promptFile, "utf8");

describe("review --context", () => {
  it("auto (the default): the method around the hunk, the definition it calls from a tracked file, the guidelines as the base has them", async () => {
    const r = await review([]);
    expect(r.code, r.err).toBe(0);
    const p = prompt();
    expect(p).toContain("## Code around the change");
    expect(p).toContain("  // The total the customer pays.");
    expect(p).toContain('### "src/tax.js" lines 1–4: the definition of `applyTax`');
    expect(p).not.toContain("UNTRACKED");
    // AGENTS.md from the base blob the diff names; docs/STYLE.md, untouched, from the working tree.
    expect(p).toContain('### "AGENTS.md"\n> Money is counted in cents.');
    expect(p).toContain('### "docs/STYLE.md"\n> No abbreviations.');
    const json = JSON.parse(r.out);
    expect(json.reviewer.calls[0].context).toMatchObject({ by_kind: { definition: { blocks: 1 } } });
  });

  it("hunks: the code around the hunk only", async () => {
    const r = await review(["--context", "hunks"]);
    expect(r.code, r.err).toBe(0);
    expect(prompt()).toContain("  // The total the customer pays.");
    expect(prompt()).not.toContain("the definition of `applyTax`");
  });

  it("none: the diff alone, and no guidelines", async () => {
    const r = await review(["--context", "none"]);
    expect(r.code, r.err).toBe(0);
    expect(prompt()).not.toContain("## Code around the change");
    expect(prompt()).not.toContain("## Project guidelines");
    expect(JSON.parse(r.out).reviewer.calls[0].context).toBeUndefined();
  });

  it("refuses a value it does not know, naming the flag (exit 2)", async () => {
    const r = await review(["--context", "everything"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--context: expects none, hunks or auto/);
  });
});
