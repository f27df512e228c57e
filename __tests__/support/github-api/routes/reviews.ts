// Pull-request reviews: `POST /pulls/{n}/reviews` with comments on lines of the diff. As on GitHub, a
// comment must name a file of the pull request's change at `commit_id` and a line that change shows on
// the side it names, or the whole review is refused with 422 "Line could not be resolved" (nothing is
// posted). Each comment opens a review thread (see ../graphql.ts for how threads are read and resolved).
import type { ReviewThreadRecord } from "../model.js";
import { pullFiles } from "../pull-files.js";
import { pullRequestReview } from "../representations/review.js";
import { forbidsWrite, type Handler, isReply, notFound, repoOf } from "./context.js";

const DOCS = "https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request";

/** The lines a patch shows on each side: right = the new file's (added and context), left = the
 * old file's (removed and context). Written independently of the gate's diff parser. */
export function shownLines(patch: string): { left: Set<number>; right: Set<number> } {
  const left = new Set<number>();
  const right = new Set<number>();
  let oldLine = 0;
  let newLine = 0;
  for (const text of patch.split("\n")) {
    const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (header !== null) {
      oldLine = Number(header[1]);
      newLine = Number(header[2]);
      continue;
    }
    if (text.startsWith("+")) right.add(newLine++);
    else if (text.startsWith("-")) left.add(oldLine++);
    else if (text.startsWith(" ")) {
      left.add(oldLine++);
      right.add(newLine++);
    }
  }
  return { left, right };
}

function unprocessable(why: string): ReturnType<Handler> {
  return {
    status: 422,
    json: { message: "Unprocessable Entity", errors: [why], documentation_url: DOCS, status: "422" },
  };
}

const createReview: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const pull = repo.pulls.get(Number(ctx.params.pull_number));
  if (pull === undefined) return notFound(DOCS);
  const refused = forbidsWrite(ctx, DOCS);
  if (refused !== undefined) return refused;
  const body = ctx.body as {
    commit_id?: string;
    body?: string;
    event?: string;
    comments?: { path: string; line?: number; side?: string; body: string; position?: number }[];
  };
  const commitId = body.commit_id ?? pull.headSha;
  if (!repo.commits.has(commitId)) return unprocessable(`No commit found for SHA: ${commitId}`);
  const event = body.event ?? "PENDING";
  if ((event === "COMMENT" || event === "REQUEST_CHANGES") && (body.body ?? "") === "")
    return unprocessable("Body is required for this review event");
  const from = ctx.model.mergeBase(repo, pull.baseSha, commitId) ?? pull.baseSha;
  const files = new Map(pullFiles(ctx.model, repo, from, commitId).map((f) => [f.filename, f]));
  const threads: ReviewThreadRecord[] = [];
  const actor = ctx.grant.actor;
  const author = actor.kind === "app" ? actor.app.bot : actor.user;
  const reviewId = ctx.model.ids.id("review");
  const at = ctx.model.timestamp();
  for (const c of body.comments ?? []) {
    const file = files.get(c.path);
    if (file === undefined || c.line === undefined) return unprocessable("Path could not be resolved");
    const side = c.side === "LEFT" ? "LEFT" : "RIGHT";
    const shown = shownLines(file.patch);
    if (!(side === "LEFT" ? shown.left : shown.right).has(c.line))
      return unprocessable("Line could not be resolved");
    threads.push({
      id: ctx.model.ids.id("review-thread"),
      pull: pull.number,
      path: c.path,
      line: c.line,
      side,
      commitId,
      resolved: false,
      resolvedBy: null,
      comments: [
        {
          id: ctx.model.ids.id("review-comment"),
          author,
          body: c.body,
          review: reviewId,
          createdAt: at,
        },
      ],
    });
  }
  const record = {
    id: reviewId,
    pull: pull.number,
    author,
    body: body.body ?? "",
    event,
    commitId,
    submittedAt: at,
  };
  repo.reviews.push(record);
  repo.reviewThreads.push(...threads);
  return { status: 200, json: pullRequestReview(ctx.hosts, repo, record) };
};

export const reviewRoutes: Record<string, Handler> = {
  "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews": createReview,
};
