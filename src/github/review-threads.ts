// A pull request's review threads and the gate's own reviews, read through GitHub's GraphQL API (REST
// has no notion of a thread or of resolving one), and the gate's threads resolved. Only what the
// gate needs to recognise its own comments is read: each thread's first comment (author and body) and
// how many comments it holds, since any second comment is a reply the gate never writes.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { GitHubError } from "./errors.js";
import { graphqlQuery } from "./graphql.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

/** Threads a page; GitHub's maximum for a connection. */
const THREADS_PER_PAGE = 100;
/** Pages read before giving up on the rest (500 threads): past that nothing is resolved. */
const MAX_THREAD_PAGES = 5;
/** The gate's earlier reviews read for findings already posted in a review's body. */
const REVIEWS_READ = 50;
/** Threads resolved in one mutation (one request, aliased fields). */
const RESOLVES_PER_REQUEST = 25;

export const REVIEW_THREADS_QUERY = `query verdictGateReviewThreads($owner: String!, $repo: String!, $number: Int!, $after: String, $withReviews: Boolean!) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: ${THREADS_PER_PAGE}, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id
          isResolved
          path
          comments(first: 1) {
            totalCount
            nodes { author { __typename login } body }
          }
        }
      }
      reviews(last: ${REVIEWS_READ}) @include(if: $withReviews) {
        nodes { author { __typename login } body }
      }
    }
  }
}`;

const author = z.object({ __typename: z.string(), login: z.string() }).nullable();

const pageShape = z.object({
  repository: z
    .object({
      pullRequest: z
        .object({
          reviewThreads: z.object({
            pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
            nodes: z.array(
              z
                .object({
                  id: z.string().min(1),
                  isResolved: z.boolean(),
                  path: z.string(),
                  comments: z.object({
                    totalCount: z.number().int().nonnegative(),
                    nodes: z.array(z.object({ author, body: z.string() }).nullable()),
                  }),
                })
                .nullable(),
            ),
          }),
          reviews: z.object({ nodes: z.array(z.object({ author, body: z.string() }).nullable()) }).optional(),
        })
        .nullable(),
    })
    .nullable(),
});

/** Who wrote something, as GraphQL names them: a bot's login there is its app's slug, without the
 * `[bot]` REST adds, and its type is `Bot` (a person cannot have that type, whatever their login). */
export interface ThreadAuthor {
  readonly type: string;
  readonly login: string;
}

export interface ReviewThread {
  readonly id: string;
  readonly resolved: boolean;
  readonly path: string;
  /** Comments in the thread: more than one means someone replied. */
  readonly comments: number;
  readonly first: { readonly author: ThreadAuthor | null; readonly body: string } | null;
}

export interface ReviewThreads {
  readonly threads: readonly ReviewThread[];
  /** The bodies of the latest reviews, with their authors. */
  readonly reviews: readonly { readonly author: ThreadAuthor | null; readonly body: string }[];
  /** False when more threads exist than were read: nothing may be resolved on a partial list. */
  readonly complete: boolean;
}

function toAuthor(a: z.infer<typeof author>): ThreadAuthor | null {
  return a === null ? null : { type: a.__typename, login: a.login };
}

/** 1 request per 100 threads (the gate's recent reviews come with the first). */
export async function listReviewThreads(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
): Promise<ReviewThreads> {
  const threads: ReviewThread[] = [];
  let reviews: ReviewThreads["reviews"] = [];
  let after: string | null = null;
  for (let page = 1; page <= MAX_THREAD_PAGES; page += 1) {
    const operation = `list the review threads of pull request ${fullName(repository)}#${number} (page ${page})`;
    const answer: unknown = await graphqlQuery(client, operation, REVIEW_THREADS_QUERY, {
      owner: repository.owner,
      repo: repository.repo,
      number,
      after,
      withReviews: page === 1,
    });
    const data: z.infer<typeof pageShape> = expectShape(pageShape, answer, operation);
    const pull = data.repository?.pullRequest;
    if (pull === null || pull === undefined) {
      throw new GitHubError({
        kind: "not-found",
        operation,
        status: 200,
        hint: "GitHub's GraphQL API did not find the pull request.",
      });
    }
    if (page === 1) {
      reviews = (pull.reviews?.nodes ?? []).flatMap((r) =>
        r === null ? [] : [{ author: toAuthor(r.author), body: r.body }],
      );
    }
    for (const t of pull.reviewThreads.nodes) {
      if (t === null) continue;
      const first = t.comments.nodes[0] ?? null;
      threads.push({
        id: t.id,
        resolved: t.isResolved,
        path: t.path,
        comments: t.comments.totalCount,
        first: first === null ? null : { author: toAuthor(first.author), body: first.body },
      });
    }
    const { hasNextPage, endCursor } = pull.reviewThreads.pageInfo;
    if (!hasNextPage || endCursor === null) return { threads, reviews, complete: true };
    after = endCursor;
  }
  return { threads, reviews, complete: false };
}

/** The mutation resolving `count` threads at once, one aliased field each. */
export function resolveThreadsMutation(count: number): string {
  const params = Array.from({ length: count }, (_, i) => `$t${i}: ID!`).join(", ");
  const fields = Array.from(
    { length: count },
    (_, i) => `  r${i}: resolveReviewThread(input: { threadId: $t${i} }) { thread { id isResolved } }`,
  ).join("\n");
  return `mutation verdictGateResolveThreads(${params}) {\n${fields}\n}`;
}

const resolvedShape = z.record(
  z.string(),
  z.object({ thread: z.object({ id: z.string(), isResolved: z.boolean() }).nullable() }).nullable(),
);

/** Resolves threads, 25 a request; returns the ids GitHub says are now resolved. */
export async function resolveReviewThreads(
  client: GitHubClient,
  repository: RepositoryRef,
  ids: readonly string[],
): Promise<string[]> {
  const done: string[] = [];
  for (let i = 0; i < ids.length; i += RESOLVES_PER_REQUEST) {
    const batch = ids.slice(i, i + RESOLVES_PER_REQUEST);
    const operation = `resolve ${batch.length} review thread(s) in ${fullName(repository)}`;
    const variables = Object.fromEntries(batch.map((id, k) => [`t${k}`, id]));
    const data = expectShape(
      resolvedShape,
      await graphqlQuery(client, operation, resolveThreadsMutation(batch.length), variables),
      operation,
    );
    for (const answer of Object.values(data)) {
      if (answer?.thread?.isResolved === true) done.push(answer.thread.id);
    }
  }
  return done;
}
