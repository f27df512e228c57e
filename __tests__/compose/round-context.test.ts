// The one place a RoundContext is built (src/compose/round-context.ts): what the action, `pr` and
// `review` each say about their world, and what comes out the same for all three. The end-to-end and
// CLI tests run the rounds; this pins the wiring's own rules.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { judgeContext, makeRoundReviewers, roundContext } from "../../src/compose/round-context.js";
import type { GitHub, Logger } from "../../src/ports/github.js";
import { CommandLineError } from "../../src/providers/command-line.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { fakeReviewerCommand } from "../support/reviewers.js";
import { settingsFromInputs } from "../support/settings.js";

const SHA = "a".repeat(40);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A checkout as actions/checkout leaves it: a file and a detached .git/HEAD. */
function checkout(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-wiring-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "README.md"), "# demo\n");
  mkdirSync(path.join(dir, ".git"));
  writeFileSync(path.join(dir, ".git", "HEAD"), `${SHA}\n`);
  return dir;
}

const silent: Logger = {
  info: () => {},
  warning: () => {},
  error: () => {},
  debug: () => {},
  startGroup: () => {},
  endGroup: () => {},
};
// Only carried: the wiring never calls GitHub (the identity check below says it is passed on as given).
const github = { requestCount: () => 0 } as unknown as GitHub;
const settings = settingsFromInputs({
  pr: "1",
  provider: "openai",
  model: "gpt-4o",
  "api-key": "sk-test-key-000000",
});
const lazy = makeRoundReviewers(settings, settings.token, {}, {}, "on first use");

describe("the tree the criteria read", () => {
  it("is a checkout opened on first use, whose commit the round compares with the head", async () => {
    const dir = checkout();
    const ctx = roundContext({
      settings,
      github,
      log: silent,
      reviewers: lazy,
      tree: { kind: "checkout", dir, called: `the workspace ${dir}` },
    });
    expect(ctx.github).toBe(github);
    expect(ctx.workspaceHead?.()).toBe(SHA);
    const tree = ctx.openTree();
    expect("error" in tree).toBe(false);
  });

  it("holds naming why there is no checkout, or why it cannot be read, in the caller's words", () => {
    const unset = roundContext({
      settings,
      github,
      log: silent,
      reviewers: lazy,
      tree: { kind: "checkout", dir: "", called: "the workspace ", unset: "GITHUB_WORKSPACE is not set" },
    });
    expect(unset.openTree()).toEqual({ error: "GITHUB_WORKSPACE is not set" });
    const gone = path.join(os.tmpdir(), "vg-wiring-never-created", "x");
    const unreadable = roundContext({
      settings,
      github,
      log: silent,
      reviewers: lazy,
      tree: { kind: "checkout", dir: gone, called: `--base-path ${gone}` },
    });
    expect(unreadable.openTree()).toEqual({
      error: expect.stringMatching(new RegExp(`^--base-path ${gone} cannot be read: `)),
    });
  });

  it("is a tree already open for a local diff, with no head commit to match and no GitHub", () => {
    const tree = openTree(checkout());
    const ctx = judgeContext({ settings, log: silent, reviewers: lazy, tree: { kind: "open", tree } });
    expect(ctx.openTree()).toBe(tree);
    expect(ctx.workspaceHead).toBeUndefined();
    expect("github" in ctx).toBe(false);
  });
});

describe("the reviewers", () => {
  const missing = settingsFromInputs({
    pr: "1",
    provider: "command",
    command: "/nonexistent/verdict-gate-reviewer",
  });

  it("bound now, refuse a command that cannot start before anything runs (the CLI's usage error)", () => {
    expect(() => makeRoundReviewers(missing, "", {}, {}, "now")).toThrow(CommandLineError);
  });

  it("bound on first use, are not bound at all by a round that asks nobody (the action)", () => {
    const reviewers = makeRoundReviewers(missing, "", {}, {}, "on first use");
    expect(() => reviewers()).toThrow(CommandLineError);
  });

  it("with a panel bound now, are its reviewers in order, made once", () => {
    const panelled = settingsFromInputs(
      {
        pr: "1",
        reviewers: JSON.stringify([
          { label: "alpha", provider: "command", command: fakeReviewerCommand("reply", "fine") },
          { label: "beta", provider: "command", command: fakeReviewerCommand("reply", "fine") },
        ]),
      },
      { env: { PATH: process.env.PATH ?? "" } },
    );
    const reviewers = makeRoundReviewers(panelled, "", { PATH: process.env.PATH ?? "" }, {}, "now");
    const panel = reviewers();
    expect(panel.map((m) => m.label)).toEqual(["alpha", "beta"]);
    expect(reviewers()[0]?.reviewer).toBe(panel[0]?.reviewer);
  });
});

describe("wiring once", () => {
  /** Every source file under src/. */
  function sources(dir = "src"): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? sources(path.join(dir, e.name))
        : e.name.endsWith(".ts")
          ? [path.join(dir, e.name)]
          : [],
    );
  }

  it("builds a RoundContext in src/compose/round-context.ts only: no other file mints round tokens for one", () => {
    // A context needs the round-token minter; a second place that builds one from scratch imports it.
    const minting = sources().filter((f) =>
      /import[^;]*\bnewRoundToken\b[^;]*from/.test(readFileSync(f, "utf8")),
    );
    expect(minting.map((f) => f.split(path.sep).join("/"))).toEqual(["src/compose/round-context.ts"]);
  });
});
