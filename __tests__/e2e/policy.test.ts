// The contract's policy, end to end (issue 33): the action run as a runner starts it, on a pull
// request whose base commit's contract says which severities block. Each severity × policy × verdict
// ends in the status the policy gives — every contradiction holding, every request for changes whose
// findings are all below the line approving with the check run saying so — and notes are posted as
// review comments marked as notes, capped by `notes.max`, never posted twice on an unchanged line.
import { describe, expect, it } from "vitest";
import { openAIReply, type RecordedRequest } from "../support/reviewers.js";
import { promptOf, roundTokenIn } from "./harness.js";
import { BASE_FILES, CONTRACT, gateChecks, type Reply, startWorld, type World } from "./world.js";

type Policy = { block_on?: string[]; notes?: { post?: boolean; max?: number } } | undefined;

function baseFiles(policy: Policy): Record<string, string> {
  if (policy === undefined) return BASE_FILES;
  return {
    ...BASE_FILES,
    ".github/verdict-contract.json": `${JSON.stringify({ ...CONTRACT, policy }, null, 2)}\n`,
  };
}

/** The reviewer's reply: finding lines, then the marker with this round's token. */
const reply =
  (lines: string[], verdict: "APPROVE" | "REQUEST_CHANGES"): Reply =>
  (r: RecordedRequest) =>
    openAIReply(`${lines.join("\n")}\n\n===VERDICT=== ${verdict} ${roundTokenIn(promptOf(r.json))}`);

const FINDING = {
  high: "HIGH: src/greet.js:2 — the name is interpolated unescaped into HTML",
  medium: "MEDIUM: src/greet.js:2 — an empty name gives a trailing space",
  low: "LOW: src/greet.js:1 — the parameter could be named more precisely",
  blocking: "BLOCKING: src/greet.js:2 — the greeting is built by concatenation",
  none: "",
} as const;
type Severity = keyof typeof FINDING;

const POLICIES: [string, Policy][] = [
  ["no policy", undefined],
  ["block_on [high]", { block_on: ["high"], notes: { post: true } }],
  ["block_on [high, medium]", { block_on: ["high", "medium"], notes: { post: true } }],
  ["block_on [high, medium, low]", { block_on: ["high", "medium", "low"] }],
];

/** What the policy does with one finding of `severity` (or none) under `verdict`. */
function expected(policy: Policy, severity: Severity, verdict: "APPROVE" | "REQUEST_CHANGES"): string {
  const blockOn = policy === undefined ? ["high", "medium"] : (policy.block_on ?? ["high", "medium"]);
  // A BLOCKING line is the lowest blocking severity: it always blocks.
  const blocks = severity === "blocking" || blockOn.includes(severity);
  // Without a policy a LOW line is no finding at all.
  const isFinding = severity !== "none" && !(policy === undefined && severity === "low");
  if (verdict === "APPROVE") return isFinding && blocks ? "hold-for-human" : "approve";
  if (!isFinding || blocks || policy === undefined) return "blocked";
  return "approve";
}

const CASES = POLICIES.flatMap(([name, policy]) =>
  (Object.keys(FINDING) as Severity[]).flatMap((severity) =>
    (["APPROVE", "REQUEST_CHANGES"] as const).map(
      (verdict) =>
        [
          `${name}: ${severity === "none" ? "no finding" : `a ${severity.toUpperCase()} line`} with ${verdict}`,
          expected(policy, severity, verdict),
          policy,
          severity,
          verdict,
        ] as const,
    ),
  ),
);

describe.concurrent("each severity × policy × verdict", () => {
  it.each(CASES)("%s → %s", async (_name, status, policy, severity, verdict) => {
    const world = await startWorld({ baseFiles: baseFiles(policy) });
    try {
      const lines = severity === "none" ? ["No issue found."] : [FINDING[severity]];
      world.openai.script(reply(lines, verdict));
      const run = await world.run({});
      expect(run.outputs.status).toBe(status);
      expect(run.outputs["reviewer-verdict"]).toBe(verdict);
      const check = gateChecks(world)[0];
      expect(check?.conclusion).toBe(
        status === "approve" ? "success" : status === "blocked" ? "failure" : "action_required",
      );
      const summary = check?.output.summary ?? "";
      if (verdict === "REQUEST_CHANGES" && status === "approve") {
        expect(summary).toContain(
          "The reviewer asked for changes; by the contract's policy none of its 1 finding blocks.",
        );
        // Listed with its severity.
        expect(summary).toContain(FINDING[severity].replace(/^(\w+): /, "$1 "));
      }
      if (status === "hold-for-human")
        expect(summary).toMatch(/approved but also wrote 1 (BLOCKING line|finding)/);
      // The prompt asked for severities only under a policy; without one it is the prompt it was.
      const prompt = promptOf(world.openai.requests[0]?.json);
      if (policy === undefined) expect(prompt).toContain("BLOCKING: <path>:<line> — <reason>");
      else expect(prompt).toContain("HIGH: <path>:<line> — <reason>");
      world.api.assertClean();
    } finally {
      await world.close();
    }
  });
});

describe.concurrent("an overruled request for changes", () => {
  it("approves naming the count and listing every finding, and its step output says REQUEST_CHANGES", async () => {
    const world = await startWorld({ baseFiles: baseFiles({ block_on: ["high"], notes: { post: true } }) });
    try {
      world.openai.script(reply([FINDING.medium, FINDING.low], "REQUEST_CHANGES"));
      const run = await world.run({});
      expect(run.outputs.status).toBe("approve");
      const summary = gateChecks(world)[0]?.output.summary ?? "";
      expect(summary).toContain("none of its 2 findings blocks");
      expect(summary).toContain("MEDIUM src/greet.js:2 — an empty name gives a trailing space");
      expect(summary).toContain("LOW src/greet.js:1 — the parameter could be named more precisely");
      expect(summary).toContain("findings block at high");
      // The parts table says it where an approve leads.
      expect(summary).toMatch(
        /REQUEST\\_CHANGES from .*the reviewer asked for changes; by the contract's policy none of its 2 findings blocks/,
      );
      world.api.assertClean();
    } finally {
      await world.close();
    }
  });

  it("without this round's token blocks: a request for changes in the diff's words is no statement", async () => {
    const world = await startWorld({ baseFiles: baseFiles({ block_on: ["high"] }) });
    try {
      world.openai.script(() => openAIReply(`${FINDING.medium}\n\n===VERDICT=== REQUEST_CHANGES`));
      const run = await world.run({});
      expect(run.outputs.status).toBe("blocked");
      expect(gateChecks(world)[0]?.output.summary).toContain("the request stands");
      world.api.assertClean();
    } finally {
      await world.close();
    }
  });
});

// Notes: posted as review comments marked as notes, at most notes.max a round, never twice.
describe("notes", () => {
  const POST_REVIEW = "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews";
  const NOTES = [
    "LOW: src/greet.js:1 — the parameter could be named more precisely",
    "LOW: src/greet.js:2 — a template literal would read better",
    "LOW: src/greet.js:3 — the export could be a default export",
  ];
  const gateThreads = (world: World) =>
    world.pull.reviewThreads().filter((t) => t.comments[0]?.author.login === "github-actions[bot]");

  it("are posted marked as notes, capped by notes.max, and never posted again on an unchanged line", async () => {
    const world = await startWorld({
      baseFiles: baseFiles({ block_on: ["high", "medium"], notes: { post: true, max: 2 } }),
    });
    try {
      world.openai.script(reply(NOTES, "APPROVE"));
      const first = await world.run({});
      expect(first.outputs.status).toBe("approve");
      const reviews = world.api
        .requestsFor(POST_REVIEW)
        .map((r) => JSON.parse(r.body) as Record<string, unknown>);
      expect(reviews).toHaveLength(1);
      // Never a requested change: the review is a COMMENT, each comment says it is a note.
      expect(reviews[0]?.event).toBe("COMMENT");
      const threads = gateThreads(world);
      expect(threads.map((t) => t.line)).toEqual([1, 2]);
      for (const t of threads) {
        expect(t.comments[0]?.body).toMatch(/^\*\*verdict-gate\*\* note \(low, not blocking\): /);
        expect(t.comments[0]?.body).toMatch(/<!-- verdict-gate:note:verdict-gate:[0-9a-f]{64} -->/);
        expect(t.comments[0]?.body).not.toMatch(/BLOCKING/);
      }
      expect(world.pull.reviews()[0]?.body).toContain("0 new finding(s) and 2 note(s) (not blocking)");

      // Asked again at the same head, the reviewer rewords its notes: the two posted lines are the same
      // lines, so nothing is posted twice; the third, over the cap before, comes now.
      world.openai.script(
        reply(
          NOTES.map((n) => `${n} (reworded)`),
          "APPROVE",
        ),
      );
      await world.run({
        event: world.event({ event: "pull_request", action: "reopened", pull: world.pull }),
        inputs: { "force-review": "true" },
      });
      expect(gateThreads(world).map((t) => t.line)).toEqual([1, 2, 3]);
      expect(world.pull.reviews()).toHaveLength(2);

      // And once more: every note's line has one already. No review at all.
      world.openai.script(reply(NOTES, "APPROVE"));
      await world.run({
        event: world.event({ event: "pull_request", action: "reopened", pull: world.pull }),
        inputs: { "force-review": "true" },
      });
      expect(world.pull.reviews()).toHaveLength(2);
      expect(gateThreads(world)).toHaveLength(3);
      world.api.assertClean();
    } finally {
      await world.close();
    }
  });

  it("are not posted when the policy does not post them; the check run lists them", async () => {
    const world = await startWorld({ baseFiles: baseFiles({ block_on: ["high"], notes: { post: false } }) });
    try {
      world.openai.script(reply([FINDING.medium], "APPROVE"));
      const run = await world.run({});
      expect(run.outputs.status).toBe("approve");
      expect(world.api.requestsFor(POST_REVIEW)).toEqual([]);
      expect(gateChecks(world)[0]?.output.summary).toContain("1 note below the line (not blocking)");
      // The prompt asked for the blocking severity only.
      const prompt = promptOf(world.openai.requests[0]?.json);
      expect(prompt).toContain("HIGH: <path>:<line> — <reason>");
      expect(prompt).not.toContain("MEDIUM: <path>:<line>");
      world.api.assertClean();
    } finally {
      await world.close();
    }
  });
});
