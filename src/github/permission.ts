// A person's permission on the repository, for human decisions through `workflow_dispatch`: only
// someone who could merge may approve or block by hand. GitHub's legacy `permission` field folds
// maintain into write and triage into read; `role_name` keeps the role, and may also be a custom
// role's name, in which case the legacy field is what it is based on.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { statusOf } from "./errors.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

export type RepositoryRole = "admin" | "maintain" | "write" | "triage" | "read" | "none";

const ROLES: ReadonlySet<string> = new Set(["admin", "maintain", "write", "triage", "read", "none"]);

const permissionShape = z.object({
  permission: z.string(),
  role_name: z.string(),
  user: z.object({ login: z.string() }).nullable(),
});

export interface CollaboratorPermission {
  readonly login: string;
  /** The standard role, or the base role of a custom one. */
  readonly role: RepositoryRole;
  /** The role's name as GitHub reports it (a custom role keeps its own name). */
  readonly roleName: string;
  /** Write, maintain or admin: may push, so may decide. */
  readonly canWrite: boolean;
}

function legacyRole(permission: string): RepositoryRole {
  return permission === "admin" || permission === "write" || permission === "read" ? permission : "none";
}

/** `GET /repos/{o}/{r}/collaborators/{username}/permission`: 1 request. An unknown user is `none`,
 * never an error that a caller might read as "allowed". */
export async function getCollaboratorPermission(
  client: GitHubClient,
  repository: RepositoryRef,
  username: string,
): Promise<CollaboratorPermission> {
  const operation = `read the permission of ${username} on ${fullName(repository)}`;
  const answer = await client.run(operation, async (octokit) => {
    try {
      return (
        await octokit.rest.repos.getCollaboratorPermissionLevel({
          owner: repository.owner,
          repo: repository.repo,
          username,
        })
      ).data as unknown;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  });
  if (answer === null) return { login: username, role: "none", roleName: "none", canWrite: false };
  const data = expectShape(permissionShape, answer, operation);
  const role = ROLES.has(data.role_name) ? (data.role_name as RepositoryRole) : legacyRole(data.permission);
  return {
    login: username,
    role,
    roleName: data.role_name,
    canWrite: role === "admin" || role === "maintain" || role === "write",
  };
}
