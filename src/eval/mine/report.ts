// What `eval mine` writes beside the cases: mine-report.json (what it read, what it made, and every
// candidate it left out with why) and the set's README.md, which says in words what the labels rest
// on and what they cannot know — that they come from commit messages, that a clean case may hold a
// bug nobody has fixed yet, how many defects are reverts, how long the clean cases were watched. Both
// are made from the outcome alone (no clock, no path of this machine), so they are byte-identical
// from run to run. Pure.
import type { BuiltCase } from "./build-case.js";
import { MIN_WATCH_DAYS } from "./clean.js";
import type { MineOutcome, Skipped } from "./mine.js";
import { MAX_CLEAN_CODE_LINES, MAX_DEFECT_LINES, MIN_CLEAN_CODE_LINES } from "./mine.js";

/** The README's first line: a README without it was written by a person and is kept as it is. */
export const README_MARK = "<!-- written by verdict-gate eval mine: it is rewritten on each run -->";

export interface ReportInput {
  readonly repository: string;
  /** The commit the history was read up to (absent for picks from several repositories). */
  readonly tip?: { readonly sha: string; readonly time: number };
  readonly version: string;
  /** The options as given, for the reader (dates as written). */
  readonly options: Readonly<Record<string, unknown>>;
  readonly built: readonly BuiltCase[];
  readonly skipped: readonly Skipped[];
  /** The search's counts; absent for a build from picks. */
  readonly counts?: MineOutcome["counts"];
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const pct = (k: number, n: number) => (n === 0 ? "0 %" : `${((100 * k) / n).toFixed(1)} %`);

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function figures(built: readonly BuiltCase[]) {
  const defects = built.filter((b) => b.label === "defect");
  const clean = built.filter((b) => b.label === "clean");
  const reverts = defects.filter((b) => b.kind === "revert").length;
  const watched = clean.map((b) => b.watchedDays).filter((d): d is number => d !== undefined);
  return { defects, clean, reverts, watched, shortWatch: watched.filter((d) => d < 365) };
}

export function mineReport(input: ReportInput): Record<string, unknown> {
  const f = figures(input.built);
  const sorted = [...input.built].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    repository: input.repository,
    ...(input.tip !== undefined ? { tip: input.tip.sha, tip_date: day(input.tip.time) } : {}),
    version: input.version,
    options: input.options,
    ...(input.counts !== undefined
      ? {
          commits: input.counts.commits,
          references: input.counts.references,
          linked: input.counts.linked,
          clean_pool: input.counts.pool,
          clean_tried: input.counts.tried,
        }
      : {}),
    cases: { defect: f.defects.length, clean: f.clean.length, reverts: f.reverts },
    watched_days:
      f.watched.length === 0
        ? null
        : { min: Math.min(...f.watched), median: median(f.watched), under_a_year: f.shortWatch.length },
    built: sorted.map((b) => ({
      id: b.id,
      label: b.label,
      head: b.head,
      ...(b.kind !== undefined ? { kind: b.kind } : {}),
      changed_lines: b.changedLines,
      code_lines: b.codeLines,
      ...(b.label === "defect" ? { evidence: b.evidence } : {}),
      ...(b.watchedDays !== undefined ? { watched_days: b.watchedDays } : {}),
    })),
    skipped: input.skipped,
  };
}

export function mineReportText(input: ReportInput): string {
  return `${JSON.stringify(mineReport(input), null, 2)}\n`;
}

function watchLine(f: ReturnType<typeof figures>): string {
  if (f.clean.length === 0) return "";
  if (f.shortWatch.length === 0)
    return "Every clean case was watched for a full year after it was committed.";
  return (
    `History ends less than a year after ${f.shortWatch.length} of the ${f.clean.length} clean cases: those were ` +
    `watched only to the end of history, the shortest for ${Math.min(...f.shortWatch)} days (never under ${MIN_WATCH_DAYS}). ` +
    "A bug in them found later than that is not counted."
  );
}

export function mineReadme(input: ReportInput): string {
  const f = figures(input.built);
  const n = input.built.length;
  const size = (cases: readonly BuiltCase[]) => {
    const m = median(cases.map((c) => c.codeLines));
    return m === null ? "none" : `median ${m} changed code lines`;
  };
  return [
    README_MARK,
    `# ${input.repository}: a mined eval set`,
    "",
    `${n} cases, ${f.defects.length} **defect** and ${f.clean.length} **clean**, mined by \`verdict-gate eval mine\``,
    `${input.version} from the history of ${input.repository}${input.tip !== undefined ? ` up to ${input.tip.sha.slice(0, 12)} (${day(input.tip.time)})` : ""}.`,
    `Defects: ${size(f.defects)}; clean: ${size(f.clean)}. \`mine-report.json\` lists every case with its size,`,
    "and every candidate left out with the reason.",
    "",
    "## How each label was decided",
    "",
    "- **defect**: a later commit's message names this change as the one it fixes or reverts (git's",
    '  "This reverts commit <sha>", or a commit id on a line with "fixes", "introduced in", "regression from",',
    '  "broke" or "caused by"), and that later commit changes code lines this change wrote (git blame at its',
    "  parent). `source.fix` is that commit; the evidence is the lines it changed, as they read at this",
    "  change's head.",
    `  ${f.reverts} of the ${f.defects.length} defects (${pct(f.reverts, f.defects.length)}) were found by a revert.`,
    `- **clean**: a change of ${MIN_CLEAN_CODE_LINES} to ${MAX_CLEAN_CODE_LINES} changed code lines (defects: up to ${MAX_DEFECT_LINES} changed lines) whose lines no later commit with`,
    '  "fix", "bug", "regression", "revert" or "broke" in its message changed within a year. Clean cases are',
    "  matched to the defects in size, one for one.",
    ...(watchLine(f) === "" ? [] : [`  ${watchLine(f)}`]),
    "",
    "## What these labels cannot know",
    "",
    "- **The labels come from commit messages.** A bug fixed by a commit that does not name its cause is",
    "  not a defect here, and a message that names the wrong commit makes a wrong one (blame must agree",
    "  that the fix changed lines the change wrote, which catches most, not all).",
    "- **A clean case may hold a bug nobody has fixed yet**, or one fixed by a commit whose message says",
    "  none of the words the rule looks for. A block on a clean case is a false block by this set's",
    "  definition, not necessarily by a maintainer's.",
    `- **A revert is not always a bug.** ${pct(f.reverts, f.defects.length)} of the defects are reverts: a change undone for`,
    "  timing or by mistake counts as a defect here. Read those in picks.json first.",
    "- **base/ is a sample of the tree**: the changed files, the files holding evidence and up to 30 files",
    "  that mention the change's names. A reviewer that needs a definition elsewhere does not get it.",
    "",
    "## Keep or drop cases",
    "",
    '`picks.json` lists the cases as they were found. Set `"keep": false` on a case whose link you do not',
    "believe (or edit its `description`, or name the evidence run it is at with `locate`), then build the",
    "set again from the same clone:",
    "",
    "```sh",
    "verdict-gate eval mine CLONE --out THIS-DIR --picks THIS-DIR/picks.json",
    "```",
    "",
    "## Measure a configuration on it",
    "",
    "```sh",
    "verdict-gate eval THIS-DIR --reach",
    "verdict-gate eval THIS-DIR --provider openai --model MODEL --out a.json",
    "```",
    "",
  ].join("\n");
}
