// GitHub as a read-only token sees it: every write turned into nothing, every read passed through. A
// fork PR under `pull_request` gets such a token; its round is still judged (the job summary carries
// the verdict) and the step fails saying no check could be posted (round.ts). Only the roles that write
// are replaced; the others pass on whole.

import { CannotWriteChecksError, type GitHub } from "../ports/github.js";

/** The same GitHub with every write turned into nothing: reads still work with a read-only token. A
 * check run cannot be started as nothing (the round would take it for posted): it is refused, as
 * GitHub refuses a read-only token. */
export function readOnlyGitHub(g: GitHub): GitHub {
  const { reviews: _noReviews, ...rest } = g;
  return {
    ...rest,
    checks: {
      onHead: g.checks.onHead,
      startCheck: async () => {
        throw new CannotWriteChecksError("a read-only token starts no check run");
      },
      finishCheck: async () => {},
    },
    history: { findComment: g.history.findComment, saveComment: async () => undefined },
  };
}
