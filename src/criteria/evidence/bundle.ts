// The evidence bundle (verdictkit's, content-addressed): every answer the tree gave while the contract
// was checked, kept so that a third party can re-run the same criteria without the tree. File bytes
// (or their capped prefix) with sha256, directory listings, parsed JSON, SQLite row counts, the diff,
// and a `bundle_hash` over the canonical JSON of all of it. No clock and no host name goes in: the same
// tree and contract always give the same bundle, byte for byte.
import { z } from "zod";
import { LIST_CAP_ENTRIES, READ_CAP_BYTES } from "../../ports/tree.js";
import type { Contract } from "../contract-schema.js";
import type { ContractReport } from "../report.js";

export const EVIDENCE_FORMAT = "verdict-gate-evidence/1";

/** Bytes of one artifact's content kept in a bundle (verdictkit keeps 256 KiB): a reviewer can read
 * it, and a criterion decided within it re-runs. */
export const EVIDENCE_ARTIFACT_BYTES = 256 * 1024;

/** Content kept across the whole bundle. Past it, artifacts keep their hashes but not their content,
 * and the criteria that need it re-run as errors (FLAG), never as passes. */
export const EVIDENCE_TOTAL_BYTES = 64 * 1024 * 1024;

export interface EvidenceCaps {
  readonly read_bytes: number;
  readonly artifact_bytes: number;
  readonly total_bytes: number;
  readonly list_entries: number;
}

export const DEFAULT_CAPS: EvidenceCaps = {
  read_bytes: READ_CAP_BYTES,
  artifact_bytes: EVIDENCE_ARTIFACT_BYTES,
  total_bytes: EVIDENCE_TOTAL_BYTES,
  list_entries: LIST_CAP_ENTRIES,
};

const sha = z.string().regex(/^[0-9a-f]{64}$/, "must be a sha256 in hex");
const path = z.string();

const entryResult = z.union([
  z.strictObject({
    kind: z.literal("absent"),
    dangling: z.boolean().exactOptional(),
    caseTwin: z.string().exactOptional(),
  }),
  z.strictObject({ kind: z.literal("file"), size: z.int().min(0), spelled: z.string().exactOptional() }),
  z.strictObject({ kind: z.literal("dir"), spelled: z.string().exactOptional() }),
  z.strictObject({ kind: z.literal("other"), what: z.string(), spelled: z.string().exactOptional() }),
]);

/** Artifacts whose payload hash is `sha256` over the canonical JSON of everything else in them. */
const EntryArtifact = z.strictObject({ op: z.literal("entry"), path, result: entryResult, sha256: sha });
const ListArtifact = z.strictObject({
  op: z.literal("list"),
  path,
  entries: z.array(z.strictObject({ name: z.string(), kind: z.enum(["file", "dir", "symlink", "other"]) })),
  truncated: z.boolean(),
  sha256: sha,
});
const JsonArtifact = z.strictObject({
  op: z.literal("json"),
  path,
  /** The parsed value or the parse error; absent when it did not fit the evidence caps. */
  result: z
    .union([
      /** `json`: the parsed value as canonical JSON text. */
      z.strictObject({ kind: z.literal("parsed"), json: z.string(), size: z.int().min(0) }),
      z.strictObject({ kind: z.literal("invalid"), message: z.string(), size: z.int().min(0) }),
    ])
    .optional(),
  omitted: z.boolean(),
  sha256: sha,
});
const RowsArtifact = z.strictObject({
  op: z.literal("rows"),
  path,
  table: z.string(),
  result: z.union([
    z.strictObject({ kind: z.literal("rows"), rows: z.int().min(0) }),
    z.strictObject({ kind: z.literal("no-table") }),
  ]),
  /** The database file's sha256 and size, to tie the count to one file. */
  db_sha256: sha.optional(),
  db_size: z.int().min(0).optional(),
  sha256: sha,
});
const ErrorArtifact = z.strictObject({
  op: z.literal("error"),
  of: z.enum(["entry", "read", "list", "json", "rows"]),
  path,
  table: z.string().optional(),
  message: z.string(),
  sha256: sha,
});
const DiffArtifact = z.strictObject({
  op: z.literal("diff"),
  /** The Diff without each file's raw `patch` text (its hunks carry the lines); absent when over the
   * evidence caps. */
  diff: z.unknown().optional(),
  omitted: z.boolean(),
  sha256: sha,
});

/** A file's bytes: `sha256` is over the `bytes_read` bytes the criteria judged (all of the file unless
 * the read was capped); `content` holds the first `content_bytes` of them, hashed as `content_sha256`. */
const ReadArtifact = z.strictObject({
  op: z.literal("read"),
  path,
  size: z.int().min(0),
  bytes_read: z.int().min(0),
  sha256: sha,
  content: z.string(),
  content_bytes: z.int().min(0),
  content_sha256: sha,
  truncated: z.boolean(),
});

export const ArtifactSchema = z.discriminatedUnion("op", [
  EntryArtifact,
  ReadArtifact,
  ListArtifact,
  JsonArtifact,
  RowsArtifact,
  ErrorArtifact,
  DiffArtifact,
]);

export type Artifact = z.infer<typeof ArtifactSchema>;

export const BundleShape = z.strictObject({
  format: z.literal(EVIDENCE_FORMAT),
  /** Validated by the contract loader when the bundle is verified. */
  contract: z.unknown(),
  caps: z.strictObject({
    read_bytes: z.int(),
    artifact_bytes: z.int(),
    total_bytes: z.int(),
    list_entries: z.int(),
  }),
  artifacts: z.record(z.string(), ArtifactSchema),
  report: z.unknown(),
  bundle_hash: sha,
});

export interface EvidenceBundle {
  readonly format: typeof EVIDENCE_FORMAT;
  readonly contract: Contract;
  readonly caps: EvidenceCaps;
  /** Keyed `op:path` (`rows:path#table`, `diff`): one answer per question asked. */
  readonly artifacts: Readonly<Record<string, Artifact>>;
  /** The report as checked against the tree when the bundle was collected. */
  readonly report: ContractReport;
  /** sha256 (hex) of the canonical JSON of every other field, each artifact standing for its digest
   * (bundle-hash.ts). */
  readonly bundle_hash: string;
}

export function artifactKey(
  op: "entry" | "read" | "list" | "json" | "rows",
  path: string,
  table?: string,
): string {
  return table === undefined ? `${op}:${path}` : `${op}:${path}#${table}`;
}
