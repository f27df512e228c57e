// `verdict-gate eval merge`: the shards of one run (`eval --shard i/n`) put back into the report one
// unsharded run gives — the table, every rate and interval, flips, tokens and cost are computed again
// from the cases' results by the same function (score.ts `summarize`), in the set's order. Shards that
// are not one run's are refused, each with its reason: another set (set_digest), another configuration
// (configuration.key, the reviewer, the settings, the repeats), another version or other prices; a
// shard missing or given twice; a case in a shard it does not hash to; a total that is not the set's.
// What a merge cannot give back is the wall time: `ms.total` is the sum of the shards' (the time the
// machines spent), not the time a single run would have taken. Pure.
import { z } from "zod";
import { canonicalJson } from "../util/canonical-json.js";
import { type CaseResult, RUN_STATUSES, type RunStatus, summarize } from "./score.js";
import { type IdentifiedReport, identified, shardOf } from "./shard.js";

export class NotMergeableError extends Error {
  override readonly name = "NotMergeableError";
}

const Tokens = z.object({
  in: z.number(),
  out: z.number(),
  estimated: z.object({ in: z.number(), out: z.number() }),
});

/** What merge reads of a report; the results are kept whole (a field merge does not know is carried). */
const MergeableReport = z.looseObject({
  set: z.looseObject({}),
  configuration: z.looseObject({
    reviewer: z.string(),
    settings: z.string(),
    repeat: z.int().min(1),
    key: z.string(),
  }),
  version: z.string(),
  set_digest: z.string(),
  shard: z.object({ index: z.int().min(1), count: z.int().min(1), set_cases: z.int().min(0) }).optional(),
  cost: z.looseObject({ price_in: z.number(), price_out: z.number() }).optional(),
  ms: z.looseObject({ total: z.number() }),
  results: z.array(
    z.looseObject({
      id: z.string(),
      label: z.enum(["defect", "clean"]),
      status: z.enum(RUN_STATUSES as [RunStatus, ...RunStatus[]]),
      statuses: z.array(z.enum(RUN_STATUSES as [RunStatus, ...RunStatus[]])).min(1),
      at_defect: z.boolean(),
      correct: z.boolean(),
      findings: z.array(z.looseObject({ path: z.string() })),
      tokens: Tokens,
      ms: z.number(),
      cached_runs: z.int().min(0),
    }),
  ),
});

type Mergeable = z.infer<typeof MergeableReport>;

function read(value: unknown, where: string): Mergeable {
  const parsed = MergeableReport.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new NotMergeableError(
      `${where} is not a report of verdict-gate eval --json from this version (${first?.path.join(".") ?? ""}: ${first?.message ?? "invalid"})`,
    );
  }
  // The objects as written, not as parsed: zod would put the fields it knows first, and the merged
  // report is to be the run's to the byte.
  const raw = value as Mergeable;
  return { ...parsed.data, set: raw.set, configuration: raw.configuration, results: raw.results };
}

/** The first way `b` is not of the same run as `a`, or undefined. */
function difference(a: Mergeable, b: Mergeable): string | undefined {
  if (a.set_digest !== b.set_digest) return "another set (its cases' case.json differ)";
  if (canonicalJson(a.set) !== canonicalJson(b.set)) return "another set (set.json differs)";
  if (a.version !== b.version) return `another version of verdict-gate (${a.version}, ${b.version})`;
  if (
    a.configuration.key !== b.configuration.key ||
    canonicalJson(a.configuration) !== canonicalJson(b.configuration)
  )
    return "another configuration (reviewer, settings, repeats or a command reviewer's files)";
  const prices = (r: Mergeable) => (r.cost === undefined ? "none" : `${r.cost.price_in}/${r.cost.price_out}`);
  if (prices(a) !== prices(b)) return `other prices (${prices(a)}, ${prices(b)})`;
  if ((a.shard === undefined) !== (b.shard === undefined)) return "a sharded and an unsharded run";
  if (
    a.shard !== undefined &&
    b.shard !== undefined &&
    (a.shard.count !== b.shard.count || a.shard.set_cases !== b.shard.set_cases)
  )
    return `another split (${a.shard.index}/${a.shard.count} of ${a.shard.set_cases} cases, ${b.shard.index}/${b.shard.count} of ${b.shard.set_cases})`;
  return undefined;
}

/** Checks that the shards are exactly 1..n of one split, each holding only its own cases. */
function checkShards(reports: readonly { report: Mergeable; where: string }[]): void {
  const first = reports[0]?.report.shard;
  if (first === undefined) {
    if (reports.length > 1)
      throw new NotMergeableError(
        "these are unsharded runs: merge takes the shards of one run (eval --shard i/n)",
      );
    return;
  }
  const seen = new Map<number, string>();
  for (const { report, where } of reports) {
    const shard = report.shard as NonNullable<Mergeable["shard"]>;
    const twice = seen.get(shard.index);
    if (twice !== undefined)
      throw new NotMergeableError(`shard ${shard.index}/${shard.count} is given twice (${twice}, ${where})`);
    seen.set(shard.index, where);
    for (const r of report.results)
      if (shardOf(r.id, shard.count) !== shard.index)
        throw new NotMergeableError(
          `${where} holds case ${r.id}, which is not in shard ${shard.index}/${shard.count}`,
        );
  }
  const missing = Array.from({ length: first.count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0)
    throw new NotMergeableError(
      `shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${first.count}`).join(", ")} missing: a merge of part of a run would be a report on fewer cases than the set`,
    );
  const total = reports.reduce((n, r) => n + r.report.results.length, 0);
  if (total !== first.set_cases)
    throw new NotMergeableError(`the shards hold ${total} cases, and the set ${first.set_cases}`);
}

/** The shards' reports as the report of one run. `reports` are parsed JSON, each with where it came from. */
export function mergeReports(reports: readonly { value: unknown; where: string }[]): IdentifiedReport {
  if (reports.length === 0) throw new NotMergeableError("give the reports to merge");
  const read_ = reports.map(({ value, where }) => ({ report: read(value, where), where }));
  const base = read_[0] as { report: Mergeable; where: string };
  for (const other of read_.slice(1)) {
    const why = difference(base.report, other.report);
    if (why !== undefined)
      throw new NotMergeableError(`${base.where} and ${other.where} are not shards of one run: ${why}`);
  }
  checkShards(read_);
  const results = read_
    .flatMap((r) => r.report.results)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) as unknown as CaseResult[];
  const { report } = base;
  // Every field of the configuration and the set is carried as the shards wrote it.
  const { key, ...configuration } = report.configuration;
  const merged = summarize(results, {
    set: report.set as IdentifiedReport["set"],
    configuration,
    version: report.version,
    totalMs: read_.reduce((n, r) => n + r.report.ms.total, 0),
    ...(report.cost !== undefined
      ? { prices: { in: report.cost.price_in, out: report.cost.price_out } }
      : {}),
  });
  return identified(merged, { digest: report.set_digest, key });
}
