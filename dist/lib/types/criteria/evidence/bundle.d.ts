import { z } from "zod";
import type { Contract } from "../contract-schema.js";
import type { ContractReport } from "../report.js";
export declare const EVIDENCE_FORMAT = "verdict-gate-evidence/1";
/** Bytes of one artifact's content kept in a bundle (verdictkit keeps 256 KiB): a reviewer can read
 * it, and a criterion decided within it re-runs. */
export declare const EVIDENCE_ARTIFACT_BYTES: number;
/** Content kept across the whole bundle. Past it, artifacts keep their hashes but not their content,
 * and the criteria that need it re-run as errors (FLAG), never as passes. */
export declare const EVIDENCE_TOTAL_BYTES: number;
export interface EvidenceCaps {
    readonly read_bytes: number;
    readonly artifact_bytes: number;
    readonly total_bytes: number;
    readonly list_entries: number;
}
export declare const DEFAULT_CAPS: EvidenceCaps;
/** A file's bytes: `sha256` is over the `bytes_read` bytes the criteria judged (all of the file unless
 * the read was capped); `content` holds the first `content_bytes` of them, hashed as `content_sha256`. */
declare const ReadArtifact: z.ZodObject<{
    op: z.ZodLiteral<"read">;
    path: z.ZodString;
    size: z.ZodInt;
    bytes_read: z.ZodInt;
    sha256: z.ZodString;
    content: z.ZodString;
    content_bytes: z.ZodInt;
    content_sha256: z.ZodString;
    truncated: z.ZodBoolean;
}, z.core.$strict>;
export declare const ArtifactSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    op: z.ZodLiteral<"entry">;
    path: z.ZodString;
    result: z.ZodUnion<readonly [z.ZodObject<{
        kind: z.ZodLiteral<"absent">;
        dangling: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"file">;
        size: z.ZodInt;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"dir">;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"other">;
        what: z.ZodString;
    }, z.core.$strict>]>;
    sha256: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    op: z.ZodLiteral<"read">;
    path: z.ZodString;
    size: z.ZodInt;
    bytes_read: z.ZodInt;
    sha256: z.ZodString;
    content: z.ZodString;
    content_bytes: z.ZodInt;
    content_sha256: z.ZodString;
    truncated: z.ZodBoolean;
}, z.core.$strict>, z.ZodObject<{
    op: z.ZodLiteral<"list">;
    path: z.ZodString;
    entries: z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        kind: z.ZodEnum<{
            file: "file";
            dir: "dir";
            other: "other";
            symlink: "symlink";
        }>;
    }, z.core.$strict>>;
    truncated: z.ZodBoolean;
    sha256: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    op: z.ZodLiteral<"json">;
    path: z.ZodString;
    result: z.ZodOptional<z.ZodUnion<readonly [z.ZodObject<{
        kind: z.ZodLiteral<"parsed">;
        json: z.ZodString;
        size: z.ZodInt;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"invalid">;
        message: z.ZodString;
        size: z.ZodInt;
    }, z.core.$strict>]>>;
    omitted: z.ZodBoolean;
    sha256: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    op: z.ZodLiteral<"rows">;
    path: z.ZodString;
    table: z.ZodString;
    result: z.ZodUnion<readonly [z.ZodObject<{
        kind: z.ZodLiteral<"rows">;
        rows: z.ZodInt;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"no-table">;
    }, z.core.$strict>]>;
    db_sha256: z.ZodOptional<z.ZodString>;
    db_size: z.ZodOptional<z.ZodInt>;
    sha256: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    op: z.ZodLiteral<"error">;
    of: z.ZodEnum<{
        rows: "rows";
        entry: "entry";
        list: "list";
        json: "json";
        read: "read";
    }>;
    path: z.ZodString;
    table: z.ZodOptional<z.ZodString>;
    message: z.ZodString;
    sha256: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    op: z.ZodLiteral<"diff">;
    diff: z.ZodOptional<z.ZodUnknown>;
    omitted: z.ZodBoolean;
    sha256: z.ZodString;
}, z.core.$strict>], "op">;
export type Artifact = z.infer<typeof ArtifactSchema>;
export type ReadArtifactT = z.infer<typeof ReadArtifact>;
export declare const BundleShape: z.ZodObject<{
    format: z.ZodLiteral<"verdict-gate-evidence/1">;
    contract: z.ZodUnknown;
    caps: z.ZodObject<{
        read_bytes: z.ZodInt;
        artifact_bytes: z.ZodInt;
        total_bytes: z.ZodInt;
        list_entries: z.ZodInt;
    }, z.core.$strict>;
    artifacts: z.ZodRecord<z.ZodString, z.ZodDiscriminatedUnion<[z.ZodObject<{
        op: z.ZodLiteral<"entry">;
        path: z.ZodString;
        result: z.ZodUnion<readonly [z.ZodObject<{
            kind: z.ZodLiteral<"absent">;
            dangling: z.ZodOptional<z.ZodBoolean>;
        }, z.core.$strict>, z.ZodObject<{
            kind: z.ZodLiteral<"file">;
            size: z.ZodInt;
        }, z.core.$strict>, z.ZodObject<{
            kind: z.ZodLiteral<"dir">;
        }, z.core.$strict>, z.ZodObject<{
            kind: z.ZodLiteral<"other">;
            what: z.ZodString;
        }, z.core.$strict>]>;
        sha256: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        op: z.ZodLiteral<"read">;
        path: z.ZodString;
        size: z.ZodInt;
        bytes_read: z.ZodInt;
        sha256: z.ZodString;
        content: z.ZodString;
        content_bytes: z.ZodInt;
        content_sha256: z.ZodString;
        truncated: z.ZodBoolean;
    }, z.core.$strict>, z.ZodObject<{
        op: z.ZodLiteral<"list">;
        path: z.ZodString;
        entries: z.ZodArray<z.ZodObject<{
            name: z.ZodString;
            kind: z.ZodEnum<{
                file: "file";
                dir: "dir";
                other: "other";
                symlink: "symlink";
            }>;
        }, z.core.$strict>>;
        truncated: z.ZodBoolean;
        sha256: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        op: z.ZodLiteral<"json">;
        path: z.ZodString;
        result: z.ZodOptional<z.ZodUnion<readonly [z.ZodObject<{
            kind: z.ZodLiteral<"parsed">;
            json: z.ZodString;
            size: z.ZodInt;
        }, z.core.$strict>, z.ZodObject<{
            kind: z.ZodLiteral<"invalid">;
            message: z.ZodString;
            size: z.ZodInt;
        }, z.core.$strict>]>>;
        omitted: z.ZodBoolean;
        sha256: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        op: z.ZodLiteral<"rows">;
        path: z.ZodString;
        table: z.ZodString;
        result: z.ZodUnion<readonly [z.ZodObject<{
            kind: z.ZodLiteral<"rows">;
            rows: z.ZodInt;
        }, z.core.$strict>, z.ZodObject<{
            kind: z.ZodLiteral<"no-table">;
        }, z.core.$strict>]>;
        db_sha256: z.ZodOptional<z.ZodString>;
        db_size: z.ZodOptional<z.ZodInt>;
        sha256: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        op: z.ZodLiteral<"error">;
        of: z.ZodEnum<{
            rows: "rows";
            entry: "entry";
            list: "list";
            json: "json";
            read: "read";
        }>;
        path: z.ZodString;
        table: z.ZodOptional<z.ZodString>;
        message: z.ZodString;
        sha256: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        op: z.ZodLiteral<"diff">;
        diff: z.ZodOptional<z.ZodUnknown>;
        omitted: z.ZodBoolean;
        sha256: z.ZodString;
    }, z.core.$strict>], "op">>;
    report: z.ZodUnknown;
    bundle_hash: z.ZodString;
}, z.core.$strict>;
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
export declare function artifactKey(op: "entry" | "read" | "list" | "json" | "rows", path: string, table?: string): string;
export {};
