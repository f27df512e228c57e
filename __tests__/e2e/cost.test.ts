// Money, end to end (issue 33): the check run's summary gives this round's cost and the pull request's
// total so far, with the prices used (the dated table for a model it holds, `price-in`/`price-out` for
// another), the history records each round's cost, and `max-pr-cost` holds a round it cannot afford
// before any reviewer is called — never passing, naming what was spent, what the round would cost and
// how a maintainer continues.
import { describe, expect, it } from "vitest";
import { readHistoryComment } from "../../src/report/history-comment.js";
import { PRICES_AS_OF } from "../../src/settings/models.js";
import { anthropicReply } from "../support/reviewers.js";
import { write } from "./commands-world.js";
import { pushAndRun } from "./rounds-world.js";
import { approveFor, gateChecks, historyComment, startWorld, type World } from "./world.js";

async function inWorld(body: (world: World) => Promise<void>): Promise<void> {
  const world = await startWorld();
  try {
    await body(world);
    world.api.assertClean();
  } finally {
    await world.close();
  }
}

const summary = (world: World) => gateChecks(world)[0]?.output.summary ?? "";

function recordedRounds(world: World) {
  const read = readHistoryComment(historyComment(world)?.body ?? "");
  if (!read.ok) throw new Error(`history: ${read.message}`);
  return read.history.rounds;
}

function recordedTokens(world: World) {
  return recordedRounds(world).map((r) => ("tokens" in r ? r.tokens : undefined));
}

describe.concurrent("the cost line", () => {
  it("gives the round's cost and the pull request's total at the table's dated price", async () =>
    inWorld(async (world) => {
      // The loopback Anthropic server reports 1,200 tokens in and 80 out a call: at claude-sonnet-5-5's
      // $2 and $10 per million, $0.0024 + $0.0008.
      world.anthropic.script((r) => anthropicReply(approveFor(r)));
      const first = await world.run({ inputs: world.anthropicInputs() });
      expect(first.outputs.status).toBe("approve");
      expect(summary(world)).toContain(
        `**Cost:** this round $0.0032; this pull request so far $0.0032, at claude-sonnet-5-5: $2.00 in, $0.20 cached in, $10.00 out per million tokens (the price table of ${PRICES_AS_OF}).`,
      );
      const second = await pushAndRun(
        world,
        { "src/other.js": "export const other = 1;\n" },
        {
          inputs: world.anthropicInputs(),
        },
      );
      expect(second.outputs.status).toBe("approve");
      expect(summary(world)).toContain("**Cost:** this round $0.0032; this pull request so far $0.0064");
      // The history keeps each round's cost and the running total.
      expect(recordedTokens(world).map((t) => [t?.usd, t?.totalUsd])).toEqual([
        [0.0032, 0.0032],
        [0.0032, 0.0064],
      ]);
    }));

  it("prices a model the table does not hold at price-in and price-out, and says so", async () =>
    inWorld(async (world) => {
      // gpt-4o is not in the table: 1,200 in and 80 out at $2.50 and $15 → $0.0042.
      const run = await world.run({ inputs: { "price-in": "2.5", "price-out": "15" } });
      expect(run.outputs.status).toBe("approve");
      expect(summary(world)).toContain(
        "**Cost:** this round $0.0042; this pull request so far $0.0042, at gpt-4o: $2.50 in, $15.00 out per million tokens (price-in and price-out).",
      );
    }));

  it("is left out for a model with no price, and the tokens are still counted", async () =>
    inWorld(async (world) => {
      await world.run({});
      expect(summary(world)).not.toContain("**Cost:**");
      expect(summary(world)).toContain("1,200 tokens in, 80 out");
    }));
});

describe.concurrent("max-pr-cost", () => {
  it("holds a round it cannot afford before any reviewer is called, and never passes", async () =>
    inWorld(async (world) => {
      const run = await world.run({ inputs: { ...world.anthropicInputs(), "max-pr-cost": "0.01" } });
      // One call's prompt plus its reply limit (8,192 tokens at $10 per million is $0.08 alone).
      expect(world.anthropic.requests).toEqual([]);
      expect(run.outputs.status).toBe("hold-for-human");
      expect(run.outputs["reviewer-verdict"]).toBe("SKIPPED");
      const check = gateChecks(world)[0];
      expect(check?.conclusion).toBe("action_required");
      const text = check?.output.summary ?? "";
      expect(text).toMatch(
        /the round would cost about \$0\.08\d\d \(estimated: 1 call, [\d,]+ prompt tokens and each call's reply limit, at claude-sonnet-5-5: \$2\.00 in/,
      );
      expect(text).toContain(
        "and this pull request has spent $0.00 of `max-pr-cost` ($0.01): no reviewer call was made",
      );
      expect(text).toContain("A maintainer continues with `/verdict review --force`");
    }));

  it("lets a round through while the pull request can afford it, and holds the one that would pass the cap", async () =>
    inWorld(async (world) => {
      // Replies of at most 1,000 tokens ($0.01 at $10 per million) and prompts of about 1,000 ($0.002):
      // a round is estimated at about $0.012. Under a cap of $0.014 the first fits; it spends $0.0032,
      // and the second's estimate would take the pull request past the cap.
      const inputs = { ...world.anthropicInputs(), "max-output-tokens": "1000", "max-pr-cost": "0.014" };
      const first = await world.run({ inputs });
      expect(first.outputs.status).toBe("approve");
      expect(summary(world)).toContain("this pull request so far $0.0032 (of `max-pr-cost` $0.0140)");
      const second = await pushAndRun(world, { "src/other.js": "export const other = 1;\n" }, { inputs });
      expect(second.outputs.status).toBe("hold-for-human");
      expect(world.anthropic.requests).toHaveLength(1);
      expect(summary(world)).toContain("this pull request has spent $0.0032 of `max-pr-cost` ($0.0140)");
      // A maintainer's forced answer asks anyway (and is counted like every forced answer).
      const forced = await world.run({
        event: world.event({ event: "pull_request", action: "reopened", pull: world.pull }),
        inputs: { ...inputs, "force-review": "true" },
      });
      expect(forced.outputs.status).toBe("approve");
      expect(world.anthropic.requests).toHaveLength(2);
      // Its cost is recorded like any round's: the total now passes the cap, and the next round that
      // is not forced holds again.
      expect(recordedTokens(world).at(-1)?.totalUsd).toBe(0.0064);
    }));

  it("continues when a maintainer comments `/verdict review --force`: asked anyway, and the round counts", async () =>
    inWorld(async (world) => {
      world.repo.setPermission("maintainer-mo", "write");
      const inputs = { ...world.anthropicInputs(), "max-pr-cost": "0.01" };
      const held = await world.run({ inputs });
      expect(held.outputs.status).toBe("hold-for-human");
      expect(world.anthropic.requests).toEqual([]);
      world.anthropic.script((r) => anthropicReply(approveFor(r)));
      const record = write(world, "maintainer-mo", "/verdict review --force");
      const forced = await world.run({
        event: world.event({
          event: "issue_comment",
          action: "created",
          repo: world.repo,
          pull: world.pull,
          comment: record,
        }),
        inputs,
      });
      expect(forced.code, forced.log).toBe(0);
      expect(forced.outputs.status).toBe("approve");
      expect(world.anthropic.requests).toHaveLength(1);
      // Counted like every round: a second round in the history, with what it spent past the cap.
      expect(forced.outputs.round).toBe("2");
      expect(recordedTokens(world).at(-1)?.totalUsd).toBe(0.0032);
      expect(summary(world)).toContain("this pull request so far $0.0032 (of `max-pr-cost` $0.01)");
      // The next round that is not forced holds again: the pull request is past its cap.
      const after = await pushAndRun(world, { "src/other.js": "export const other = 1;\n" }, { inputs });
      expect(after.outputs.status).toBe("hold-for-human");
      expect(world.anthropic.requests).toHaveLength(1);
    }));

  it("is refused for a reviewer it cannot price, naming the model and the inputs that price it", async () =>
    inWorld(async (world) => {
      const run = await world.run({ inputs: { "max-pr-cost": "5" } });
      expect(run.code).toBe(1);
      expect(run.log).toContain(
        "input `max-pr-cost`: the gate has no price for the model gpt-4o (its price table, of 2026-12-07, names gpt-5.4 and claude-sonnet-5-5); set `price-in` and `price-out`",
      );
      expect(world.openai.requests).toEqual([]);
    }));
});
