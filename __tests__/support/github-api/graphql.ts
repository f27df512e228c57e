// The loopback GraphQL endpoint (`POST /graphql`): review threads read and resolved. Every query is
// parsed and validated against GitHub's public GraphQL schema (`@octokit/graphql-schema`, the schema
// GitHub publishes for api.github.com) and then executed against it with resolvers over the model, so
// the answer has exactly the shape the schema gives the query: a field the schema does not have, a
// wrong argument or variable type, a missing non-null value, is an error here as it is on GitHub. What
// GitHub refuses besides (a connection without `first`/`last`, or more than 100 a page) is refused too.
// Every error that is not a refusal the test provoked on purpose is a violation.
import { readFileSync } from "node:fs";
import { buildSchema, type DocumentNode, executeSync, type GraphQLSchema, parse, validate } from "graphql";
import { nodeId } from "./ids.js";
import type { GitHubModel, RepoRecord, ReviewThreadRecord, TokenGrant, UserRecord } from "./model.js";

let schema: GraphQLSchema | undefined;

/** GitHub's schema, built once per process (a second or so). */
export function githubSchema(): GraphQLSchema {
  if (schema === undefined) {
    // The package exports only its module, which parses the 10 MB JSON form on import; the SDL file
    // beside it is what buildSchema reads.
    const file = new URL("../../../node_modules/@octokit/graphql-schema/schema.graphql", import.meta.url);
    const sdl = readFileSync(file, "utf8");
    // The published SDL defines two fields of EnterpriseOwnerInfo twice (15.26.1), which the SDL
    // validation refuses; nothing the gate asks touches them, and the schema built is still checked
    // as a schema when the first query is validated against it.
    schema = buildSchema(sdl, { assumeValidSDL: true });
  }
  return schema;
}

/** A refusal GitHub itself makes (a read-only token resolving a thread): reported in `errors` as
 * GitHub does, and not a violation of the schema. */
class Refusal extends Error {}

/** GitHub's rule for connections: `first` or `last`, at most 100. */
function bound(args: { first?: number | null; last?: number | null }, what: string): number {
  const n = args.first ?? args.last;
  if (n === undefined || n === null)
    throw new Error(
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${what}\` connection.`,
    );
  if (n < 0 || n > 100)
    throw new Error(
      `Requesting ${n} records on the \`${what}\` connection exceeds the \`first\` limit of 100 records.`,
    );
  return n;
}

/** An Actor as GraphQL spells it: a bot's login is its app's slug, without the `[bot]` REST adds. */
function actor(user: UserRecord): Record<string, unknown> {
  return user.type === "Bot"
    ? { __typename: "Bot", login: user.login.replace(/\[bot\]$/, "") }
    : { __typename: user.type === "Organization" ? "Organization" : "User", login: user.login };
}

function threadNodeId(t: ReviewThreadRecord): string {
  return nodeId("PullRequestReviewThread", t.id);
}

function threadObject(t: ReviewThreadRecord): Record<string, unknown> {
  return {
    id: threadNodeId(t),
    isResolved: t.resolved,
    isOutdated: false,
    isCollapsed: t.resolved,
    path: t.path,
    line: t.line,
    diffSide: t.side,
    resolvedBy: t.resolvedBy === null ? null : actor(t.resolvedBy),
    comments: (args: { first?: number; last?: number }) => {
      const n = bound(args, "comments");
      const nodes = args.first !== undefined ? t.comments.slice(0, n) : t.comments.slice(-n);
      return {
        totalCount: t.comments.length,
        nodes: nodes.map((c) => ({
          author: actor(c.author),
          body: c.body,
          id: nodeId("PullRequestReviewComment", c.id),
        })),
      };
    },
  };
}

function cursor(i: number): string {
  return Buffer.from(`cursor:v2:${i}`).toString("base64");
}

function position(after: string | null | undefined): number {
  if (after === undefined || after === null) return 0;
  const m = /^cursor:v2:(\d+)$/.exec(Buffer.from(after, "base64").toString("utf8"));
  if (m === null) throw new Refusal(`\`${after}\` does not appear to be a valid cursor.`);
  return Number(m[1]) + 1;
}

function pullObject(repo: RepoRecord, number: number): Record<string, unknown> | null {
  if (!repo.pulls.has(number)) return null;
  return {
    number,
    reviewThreads: (args: { first?: number; last?: number; after?: string | null }) => {
      const n = bound(args, "reviewThreads");
      const all = repo.reviewThreads.filter((t) => t.pull === number);
      const start = position(args.after);
      const page = all.slice(start, start + n);
      return {
        totalCount: all.length,
        pageInfo: {
          hasNextPage: start + n < all.length,
          hasPreviousPage: start > 0,
          startCursor: page.length > 0 ? cursor(start) : null,
          endCursor: page.length > 0 ? cursor(start + page.length - 1) : null,
        },
        nodes: page.map(threadObject),
      };
    },
    reviews: (args: { first?: number; last?: number }) => {
      const n = bound(args, "reviews");
      const all = repo.reviews.filter((r) => r.pull === number);
      const page = args.first !== undefined ? all.slice(0, n) : all.slice(-n);
      return {
        totalCount: all.length,
        nodes: page.map((r) => ({
          author: actor(r.author),
          body: r.body,
          id: nodeId("PullRequestReview", r.id),
        })),
      };
    },
  };
}

function rootValue(model: GitHubModel, grant: TokenGrant): Record<string, unknown> {
  const who = grant.actor.kind === "app" ? grant.actor.app.bot : grant.actor.user;
  return {
    // The token's own identity: an installation token's is its app's bot, login and all
    // (`github-actions[bot]`), as GitHub answers `viewer` for one.
    viewer: () => ({ login: who.login, databaseId: who.id }),
    repository: (args: { owner: string; name: string }) => {
      const repo = model.repos.get(`${args.owner}/${args.name}`);
      if (repo === undefined) return null;
      return { pullRequest: (a: { number: number }) => pullObject(repo, a.number) };
    },
    resolveReviewThread: (args: { input: { threadId: string } }) => {
      if (!grant.canWrite) throw new Refusal("Resource not accessible by integration");
      for (const repo of model.repos.values()) {
        const thread = repo.reviewThreads.find((t) => threadNodeId(t) === args.input.threadId);
        if (thread === undefined) continue;
        thread.resolved = true;
        thread.resolvedBy = grant.actor.kind === "app" ? grant.actor.app.bot : grant.actor.user;
        return { thread: threadObject(thread) };
      }
      throw new Refusal(`Could not resolve to a node with the global id of '${args.input.threadId}'`);
    },
  };
}

export interface GraphqlAnswer {
  readonly json: unknown;
  readonly violations: string[];
}

/** Parses, validates and runs one GraphQL request body. */
export function answerGraphql(model: GitHubModel, grant: TokenGrant, rawBody: string): GraphqlAnswer {
  const violations: string[] = [];
  let request: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    request = JSON.parse(rawBody) as typeof request;
  } catch {
    return { json: { message: "Problems parsing JSON" }, violations: ["the body is not JSON"] };
  }
  if (typeof request.query !== "string") {
    return {
      json: { errors: [{ message: "A query attribute must be specified and must be a string." }] },
      violations: ["no query"],
    };
  }
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    const message = (error as Error).message;
    return { json: { errors: [{ message }] }, violations: [`the query does not parse: ${message}`] };
  }
  const invalid = validate(githubSchema(), document);
  if (invalid.length > 0) {
    return {
      json: { errors: invalid.map((e) => ({ message: e.message })) },
      violations: invalid.map((e) => `the query breaks GitHub's GraphQL schema: ${e.message}`),
    };
  }
  const result = executeSync({
    schema: githubSchema(),
    document,
    rootValue: rootValue(model, grant),
    variableValues: (request.variables ?? {}) as Record<string, unknown>,
    ...(typeof request.operationName === "string" ? { operationName: request.operationName } : {}),
  });
  for (const e of result.errors ?? []) {
    if (!(e.originalError instanceof Refusal)) violations.push(`GraphQL error: ${e.message}`);
  }
  const errors = result.errors?.map((e) => ({
    type: e.originalError instanceof Refusal ? "FORBIDDEN" : "INTERNAL",
    path: e.path,
    locations: e.locations,
    message: e.message,
  }));
  return { json: { data: result.data ?? null, ...(errors !== undefined ? { errors } : {}) }, violations };
}
