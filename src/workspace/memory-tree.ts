// A TreeReader over files held in memory: the head of an eval case, rebuilt from its base/ files and
// its change.diff (src/diff/apply.ts). It answers what the on-disk tree answers (fs-tree.ts), under the
// same rules: paths confined by treePath, reads capped, JSON read strictly, SQLite opened read-only
// from bytes; and, for the reviewer's context (src/context/), its files as the tracked ones (a walk:
// there is no index) and reads that follow no link (it holds none). A path whose content the diff could not give (a binary change) exists but cannot be
// read: every question about it is a TreeError, so a criterion on it errors and can never pass.

import { parseJsonFile } from "../criteria/text.js";
import {
  type Entry,
  type FileBytes,
  LIST_CAP_ENTRIES,
  type ListedEntry,
  type Listing,
  READ_CAP_BYTES,
  type TrackedFiles,
  TreeError,
  type TreeReader,
  treePath,
} from "../ports/tree.js";
import { foldKey, nameKey } from "../util/path-name.js";
import { countTableRows } from "./sqlite-engine.js";

export interface MemoryTreeInput {
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** Paths that exist but whose content is not known, with why. */
  readonly unknown?: ReadonlyMap<string, string>;
  readonly readCapBytes?: number;
}

type Node =
  | { kind: "file"; path: string; bytes: Uint8Array }
  | { kind: "unknown"; path: string; why: string }
  | { kind: "dir"; path: string };

export function memoryTree(input: MemoryTreeInput): TreeReader {
  const readCap = input.readCapBytes ?? READ_CAP_BYTES;
  // Every node by the key its name compares under (NFC), with its spelling; directories implied by
  // the files under them.
  const nodes = new Map<string, Node>();
  const children = new Map<string, Map<string, ListedEntry>>();
  const add = (node: Node) => {
    nodes.set(nameKey(node.path), node);
    const parts = node.path.split("/");
    for (let i = 0; i < parts.length; i += 1) {
      const dir = parts.slice(0, i).join("/");
      const name = parts[i] as string;
      const here = parts.slice(0, i + 1).join("/");
      if (i < parts.length - 1 && !nodes.has(nameKey(here)))
        nodes.set(nameKey(here), { kind: "dir", path: here });
      const listed = children.get(nameKey(dir)) ?? new Map<string, ListedEntry>();
      listed.set(name, { name, kind: i < parts.length - 1 ? "dir" : "file" });
      children.set(nameKey(dir), listed);
    }
  };
  for (const [path, bytes] of input.files) add({ kind: "file", path: treePath(path), bytes });
  for (const [path, why] of input.unknown ?? []) add({ kind: "unknown", path: treePath(path), why });
  nodes.set("", { kind: "dir", path: "" });

  const find = (asked: string): Node | undefined => nodes.get(nameKey(treePath(asked)));
  const spelled = (asked: string, node: Node): { spelled?: string } =>
    node.path === treePath(asked) ? {} : { spelled: node.path };

  const fileBytes = (asked: string): FileBytes => {
    const node = find(asked);
    const path = treePath(asked);
    if (node === undefined) throw new TreeError(`${path} does not exist`);
    if (node.kind === "unknown") throw new TreeError(node.why);
    if (node.kind === "dir") throw new TreeError(`${path} is a directory, not a file`);
    const bytes = node.bytes.subarray(0, readCap);
    return { bytes, size: node.bytes.length, truncated: bytes.length < node.bytes.length };
  };

  return {
    async entry(asked: string): Promise<Entry> {
      const node = find(asked);
      if (node === undefined) {
        const key = foldKey(treePath(asked));
        const twin = [...nodes.values()].find((n) => n.path !== "" && foldKey(n.path) === key);
        return twin === undefined ? { kind: "absent" } : { kind: "absent", caseTwin: twin.path };
      }
      if (node.kind === "unknown") throw new TreeError(node.why);
      if (node.kind === "dir") return { kind: "dir", ...spelled(asked, node) };
      return { kind: "file", size: node.bytes.length, ...spelled(asked, node) };
    },
    async read(asked: string): Promise<FileBytes> {
      return fileBytes(asked);
    },
    async list(asked: string): Promise<Listing> {
      const node = find(asked);
      if (node === undefined || node.kind !== "dir")
        throw new TreeError(`${treePath(asked) || "."} is not a directory`);
      const all = [...(children.get(nameKey(node.path))?.values() ?? [])].sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      );
      return { entries: all.slice(0, LIST_CAP_ENTRIES), truncated: all.length > LIST_CAP_ENTRIES };
    },
    async readJson(asked: string) {
      return parseJsonFile(fileBytes(asked), treePath(asked));
    },
    async tableRows(asked: string, table: string) {
      const file = fileBytes(asked);
      if (file.truncated) {
        throw new TreeError(
          `${treePath(asked)} is larger than the read cap (${file.size} bytes); not opened`,
        );
      }
      return countTableRows(file.bytes, table, treePath(asked));
    },
    // Every path held, known or not (one whose content the diff could not give is still tracked; reading
    // it is a TreeError), in code-point order so a search visits them the same way every run.
    async trackedFiles(limit: number): Promise<TrackedFiles> {
      const all = [...nodes.values()]
        .filter((n) => n.kind !== "dir")
        .map((n) => n.path)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return { paths: all.slice(0, limit), truncated: all.length > limit, from: "walk" };
    },
    async readNoFollow(asked: string, maxBytes: number): Promise<FileBytes> {
      const file = fileBytes(asked);
      const bytes = file.bytes.subarray(0, Math.max(0, maxBytes));
      return { bytes, size: file.size, truncated: bytes.length < file.size };
    },
  };
}
