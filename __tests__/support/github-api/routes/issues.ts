// Issue comments (the gate's sticky round-history comment lives here), a pull request's labels, and
// its label events (who added a label).
// Comments list oldest first, as GitHub lists them; the author is whoever the token acts as.
import type { CommentRecord, ReactionContent, ReactionRecord, RepoRecord } from "../model.js";
import { issueComment, reaction } from "../representations/comment.js";
import { issueEvent } from "../representations/issue-event.js";
import { label } from "../representations/label.js";
import {
  forbidsWrite,
  type Handler,
  isReply,
  notFound,
  paginate,
  type RouteContext,
  repoOf,
} from "./context.js";

const DOCS = "https://docs.github.com/rest/issues/comments";

function issueExists(repo: RepoRecord, number: number): boolean {
  return repo.pulls.has(number);
}

const listComments: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const number = Number(ctx.params.issue_number);
  if (!issueExists(repo, number)) return notFound(`${DOCS}#list-issue-comments`);
  const since = ctx.query.get("since");
  const comments = repo.comments
    .filter((c) => c.issue === number)
    .filter((c) => since === null || c.updatedAt >= since)
    .sort((a, b) => a.id - b.id);
  const { page, headers } = paginate(ctx, comments, `/repos/${repo.fullName}/issues/${number}/comments`);
  return { status: 200, json: page.map((c) => issueComment(ctx.hosts, repo, c)), headers };
};

const createComment: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const number = Number(ctx.params.issue_number);
  if (!issueExists(repo, number)) return notFound(`${DOCS}#create-an-issue-comment`);
  const refused = forbidsWrite(ctx, `${DOCS}#create-an-issue-comment`);
  if (refused !== undefined) return refused;
  const body = ctx.body as { body: string };
  const actor = ctx.grant.actor;
  const record: CommentRecord = {
    id: ctx.model.ids.id("comment"),
    issue: number,
    body: body.body,
    author: actor.kind === "app" ? actor.app.bot : actor.user,
    app: actor.kind === "app" ? actor.app : null,
    createdAt: ctx.model.timestamp(),
    updatedAt: ctx.model.timestamp(),
  };
  repo.comments.push(record);
  return { status: 201, json: issueComment(ctx.hosts, repo, record) };
};

function commentOf(ctx: RouteContext): { repo: RepoRecord; comment: CommentRecord } | ReturnType<Handler> {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const comment = repo.comments.find((c) => c.id === Number(ctx.params.comment_id));
  return comment === undefined ? notFound(`${DOCS}#get-an-issue-comment`) : { repo, comment };
}

const getComment: Handler = (ctx) => {
  const found = commentOf(ctx);
  if (isReply(found)) return found;
  return { status: 200, json: issueComment(ctx.hosts, found.repo, found.comment) };
};

const updateComment: Handler = (ctx) => {
  const found = commentOf(ctx);
  if (isReply(found)) return found;
  const refused = forbidsWrite(ctx, `${DOCS}#update-an-issue-comment`);
  if (refused !== undefined) return refused;
  found.comment.body = (ctx.body as { body: string }).body;
  found.comment.updatedAt = ctx.model.timestamp();
  return { status: 200, json: issueComment(ctx.hosts, found.repo, found.comment) };
};

/** A reaction by whoever the token acts as: 201 when new, 200 with the existing one when that person
 * already reacted so (GitHub keeps one reaction per person and content). */
const createReaction: Handler = (ctx) => {
  const found = commentOf(ctx);
  if (isReply(found)) return found;
  const refused = forbidsWrite(
    ctx,
    "https://docs.github.com/rest/reactions/reactions#create-reaction-for-an-issue-comment",
  );
  if (refused !== undefined) return refused;
  const content = (ctx.body as { content: ReactionContent }).content;
  const actor = ctx.grant.actor;
  const user = actor.kind === "app" ? actor.app.bot : actor.user;
  const reactions = (found.comment.reactions ?? []) as ReactionRecord[];
  const existing = reactions.find((r) => r.content === content && r.user.login === user.login);
  if (existing !== undefined) return { status: 200, json: reaction(ctx.hosts, existing) };
  const record: ReactionRecord = {
    id: ctx.model.ids.id("reaction"),
    content,
    user,
    createdAt: ctx.model.timestamp(),
  };
  (found.comment as { reactions?: ReactionRecord[] }).reactions = [...reactions, record];
  return { status: 201, json: reaction(ctx.hosts, record) };
};

const listLabels: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const pull = repo.pulls.get(Number(ctx.params.issue_number));
  if (pull === undefined)
    return notFound("https://docs.github.com/rest/issues/labels#list-labels-for-an-issue");
  const labels = pull.labels.flatMap((name) => {
    const record = repo.labels.get(name);
    return record === undefined ? [] : [record];
  });
  const { page, headers } = paginate(ctx, labels, `/repos/${repo.fullName}/issues/${pull.number}/labels`);
  return { status: 200, json: page.map((l) => label(ctx.hosts, repo, l)), headers };
};

/** The issue's timeline events, oldest first (only label events are modelled). */
const listEvents: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const pull = repo.pulls.get(Number(ctx.params.issue_number));
  if (pull === undefined) return notFound("https://docs.github.com/rest/issues/events#list-issue-events");
  const { page, headers } = paginate(
    ctx,
    pull.events,
    `/repos/${repo.fullName}/issues/${pull.number}/events`,
  );
  return { status: 200, json: page.map((e) => issueEvent(ctx.hosts, repo, e)), headers };
};

export const issueRoutes: Record<string, Handler> = {
  "GET /repos/{owner}/{repo}/issues/{issue_number}/comments": listComments,
  "POST /repos/{owner}/{repo}/issues/{issue_number}/comments": createComment,
  "GET /repos/{owner}/{repo}/issues/comments/{comment_id}": getComment,
  "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}": updateComment,
  "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions": createReaction,
  "GET /repos/{owner}/{repo}/issues/{issue_number}/labels": listLabels,
  "GET /repos/{owner}/{repo}/issues/{issue_number}/events": listEvents,
};
