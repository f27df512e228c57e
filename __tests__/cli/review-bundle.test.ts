// The bundled CLI (dist/cli/index.js, package.json `bin`) started as a user starts it: `review` on a
// diff piped into stdin, with a command reviewer and a loopback OpenAI-compatible server; exit codes
// and plain output when piped.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBundledCli } from "../support/package-bundle.js";
import { fakeReviewerCommand, openAIReply, startOpenAIServer } from "../support/reviewers.js";
import { GREET_DIFF } from "./review-support.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-review-bundle-"));
  mkdirSync(path.join(dir, "src"));
  mkdirSync(path.join(dir, ".github"));
  // The file as GREET_DIFF adds it: a diff is reviewed only in the tree it is the change of.
  writeFileSync(
    path.join(dir, "src", "greet.js"),
    'export function greet(name) {\n  return "hello " + name;\n}\n',
  );
  writeFileSync(
    path.join(dir, ".github", "verdict-contract.json"),
    JSON.stringify({
      intended_action: "Add a greeting module",
      success_criteria: [{ id: "module", type: "file_exists", path: "src/greet.js" }],
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the bundled `verdict-gate review`", () => {
  it("approves a piped diff with a command reviewer: exit 0, plain text", async () => {
    const r = await runBundledCli(["review", "--command", fakeReviewerCommand("approve-bound")], {
      cwd: dir,
      stdin: GREET_DIFF,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("APPROVE");
    expect(r.stdout).toContain("criteria: PASS");
    expect(r.stdout).not.toContain("\u001b[");
  });

  it("blocks (3), holds (4), and refuses an empty diff (2)", async () => {
    const blocked = await runBundledCli(
      ["review", "--command", fakeReviewerCommand("block-bound", "src/greet.js:1 — no")],
      { cwd: dir, stdin: GREET_DIFF },
    );
    expect(blocked.code).toBe(3);
    const held = await runBundledCli(["review", "--command", fakeReviewerCommand("empty")], {
      cwd: dir,
      stdin: GREET_DIFF,
    });
    expect(held.code).toBe(4);
    const empty = await runBundledCli(["review", "--command", fakeReviewerCommand("approve-bound")], {
      cwd: dir,
      stdin: "",
    });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/is empty/);
  });

  it("reviews through an OpenAI-compatible endpoint with the key from the named variable", async () => {
    const key = "sk-bundle-test-key-0001";
    const server = await startOpenAIServer({
      apiKey: key,
      replies: (request) => {
        const token = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(JSON.stringify(request.json))?.[1];
        return openAIReply(`Fine.\n\n===VERDICT=== APPROVE ${token}`);
      },
    });
    try {
      const r = await runBundledCli(
        ["review", "--model", "gpt-4o", "--base-url", server.baseUrl, "--api-key-env", "LOCAL_KEY", "--json"],
        { cwd: dir, stdin: GREET_DIFF, env: { LOCAL_KEY: key } },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: "approve", reviewer_verdict: "APPROVE" });
      expect(r.stdout + r.stderr).not.toContain(key);
    } finally {
      await server.close();
    }
  });
});
