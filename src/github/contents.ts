// A file at a commit through the contents API: the contract read at the pull request's BASE commit
// (a pull request cannot weaken its own gate by editing its copy), lockfiles at the base to check a
// changed one against, and withheld files at the head when no checked-out tree has them. Up to 1 MB
// GitHub inlines the content as base64; above that it sends `encoding: "none"` and the raw media type
// must be asked for.
// The size is capped before anything is downloaded, and the bytes received must add up to the size
// GitHub announced: a cut transfer is a malformed response, not a shorter contract. Only GitHub's
// "Not Found" is an absent file; a 404 that says anything else (an unknown ref) is thrown.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { GitHubError, statusOf } from "./errors.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

/** Default cap: far above any contract file, far below what would hurt a runner. Lockfiles and source
 * maps are read with a larger one (a monorepo's package-lock.json, a bundled action's index.js.map run
 * to several MB): PullRequestSource.readFile's `maxBytes`. */
export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

const fileShape = z.object({
  type: z.literal("file"),
  size: z.number().int().nonnegative(),
  sha: z.string(),
  content: z.string().optional(),
  encoding: z.string().optional(),
});
const otherShape = z.object({ type: z.enum(["dir", "symlink", "submodule"]) });

export type FileAtRef =
  | {
      readonly kind: "found";
      readonly path: string;
      readonly ref: string;
      /** The blob's git SHA. */
      readonly blobSha: string;
      readonly size: number;
      readonly bytes: Uint8Array;
      /** The content as UTF-8, or null when it is not valid UTF-8. */
      readonly text: string | null;
    }
  | { readonly kind: "not-found"; readonly path: string; readonly ref: string }
  | {
      readonly kind: "too-large";
      readonly path: string;
      readonly ref: string;
      readonly size: number | null;
      readonly limit: number;
    }
  | {
      readonly kind: "not-a-file";
      readonly path: string;
      readonly ref: string;
      readonly type: "dir" | "symlink" | "submodule";
    };

function githubMessageOf(error: unknown): string | undefined {
  const message = (error as { response?: { data?: { message?: unknown } } } | null)?.response?.data?.message;
  return typeof message === "string" ? message : undefined;
}

function isTooLarge(error: unknown): boolean {
  const data = (error as { response?: { data?: { errors?: { code?: unknown }[] } } } | null)?.response?.data;
  return Array.isArray(data?.errors) && data.errors.some((e) => e?.code === "too_large");
}

function decodeText(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function toBytes(data: unknown): Uint8Array | undefined {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (typeof data === "string") return new TextEncoder().encode(data);
  return undefined;
}

/** Reads `path` at `ref` (a commit SHA). Requests: 1, or 2 for a file over 1 MB. */
export async function readFileAtRef(
  client: GitHubClient,
  repository: RepositoryRef,
  path: string,
  ref: string,
  options: { maxBytes?: number } = {},
): Promise<FileAtRef> {
  const limit = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const operation = `read ${path} at ${ref.slice(0, 12)} in ${fullName(repository)}`;
  const where = { path, ref };
  type Answer = { kind: "data"; data: unknown } | { kind: "not-found" } | { kind: "too-large" };
  const answer = await client.run<Answer>(operation, async (octokit) => {
    try {
      const response = await octokit.rest.repos.getContent({
        owner: repository.owner,
        repo: repository.repo,
        path,
        ref,
      });
      return { kind: "data", data: response.data as unknown };
    } catch (error) {
      // Only GitHub's plain "Not Found" means the path is absent at that commit. Any other 404 ("No
      // commit found for the ref …") is not an absent contract: reading it as one would skip the
      // criteria, so it is thrown and the round fails closed.
      if (statusOf(error) === 404 && githubMessageOf(error) === "Not Found") return { kind: "not-found" };
      if (statusOf(error) === 403 && isTooLarge(error)) return { kind: "too-large" };
      throw error;
    }
  });
  if (answer.kind === "not-found") return { kind: "not-found", ...where };
  if (answer.kind === "too-large") return { kind: "too-large", ...where, size: null, limit };
  if (Array.isArray(answer.data)) return { kind: "not-a-file", ...where, type: "dir" };
  const other = otherShape.safeParse(answer.data);
  if (other.success) return { kind: "not-a-file", ...where, type: other.data.type };
  const file = expectShape(fileShape, answer.data, operation);
  if (file.size > limit) return { kind: "too-large", ...where, size: file.size, limit };

  let bytes: Uint8Array;
  if (file.encoding === "base64" && file.content !== undefined && (file.content !== "" || file.size === 0)) {
    bytes = Buffer.from(file.content, "base64");
  } else if (file.size === 0) {
    bytes = new Uint8Array(0);
  } else {
    // Over 1 MB: GitHub leaves `content` empty; the raw media type returns the bytes.
    const raw = await client.run(`${operation} (raw)`, (octokit) =>
      octokit.rest.repos.getContent({
        owner: repository.owner,
        repo: repository.repo,
        path,
        ref,
        mediaType: { format: "raw" },
      }),
    );
    const received = toBytes(raw.data as unknown);
    if (received === undefined) {
      throw new GitHubError({
        kind: "malformed-response",
        operation,
        status: 200,
        hint: "GitHub's raw content was not bytes. Re-run the job.",
      });
    }
    bytes = received;
  }
  if (bytes.byteLength !== file.size) {
    throw new GitHubError({
      kind: "malformed-response",
      operation,
      status: 200,
      hint: `GitHub announced ${file.size} bytes but ${bytes.byteLength} arrived: the transfer was cut. Re-run the job; nothing was approved.`,
    });
  }
  return { kind: "found", ...where, blobSha: file.sha, size: file.size, bytes, text: decodeText(bytes) };
}
