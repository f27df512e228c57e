// GitHub's GraphQL API through the client (its retries, deadlines and redaction): an answer with
// `errors` is a refusal naming what GitHub said, never data a caller reads half of.
import type { GitHubClient } from "./client.js";
import { GitHubError } from "./errors.js";

/** A GraphQL answer with `errors` (Octokit throws it as GraphqlResponseError, with no HTTP response
 * for the failure mapping to read): refused, naming what GitHub said. */
function graphqlFailure(error: unknown, operation: string): unknown {
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return error;
  const said = errors
    .map((e) =>
      typeof (e as { message?: unknown })?.message === "string" ? (e as { message: string }).message : "",
    )
    .filter((m) => m !== "")
    .slice(0, 3)
    .join("; ");
  return new GitHubError({
    kind: "invalid-request",
    operation,
    status: 200,
    ...(said !== "" ? { githubMessage: said } : {}),
    hint: "GitHub's GraphQL API refused the request.",
  });
}

export async function graphqlQuery(
  client: GitHubClient,
  operation: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<unknown> {
  return client.run(operation, async (octokit) => {
    try {
      return await octokit.graphql(query, variables);
    } catch (error) {
      throw graphqlFailure(error, operation);
    }
  });
}
