// What a `/verdict` command needs from GitHub besides the round's port (src/ports/github.ts): to react to
// the comment and to reply under it. Kept apart from the round's GitHub roles so that the round, which never talks
// to people, cannot.
import type { CommentReaction } from "../github/reactions.js";

export type { CommentReaction };

/** A comment as GitHub has it now. */
export interface CurrentComment {
  body: string;
  /** When it was written, by GitHub's clock (ISO 8601). */
  createdAt: string;
  /** Its author's login; null for a deleted account. */
  author: string | null;
}

export interface CommentPort {
  /** The comment re-read by id (1 request); undefined when it was deleted. */
  read(commentId: number): Promise<CurrentComment | undefined>;
  /** Adds the gate's reaction to a comment (1 request; an existing one is left as it is). */
  react(commentId: number, content: CommentReaction): Promise<void>;
  /** Posts a comment on the pull request (1 request). */
  reply(issue: number, body: string): Promise<void>;
}
