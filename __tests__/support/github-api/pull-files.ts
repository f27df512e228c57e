// A pull request's change as GitHub derives it: the files that differ between the merge base and the
// head trees, each with the patch `/pulls/{n}/files` shows and the section the whole unified diff
// (`application/vnd.github.diff`) shows. Computed from the trees, so a push or a force-push changes
// the diff exactly as it would on github.com.
import { blobSha } from "./ids.js";
import { filePatch, isBinary } from "./line-diff.js";
import type { GitHubModel, RepoRecord } from "./model.js";

export interface PullFile {
  readonly filename: string;
  readonly previousFilename?: string;
  readonly status: "added" | "removed" | "modified" | "renamed";
  readonly additions: number;
  readonly deletions: number;
  /** Hunks only; empty for binary files and pure renames. */
  readonly patch: string;
  readonly binary: boolean;
  /** The blob the file API's `sha` names (the new content; the old one for a removed file). */
  readonly blobSha: string;
  /** This file's section of the unified diff. */
  readonly diffSection: string;
}

const cache = new WeakMap<RepoRecord, Map<string, PullFile[]>>();

function shortBlob(content: Buffer | undefined): string {
  return content === undefined ? "0000000" : blobSha(content).slice(0, 7);
}

/** A name as git (and so GitHub, with core.quotepath on) writes it in a diff: C-quoted when it holds a
 * control character, `"`, `\\` or a byte above 0x7f. Written here independently of the gate's parser,
 * which it is the oracle for. */
function quoted(name: string): string {
  if (!/[\u0000-\u001f\u007f"\\]|[^\u0000-\u007f]/.test(name)) return name;
  const named: Record<number, string> = {
    7: "a",
    8: "b",
    9: "t",
    10: "n",
    11: "v",
    12: "f",
    13: "r",
    34: '"',
    92: "\\",
  };
  let out = "";
  for (const byte of Buffer.from(name, "utf8")) {
    if (named[byte] !== undefined) out += `\\${named[byte]}`;
    else if (byte < 0x20 || byte >= 0x7f) out += `\\${byte.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(byte);
  }
  return `"${out}"`;
}

/** A `---`/`+++` label: git adds a tab after one that holds a space. */
function label(name: string): string {
  const text = quoted(name);
  return text.includes(" ") ? `${text}\t` : text;
}

function section(
  file: Omit<PullFile, "diffSection">,
  before: Buffer | undefined,
  after: Buffer | undefined,
): string {
  const from = file.previousFilename ?? file.filename;
  const lines = [`diff --git ${quoted(`a/${from}`)} ${quoted(`b/${file.filename}`)}`];
  if (file.status === "added") lines.push("new file mode 100644");
  if (file.status === "removed") lines.push("deleted file mode 100644");
  if (file.status === "renamed") {
    lines.push(file.patch === "" && !file.binary ? "similarity index 100%" : "similarity index 90%");
    lines.push(`rename from ${quoted(from)}`, `rename to ${quoted(file.filename)}`);
  }
  if (file.patch === "" && !file.binary) {
    // An empty file added or removed: git writes its index line and no hunk.
    if (file.status === "added" || file.status === "removed")
      lines.push(`index ${shortBlob(before)}..${shortBlob(after)}`);
    return lines.join("\n");
  }
  const mode = file.status === "added" || file.status === "removed" ? "" : " 100644";
  lines.push(`index ${shortBlob(before)}..${shortBlob(after)}${mode}`);
  const oldName = file.status === "added" ? "/dev/null" : `a/${from}`;
  const newName = file.status === "removed" ? "/dev/null" : `b/${file.filename}`;
  if (file.binary) {
    const name = (n: string) => (n === "/dev/null" ? n : quoted(n));
    lines.push(`Binary files ${name(oldName)} and ${name(newName)} differ`);
    return lines.join("\n");
  }
  const side = (n: string) => (n === "/dev/null" ? n : label(n));
  lines.push(`--- ${side(oldName)}`, `+++ ${side(newName)}`, file.patch);
  return lines.join("\n");
}

function describe(
  filename: string,
  status: PullFile["status"],
  before: Buffer | undefined,
  after: Buffer | undefined,
  previousFilename?: string,
): PullFile {
  const binary = (before !== undefined && isBinary(before)) || (after !== undefined && isBinary(after));
  const diff = binary
    ? { patch: "", additions: 0, deletions: 0 }
    : filePatch(before?.toString("utf8") ?? "", after?.toString("utf8") ?? "");
  const file = {
    filename,
    ...(previousFilename !== undefined ? { previousFilename } : {}),
    status,
    additions: diff.additions,
    deletions: diff.deletions,
    patch: diff.patch,
    binary,
    blobSha: blobSha(after ?? before ?? Buffer.alloc(0)),
  };
  return { ...file, diffSection: section(file, before, after) };
}

/** The files changed between two commits, in path order as GitHub lists them. */
export function pullFiles(model: GitHubModel, repo: RepoRecord, base: string, head: string): PullFile[] {
  let byRepo = cache.get(repo);
  if (byRepo === undefined) {
    byRepo = new Map();
    cache.set(repo, byRepo);
  }
  const key = `${base}..${head}`;
  const hit = byRepo.get(key);
  if (hit !== undefined) return hit;
  const baseTree = repo.commits.get(base)?.tree;
  const headTree = repo.commits.get(head)?.tree;
  if (baseTree === undefined || headTree === undefined) throw new Error(`unknown commits ${key}`);
  const renames = model.renamesBetween(repo, base, head);
  const renamedAway = new Set<string>();
  for (const [to, from] of renames) {
    if (headTree.has(to) && baseTree.has(from) && !headTree.has(from)) renamedAway.add(from);
    else renames.delete(to);
  }
  const files: PullFile[] = [];
  const paths = [...new Set([...baseTree.keys(), ...headTree.keys()])].sort();
  for (const path of paths) {
    const before = baseTree.get(path);
    const after = headTree.get(path);
    const origin = renames.get(path);
    if (origin !== undefined) {
      files.push(describe(path, "renamed", baseTree.get(origin), after, origin));
    } else if (renamedAway.has(path)) {
      // Listed under its new name.
    } else if (before === undefined && after !== undefined) {
      files.push(describe(path, "added", undefined, after));
    } else if (before !== undefined && after === undefined) {
      files.push(describe(path, "removed", before, undefined));
    } else if (before !== undefined && after !== undefined && !before.equals(after)) {
      files.push(describe(path, "modified", before, after));
    }
  }
  byRepo.set(key, files);
  return files;
}

/** A pull request's files, counts and diff as GitHub shows them: three-dot, from the merge base of its
 * base and head. A head that does not descend from the base's tip (an existing commit opened into
 * another branch) shows its own change, never the base's later commits reversed. */
export function pullRequestFiles(
  model: GitHubModel,
  repo: RepoRecord,
  pull: { readonly baseSha: string; readonly headSha: string },
): PullFile[] {
  const from = model.mergeBase(repo, pull.baseSha, pull.headSha) ?? pull.baseSha;
  return pullFiles(model, repo, from, pull.headSha);
}
