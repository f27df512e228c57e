// One eval run split over many jobs, and put back together. `--shard i/n` runs the cases whose id
// hashes to i (the first 32 bits of the id's SHA-256, mod n, plus one): a case stays in its shard as
// the set grows or shrinks around it, which an index into the sorted list would not. Each report says
// which set it measured (`set_digest`: the hash of every case.json by name), under which configuration
// (`configuration.key`: the hash of everything a result depends on, the cache's own claims) and, when
// sharded, which shard of how many of how many cases. `eval merge` (merge.ts) puts shards back together
// only when they are one run's. Pure.
import { createHash } from "node:crypto";
import { canonicalSha256 } from "../util/canonical-json.js";
import type { Configuration } from "./configuration.js";
import type { EvalReport } from "./score.js";

/** GitHub runs at most 256 jobs from one matrix: more shards could never all run at once. */
export const MAX_SHARDS = 256;

export interface Shard {
  /** 1 to count. */
  readonly index: number;
  readonly count: number;
}

/** `i/n`, or why it is not one. */
export function parseShard(text: string): Shard | { readonly problem: string } {
  const m = /^(\d{1,3})\/(\d{1,3})$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m === null || count < 1 || count > MAX_SHARDS || index < 1 || index > count)
    return {
      problem: `--shard takes i/n, the i-th of n shards (1 ≤ i ≤ n ≤ ${MAX_SHARDS}: a GitHub matrix runs at most ${MAX_SHARDS} jobs), not ${JSON.stringify(text)}`,
    };
  return { index, count };
}

/** The shard (1 to count) a case id belongs to. */
export function shardOf(id: string, count: number): number {
  const head = createHash("sha256").update(id, "utf8").digest().readUInt32BE(0);
  return (head % count) + 1;
}

/** The set measured, as a hash of each case's name and case.json: shards of one run have the same. */
export function setDigest(cases: readonly { readonly name: string; readonly caseJson: string }[]): string {
  return canonicalSha256(
    [...cases]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((c) => [c.name, createHash("sha256").update(c.caseJson, "utf8").digest("hex")]),
  );
}

/** The configuration's key: the hash of everything a result depends on (configuration.ts). */
export function configurationKey(configuration: Configuration): string {
  return canonicalSha256(configuration);
}

/** What a report carries so that its shards can be merged: the set's digest, the configuration's key,
 * and for a shard, which of how many of how many cases. */
export interface ReportIdentity {
  readonly digest: string;
  readonly key: string;
  readonly shard?: Shard & { readonly setCases: number };
}

export type IdentifiedReport = Omit<EvalReport, "configuration"> & {
  readonly configuration: EvalReport["configuration"] & { readonly key: string };
  readonly set_digest: string;
  readonly shard?: { readonly index: number; readonly count: number; readonly set_cases: number };
};

/** The report with its identity; the same fields in the same places for a run and for a merge. */
export function identified(report: EvalReport, identity: ReportIdentity): IdentifiedReport {
  const { shard } = identity;
  return {
    ...report,
    configuration: { ...report.configuration, key: identity.key },
    set_digest: identity.digest,
    ...(shard !== undefined
      ? { shard: { index: shard.index, count: shard.count, set_cases: shard.setCases } }
      : {}),
  };
}
