// A reaction on an issue comment: how the gate acknowledges a `/verdict` command (`eyes` when it
// takes it, `+1` or `confused` when it is done). GitHub answers 201 for a new reaction and 200 when
// the same person (here the gate's bot) already reacted so: both mean the reaction is there.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

export type CommentReaction = "eyes" | "+1" | "confused";

const reactionShape = z.object({ id: z.number().int().positive(), content: z.string() });

/** `POST /repos/{o}/{r}/issues/comments/{comment_id}/reactions`: 1 request. */
export async function reactToIssueComment(
  client: GitHubClient,
  repository: RepositoryRef,
  commentId: number,
  content: CommentReaction,
): Promise<void> {
  const operation = `react ${content} to comment ${commentId} in ${fullName(repository)}`;
  const response = await client.run(operation, (octokit) =>
    octokit.rest.reactions.createForIssueComment({
      owner: repository.owner,
      repo: repository.repo,
      comment_id: commentId,
      content,
    }),
  );
  const reaction = expectShape(reactionShape, response.data, operation);
  if (reaction.content !== content)
    throw new Error(`${operation}: GitHub recorded ${reaction.content} instead`);
}
