// docs/samples: what a maintainer reads for each status — the check run's summary (Markdown, exactly as
// posted) and the same rendered as GitHub-flavoured HTML — plus the history comment, all produced by
// the real round (sample-rounds.ts). The test regenerates them and fails when the committed files
// differ; rewrite them with `VERDICT_GATE_WRITE_SAMPLES=1 npx vitest run __tests__/docs/samples.test.ts`
// and look at the HTML before committing.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { STATUSES, type Status } from "../../src/verdict/four-values.js";
import { samplePage } from "./sample-html.js";
import { type SampleRound, sampleRounds } from "./sample-rounds.js";

const DIR = path.resolve("docs", "samples");
const WRITE = process.env.VERDICT_GATE_WRITE_SAMPLES === "1";

let samples: Record<Status, SampleRound>;
beforeAll(async () => {
  samples = await sampleRounds();
});

function files(status: Status): Record<string, string> {
  const { writes } = samples[status];
  const finished = writes.finished;
  if (finished === undefined) throw new Error(`${status}: no check run`);
  const conclusion = finished.conclusion ?? "in_progress";
  const markdown = finished.output.summary;
  return {
    [`${status}.md`]: `${markdown}\n`,
    [`${status}.html`]: samplePage({
      heading: "verdict-gate",
      conclusion,
      title: finished.output.title,
      markdown,
    }),
  };
}

function compare(name: string, wanted: string): void {
  const file = path.join(DIR, name);
  if (WRITE) {
    writeFileSync(file, wanted);
    return;
  }
  const committed = existsSync(file) ? readFileSync(file, "utf8") : "";
  expect(
    committed === wanted,
    `docs/samples/${name} is stale: rerun with VERDICT_GATE_WRITE_SAMPLES=1 and look at the HTML`,
  ).toBe(true);
}

describe("docs/samples", () => {
  it.each(STATUSES.map((s) => [s]))(
    "%s: the sample round ends in that status and its files are current",
    (status) => {
      expect(samples[status].status).toBe(status);
      for (const [name, text] of Object.entries(files(status))) compare(name, text);
    },
  );

  it("the history comment after three rounds is current", () => {
    const comment = samples.approve.writes.comment?.body;
    if (comment === undefined) throw new Error("no history comment");
    compare("history-comment.md", `${comment}\n`);
    compare(
      "history-comment.html",
      samplePage({
        heading: "github-actions[bot] commented",
        conclusion: "",
        title: "Round history",
        markdown: comment,
      }),
    );
  });

  it("each status leads with its badge, then why, then what to do next, before any detail", () => {
    for (const status of STATUSES) {
      if (status === "approve") continue;
      const md = samples[status].writes.finished?.output.summary ?? "";
      const lines = md.split("\n");
      expect(lines[0]).toMatch(new RegExp(`^## (✅|❌|✋|⏳) ${status}`));
      const why = md.indexOf("### Why");
      const next = md.indexOf("**Next:**");
      const details = md.indexOf("| part |");
      expect(why).toBeGreaterThan(0);
      expect(why).toBeLessThan(next);
      expect(next).toBeLessThan(details);
    }
  });

  it("an approve leads with what passed in this round, and folds the rounds before it", () => {
    const md = samples.approve.writes.finished?.output.summary ?? "";
    expect(md.split("\n\n").slice(0, 2)).toEqual(["## ✅ approve", "### Passed in round 3"]);
    const parts = md.indexOf("| part |");
    const next = md.indexOf("**Next:** Every part passed on the whole diff.");
    const past = md.indexOf("<details><summary>Rounds: 3 rounds, 2 blocked before this approve</summary>");
    expect(0 < parts && parts < next && next < past).toBe(true);
    // The earlier rounds' reasons are all there, inside the fold, not above the verdict.
    expect(md.indexOf("ledger.record")).toBeGreaterThan(past);
    expect(md).not.toContain("### Rounds");
  });

  it("repeats no reason in the heading, and folds what only confirms (passing criteria, replies)", () => {
    const blocked = samples.blocked.writes.finished?.output.summary ?? "";
    expect(blocked.split("\n")[0]).toBe("## ❌ blocked: 3 reasons to address");
    const approve = samples.approve.writes.finished?.output.summary ?? "";
    expect(approve).toContain("### Criteria: PASS\n\n<details><summary>all 3 criteria passed</summary>");
    expect(approve).toContain("<details><summary>Reviewer's report</summary>");
    // The first round has nothing earlier to compare with: its only row would repeat "Why".
    expect(samples["hold-for-human"].writes.finished?.output.summary).not.toContain("### Rounds");
    expect(samples.blocked.writes.finished?.output.summary).toMatch(
      /### Rounds\n\n\| round \| commit \| status \| reasons \|/,
    );
  });

  it("every footer shows the package's version", () => {
    const pkg = JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { version: string };
    for (const status of STATUSES) {
      const md = samples[status].writes.finished?.output.summary ?? "";
      expect(md).toContain(`· verdict-gate ${pkg.version} ·`);
    }
  });

  it("conditional-on's next step names the event that re-evaluates each dependency", () => {
    const md = samples["conditional-on"].writes.finished?.output.summary ?? "";
    const next = md.split("\n").find((l) => l.startsWith("**Next:**")) ?? "";
    expect(next).toContain(
      "a `check_run` dependency is re-evaluated when the workflow that posts it completes",
    );
    expect(next).toContain(
      "a `pr_merged` dependency is re-evaluated by the dependencies workflow's `schedule`",
    );
    expect(next).toContain("/docs/workflows.md#re-evaluating-dependencies");
  });
});
