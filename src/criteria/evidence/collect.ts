// Collecting evidence: the contract is checked through a recorder wrapped around the real tree, so
// the bundle holds exactly the answers the verdict was built from (no more, no fewer), each with its
// hash. Errors are recorded too: a path that escaped the tree re-runs as the same error.

import type { Diff } from "../../diff/types.js";
import type { TreeReader } from "../../ports/tree.js";
import { treePath } from "../../ports/tree.js";
import { canonicalJson, canonicalSha256, sha256Hex } from "../../util/canonical-json.js";
import type { Contract } from "../contract-schema.js";
import { checkContract } from "../engine.js";
import {
  type Artifact,
  artifactKey,
  DEFAULT_CAPS,
  EVIDENCE_FORMAT,
  type EvidenceBundle,
  type EvidenceCaps,
} from "./bundle.js";
import { bundleHash } from "./bundle-hash.js";

type Op = "entry" | "read" | "list" | "json" | "rows";

/** The content budget shared by every artifact of one bundle, spent in the order criteria ask. */
interface Budget {
  remaining: number;
  readonly perArtifact: number;
}

function take(budget: Budget, wanted: number): number {
  const granted = Math.max(0, Math.min(wanted, budget.perArtifact, budget.remaining));
  budget.remaining -= granted;
  return granted;
}

/** Seals an artifact: `sha256` over the canonical JSON of the rest of it. */
function sealed<const T extends Record<string, unknown>>(payload: T): T & { sha256: string } {
  return { ...payload, sha256: canonicalSha256(payload) };
}

function keyPath(path: string): string {
  try {
    return treePath(path);
  } catch {
    return path;
  }
}

function recordingTree(inner: TreeReader, budget: Budget, artifacts: Map<string, Artifact>): TreeReader {
  async function recorded<R>(
    op: Op,
    rawPath: string,
    table: string | undefined,
    ask: () => Promise<R>,
    seal: (result: R, path: string) => Artifact | Promise<Artifact>,
  ): Promise<R> {
    const path = keyPath(rawPath);
    const key = artifactKey(op, path, table);
    let result: R;
    try {
      result = await ask();
    } catch (thrown) {
      if (!artifacts.has(key)) {
        const message = thrown instanceof Error ? thrown.message : String(thrown);
        artifacts.set(
          key,
          sealed({
            op: "error",
            of: op,
            path,
            ...(table === undefined ? {} : { table }),
            message,
          }) as Artifact,
        );
      }
      throw thrown;
    }
    if (!artifacts.has(key)) artifacts.set(key, await seal(result, path));
    return result;
  }

  return {
    entry: (p) =>
      recorded(
        "entry",
        p,
        undefined,
        () => inner.entry(p),
        (result, path) => sealed({ op: "entry", path, result }) as Artifact,
      ),
    read: (p) =>
      recorded(
        "read",
        p,
        undefined,
        () => inner.read(p),
        (file, path) => {
          const kept = file.bytes.subarray(0, take(budget, file.bytes.length));
          return {
            op: "read",
            path,
            size: file.size,
            bytes_read: file.bytes.length,
            sha256: sha256Hex(file.bytes),
            content: Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength).toString("base64"),
            content_bytes: kept.length,
            content_sha256: sha256Hex(kept),
            truncated: kept.length < file.size,
          };
        },
      ),
    list: (p) =>
      recorded(
        "list",
        p,
        undefined,
        () => inner.list(p),
        (listing, path) =>
          sealed({
            op: "list",
            path,
            entries: listing.entries.map((e) => ({ ...e })),
            truncated: listing.truncated,
          }) as Artifact,
      ),
    readJson: (p) =>
      recorded(
        "json",
        p,
        undefined,
        () => inner.readJson(p),
        (result, path) => {
          if (result.kind === "invalid")
            return sealed({ op: "json", path, result, omitted: false }) as Artifact;
          // The value is kept as its canonical JSON text: serialised once (for its size and, as a plain
          // string, for the artifact's hash), and a file over the cap is not serialised at all.
          const json =
            result.size <= budget.perArtifact && budget.remaining > 0
              ? canonicalJson(result.value)
              : undefined;
          const fits =
            json !== undefined && json.length <= budget.perArtifact && json.length <= budget.remaining;
          if (!fits) return sealed({ op: "json", path, omitted: true }) as Artifact;
          budget.remaining -= json.length;
          return sealed({
            op: "json",
            path,
            result: { kind: "parsed", json, size: result.size },
            omitted: false,
          }) as Artifact;
        },
      ),
    tableRows: (p, table) =>
      recorded(
        "rows",
        p,
        table,
        () => inner.tableRows(p, table),
        async (result, path) => {
          // Tie the count to one database file; a failed second read only leaves the hash out.
          let db: { db_sha256: string; db_size: number } | Record<string, never> = {};
          try {
            const file = await inner.read(p);
            if (!file.truncated) db = { db_sha256: sha256Hex(file.bytes), db_size: file.size };
          } catch {
            db = {};
          }
          return sealed({ op: "rows", path, table, result, ...db }) as Artifact;
        },
      ),
  };
}

/** What the diff criteria need of a Diff: everything but each file's raw patch text. */
function diffEvidence(diff: Diff): unknown {
  return {
    source: diff.source,
    truncated: diff.truncated,
    ...(diff.reportedFiles === undefined ? {} : { reportedFiles: diff.reportedFiles }),
    files: diff.files.map(({ patch: _patch, ...file }) => file),
  };
}

/** Checks the contract against the tree and returns the bundle that lets anyone re-check it. */
export async function collectEvidence(
  contract: Contract,
  ctx: { readonly tree: TreeReader; readonly diff?: Diff | undefined; readonly noDiff?: string | undefined },
  caps: EvidenceCaps = DEFAULT_CAPS,
): Promise<EvidenceBundle> {
  const artifacts = new Map<string, Artifact>();
  const budget: Budget = { remaining: caps.total_bytes, perArtifact: caps.artifact_bytes };
  const usesDiff = contract.success_criteria.some((c) => c.type.startsWith("diff_"));
  if (usesDiff && ctx.diff !== undefined) {
    const diff = diffEvidence(ctx.diff);
    const size = canonicalJson(diff).length;
    const fits = size <= budget.remaining;
    if (fits) budget.remaining -= size;
    artifacts.set(
      "diff",
      sealed(
        fits ? { op: "diff", diff: diff as never, omitted: false } : { op: "diff", omitted: true },
      ) as Artifact,
    );
  }
  const tree = recordingTree(ctx.tree, budget, artifacts);
  const report = await checkContract(contract, { tree, diff: ctx.diff, noDiff: ctx.noDiff });
  const sortedArtifacts = Object.fromEntries(
    [...artifacts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  // Canonical JSON ignores key order and undefined fields, so this is the hash a reader of the written
  // file recomputes.
  const body = { format: EVIDENCE_FORMAT, contract, caps, artifacts: sortedArtifacts, report } as const;
  return { ...body, bundle_hash: bundleHash(body) };
}
