// A TreeReader that answers only from an evidence bundle: the tree as it was recorded, and nothing
// else. A question the bundle holds no answer to is an error (the criterion cannot be re-run), and an
// artifact whose content was capped reads as a capped file, so the same prefix rules apply as on the
// real tree: a criterion the kept bytes cannot decide is an error, never a pass.

import type { Diff } from "../../diff/types.js";
import {
  type Entry,
  type FileBytes,
  type JsonRead,
  type Listing,
  type TableRows,
  TreeError,
  type TreeReader,
  treePath,
} from "../../ports/tree.js";
import { describeError } from "../../util/describe-error.js";
import { parseStrictJson } from "../../util/strict-json.js";
import { type Artifact, artifactKey } from "./bundle.js";

type Op = "entry" | "read" | "list" | "json" | "rows";

export function bundleTree(artifacts: Readonly<Record<string, Artifact>>): TreeReader {
  function lookup<K extends Artifact["op"]>(
    op: Op,
    path: string,
    want: K,
    table?: string,
  ): Extract<Artifact, { op: K }> {
    const key = artifactKey(op, path, table);
    const artifact = Object.hasOwn(artifacts, key) ? artifacts[key] : undefined;
    if (artifact === undefined) throw new TreeError(`${key} is not in the evidence bundle`);
    if (artifact.op === "error") throw new TreeError(artifact.message);
    if (artifact.op !== want)
      throw new TreeError(`${key} in the evidence bundle is a ${artifact.op} artifact`);
    return artifact as Extract<Artifact, { op: K }>;
  }

  return {
    async entry(p: string): Promise<Entry> {
      return lookup("entry", treePath(p), "entry").result;
    },
    async read(p: string): Promise<FileBytes> {
      const artifact = lookup("read", treePath(p), "read");
      const bytes = new Uint8Array(Buffer.from(artifact.content, "base64"));
      return { bytes, size: artifact.size, truncated: bytes.length < artifact.size };
    },
    async list(p: string): Promise<Listing> {
      const artifact = lookup("list", treePath(p), "list");
      return { entries: artifact.entries, truncated: artifact.truncated };
    },
    async readJson(p: string): Promise<JsonRead> {
      const path = treePath(p);
      const artifact = lookup("json", path, "json");
      if (artifact.result === undefined) {
        throw new TreeError(`the parsed JSON of ${path} did not fit the evidence bundle's caps`);
      }
      const { result } = artifact;
      if (result.kind === "invalid") return result;
      try {
        return { kind: "parsed", value: parseStrictJson(result.json), size: result.size };
      } catch (error) {
        // The collector writes canonical JSON, which never repeats a key: one that does was edited.
        throw new TreeError(
          `the parsed JSON of ${path} in the evidence bundle is not JSON as the gate writes it: ${describeError(error)}`,
        );
      }
    },
    async tableRows(p: string, table: string): Promise<TableRows> {
      return lookup("rows", treePath(p), "rows", table).result;
    },
  };
}

/** The diff as recorded, or undefined when none was (or it did not fit): diff criteria then error. */
export function bundleDiff(artifacts: Readonly<Record<string, Artifact>>): Diff | undefined {
  const artifact = Object.hasOwn(artifacts, "diff") ? artifacts.diff : undefined;
  if (artifact === undefined || artifact.op !== "diff" || artifact.diff === undefined) return undefined;
  const recorded = artifact.diff as unknown as Omit<Diff, "files"> & {
    files: Omit<Diff["files"][number], "patch">[];
  };
  return { ...recorded, files: recorded.files.map((file) => ({ ...file, patch: "" })) };
}
