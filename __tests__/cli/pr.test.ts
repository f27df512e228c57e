// `verdict-gate pr`, in-process through the command frame, against the loopback GitHub API and an
// OpenAI-compatible loopback reviewer: a dry run posts nothing and prints what it would post; a real
// run posts the check run on the head; a person's token is refused or explained; a checkout that is
// not the PR's head is said so.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { parsePullRequest } from "../../src/cli/pr.js";
import { checkout } from "../e2e/harness.js";
import {
  anthropic,
  gateChecks,
  historyComment,
  openAI,
  REVIEWER_KEY,
  startWorld,
  type World,
} from "../e2e/world.js";
import { runCaptured } from "../support/cli-io.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

const CHECK_CREATES = "POST /repos/{owner}/{repo}/check-runs";
const COMMENT_CREATES = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";

async function pr(
  args: string[],
  options: { token?: string; workspace?: string; tty?: boolean; env?: Record<string, string> } = {},
) {
  const reviewer = ["--model", "gpt-4o", "--base-url", world.openai.baseUrl, "--api-key-env", "REVIEWER_KEY"];
  return runCaptured(
    ["pr", `${world.repo.fullName}#${world.pull.number}`, ...reviewer, "--api-url", world.api.url, ...args],
    {
      stdoutIsTTY: options.tty ?? false,
      env: {
        GITHUB_TOKEN: options.token ?? world.api.token,
        REVIEWER_KEY,
        VERDICT_GATE_BACKOFF_UNIT_MS: "5",
        ...options.env,
      },
      cwd: options.workspace ?? world.headWorkspace(),
    },
  );
}

describe("--dry-run", () => {
  it("prints the check run it would post and posts nothing", async () => {
    const r = await pr(["--dry-run"]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out.split("\n")[0]).toBe("APPROVE");
    expect(r.out).toContain(
      `check run "verdict-gate" on ${world.pull.headSha.slice(0, 12)} (${world.repo.fullName}#${world.pull.number}): dry run, nothing was sent`,
    );
    expect(r.out).toContain("would post: conclusion success");
    expect(r.out).toContain("title: approve");
    expect(r.out).toContain("history comment: would create on #");
    expect(world.api.requestsFor(CHECK_CREATES)).toEqual([]);
    expect(world.api.requestsFor(COMMENT_CREATES)).toEqual([]);
    expect(gateChecks(world)).toEqual([]);
    expect(world.openai.requests).toHaveLength(1);
  });

  it("--markdown prints the summary it would post; --json says it was not posted", async () => {
    const md = await pr(["--dry-run", "--markdown"]);
    expect(md.out).toMatch(/^## ✅ approve\n/);
    expect(md.out).toContain(`PR #${world.pull.number}`);
    const json = JSON.parse((await pr(["--dry-run", "--json"])).out);
    expect(json).toMatchObject({
      status: "approve",
      exit_code: 0,
      dry_run: true,
      check_run: {
        name: "verdict-gate",
        head_sha: world.pull.headSha,
        conclusion: "success",
        posted: false,
        url: null,
      },
    });
    // The same summary, but for each round's own token in the reviewer's reply and the reviewer's
    // latency (two calls, each as slow as the machine was then).
    const untokened = (text: string) =>
      text.replace(/APPROVE [0-9a-z]{26,128}/g, "APPROVE <token>").replace(/\b\d+\.\d s\b/g, "<latency>");
    expect(untokened(json.check_run.summary)).toBe(untokened(md.out.replace(/\n$/, "")));
  });

  it("works with a person's token, which can read but not post", async () => {
    world.api.addToken("person-token-1", { user: "octocat" });
    const r = await pr(["--dry-run"], { token: "person-token-1" });
    expect(r.code, r.err).toBe(0);
    expect(world.api.requestsFor(CHECK_CREATES)).toEqual([]);
  });

  it("blocks (exit 3) with the reviewer's findings, as the action would", async () => {
    world.openai.script(openAI.block(["src/greet.js:2 — use a template literal"]));
    const r = await pr(["--dry-run"]);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/^BLOCKED {2}src\/greet\.js:2 — use a template literal/);
    expect(r.out).toContain("would post: conclusion failure");
  });
});

describe("--app-slug", () => {
  it("makes a dry run trust the history comment of the app that posts the gate", async () => {
    // One real round: its history comment is github-actions[bot]'s.
    expect((await pr([])).code).toBe(0);
    const body = historyComment(world)?.body ?? "";
    expect(body).not.toBe("");
    // The same history, as a workflow posting with a GitHub App's token would have left it.
    world.pull.comment("my-gate[bot]", body, "Bot");
    // By default the dry run reads github-actions' history: the head was judged, nothing is asked again.
    const plain = await pr(["--dry-run"]);
    expect(plain.out).toContain("APPROVE (reused from round 1)");
    expect(plain.err).toMatch(/not written by github-actions\[bot\]: ignored/);
    // Trusting my-gate, its copy is the history read and github-actions' is the one ignored.
    const mine = await pr(["--dry-run", "--app-slug", "my-gate"]);
    expect(mine.code, mine.err).toBe(0);
    expect(mine.out).toContain("APPROVE (reused from round 1)");
    expect(mine.err).toMatch(/not written by my-gate\[bot\]: ignored/);
    expect(world.openai.requests).toHaveLength(1);
    // An app that never posted has no history here: the reviewer is asked and a history would start.
    const none = await pr(["--dry-run", "--app-slug", "other-gate"]);
    expect(none.code, none.err).toBe(0);
    expect(none.out).toContain("history comment: would create on #");
    expect(world.openai.requests).toHaveLength(2);
  });

  it("is refused without --dry-run, and when it is not a slug", async () => {
    const real = await pr(["--app-slug", "my-gate"]);
    expect(real.code).toBe(2);
    expect(real.err).toMatch(/--app-slug is for --dry-run/);
    const bad = await pr(["--dry-run", "--app-slug", "My Gate[bot]"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--app-slug takes a GitHub App's slug .*got "My Gate\[bot\]"/);
    expect(world.openai.requests).toHaveLength(0);
    expect(world.api.requestsFor(CHECK_CREATES)).toEqual([]);
  });
});

describe("posting", () => {
  it("posts one completed check run on the head commit and saves the history", async () => {
    const r = await pr([]);
    expect(r.code, r.out + r.err).toBe(0);
    const [check, ...others] = gateChecks(world);
    expect(others).toEqual([]);
    expect(check).toMatchObject({ status: "completed", conclusion: "success", headSha: world.pull.headSha });
    expect(historyComment(world)?.body).toContain("✅ approve");
    expect(r.out).toMatch(/: posted\n {2}posted: conclusion success/);
  });

  it("refuses a person's token up front, before any request or reviewer call", async () => {
    for (const token of [
      "ghp_0123456789abcdefghijklmnopqrstuvwxyz",
      "github_pat_11ABCDEFG_x",
      "gho_0123456789abc",
    ]) {
      const r = await pr([], { token });
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/only a GitHub App can create check runs/);
      expect(r.err).toContain("--dry-run");
    }
    expect(world.api.requests).toEqual([]);
    expect(world.openai.requests).toEqual([]);
  });

  it("explains when GitHub refuses the check run to a token it could not recognise", async () => {
    world.api.addToken("person-token-2", { user: "octocat" });
    const r = await pr([], { token: "person-token-2" });
    expect(r.code).toBe(2);
    expect(r.out.split("\n")[0]).toBe("APPROVE");
    expect(r.err).toMatch(/only a GitHub App can create check runs, and this token belongs to a person/);
    expect(gateChecks(world)).toEqual([]);
    expect(world.pull.comments()).toEqual([]);
  });
});

describe("the checkout the criteria read", () => {
  it("says so, and holds the criteria, when --base-path is not the PR's head", async () => {
    const base = checkout(world.api, world.repo.fullName, world.pull.baseSha);
    world.workspaces.push(base);
    const r = await pr(["--dry-run"], { workspace: base });
    expect(r.code).toBe(4);
    expect(r.out).toMatch(/the criteria could not be checked: the workspace has the base commit/);
    expect(r.out).toContain(`not the PR's head ${world.pull.headSha.slice(0, 12)}`);
    expect(r.out).toContain(
      `git fetch origin pull/${world.pull.number}/head && git checkout --detach FETCH_HEAD`,
    );
  });

  it("says when it cannot tell which commit the directory holds", async () => {
    const plain = mkdtempSync(path.join(os.tmpdir(), "vg-pr-plain-"));
    try {
      const r = await pr(["--dry-run", "--base-path", plain]);
      expect(r.out).toContain(`could not tell which commit ${plain} holds (no .git there)`);
      // Files of unknown origin are not the PR: the criteria hold instead of failing or passing on them.
      // (This exited 3, blocked on the empty directory's missing file, before the gate held here.)
      expect(r.code).toBe(4);
      expect(r.out).toMatch(/cannot tell which commit the workspace holds/);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it("never approves on the head's files copied without their .git", async () => {
    const copy = checkout(world.api, world.repo.fullName, world.pull.headSha);
    world.workspaces.push(copy);
    rmSync(path.join(copy, ".git"), { recursive: true, force: true });
    const r = await pr(["--dry-run", "--base-path", copy]);
    expect(r.code).toBe(4);
    expect(r.out).toMatch(/^HOLD-FOR-HUMAN/);
    expect(r.out).toContain("would post: conclusion action_required");
  });
});

describe("refused input", () => {
  it("a malformed pull request, no token, a closed or unknown pull request", async () => {
    let r = await runCli(["pr", "octo-org/demo"], {
      readStdin: async () => Buffer.from(""),
      out: () => {},
      err: () => {},
      stdoutIsTTY: false,
      env: {},
      cwd: "/",
    });
    expect(r).toBe(2);
    r = (await pr(["--dry-run"], { token: "", env: { GH_TOKEN: "" } })).code;
    expect(r).toBe(2);
    world.pull.close();
    const closed = await pr(["--dry-run"]);
    expect(closed.code).toBe(2);
    expect(closed.err).toMatch(/is closed: nothing to gate/);
  });

  it("GitHub unreachable: says so and what to check, not 're-run the job' (exit 1)", async () => {
    world.api.faults.inject(
      "GET /repos/{owner}/{repo}/pulls/{pull_number}",
      { kind: "reset" },
      { attempts: "every" },
    );
    const r = await pr(["--dry-run"]);
    expect(r.code).toBe(1);
    // Said when the first attempt fails, not after the retries (15 s in silence at GitHub's pace).
    expect(r.err.split("\n")[1]).toBe(
      "verdict-gate pr: warning: GitHub did not answer GET /repos/{owner}/{repo}/pulls/{pull_number} (the connection was cut before an answer came); trying again 3 times over about 0.1 s",
    );
    expect(r.err).toContain(`GitHub could not be reached at ${world.api.url}`);
    expect(r.err).toContain("check your network connection and any proxy (HTTPS_PROXY)");
    expect(r.err).not.toMatch(/re-run the job|internal error/i);
    expect(world.openai.requests).toHaveLength(0);
  });

  it("a pull request GitHub does not have, with GitHub's answer", async () => {
    let err = "";
    const code = await runCli(
      ["pr", `${world.repo.fullName}#999`, "--command", "true", "--api-url", world.api.url, "--dry-run"],
      {
        readStdin: async () => Buffer.from(""),
        out: () => {},
        err: (t) => {
          err += t;
        },
        stdoutIsTTY: false,
        env: {
          GITHUB_TOKEN: world.api.token,
          VERDICT_GATE_BACKOFF_UNIT_MS: "5",
          PATH: process.env.PATH ?? "",
        },
        cwd: world.headWorkspace(),
      },
    );
    expect(code).toBe(2);
    expect(err).toMatch(/GitHub API: .*999.*404/);
  });

  it("reads OWNER/REPO#N and pull request URLs", () => {
    expect(parsePullRequest("octo-org/demo#7")).toEqual({ repository: "octo-org/demo", number: 7 });
    expect(parsePullRequest("https://github.com/octo-org/demo.js/pull/12/files")).toEqual({
      repository: "octo-org/demo.js",
      number: 12,
    });
    expect(() => parsePullRequest("octo-org/demo#0")).toThrow(/OWNER\/REPO#N/);
    expect(() => parsePullRequest("demo#7")).toThrow(/OWNER\/REPO#N/);
  });
});

describe("--reviewers", () => {
  it("runs the action's panel from a terminal: both vendors asked, a block attributed, the check posted blocked", async () => {
    world.anthropic.script(anthropic.block(["src/greet.js:2 — the greeting ignores an empty name"]));
    const dir = mkdtempSync(path.join(os.tmpdir(), "vg-pr-panel-"));
    try {
      const file = path.join(dir, "reviewers.json");
      writeFileSync(
        file,
        JSON.stringify([
          {
            label: "gpt",
            provider: "openai",
            model: "gpt-4o",
            "base-url": world.openai.baseUrl,
            "api-key-env": "REVIEWER_KEY",
          },
          {
            label: "claude",
            provider: "anthropic",
            model: "claude-sonnet-5-5",
            "base-url": world.anthropic.baseUrl,
            "api-key-env": "REVIEWER_KEY",
          },
        ]),
      );
      const r = await runCaptured(
        [
          "pr",
          `${world.repo.fullName}#${world.pull.number}`,
          "--reviewers",
          file,
          "--api-url",
          world.api.url,
          "--json",
        ],
        {
          stdoutIsTTY: false,
          env: { GITHUB_TOKEN: world.api.token, REVIEWER_KEY, VERDICT_GATE_BACKOFF_UNIT_MS: "5" },
          cwd: world.headWorkspace(),
        },
      );
      expect(r.code, r.out + r.err).toBe(3);
      const json = JSON.parse(r.out);
      expect(json.reasons[0]).toBe("[claude] src/greet.js:2 — the greeting ignores an empty name");
      expect(
        json.reviewer.panel.reviewers.map((m: { label: string; verdict: string }) => [m.label, m.verdict]),
      ).toEqual([
        ["gpt", "APPROVE"],
        ["claude", "REQUEST_CHANGES"],
      ]);
      expect(world.openai.requests).toHaveLength(1);
      expect(world.anthropic.requests).toHaveLength(1);
      expect(gateChecks(world)[0]?.conclusion).toBe("failure");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
