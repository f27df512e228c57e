// Runs the reviewer over a plan's chunks, a few at a time. Bounded, because every call is a request
// against one provider's rate limit: a 40-chunk PR fired at once would turn into 40 rate-limit failures
// and a hold. Every chunk gets an outcome, in chunk order, and nothing throws: a reviewer (or a prompt
// builder) that throws becomes that chunk's failure, so one bad chunk cannot take the others' results
// with it, and no chunk is silently missing from coverage.

import type { Reviewer, ReviewReply } from "../ports/reviewer.js";
import type { Chunk } from "../review/plan.js";
import type { Prompt } from "../review/prompt.js";

export const DEFAULT_CONCURRENCY = 2;

export interface ChunkOutcome {
  readonly chunk: Chunk;
  /** The files the reviewer was shown in this call. */
  readonly paths: readonly string[];
  /** The prompt as sent (for echo detection); undefined when building it failed. */
  readonly prompt?: Prompt;
  readonly reply: ReviewReply;
}

export interface ReviewChunksOptions {
  /** The prompt for a chunk (buildPrompt with the round's shared parts). */
  readonly prompt: (chunk: Chunk) => Prompt;
  /** Calls in flight at once (at least 1). */
  readonly concurrency?: number;
  /** Called as each chunk finishes, for progress logs. */
  readonly onOutcome?: (outcome: ChunkOutcome) => void;
}

function thrown(error: unknown, what: string): ReviewReply {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return Object.freeze({
    ok: false,
    failure: "bad-response",
    message: `${what}: ${detail}`,
    latencyMs: 0,
    attempts: 0,
    warnings: Object.freeze([]),
  });
}

export async function reviewChunks(
  chunks: readonly Chunk[],
  reviewer: Pick<Reviewer, "review">,
  options: ReviewChunksOptions,
): Promise<ChunkOutcome[]> {
  const limit = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const outcomes: ChunkOutcome[] = new Array(chunks.length);
  let next = 0;
  const work = async () => {
    while (next < chunks.length) {
      const position = next;
      next += 1;
      const chunk = chunks[position] as Chunk;
      const paths = Object.freeze(chunk.files.map((f) => f.path));
      let outcome: ChunkOutcome;
      let prompt: Prompt | undefined;
      try {
        prompt = options.prompt(chunk);
        const reply = await reviewer.review(prompt);
        outcome = { chunk, paths, prompt, reply };
      } catch (error) {
        const what = prompt === undefined ? "building the prompt failed" : "the reviewer threw";
        outcome = { chunk, paths, ...(prompt !== undefined ? { prompt } : {}), reply: thrown(error, what) };
      }
      outcomes[position] = Object.freeze(outcome);
      try {
        options.onOutcome?.(outcome);
      } catch {
        // A progress callback is not part of the review; its fault must not lose the outcome.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, chunks.length) }, work));
  return outcomes;
}
