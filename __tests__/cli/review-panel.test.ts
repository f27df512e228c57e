// `verdict-gate review --reviewers FILE`: the action's panel from a terminal, in-process, against two
// loopback reviewers of different wire formats, each accepting only its own key read from the variable
// its entry names.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { approveFor, blockFor } from "../e2e/world.js";
import { runCaptured } from "../support/cli-io.js";
import {
  anthropicReply,
  openAIReply,
  type ReviewerServer,
  startAnthropicServer,
  startOpenAIServer,
} from "../support/reviewers.js";
import { GREET_DIFF } from "./review-support.js";

const ALPHA_KEY = "sk-alpha-cli-Key0For0OpenAI0Only0000000";
const BETA_KEY = "sk-ant-beta-cli-Key0For0Anthropic0Only00";

let dir: string;
let alpha: ReviewerServer;
let beta: ReviewerServer;
beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-review-panel-"));
  mkdirSync(path.join(dir, "src"));
  writeFileSync(
    path.join(dir, "src", "greet.js"),
    'export function greet(name) {\n  return "hello " + name;\n}\n',
  );
  alpha = await startOpenAIServer({ apiKey: ALPHA_KEY, replies: (r) => openAIReply(approveFor(r)) });
  beta = await startAnthropicServer({ apiKey: BETA_KEY, replies: (r) => anthropicReply(approveFor(r)) });
  writeFileSync(
    path.join(dir, "reviewers.yml"),
    [
      "- label: alpha",
      "  provider: openai",
      "  model: gpt-4o",
      `  base-url: ${alpha.baseUrl}`,
      "  api-key-env: ALPHA_KEY",
      "- label: beta",
      "  provider: anthropic",
      "  model: claude-sonnet-5-5",
      `  base-url: ${beta.baseUrl}`,
      "  api-key-env: BETA_KEY",
    ].join("\n"),
  );
});
afterEach(async () => {
  await Promise.all([alpha.close(), beta.close()]);
  rmSync(dir, { recursive: true, force: true });
});

async function review(args: string[], env: Record<string, string> = { ALPHA_KEY, BETA_KEY }) {
  return runCaptured(["review", "--base-path", dir, ...args], {
    readStdin: async () => Buffer.from(GREET_DIFF, "utf8"),
    stdoutIsTTY: false,
    stdinIsTTY: false,
    env: { PATH: process.env.PATH ?? "", ...env },
    cwd: dir,
  });
}

describe("verdict-gate review --reviewers", () => {
  it("approves (exit 0) when both approve, each reviewer asked with its own key", async () => {
    const r = await review(["--reviewers", "reviewers.yml", "--json"]);
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.status).toBe("approve");
    expect(json.reviewer.panel.reviewers.map((m: { label: string }) => m.label)).toEqual(["alpha", "beta"]);
    expect(alpha.requests).toHaveLength(1);
    expect(beta.requests).toHaveLength(1);
    expect(JSON.stringify(alpha.requests[0]?.headers)).not.toContain(BETA_KEY);
    expect(JSON.stringify(beta.requests[0]?.headers)).not.toContain(ALPHA_KEY);
  });

  it("holds (exit 4) asking nobody when the panel's prompts together need more than --max-round-tokens", async () => {
    // A panel's reviewers share the limit (action.yml); it once applied to a single reviewer only.
    const r = await review(["--reviewers", "reviewers.yml", "--max-round-tokens", "1000", "--json"]);
    expect(r.code, r.err).toBe(4);
    expect(JSON.parse(r.out).reasons.join("\n")).toMatch(
      /over `max-round-tokens` \(1,000\): no reviewer call was made/,
    );
    expect(alpha.requests).toEqual([]);
    expect(beta.requests).toEqual([]);
  });

  it("blocks (exit 3) under quorum:1 when one blocks, the reason attributed", async () => {
    beta.script((r) => anthropicReply(blockFor(r, ["src/greet.js:2 — no input check"])));
    const r = await review(["--reviewers", "reviewers.yml", "--panel-policy", "quorum:1", "--json"]);
    expect(r.code, r.err).toBe(3);
    expect(JSON.parse(r.out).reasons[0]).toBe("[beta] src/greet.js:2 — no input check");
  });

  it("refuses (exit 2) an entry whose key variable is unset, naming it, before any call", async () => {
    const r = await review(["--reviewers", "reviewers.yml"], { ALPHA_KEY });
    expect(r.code).toBe(2);
    expect(r.err).toContain("reviewer 2 (beta): `api-key-env` names BETA_KEY, which is not set or empty");
    expect(alpha.requests).toEqual([]);
  });

  it("refuses (exit 2) a single-reviewer flag beside the panel, and an unreadable file", async () => {
    const model = await review(["--reviewers", "reviewers.yml", "--model", "gpt-4o"]);
    expect(model.code).toBe(2);
    expect(model.err).toContain("--model must be empty when `reviewers` is set");
    const keyFlag = await review(["--reviewers", "reviewers.yml", "--api-key-env", "ALPHA_KEY"]);
    expect(keyFlag.code).toBe(2);
    expect(keyFlag.err).toContain("with --reviewers, each entry names its own variable in api-key-env");
    const missing = await review(["--reviewers", "nowhere.yml"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("--reviewers nowhere.yml: cannot read it");
  });
});
