// The repository a request is about. Most requests are about the workflow's own repository; a
// `pr_merged` dependency may name another.

export interface RepositoryRef {
  readonly owner: string;
  readonly repo: string;
}

/** "owner/name" → a RepositoryRef, refusing anything else (a path-traversing or empty name would
 * send the request somewhere the contract author did not mean). */
export function parseRepository(fullName: string): RepositoryRef {
  const m = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/.exec(fullName.trim());
  if (!m || m[2] === "." || m[2] === "..") {
    throw new TypeError(`"${fullName}" is not a repository: write it as owner/name`);
  }
  return { owner: m[1] as string, repo: m[2] as string };
}

export function fullName(ref: RepositoryRef): string {
  return `${ref.owner}/${ref.repo}`;
}
