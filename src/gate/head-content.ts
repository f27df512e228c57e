// The content of changed files at the head, for the files the gate withholds from the reviewer or
// checks itself (source maps, lockfiles): a default exclude holds only for content that is what its
// name claims, and a lockfile is checked by its content. The sources, in order:
// 1. the diff, when it adds the file whole (nothing else to read);
// 2. the checked-out tree, when it is the pull request's code (the round says so: the head, or the
//    test merge commit GitHub checks out), or the working tree of a local review;
// 3. the contents API at the head commit, for at most MAX_API_READS files a round.
// Content none of them gives is "unavailable", and the caller decides fail-closed: the file is
// reviewed, and a lockfile holds.

import type { DiffFile } from "../diff/types.js";
import type { ContractFile } from "../ports/github.js";
import type { TreeReader } from "../ports/tree.js";
import { addedWhole, type HeadContent } from "../review/excluded-content.js";
import { describeError } from "../util/describe-error.js";

/** Contents API reads a round spends on withheld files at most: a PR that renames 5,000 source maps
 * must not spend the token's rate limit; the files past it are reviewed. */
export const MAX_API_READS = 50;

export interface HeadSources {
  /** The checked-out tree, only when it holds the pull request's code. */
  readonly tree?: TreeReader;
  /** A file at the head commit through the contents API. */
  readonly readAtHead?: (path: string) => Promise<ContractFile>;
  readonly maxApiReads?: number;
}

async function fromTree(tree: TreeReader, path: string): Promise<HeadContent> {
  let file: Awaited<ReturnType<TreeReader["read"]>>;
  try {
    file = await tree.read(path);
  } catch (error) {
    return { kind: "unavailable", why: `the checked-out tree: ${describeError(error)}` };
  }
  if (file.truncated) {
    return {
      kind: "unavailable",
      why: `${file.size} bytes, more than the ${file.bytes.byteLength} the gate reads`,
    };
  }
  try {
    return { kind: "text", text: new TextDecoder("utf-8", { fatal: true }).decode(file.bytes), from: "tree" };
  } catch {
    return { kind: "unavailable", why: "not UTF-8 text" };
  }
}

async function fromApi(read: (path: string) => Promise<ContractFile>, path: string): Promise<HeadContent> {
  try {
    const file = await read(path);
    if (file.kind === "found") return { kind: "text", text: file.text, from: "api" };
    if (file.kind === "missing") return { kind: "unavailable", why: "GitHub has no such file at the head" };
    return { kind: "unavailable", why: file.message };
  } catch (error) {
    return { kind: "unavailable", why: describeError(error) };
  }
}

/** Each file's content at the head, or why it could not be had. */
export async function readHeadContents(
  files: readonly DiffFile[],
  sources: HeadSources,
): Promise<Map<string, HeadContent>> {
  const out = new Map<string, HeadContent>();
  let apiReads = 0;
  const maxApiReads = sources.maxApiReads ?? MAX_API_READS;
  for (const file of files) {
    if (out.has(file.path)) continue;
    const whole = addedWhole(file);
    if (whole !== undefined) {
      out.set(file.path, { kind: "text", text: whole, from: "diff" });
      continue;
    }
    let content: HeadContent = {
      kind: "unavailable",
      why: "no checked-out tree of the head to read it from",
    };
    if (sources.tree !== undefined) content = await fromTree(sources.tree, file.path);
    if (content.kind === "unavailable" && sources.readAtHead !== undefined) {
      if (apiReads < maxApiReads) {
        apiReads += 1;
        const api = await fromApi(sources.readAtHead, file.path);
        content = api.kind === "text" ? api : { kind: "unavailable", why: `${content.why}; ${api.why}` };
      } else {
        content = {
          kind: "unavailable",
          why: `${content.why}; over the ${maxApiReads} files read through the API`,
        };
      }
    }
    out.set(file.path, content);
  }
  return out;
}
