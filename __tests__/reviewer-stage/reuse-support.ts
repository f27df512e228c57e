// Two rounds of the reviewer part over plans, with a scripted reviewer that records what it was sent:
// what the incremental-round tests share.
import type { DiffFile } from "../../src/diff/types.js";
import type { Reviewer, ReviewReply } from "../../src/ports/reviewer.js";
import { planReview } from "../../src/review/plan.js";
import type { Prompt } from "../../src/review/prompt.js";
import { type Incremental, type KeptVerdict, verdictsByKey } from "../../src/reviewer-stage/file-reuse.js";
import type { FileConditions } from "../../src/reviewer-stage/keys.js";
import type { ReviewerOutcome } from "../../src/reviewer-stage/outcome.js";
import { reviewerPart } from "../../src/reviewer-stage/single.js";
import type { FileVerdicts } from "../../src/verdict/history.js";
import { diffOf } from "../review/diff-fixtures.js";

export const ROUND_TOKEN = "k".repeat(32);

/** What the reviewer says to one call: approve, block with these BLOCKING lines, an AMBIGUOUS reply,
 * or a failure (a reply cut off, a timeout). */
export type Answer =
  | { kind: "approve" }
  | { kind: "block"; lines: string[] }
  | { kind: "ambiguous" }
  | { kind: "fail"; failure: "truncated" | "timeout" };

export interface Scripted extends Reviewer {
  /** The diff text of every call, in order. */
  readonly sent: string[];
}

/** A reviewer that answers call n with `answer(n, diffText)`. */
export function scripted(answer: (call: number, diff: string) => Answer, model = "gpt-test"): Scripted {
  const sent: string[] = [];
  return {
    provider: "openai",
    model,
    label: `openai ${model}`,
    contextWindow: 1_000_000,
    sent,
    review: async (prompt) => {
      const diff = (prompt as Prompt).diffText;
      sent.push(diff);
      return reply(answer(sent.length - 1, diff));
    },
  };
}

function reply(a: Answer): ReviewReply {
  const base = { latencyMs: 1, attempts: 1, warnings: [] as string[] };
  if (a.kind === "fail")
    return { ...base, ok: false, failure: a.failure, message: `the reply was ${a.failure}` };
  const text =
    a.kind === "approve"
      ? `Looks fine.\n\n===VERDICT=== APPROVE ${ROUND_TOKEN}`
      : a.kind === "block"
        ? `${a.lines.map((l) => `BLOCKING: ${l}`).join("\n")}\n\n===VERDICT=== REQUEST_CHANGES ${ROUND_TOKEN}`
        : `Not sure.\n\n===VERDICT=== AMBIGUOUS ${ROUND_TOKEN}`;
  return { ...base, ok: true, text, model: "gpt-test", usage: { inputTokens: 100, outputTokens: 10 } };
}

export interface RoundState {
  files?: FileVerdicts;
  texts: Map<string, string>;
}

/** One round's reviewer part over `files`, reusing what `state` keeps; returns the outcome and the
 * state the next round starts from. */
export async function reviewRound(input: {
  files: DiffFile[];
  reviewer: Scripted;
  state: RoundState;
  round: number;
  conditions?: string;
  force?: boolean;
  maxDiffTokens?: number;
  maxRoundTokens?: number;
}): Promise<{ outcome: ReviewerOutcome; state: RoundState }> {
  const plan = planReview(diffOf(input.files), { maxDiffTokens: input.maxDiffTokens ?? 1_000_000 });
  const kept: Map<string, KeptVerdict> = verdictsByKey(input.state.files);
  const texts = input.state.texts;
  const conditions = input.conditions ?? "c".repeat(64);
  const incremental: Incremental = {
    conditions: fixedConditions(conditions),
    kept,
    force: input.force ?? false,
    round: input.round,
    reasonText: (id) => texts.get(id) ?? `(reason ${id} is no longer stored)`,
  };
  const outcome = await reviewerPart({
    plan,
    reviewer: input.reviewer,
    base: { includePrDescription: false },
    roundToken: ROUND_TOKEN,
    concurrency: 1,
    incremental,
    ...(input.maxRoundTokens !== undefined ? { maxRoundTokens: input.maxRoundTokens } : {}),
    fingerprint: "f",
    log: () => {},
  });
  const next = new Map(texts);
  for (const [id, text] of outcome.keep.texts) next.set(id, text);
  return {
    outcome,
    state: { ...(outcome.keep.files !== undefined ? { files: outcome.keep.files } : {}), texts: next },
  };
}

/** Conditions named by one string: a block's, and an approve's derived from it (no withheld names, no
 * earlier reasons). */
export function fixedConditions(name: string): FileConditions {
  return { block: name, approve: `${name}/approve`, earlier: [], base: "b".repeat(40) };
}

/** The file with one more byte at the end of its last added line: the same path, a different patch. */
export function oneByteMore(file: DiffFile): DiffFile {
  return { ...file, patch: `${file.patch}!` };
}
