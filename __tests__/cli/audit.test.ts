// `verdict-gate audit OWNER/REPO#N`, in-process through the command frame against the loopback GitHub
// API: it reads the gate's history comment (only the trusted author's), replays the chain and the
// bound, and says so — exit 0 valid, 3 invalid, 2 usage or nothing to audit, 1 internal. The library
// function `auditPullRequest` is the same code.

import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { auditPullRequest } from "../../src/github/history-audit.js";
import { readHistoryComment, renderHistoryComment } from "../../src/report/history-comment.js";
import { no, yes } from "../../src/verdict/four-values.js";
import { append, emptyHistory, type History, nextState, seal } from "../../src/verdict/history.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";
import { storeReasons } from "../../src/verdict/stored-text.js";
import { openAI, REVIEWER_KEY, startWorld, type World } from "../e2e/world.js";
import { capturingIO } from "../support/cli-io.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

function io(env: Record<string, string | undefined>, tty = false) {
  const { io: value, captured } = capturingIO({ stdoutIsTTY: tty, env, cwd: process.cwd() });
  return { io: value, captured };
}

async function audit(args: string[], env: Record<string, string | undefined> = {}) {
  const { io: cli, captured } = io({
    GITHUB_TOKEN: world.api.token,
    VERDICT_GATE_BACKOFF_UNIT_MS: "5",
    ...env,
  });
  const code = await runCli(
    ["audit", `${world.repo.fullName}#${world.pull.number}`, "--api-url", world.api.url, ...args],
    cli,
  );
  return { code, ...captured };
}

const sha = (n: number) => n.toString(16).padStart(40, "0");

/** A history of three rounds as the gate would have written it: blocked, blocked, a person's approve. */
function threeRounds(checkName = "verdict-gate"): History {
  let h = emptyHistory(world.pull.number, checkName);
  const steps = [
    { head: sha(1), outcome: no("src/a.ts:1 — first") },
    { head: sha(2), outcome: no("src/a.ts:2 — second") },
    { head: sha(2), outcome: yes(), decidedBy: "admin-ada", decisionReason: "looked at it" },
  ];
  for (const [i, step] of steps.entries()) {
    const c = concludeRound({
      history: h,
      maxRounds: 5,
      at: `2026-11-30T0${i}:00:00Z`,
      ...step,
    });
    h = append(h, c);
  }
  return h;
}

function post(history: History, author = "github-actions[bot]", checkName = "verdict-gate") {
  return world.pull.comment(
    author,
    renderHistoryComment(history, { checkName }),
    author.endsWith("[bot]") ? "Bot" : "User",
  );
}

describe("a chain that verifies", () => {
  it("prints the rounds, the budget used and the verdict, and exits 0", async () => {
    post(threeRounds());
    const r = await audit([]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(
      `${world.repo.fullName}#${world.pull.number} · check verdict-gate · history by github-actions[bot]`,
    );
    expect(r.out).toMatch(/^1 +0{7} +blocked +1\/5 +src\/a\.ts:1 — first$/m);
    expect(r.out).toMatch(/^2 +0{7} +blocked +2\/5 +src\/a\.ts:2 — second$/m);
    expect(r.out).toMatch(/^3 +0{7} +approve +2\/5 +by @admin-ada: looked at it$/m);
    expect(r.out).toContain(
      "chain valid: 3 round(s); every hash, link and state transition replays; 2 of 5 blocked rounds used",
    );
    expect(r.out).not.toContain("\u001b[");
  });

  it("--json: the verdict, the receipts and the last hash", async () => {
    const history = threeRounds();
    post(history);
    const r = await audit(["--json"]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json).toMatchObject({
      pull_request: `${world.repo.fullName}#${world.pull.number}`,
      check: "verdict-gate",
      author: "github-actions[bot]",
      valid: true,
      errors: [],
      rounds: 3,
      blocked_rounds: 2,
      max_rounds: 5,
      impostors: 0,
      last_hash: history.rounds[2]?.receipt.hash,
    });
    expect(json.history[2]).toMatchObject({
      status: "approve",
      decided_by: "admin-ada",
      decision_reason: "looked at it",
    });
    expect(json.history[1].prev).toBe(json.history[0].hash);
  });

  it("audits the history the gate itself wrote through the pr command", async () => {
    world.openai.script(openAI.block(["src/greet.js:2 — a problem"]));
    const { io: cli, captured } = io({
      GITHUB_TOKEN: world.api.token,
      REVIEWER_KEY,
      VERDICT_GATE_BACKOFF_UNIT_MS: "5",
    });
    const reviewer = [
      "--model",
      "gpt-4o",
      "--base-url",
      world.openai.baseUrl,
      "--api-key-env",
      "REVIEWER_KEY",
    ];
    const target = `${world.repo.fullName}#${world.pull.number}`;
    const gated = await runCli(["pr", target, ...reviewer, "--api-url", world.api.url], {
      ...cli,
      cwd: world.headWorkspace(),
    });
    expect(gated, captured.err).toBe(3);
    const r = await audit(["--json"]);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ valid: true, rounds: 1, blocked_rounds: 1, max_rounds: 10 });
  });

  it("verifies a history whose oldest rounds are digests and folded into the checkpoint", async () => {
    // Rounds of 40 long random reasons each: the comment keeps recording by folding the oldest.
    let h = emptyHistory(world.pull.number, "verdict-gate");
    let body = "";
    for (let i = 1; i <= 40; i += 1) {
      const reasons = Array.from(
        { length: 40 },
        (_, k) => `src/a.ts:${k} — ${randomBytes(300).toString("base64")}`,
      );
      const c = concludeRound({
        history: h,
        maxRounds: 100,
        head: sha(i),
        at: "2026-11-30T00:00:00Z",
        outcome: no(reasons[0] as string, ...reasons.slice(1)),
      });
      body = renderHistoryComment(append(h, c), { checkName: "verdict-gate" });
      const read = readHistoryComment(body);
      if (!read.ok) throw new Error(read.message);
      h = read.history;
    }
    expect(body.length).toBeLessThanOrEqual(65_536);
    const folded = h.checkpoint?.round ?? 0;
    expect(folded).toBeGreaterThan(0);
    world.pull.comment("github-actions[bot]", body, "Bot");
    const r = await audit([]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(
      new RegExp(`1-${folded} +folded +checkpoint .*${folded} blocked; the chain continues from`),
    );
    expect(r.out).toContain(
      `replays from the checkpoint after round ${folded}; 40 of 100 blocked rounds used`,
    );
    const json = await audit(["--json"]);
    expect(JSON.parse(json.out)).toMatchObject({
      valid: true,
      rounds: 40,
      checkpoint: { folded_rounds: folded },
    });
  });

  it("reads the history of another check name, written by another app's bot, named as `pr` names it", async () => {
    post(threeRounds("strict-gate"), "my-gate[bot]", "strict-gate");
    // `--app-slug SLUG`, as `pr --dry-run` takes it; the bot's login is taken too.
    for (const slug of ["my-gate", "my-gate[bot]"]) {
      const r = await audit(["--check-name", "strict-gate", "--app-slug", slug]);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain("check strict-gate · history by my-gate[bot]");
    }
    const old = await audit(["--check-name", "strict-gate", "--author", "my-gate[bot]"]);
    expect(old.code).toBe(2);
    expect(old.err).toBe(
      "verdict-gate audit: --author is --app-slug now, as `pr` names it: the app whose bot wrote the history (--app-slug my-gate, or my-gate[bot])\n",
    );
  });
});

function tamper(edit: (h: History) => History) {
  const comment = post(threeRounds());
  const m = /<!-- verdict-gate:state:v2:([A-Za-z0-9+/=]+) -->/.exec(comment.body);
  if (m === null) throw new Error("no state");
  const h = JSON.parse(gunzipSync(Buffer.from(m[1] as string, "base64")).toString("utf8")) as History;
  comment.body = comment.body.replace(m[1] as string, gzipSync(JSON.stringify(edit(h))).toString("base64"));
}

describe("a maintainer's dismissal", () => {
  it("is shown as part of the round it concluded, in the text and in the JSON", async () => {
    let h = emptyHistory(world.pull.number, "verdict-gate");
    const finding = "src/a.ts:1 — first";
    h = append(
      h,
      concludeRound({
        history: h,
        maxRounds: 5,
        head: sha(1),
        at: "2026-11-30T00:00:00Z",
        outcome: no(finding),
      }),
    );
    const dismissal = {
      key: "3fa9c2",
      id: "c".repeat(32),
      text: finding,
      by: "maintainer-mo",
      reason: "validated upstream",
      url: "https://github.com/octo-org/demo/pull/1#issuecomment-7",
    };
    h = append(
      h,
      concludeRound({
        history: h,
        maxRounds: 5,
        head: sha(1),
        at: "2026-11-30T01:00:00Z",
        outcome: yes(),
        dismissal,
      }),
    );
    post(h);
    const text = await audit([]);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain("dismissed by @maintainer-mo: src/a.ts:1 — first — validated upstream");
    const json = JSON.parse((await audit(["--json"])).out);
    expect(json.history[1]).toMatchObject({
      status: "approve",
      dismissed: {
        finding,
        key: "3fa9c2",
        by: "maintainer-mo",
        reason: "validated upstream",
        url: dismissal.url,
      },
    });
  });
});

describe("a chain that does not verify", () => {
  it("names an edited round and exits 3", async () => {
    tamper((h) => {
      (h.rounds[0] as { status: string }).status = "approve";
      return h;
    });
    const r = await audit([]);
    expect(r.code).toBe(3);
    expect(r.out).toContain("chain INVALID: the history cannot be trusted");
    expect(r.out).toContain("- round 1: hash mismatch (the record was edited)");
  });

  it("names a dropped middle round (a broken link and a renumbering)", async () => {
    tamper((h) => ({ ...h, rounds: [h.rounds[0], h.rounds[2]].filter((r) => r !== undefined) }));
    const r = await audit(["--json"]);
    expect(r.code).toBe(3);
    const json = JSON.parse(r.out);
    expect(json.valid).toBe(false);
    expect(json.errors.join("\n")).toMatch(/round 3: numbered out of order \(expected 2\)/);
    expect(json.errors.join("\n")).toMatch(/does not link to the previous round/);
  });

  it("names a chain that blocked past its budget, even with every hash resealed", async () => {
    let h = emptyHistory(world.pull.number, "verdict-gate");
    const first = concludeRound({
      history: h,
      maxRounds: 1,
      head: sha(1),
      at: "2026-11-30T00:00:00Z",
      outcome: no("r1"),
    });
    h = append(h, first);
    // A second block with no budget left (the gate would have held it as exhausted), sealed properly.
    const before = first.record.receipt.after;
    const r2 = storeReasons(["r2"]);
    h = append(h, {
      record: seal(h, {
        round: 2,
        head: sha(2),
        at: "2026-11-30T01:00:00Z",
        status: "blocked",
        reasonIds: r2.ids,
        needed: [],
        dependencies: [],
        receipt: { before, after: nextState(before, true) },
      }),
      texts: r2.texts,
    });
    post(h);
    const r = await audit([]);
    expect(r.code).toBe(3);
    expect(r.out).toContain("- round 2: blocked with no budget left (it should have been held as exhausted)");
    expect(r.out).toContain("- the chain has 2 blocked rounds, more than any budget it recorded");
  });

  it("says a history it cannot decode is invalid", async () => {
    const comment = post(threeRounds());
    comment.body = comment.body.replace(/(state:v2:)[A-Za-z0-9+/]{8}/, "$1AAAAAAAA");
    const r = await audit([]);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/- the history comment's state cannot be decoded/);
  });

  it("refuses a history filed under another pull request", async () => {
    const h = threeRounds();
    post({ ...h, pr: h.pr + 1 });
    const r = await audit([]);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/the history is for #2 \(check verdict-gate\), not #1/);
  });
});

describe("nothing to audit, and usage", () => {
  it("exits 2 when the pull request has no history by the trusted author, counting the impostors", async () => {
    post(threeRounds(), "mallory");
    const r = await audit(["--json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out)).toMatchObject({ valid: false, impostors: 1, comment: null });
    expect(r.err).toMatch(/no verdict-gate history comment by github-actions\[bot\] on the pull request/);
  });

  it("exits 2 without a token, for a malformed target or flag, and for a repository GitHub does not know", async () => {
    expect((await audit([], { GITHUB_TOKEN: undefined, GH_TOKEN: undefined })).code).toBe(2);
    const bad = await audit(["--app-slug", "not a slug"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(
      `--app-slug takes a GitHub App's slug (lower-case letters, digits and dashes, as in github-actions), got "not a slug"`,
    );
    expect((await audit(["--jsno"])).code).toBe(2);
    const { io: cli, captured } = io({ GITHUB_TOKEN: world.api.token });
    expect(await runCli(["audit", "octo-org/demo"], cli)).toBe(2);
    expect(captured.err).toMatch(/expected OWNER\/REPO#N/);
    const missing = io({ GITHUB_TOKEN: world.api.token, VERDICT_GATE_BACKOFF_UNIT_MS: "5" });
    expect(await runCli(["audit", "octo-org/nothing#1", "--api-url", world.api.url], missing.io)).toBe(2);
    expect(missing.captured.err).toMatch(/verdict-gate audit: /);
  });

  it("GitHub unreachable says so and what to check from a terminal, not 're-run the job'", async () => {
    world.api.faults.inject(
      "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
      { kind: "reset" },
      { attempts: "every" },
    );
    const r = await audit([]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`GitHub could not be reached at ${world.api.url}: check your network connection`);
    expect(r.err).toContain("--api-url or GITHUB_API_URL");
    expect(r.err).not.toMatch(/re-run the job/i);
  });

  it("exits 1, naming the failure, when GitHub keeps failing", async () => {
    post(threeRounds());
    world.api.faults.inject(
      "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
      { kind: "status", status: 502 },
      { attempts: "every" },
    );
    const r = await audit([]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/502/);
    expect(r.err).toContain("see https://www.githubstatus.com, and run the command again later");
    expect(r.err).not.toMatch(/re-run the job/i);
    expect(r.out).toBe("");
  });
});

describe("the library function", () => {
  it("returns the same verdict to a TypeScript caller", async () => {
    post(threeRounds());
    const result = await auditPullRequest({
      repository: world.repo.fullName,
      number: world.pull.number,
      token: world.api.token,
      apiUrl: world.api.url,
    });
    expect(result.report).toMatchObject({ valid: true, rounds: 3, blockedRounds: 2, maxRounds: 5 });
    expect(result.history?.rounds).toHaveLength(3);
    expect(result.requests).toBe(1);
  });
});
