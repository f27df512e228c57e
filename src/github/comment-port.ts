// The `/verdict` comment port (src/ports/comments.ts) bound to GitHub: reactions and replies.
import type { CommentPort } from "../ports/comments.js";
import type { GitHubClient } from "./client.js";
import { createIssueComment } from "./issue-comments.js";
import { reactToIssueComment } from "./reactions.js";
import type { RepositoryRef } from "./repository-ref.js";

export function createCommentPort(client: GitHubClient, repository: RepositoryRef): CommentPort {
  return {
    react: (commentId, content) => reactToIssueComment(client, repository, commentId, content),
    async reply(issue, body) {
      await createIssueComment(client, repository, issue, body);
    },
  };
}
