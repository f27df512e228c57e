// The `/verdict` comment port (src/ports/comments.ts) wired to GitHub: the comment re-read, reactions
// and replies.
import type { CommentPort } from "../ports/comments.js";
import type { GitHubClient } from "./client.js";
import { createIssueComment, getIssueComment } from "./issue-comments.js";
import { reactToIssueComment } from "./reactions.js";
import type { RepositoryRef } from "./repository-ref.js";

export function createCommentPort(client: GitHubClient, repository: RepositoryRef): CommentPort {
  return {
    async read(commentId) {
      const found = await getIssueComment(client, repository, commentId);
      if (found === undefined) return undefined;
      return { body: found.body, createdAt: found.createdAt, author: found.author?.login ?? null };
    },
    react: (commentId, content) => reactToIssueComment(client, repository, commentId, content),
    async reply(issue, body) {
      await createIssueComment(client, repository, issue, body);
    },
  };
}
