// A pull-request review the gate posts: always the event `COMMENT`. An `APPROVE` review would count
// towards branch protection's required approvals and a `REQUEST_CHANGES` one would block until the
// gate dismissed it: either would make the review a second gate beside the check run, with its own
// rules. The check run is the gate; the review only shows its findings where people read code.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { COMMENT_BODY_LIMIT } from "./issue-comments.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

export interface ReviewLineComment {
  readonly path: string;
  /** A line of the new file (the diff's right side) that the diff shows. */
  readonly line: number;
  readonly body: string;
}

const reviewShape = z.object({
  id: z.number().int().positive(),
  html_url: z.string(),
});

/** 1 request, never retried (see below). */
export async function createCommentReview(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
  review: { commitId: string; body: string; comments: readonly ReviewLineComment[] },
): Promise<{ id: number; htmlUrl: string }> {
  const operation = `post a review on pull request ${fullName(repository)}#${number}`;
  // A secret the client knows never reaches a review, whatever the caller put in it; bodies are
  // bounded by the caller, and cut here only as a last resort (a review is not a history).
  const bounded = (text: string) => {
    const clean = client.redact(text);
    return clean.length > COMMENT_BODY_LIMIT ? `${clean.slice(0, COMMENT_BODY_LIMIT - 1)}…` : clean;
  };
  const response = await client.run(operation, (octokit) =>
    octokit.rest.pulls.createReview({
      owner: repository.owner,
      repo: repository.repo,
      pull_number: number,
      commit_id: review.commitId,
      event: "COMMENT",
      body: bounded(review.body),
      comments: review.comments.map((c) => ({
        path: c.path,
        line: c.line,
        side: "RIGHT",
        body: bounded(c.body),
      })),
      // Never retried as it stands: a review GitHub applied but answered 502 would be posted twice.
      // The caller looks for it before posting again (src/gate/review-comments.ts).
      request: { retries: 0 },
    }),
  );
  const data = expectShape(reviewShape, response.data, operation);
  return { id: data.id, htmlUrl: data.html_url };
}
