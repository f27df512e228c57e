// Rounds with history, end to end over the bundle: each push is a round; the reasons of earlier rounds
// are shown in the history comment, the job summary and the `exclusions` output, and go to the
// reviewer, who must say for each whether it is resolved. The history survives pushes and
// force-pushes, because it lives on the pull request, not on a commit.
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readHistoryComment, renderHistoryComment } from "../../src/report/history-comment.js";
import { append, audit, emptyHistory } from "../../src/verdict/history.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";
import { openAIReply, type RecordedRequest } from "../support/reviewers.js";
import { promptOf } from "./harness.js";
import {
  commentBody,
  earlierSection,
  exclusionsOf,
  lastPrompt,
  latestCheck,
  pushAndRun,
} from "./rounds-world.js";
import { approveFor, blockFor, gateChecks, openAI, startWorld, type World } from "./world.js";

const EMPTY_NAME = "src/greet.js:2 — the greeting ignores an empty name";
const NO_DOCS = "src/greet.js:1 — the exported function has no documentation";

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

function storedHistory() {
  const read = readHistoryComment(commentBody(world));
  if (!read.ok) throw new Error(read.message);
  return read.history;
}

describe("two and three rounds", () => {
  it("carries each round's reasons into the next: comment, summary, exclusions and the reviewer's prompt", async () => {
    world.openai.script(openAI.block([EMPTY_NAME]));
    const first = await world.run({});
    expect(first.outputs.status).toBe("blocked");
    expect(first.outputs.round).toBe("1");
    const firstHead = world.pull.headSha;
    // The first round has nothing earlier to ask about.
    expect(lastPrompt(world)).not.toContain("## Earlier rounds");

    const second = await pushAndRun(
      world,
      { "src/greet.js": 'export function greet(name) {\n  return "hello " + (name || "you");\n}\n' },
      { reply: openAI.block([EMPTY_NAME, NO_DOCS]) },
    );
    expect(second.outputs.status).toBe("blocked");
    expect(second.outputs.round).toBe("2");
    const secondHead = world.pull.headSha;
    // The reviewer saw round 1's reason, numbered, and was asked to say whether it is resolved.
    const asked = earlierSection(lastPrompt(world));
    expect(asked).toContain(`1. (round 1) ${EMPTY_NAME}`);
    expect(asked).toMatch(/RESOLVED: <number>/);
    expect(asked).toMatch(/UNRESOLVED: <number>/);

    // The repeated reason is marked everywhere a person or an agent reads it.
    const exclusions = exclusionsOf(second);
    expect(exclusions).toMatchObject({ pr: world.pull.number, check: "verdict-gate", blocked_rounds: 2 });
    expect(exclusions.max_rounds).toBe(10);
    expect(exclusions.rounds.map((r) => [r.round, r.head, r.status])).toEqual([
      [1, firstHead, "blocked"],
      [2, secondHead, "blocked"],
    ]);
    expect(exclusions.rounds[1]?.reasons).toEqual([
      { reason: expect.stringContaining("the greeting ignores an empty name"), repeated_from: 1 },
      { reason: expect.stringContaining("has no documentation"), repeated_from: null },
    ]);
    expect(second.summary).toContain("### Rounds");
    expect(second.summary).toMatch(/the greeting ignores an empty name \*\(repeated from round 1\)\*/);
    expect(commentBody(world)).toMatch(/the greeting ignores an empty name \*\(repeated from round 1\)\*/);
    expect(latestCheck(world).output.summary).toMatch(/repeated from round 1/);

    const third = await pushAndRun(
      world,
      {
        "src/greet.js":
          '/** Greets someone. */\nexport function greet(name) {\n  return "hello " + (name || "you");\n}\n',
      },
      { reply: openAI.approve },
    );
    expect(third.code, third.log).toBe(0);
    expect(third.outputs.status).toBe("approve");
    expect(third.outputs.round).toBe("3");
    // Every distinct earlier reason once, with the round that first gave it: a reason repeated in
    // round 2 is not asked about twice.
    const listed = earlierSection(lastPrompt(world));
    expect(listed).toContain(`1. (round 1) ${EMPTY_NAME}`);
    expect(listed).toContain(`2. (round 2) ${NO_DOCS}`);
    expect(listed).not.toMatch(/\n3\. /);
    const rows = exclusionsOf(third).rounds;
    expect(rows.map((r) => r.status)).toEqual(["blocked", "blocked", "approve"]);
    expect(rows[2]?.reasons).toEqual([]);
    // One comment, edited in place, whose table shows all three rounds.
    const comments = world.pull.comments().filter((c) => c.body.includes("verdict-gate:history"));
    expect(comments).toHaveLength(1);
    const body = commentBody(world);
    for (const head of [firstHead, secondHead, world.pull.headSha])
      expect(body).toContain(`\`${head.slice(0, 7)}\``);
    expect(body).toContain("✅ approve");
    const history = storedHistory();
    expect(history.rounds).toHaveLength(3);
    expect(audit(history)).toMatchObject({ valid: true, rounds: 3, blockedRounds: 2 });
    expect(third.summary).toMatch(/\| 3 \| `[0-9a-f]{7}` \| ✅ approve \|/);
  });

  it("spends nothing on a re-run of the same head (a forced answer spends one), and records it only when something changed", async () => {
    world.openai.script(openAI.block([EMPTY_NAME]));
    await world.run({});
    const reopened = () => world.event({ event: "pull_request", action: "reopened", pull: world.pull });
    const same = await world.run({ event: reopened() });
    expect(same.outputs.status).toBe("blocked");
    expect(same.outputs.round).toBe("1");
    expect(exclusionsOf(same).rounds).toHaveLength(1);
    // Posted again (the check run is what a required check reads), recorded once.
    expect(gateChecks(world)).toHaveLength(2);
    expect(latestCheck(world).output.summary).toMatch(/nothing changed, so nothing new recorded/);

    world.openai.script(openAI.block([EMPTY_NAME, NO_DOCS]));
    const changed = await world.run({ event: reopened(), inputs: { "force-review": "true" } });
    expect(changed.outputs.status).toBe("blocked");
    expect(changed.outputs.round).toBe("2");
    const exclusions = exclusionsOf(changed);
    // Forced on a head the gate had answered: a unit spent whatever it answered (issue 22, item 4),
    // or a block re-rolled until it turns would be an approve by attrition.
    expect(exclusions.blocked_rounds).toBe(2);
    expect(exclusions.rounds[1]?.reasons.map((r) => r.repeated_from)).toEqual([1, null]);
  });
});

describe("force-push", () => {
  it("keeps the history when the head is rewritten, and names the commit it replaced", async () => {
    world.openai.script(openAI.block([EMPTY_NAME]));
    await world.run({});
    const rewritten = world.pull.headSha;
    world.openai.script((r) =>
      openAIReply(
        earlierSection(promptOf(r.json)).includes(EMPTY_NAME)
          ? approveFor(r, "RESOLVED: 1")
          : blockFor(r, ["the earlier reasons were not shown"]),
      ),
    );
    const run = await pushAndRun(
      world,
      { "src/greet.js": 'export const greet = (name) => "hello " + (name || "you");\n' },
      { force: true },
    );
    expect(run.code, run.log).toBe(0);
    expect(run.outputs.status).toBe("approve");
    expect(run.outputs.round).toBe("2");
    // The rewritten commit is gone from the branch, but its round stays in the history.
    const rows = exclusionsOf(run).rounds;
    expect(rows.map((r) => r.head)).toEqual([rewritten, world.pull.headSha]);
    expect(world.pull.record.commits).toEqual([world.pull.headSha]);
    expect(latestCheck(world).output.summary).toContain(rewritten.slice(0, 12));
    expect(audit(storedHistory()).valid).toBe(true);
  });
});

/** A block whose usage reports a prompt as large as these rounds' earlier reasons make it (the
 * loopback reviewer's default, 1,200 tokens, would read as a prompt cut short). */
const bigPrompt = (findings: string[]) => (r: RecordedRequest) =>
  openAIReply(blockFor(r, findings), { promptTokens: 50_000 });

describe("a history that never stops recording (issue 11)", () => {
  it("numbers rounds after a fold by the chain, not by what is still stored", async () => {
    // A history the gate wrote over 40 rounds of long reasons: the oldest are folded into the
    // checkpoint, so fewer rounds are stored than were played.
    let history = emptyHistory(world.pull.number, "verdict-gate");
    let body = "";
    for (let i = 1; i <= 40; i += 1) {
      const reasons = Array.from(
        { length: 40 },
        (_, k) => `src/a.ts:${k} — ${randomBytes(300).toString("base64")}`,
      );
      const c = concludeRound({
        history,
        maxRounds: 100,
        head: i.toString(16).padStart(40, "0"),
        at: "2026-11-30T00:00:00Z",
        outcome: { value: "NO", reasons, needed: [], dependencies: [] },
      });
      body = renderHistoryComment(append(history, c), { checkName: "verdict-gate" });
      const read = readHistoryComment(body);
      if (!read.ok) throw new Error(read.message);
      history = read.history;
    }
    expect(history.checkpoint?.round).toBeGreaterThan(0);
    expect(history.rounds.length).toBeLessThan(40);
    world.pull.comment("github-actions[bot]", body, "Bot");
    world.openai.script(bigPrompt([EMPTY_NAME]));
    const run = await world.run({ inputs: { "max-rounds": "100" } });
    expect(run.outputs, latestCheck(world).output.title ?? "").toMatchObject({
      status: "blocked",
      round: "41",
    });
    const again = await world.run({
      event: world.event({ event: "pull_request", action: "reopened", pull: world.pull }),
      inputs: { "max-rounds": "100" },
    });
    // Nothing changed: not recorded again, and still round 41.
    expect(again.outputs).toMatchObject({ status: "blocked", round: "41" });
    expect(audit(storedHistory())).toMatchObject({ valid: true, rounds: 41, blockedRounds: 41 });
  });

  it("keeps recording after a round of 40 long incompressible BLOCKING reasons", async () => {
    // What once made the comment too large for GitHub, and every later round fail with "start a
    // new PR": forty findings of 600 random characters each.
    const noise = (n: number) => randomBytes(n).toString("base64").slice(0, n);
    const findings = Array.from({ length: 40 }, (_, k) => `src/greet.js:${k + 1} — ${noise(600)}`);
    world.openai.script(bigPrompt(findings));
    const first = await world.run({});
    expect(first.outputs.status, first.log).toBe("blocked");
    for (let i = 2; i <= 4; i += 1) {
      const next = await pushAndRun(
        world,
        { "src/greet.js": `export const greet = (n) => "hello ${i} " + n;\n` },
        { reply: bigPrompt([`src/greet.js:1 — round ${i}: ${noise(100)}`]) },
      );
      expect(next.outputs, latestCheck(world).output.title ?? "").toMatchObject({
        status: "blocked",
        round: String(i),
      });
      expect(commentBody(world).length).toBeLessThanOrEqual(65_536);
    }
    const stored = storedHistory();
    expect(audit(stored)).toMatchObject({ valid: true, rounds: 4, blockedRounds: 4 });
    // Round 1 stored 20 of its 40 reasons, and says how many more its check run has.
    const rows = exclusionsOf(await pushAndRun(world, { "src/x.js": "1\n" })).rounds;
    expect(rows[0]?.reasons).toHaveLength(20);
    expect(rows[0]).toMatchObject({ reasons_not_stored: 20 });
  });
});
