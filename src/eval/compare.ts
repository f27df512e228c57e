// `verdict-gate eval compare A.json B.json`: two reports of one set, paired case by case. Each case is
// correct or not under each configuration (score.ts: a defect blocked, a clean change approved; a hold
// is correct for neither), and only the cases where the two disagree say anything about which is
// better: b are correct under A alone, c under B alone, and the exact McNemar test (stats.ts) says how
// likely a split at least that uneven is if the two were equally good. Reports of different sets (a
// case in one and not the other, or labelled differently) are refused: their pairs would not be
// pairs. Pure.
import { z } from "zod";
import { isCorrect, RUN_STATUSES, type RunStatus } from "./score.js";
import { mcnemarExact } from "./stats.js";

/** What compare reads of a report: its cases' ids, labels and first statuses. */
const ReportResults = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      label: z.enum(["defect", "clean"]),
      status: z.enum(RUN_STATUSES as [RunStatus, ...RunStatus[]]),
    }),
  ),
});

export class NotComparableError extends Error {
  override readonly name = "NotComparableError";
}

export interface ChangedCase {
  readonly id: string;
  readonly label: "defect" | "clean";
  readonly a: RunStatus;
  readonly b: RunStatus;
  /** Correct under A, under B. */
  readonly correct: readonly [boolean, boolean];
}

/** One kind of error each way: the cases A makes it on and B does not, and the other way, with the
 * exact McNemar p of that split (the cases both make it on, or neither, say nothing). */
export interface ErrorsEachWay {
  readonly a_only: readonly string[];
  readonly b_only: readonly string[];
  readonly p: number;
}

export interface Comparison {
  /** Correct under A, not under B. */
  readonly b: number;
  /** Correct under B, not under A. */
  readonly c: number;
  /** The exact two-sided McNemar p-value. */
  readonly p: number;
  /** Cases whose status changed, by id. */
  readonly changed: readonly string[];
  readonly cases: number;
  readonly details: readonly ChangedCase[];
  /** Approves of defect cases under A only and under B only. */
  readonly false_approve: ErrorsEachWay;
  /** Blocks of clean cases under A only and under B only. */
  readonly false_block: ErrorsEachWay;
}

function eachWay(pairs: readonly { id: string; a: boolean; b: boolean }[]): ErrorsEachWay {
  const a_only = pairs.filter((x) => x.a && !x.b).map((x) => x.id);
  const b_only = pairs.filter((x) => x.b && !x.a).map((x) => x.id);
  return { a_only, b_only, p: mcnemarExact(a_only.length, b_only.length) };
}

/** Whether B is significantly worse than A on false approves: it approves more defects, and a split
 * that uneven has a two-sided p under 0.05 if the two were equally good. */
export function worseOnFalseApproves(c: Comparison): boolean {
  return c.false_approve.b_only.length > c.false_approve.a_only.length && c.false_approve.p < 0.05;
}

/** A report's results, or why the value is not a report `eval --json` wrote. */
export function readReport(value: unknown, where: string): z.infer<typeof ReportResults>["results"] {
  const parsed = ReportResults.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new NotComparableError(
      `${where} is not a report of verdict-gate eval --json (${first?.path.join(".") ?? ""}: ${first?.message ?? "invalid"})`,
    );
  }
  const seen = new Set<string>();
  for (const r of parsed.data.results) {
    if (seen.has(r.id)) throw new NotComparableError(`${where} holds case ${r.id} twice`);
    seen.add(r.id);
  }
  return parsed.data.results;
}

export function compareReports(
  a: ReturnType<typeof readReport>,
  b: ReturnType<typeof readReport>,
  names: readonly [string, string] = ["A", "B"],
): Comparison {
  const byId = new Map(b.map((r) => [r.id, r]));
  const onlyA = a.filter((r) => !byId.has(r.id)).map((r) => r.id);
  const ids = new Set(a.map((r) => r.id));
  const onlyB = b.filter((r) => !ids.has(r.id)).map((r) => r.id);
  if (onlyA.length > 0 || onlyB.length > 0) {
    const say = (list: string[], name: string) =>
      list.length > 0
        ? `${list.length} case(s) only in ${name} (${list.slice(0, 5).join(", ")}${list.length > 5 ? ", …" : ""})`
        : "";
    throw new NotComparableError(
      `the reports are not of one set: ${[say(onlyA, names[0]), say(onlyB, names[1])].filter((s) => s !== "").join("; ")}`,
    );
  }
  let nb = 0;
  let nc = 0;
  const details: ChangedCase[] = [];
  for (const ra of a) {
    const rb = byId.get(ra.id) as (typeof b)[number];
    if (rb.label !== ra.label) {
      throw new NotComparableError(
        `case ${ra.id} is labelled ${ra.label} in ${names[0]} and ${rb.label} in ${names[1]}`,
      );
    }
    const ca = isCorrect(ra.label, ra.status);
    const cb = isCorrect(rb.label, rb.status);
    if (ca && !cb) nb += 1;
    if (cb && !ca) nc += 1;
    if (ra.status !== rb.status)
      details.push({ id: ra.id, label: ra.label, a: ra.status, b: rb.status, correct: [ca, cb] });
  }
  const pairs = a.map((ra) => ({ ra, rb: byId.get(ra.id) as (typeof b)[number] }));
  return {
    b: nb,
    c: nc,
    p: mcnemarExact(nb, nc),
    changed: details.map((d) => d.id),
    cases: a.length,
    details,
    false_approve: eachWay(
      pairs
        .filter(({ ra }) => ra.label === "defect")
        .map(({ ra, rb }) => ({ id: ra.id, a: ra.status === "approve", b: rb.status === "approve" })),
    ),
    false_block: eachWay(
      pairs
        .filter(({ ra }) => ra.label === "clean")
        .map(({ ra, rb }) => ({ id: ra.id, a: ra.status === "blocked", b: rb.status === "blocked" })),
    ),
  };
}
