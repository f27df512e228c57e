// Who added a label to a pull request, from its issue events. Anyone who can push to a branch can open
// a pull request, and on many repositories the author can label their own: a `label` requirement that
// only asked whether the label is there would let the author satisfy it. The label's latest `labeled`
// event names who added it (GitHub lists events oldest first).
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { GitHubError } from "./errors.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

const PER_PAGE = 100;

// Events of every kind come back; only label events are read, and only their label and actor.
const eventsShape = z.array(
  z.object({
    event: z.string(),
    created_at: z.string(),
    actor: z.object({ login: z.string(), type: z.string() }).nullable(),
    label: z.object({ name: z.string() }).optional(),
  }),
);

export interface LabelAdded {
  /** Who added it; null when GitHub no longer knows (a deleted account). */
  readonly actor: { readonly login: string; readonly type: string } | null;
  readonly at: string;
}

/** The latest `labeled` event of `label` on the pull request, or null when it has none. Requests: 1 per
 * 100 events, at most `maxPages` (default 10); a longer timeline is an error (the latest event may be
 * on a page the gate did not read), never "nobody added it". */
export async function latestLabeled(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
  label: string,
  options: { maxPages?: number } = {},
): Promise<LabelAdded | null> {
  const operation = `list the events of pull request ${fullName(repository)}#${number}`;
  const maxPages = options.maxPages ?? 10;
  let latest: LabelAdded | null = null;
  for (let page = 1; page <= maxPages; page += 1) {
    const response = await client.run(operation, (octokit) =>
      octokit.rest.issues.listEvents({
        owner: repository.owner,
        repo: repository.repo,
        issue_number: number,
        per_page: PER_PAGE,
        page,
      }),
    );
    const events = expectShape(eventsShape, response.data, operation);
    for (const e of events) {
      if (e.event === "labeled" && e.label?.name === label) latest = { actor: e.actor, at: e.created_at };
    }
    if (events.length < PER_PAGE) return latest;
  }
  throw new GitHubError({
    kind: "too-large",
    operation,
    status: 200,
    hint: `pull request #${number} has more than ${maxPages * PER_PAGE} events, more than the gate reads, so it cannot tell who last added the label "${label}". Nothing was approved.`,
  });
}
