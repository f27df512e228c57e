// Writes that create something (a check run, the history comment, a review) are never retried as they
// stand. GitHub can apply a POST and still answer 502 (its front end gave up on a back end that
// finished), or the answer can be lost on the way: Octokit's retry plugin then posted it again, and
// every finding appeared twice, though action.yml promises a finding is never posted twice. So such a
// write goes out once (`request.retries: 0`), and after a failure that may have landed the gate looks
// for what it would have made before it posts again.
import { isGitHubError } from "./errors.js";

/** A failure after which the write may have taken effect: a 5xx, no answer in time, a cut connection,
 * an answer that cannot be read. A 4xx or a rate limit was refused, so nothing landed. */
export function mayHaveLanded(error: unknown): boolean {
  return (
    isGitHubError(error, "server-error") ||
    isGitHubError(error, "timeout") ||
    isGitHubError(error, "network") ||
    isGitHubError(error, "malformed-response")
  );
}

export interface WriteOnce<T> {
  /** The write itself, made without the client's own retries. */
  readonly write: () => Promise<T>;
  /** What the write would have made, if it is there now; undefined when it is not. */
  readonly look: () => Promise<T | undefined>;
  /** Writes at most (the first included). */
  readonly attempts: number;
  /** The wait before writing again. */
  readonly pause: (attempt: number) => Promise<void>;
}

/** The write, made at most once for each time the look finds nothing. A failed look ends it with the
 * write's own error: posting again without knowing could post twice. */
export async function writeOnce<T>(w: WriteOnce<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await w.write();
    } catch (error) {
      if (!mayHaveLanded(error)) throw error;
      let landed: T | undefined;
      try {
        landed = await w.look();
      } catch {
        throw error;
      }
      if (landed !== undefined) return landed;
      if (attempt >= w.attempts) throw error;
      await w.pause(attempt);
    }
  }
}
