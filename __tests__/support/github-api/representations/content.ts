// `content-file`, `content-directory`, and the entry of `/pulls/{n}/files` (`diff-entry`).
import { blobSha } from "../ids.js";
import type { RepoRecord } from "../model.js";
import type { PullFile } from "../pull-files.js";
import type { Hosts } from "./urls.js";

function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** GitHub returns base64 content only up to 1 MB; above it `content` is empty and `encoding` is
 * "none", and the raw media type must be used. */
export const INLINE_CONTENT_LIMIT = 1024 * 1024;

export function contentFile(
  hosts: Hosts,
  repo: RepoRecord,
  path: string,
  ref: string,
  content: Buffer,
): Record<string, unknown> {
  const sha = blobSha(content);
  const self = `${hosts.api}/repos/${repo.fullName}/contents/${encodePath(path)}?ref=${encodeURIComponent(ref)}`;
  const git = `${hosts.api}/repos/${repo.fullName}/git/blobs/${sha}`;
  const html = `${hosts.web}/${repo.fullName}/blob/${encodeURIComponent(ref)}/${encodePath(path)}`;
  const inline = content.length <= INLINE_CONTENT_LIMIT;
  return {
    type: "file",
    encoding: inline ? "base64" : "none",
    size: content.length,
    name: path.split("/").pop(),
    path,
    // GitHub wraps base64 at 60 characters with "\n".
    content: inline ? (content.toString("base64").match(/.{1,60}/g) ?? []).map((l) => `${l}\n`).join("") : "",
    sha,
    url: self,
    git_url: git,
    html_url: html,
    download_url: `https://raw.githubusercontent.com/${repo.fullName}/${ref}/${encodePath(path)}`,
    _links: { self, git, html },
  };
}

export function contentDirectoryEntry(
  hosts: Hosts,
  repo: RepoRecord,
  path: string,
  ref: string,
  kind: "file" | "dir",
  content?: Buffer,
): Record<string, unknown> {
  const sha = content === undefined ? blobSha(Buffer.from(`tree:${path}`)) : blobSha(content);
  const self = `${hosts.api}/repos/${repo.fullName}/contents/${encodePath(path)}?ref=${encodeURIComponent(ref)}`;
  const git = `${hosts.api}/repos/${repo.fullName}/git/${kind === "dir" ? "trees" : "blobs"}/${sha}`;
  const html = `${hosts.web}/${repo.fullName}/${kind === "dir" ? "tree" : "blob"}/${encodeURIComponent(ref)}/${encodePath(path)}`;
  return {
    type: kind,
    size: content?.length ?? 0,
    name: path.split("/").pop(),
    path,
    sha,
    url: self,
    git_url: git,
    html_url: html,
    download_url:
      kind === "file"
        ? `https://raw.githubusercontent.com/${repo.fullName}/${ref}/${encodePath(path)}`
        : null,
    _links: { self, git, html },
  };
}

export function diffEntry(
  hosts: Hosts,
  repo: RepoRecord,
  headSha: string,
  file: PullFile,
  includePatch: boolean,
): Record<string, unknown> {
  const path = encodePath(file.filename);
  return {
    sha: file.blobSha,
    filename: file.filename,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    blob_url: `${hosts.web}/${repo.fullName}/blob/${headSha}/${path}`,
    raw_url: `${hosts.web}/${repo.fullName}/raw/${headSha}/${path}`,
    contents_url: `${hosts.api}/repos/${repo.fullName}/contents/${path}?ref=${headSha}`,
    ...(includePatch && file.patch !== "" ? { patch: file.patch } : {}),
    ...(file.previousFilename !== undefined ? { previous_filename: file.previousFilename } : {}),
  };
}
