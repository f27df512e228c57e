// A pull request's labels, for a `label` dependency. The pull request itself carries them too
// (getPullRequest); this reads them fresh, e.g. when a `labeled` event re-evaluates.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

const labelsShape = z.array(z.object({ name: z.string() }));

/** `GET /repos/{o}/{r}/issues/{n}/labels`: 1 request per 100 labels, at most 2. */
export async function listPullRequestLabels(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page <= 2; page += 1) {
    const operation = `list the labels of pull request ${fullName(repository)}#${number}`;
    const response = await client.run(operation, (octokit) =>
      octokit.rest.issues.listLabelsOnIssue({
        owner: repository.owner,
        repo: repository.repo,
        issue_number: number,
        per_page: 100,
        page,
      }),
    );
    const labels = expectShape(labelsShape, response.data, operation);
    names.push(...labels.map((l) => l.name));
    if (labels.length < 100) break;
  }
  return names;
}
