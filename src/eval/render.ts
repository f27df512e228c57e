// The eval reports as a person reads them on a terminal: the table first, then each rate with its n
// and interval, then what the run cost, then every case with its status (an error with its reason).
// `--json` gives the same figures whole. Pure.
import { figure } from "../report/figures.js";
import { type Comparison, type ErrorsEachWay, worseOnFalseApproves } from "./compare.js";
import { duration } from "./progress.js";
import type { ReachReport } from "./reach.js";
import { CORRECT, type EvalReport, RUN_STATUSES } from "./score.js";
import type { Rate } from "./stats.js";

const percent = (x: number | null): string => (x === null ? "–" : `${(x * 100).toFixed(1)} %`);

/** `3/30  10.0 %  (95 % CI 3.5–25.6 %)`, or `0/0  –` when there is nothing to measure. */
export function describeRate(r: Rate): string {
  if (r.n === 0 || r.rate === null) return `${r.count}/${r.n}  – (no case)`;
  return `${r.count}/${r.n}  ${percent(r.rate)}  (95 % CI ${(Number(r.low) * 100).toFixed(1)}–${percent(r.high)})`;
}

function table(report: EvalReport): string[] {
  const header = ["", ...RUN_STATUSES];
  const row = (label: "defect" | "clean") => {
    const counts = report.table[label];
    const n = RUN_STATUSES.reduce((s, k) => s + counts[k], 0);
    return [`${label} (${n})`, ...RUN_STATUSES.map((s) => String(counts[s]))];
  };
  const rows = [header, row("defect"), row("clean")];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length)));
  return rows.map(
    (r) =>
      `  ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join("  ")}`,
  );
}

function tokensLine(report: EvalReport): string {
  const t = report.tokens;
  const mark = (total: number, estimated: number) =>
    estimated === 0
      ? figure(total)
      : estimated === total
        ? `${figure(total)} (estimated: the reviewer reported none)`
        : `${figure(total)} (${figure(estimated)} of them estimated)`;
  return `tokens: in ${mark(t.in, t.estimated.in)} · out ${mark(t.out, t.estimated.out)}`;
}

export function renderEval(report: EvalReport): string {
  const lines: string[] = [];
  const name = report.set.name !== undefined ? ` ${report.set.name}` : "";
  lines.push(
    `verdict-gate eval${name}: ${report.cases} case(s), reviewer ${report.configuration.reviewer}${report.configuration.repeat > 1 ? `, each asked ${report.configuration.repeat} times` : ""}`,
  );
  lines.push("");
  lines.push(...table(report));
  lines.push("");
  const rows: [string, Rate][] = [
    ["false approve (approves among defect cases)", report.false_approve],
    ["false block (blocks among clean cases)", report.false_block],
    ["hold, defect cases", report.hold.defect],
    ["hold, clean cases", report.hold.clean],
    ["decided, defect cases (approve or blocked)", report.decided.defect.share],
    ["  error among them (approves)", report.decided.defect.error],
    ["decided, clean cases", report.decided.clean.share],
    ["  error among them (blocks)", report.decided.clean.error],
    ["caught at the defect (a finding within 3 lines)", report.caught_at_defect],
    ["blocked for another reason, defect cases", report.blocked_elsewhere],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, rate] of rows) lines.push(`${label.padEnd(width)}  ${describeRate(rate)}`);
  if (report.flip !== undefined) {
    lines.push(
      `${"flips (status differs across runs)".padEnd(width)}  ${report.flip.count}/${report.flip.n}  ${percent(report.flip.rate)}`,
    );
  }
  lines.push("");
  lines.push(tokensLine(report));
  if (report.cost !== undefined) {
    lines.push(
      `cost: ${report.cost.total.toFixed(4)} (in ${report.cost.in.toFixed(4)} at ${report.cost.price_in} per million, out ${report.cost.out.toFixed(4)} at ${report.cost.price_out} per million)`,
    );
  }
  lines.push(
    `time: ${duration(report.ms.total)} in all${report.ms.per_case !== null ? `, ${duration(report.ms.per_case)} a case` : ""}${report.cached_runs > 0 ? `; ${report.cached_runs} run(s) read from the cache` : ""}`,
  );
  lines.push(`correct: ${CORRECT}.`);
  lines.push("");
  const idWidth = Math.max(...report.results.map((r) => r.id.length), 2);
  for (const r of report.results) {
    const statuses = r.statuses.length > 1 ? ` [${r.statuses.join(", ")}]` : "";
    const where = r.at_defect ? " (at the defect)" : "";
    const why = r.status === "error" && r.reason !== undefined ? `: ${r.reason}` : "";
    lines.push(`  ${r.id.padEnd(idWidth)}  ${r.label.padEnd(6)}  ${r.status}${where}${statuses}${why}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The evidence not shown, counted by file: "2 texts in a.go, 1 in b.go". */
function notShown(missing: ReachReport["results"][number]["missing"]): string {
  const byPath = new Map<string, number>();
  for (const e of missing) byPath.set(e.path, (byPath.get(e.path) ?? 0) + 1);
  return [...byPath]
    .map(([p, n], i) => `${n}${i === 0 ? ` text${n === 1 ? "" : "s"}` : ""} in ${p}`)
    .join(", ");
}

/** What each kind of context block is, in the plural. */
const CONTEXT_KINDS: Readonly<Record<string, string>> = {
  file: "small files whole",
  enclosing: "blocks around hunks",
  definition: "called definitions",
  declaration: "fields' declarations",
  caller: "callers",
  use: "other uses of the state",
  unknown: "blocks of no known kind",
};

const shareOf = (part: number, whole: number) => (whole === 0 ? "–" : percent(part / whole));

/** The context's precision and what its tokens go to, by kind, most tokens first. */
function contextLines(c: ReachReport["context"]): string[] {
  if (c.lines === 0) return ["context shown: none"];
  const kinds = Object.entries(c.by_kind)
    .filter((e): e is [string, NonNullable<(typeof e)[1]>] => e[1] !== undefined)
    .sort((a, b) => b[1].tokens - a[1].tokens)
    .map(
      ([kind, k]) =>
        `  ${(CONTEXT_KINDS[kind] ?? kind).padEnd(24)}${shareOf(k.tokens, c.tokens).padStart(8)} of the context's tokens, precision ${shareOf(k.relevant, k.lines)} (${figure(k.lines)} lines)`,
    );
  return [
    `context shown: ${figure(c.lines)} lines in ${figure(c.blocks)} blocks, about ${figure(c.tokens)} tokens (${percent(c.share)} of the prompt tokens)`,
    `context precision (lines that hold evidence or a name the change defines or calls): ${shareOf(c.relevant, c.lines)}`,
    ...kinds,
  ];
}

export function renderReach(report: ReachReport): string {
  const lines: string[] = [];
  const name = report.set.name !== undefined ? ` ${report.set.name}` : "";
  lines.push(
    `verdict-gate eval --reach${name}: what the reviewer (${report.configuration.reviewer}) is shown; nobody was asked`,
  );
  lines.push("");
  lines.push(`reach (defect cases whose every evidence text is shown)  ${describeRate(report.reach)}`);
  if (report.without_evidence > 0)
    lines.push(`defect cases without evidence, not measured: ${report.without_evidence}`);
  lines.push(
    `prompt tokens per diff token: ${report.tokens_per_diff_token === null ? "–" : report.tokens_per_diff_token.toFixed(2)} (${figure(report.prompt_tokens)} over ${figure(report.diff_tokens)}, both estimated)`,
  );
  lines.push(...contextLines(report.context));
  lines.push("");
  const idWidth = Math.max(...report.results.map((r) => r.id.length), 2);
  for (const r of report.results) {
    const state = r.reached === null ? "not measured" : r.reached ? "reached" : "not reached";
    const missing = r.missing.length > 0 ? `; not shown: ${notShown(r.missing)}` : "";
    const why = r.reason !== undefined ? ` (${r.reason})` : "";
    lines.push(`  ${r.id.padEnd(idWidth)}  ${state}${why}${missing}`);
  }
  return `${lines.join("\n")}\n`;
}

function eachWayLines(what: string, e: ErrorsEachWay, names: readonly [string, string]): string[] {
  const list = (ids: readonly string[]) => (ids.length === 0 ? "" : ` (${ids.join(", ")})`);
  return [
    `${what}: ${e.a_only.length} under ${names[0]} only${list(e.a_only)}, ${e.b_only.length} under ${names[1]} only${list(e.b_only)}; McNemar p = ${e.p.toPrecision(4)}`,
  ];
}

/** The verdict of `eval compare --fail-if-worse`, in words. */
export function worseWords(c: Comparison, names: readonly [string, string]): string {
  const e = c.false_approve;
  return `${names[1]} is significantly worse than ${names[0]} on false approves: it approves ${e.b_only.length} defect case(s) that ${names[0]} does not, and ${names[0]} approves ${e.a_only.length} that ${names[1]} does not (exact McNemar p = ${e.p.toPrecision(4)} < 0.05).`;
}

export function renderComparison(c: Comparison, names: readonly [string, string]): string {
  const lines = [
    `verdict-gate eval compare: ${c.cases} case(s); ${c.changed.length} changed status`,
    "",
    `correct under ${names[0]} only (b): ${c.b}`,
    `correct under ${names[1]} only (c): ${c.c}`,
    `exact McNemar test, two-sided: p = ${c.p.toPrecision(4)}`,
    `correct: ${CORRECT}.`,
    "",
    ...eachWayLines("false approves (defect cases approved)", c.false_approve, names),
    ...eachWayLines("false blocks (clean cases blocked)", c.false_block, names),
  ];
  if (worseOnFalseApproves(c)) lines.push("", worseWords(c, names));
  if (c.details.length > 0) {
    lines.push("");
    const idWidth = Math.max(...c.details.map((d) => d.id.length));
    for (const d of c.details) {
      const mark =
        d.correct[0] === d.correct[1] ? "" : d.correct[1] ? "  (now correct)" : "  (no longer correct)";
      lines.push(`  ${d.id.padEnd(idWidth)}  ${d.label.padEnd(6)}  ${d.a} → ${d.b}${mark}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
