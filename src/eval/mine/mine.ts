// `eval mine`: a labelled set from one repository's history, and the record of everything it left out.
// - Defects: a commit F whose message names an earlier commit I as the one it fixes or reverts
//   (messages.ts), where F changes code lines I wrote (blame at F's parent). The case is I against its
//   first parent, `source.fix` is F (the earliest such fix when several name I), and the evidence is
//   F's changed lines as they read at I (evidence.ts). Newest changes first, up to --max-defects.
// - Clean: for each defect in turn, the usable commit nearest to it in changed code lines (4 to 250)
//   that passes the clean rule (clean.ts), ties broken by commit id (a uniform draw over history that
//   is the same every time); past the defects' count, commits in commit-id order. Up to --max-clean,
//   by default as many as there are defects.
// - Nothing depends on a clock, a locale or the order a disk lists files: the same clone and the same
//   options give the same cases, picks and report, byte for byte. Pure, through the History port.
import { pathSelector } from "../../util/glob.js";
import { type BuiltCase, buildCase, CaseRefused } from "./build-case.js";
import { notOneChange, notReviewable, sizeOf, unusable } from "./clean.js";
import { blameLink } from "./evidence.js";
import { isReviewedCode } from "./files.js";
import { type Commit, GitFailed, type History, type PoolCommit } from "./history.js";
import { NOT_A_CHANGE, type ReferenceKind, referencesIn } from "./messages.js";
import { caseIdOf, type Pick, type Picks } from "./picks.js";

export const MIN_CLEAN_CODE_LINES = 4;
export const MAX_CLEAN_CODE_LINES = 250;
/** A defect's change at most: past it, a diff is a release, not a change one review reads. */
export const MAX_DEFECT_LINES = 400;
/** Candidates tried for each clean case before the next is looked for. */
const TRIES_PER_CLEAN = 40;

export interface MineOptions {
  /** source.repository and the set's name. */
  readonly repository: string;
  readonly tip: string;
  /** Committer times, seconds: only changes in [since, until] become cases. */
  readonly since?: number;
  readonly until?: number;
  readonly maxDefects: number;
  readonly maxClean?: number;
  /** Only changes touching a path these globs select. */
  readonly paths?: readonly string[];
}

export interface Skipped {
  /** The change that would have been the case. */
  readonly commit: string;
  /** The fix that named it (defect candidates). */
  readonly fix?: string;
  /** The id as the fix's message wrote it, when it names no usable commit. */
  readonly ref?: string;
  readonly reason: string;
}

export interface MineOutcome {
  readonly picks: Picks;
  readonly built: readonly BuiltCase[];
  readonly skipped: readonly Skipped[];
  readonly counts: {
    readonly commits: number;
    readonly references: number;
    readonly linked: number;
    readonly pool: number;
    readonly tried: number;
  };
}

interface Candidate {
  readonly intro: Commit;
  readonly fix: Commit;
  readonly kind: ReferenceKind;
}

const inWindow = (options: MineOptions, time: number) =>
  (options.since === undefined || time >= options.since) &&
  (options.until === undefined || time <= options.until);

/** Builds a pick, or records why not: a refused case or a git failure stops that case only. */
function attempt(history: History, pick: Pick, build: Parameters<typeof buildCase>[2], skipped: Skipped[]) {
  try {
    return buildCase(history, pick, build);
  } catch (error) {
    if (!(error instanceof CaseRefused || error instanceof GitFailed)) throw error;
    skipped.push({
      commit: pick.head,
      ...(pick.fix !== undefined ? { fix: pick.fix } : {}),
      reason: error.message,
    });
    return undefined;
  }
}

/** Every fix → change link the messages make and blame confirms, one per change (its earliest fix). */
function defectCandidates(
  history: History,
  commits: readonly Commit[],
  options: MineOptions,
  skipped: Skipped[],
) {
  const selects = options.paths === undefined ? undefined : pathSelector(options.paths);
  const byChange = new Map<string, Candidate>();
  let references = 0;
  // Oldest fix first, so that the first fix found for a change is its earliest.
  const ordered = [...commits].sort((a, b) => a.time - b.time || (a.sha < b.sha ? -1 : 1));
  for (const fix of ordered) {
    for (const ref of referencesIn(fix.message)) {
      references += 1;
      const skip = (reason: string, commit = ref.ref) =>
        skipped.push({ commit, fix: fix.sha, ref: ref.ref, reason });
      if (fix.parents.length !== 1) {
        skip("the fix is a merge or a root commit: its own change cannot be blamed");
        continue;
      }
      const sha = history.resolve(ref.ref);
      if (sha === undefined) {
        skip("names no commit of the clone, or more than one");
        continue;
      }
      const intro = history.commit(sha);
      const problem =
        sha === fix.sha || !history.isAncestor(sha, fix.sha)
          ? "not an earlier commit of the fix's history"
          : !inWindow(options, intro.time)
            ? "outside --since/--until"
            : notOneChange(intro);
      if (problem !== undefined) {
        skip(problem, sha);
        continue;
      }
      if (
        selects !== undefined &&
        !history.numstat(intro.parents[0] as string, sha).some((f) => selects.selects(f.path))
      ) {
        skip("touches no path --paths selects", sha);
        continue;
      }
      if (blameLink(history, fix.sha, fix.parents[0] as string, sha).hit === 0) {
        skip("the fix changes no code line this change wrote (blame at the fix's parent)", sha);
        continue;
      }
      const known = byChange.get(sha);
      if (known !== undefined) {
        if (known.fix.sha !== fix.sha)
          skip(`a later fix of a change already taken with its fix ${known.fix.sha.slice(0, 12)}`, sha);
        continue;
      }
      byChange.set(sha, { intro, fix, kind: ref.kind });
    }
  }
  return { candidates: [...byChange.values()], references };
}

/** Commits that could be clean cases, by their size in one pass over the history. */
function cleanPool(
  history: History,
  options: MineOptions,
  exclude: ReadonlySet<string>,
): (PoolCommit & { codeLines: number })[] {
  const selects = options.paths === undefined ? undefined : pathSelector(options.paths);
  return history
    .pool(options.tip)
    .filter(
      (c) => inWindow(options, c.time) && !exclude.has(c.sha) && !c.binary && !NOT_A_CHANGE.test(c.subject),
    )
    .filter((c) => selects === undefined || c.files.some((f) => selects.selects(f.path)))
    .map((c) => ({
      ...c,
      codeLines: c.files.filter((f) => isReviewedCode(f.path)).reduce((n, f) => n + f.lines, 0),
    }))
    .filter((c) => c.codeLines >= MIN_CLEAN_CODE_LINES && c.codeLines <= MAX_CLEAN_CODE_LINES);
}

export function mine(history: History, options: MineOptions): MineOutcome {
  const skipped: Skipped[] = [];
  const commits = history.commits(options.tip);
  const tipTime = history.commit(options.tip).time;
  const build = { repository: options.repository, tip: options.tip, tipTime, permissiveOnly: false };
  const { candidates, references } = defectCandidates(history, commits, options, skipped);

  const built: BuiltCase[] = [];
  const picks: Pick[] = [];
  const newestFirst = [...candidates].sort(
    (a, b) => b.intro.time - a.intro.time || (a.intro.sha < b.intro.sha ? -1 : 1),
  );
  for (const c of newestFirst) {
    if (built.length >= options.maxDefects) break;
    const stats = history.numstat(c.intro.parents[0] as string, c.intro.sha);
    if (sizeOf(stats).lines > MAX_DEFECT_LINES) {
      skipped.push({ commit: c.intro.sha, fix: c.fix.sha, reason: `over ${MAX_DEFECT_LINES} changed lines` });
      continue;
    }
    const pick: Pick = { label: "defect", head: c.intro.sha, fix: c.fix.sha, kind: c.kind, keep: true };
    const done = attempt(history, pick, build, skipped);
    if (done === undefined) continue;
    built.push(done);
    picks.push(pick);
  }

  const named = new Set(candidates.map((c) => c.intro.sha));
  const pool = cleanPool(history, options, named);
  const targets = built.map((b) => b.codeLines);
  const wanted = options.maxClean ?? targets.length;
  const taken = new Set<string>();
  const failed = new Set<string>();
  let tried = 0;
  for (let i = 0; i < wanted; i += 1) {
    const target = targets[i];
    const order = pool
      .filter((c) => !taken.has(c.sha) && !failed.has(c.sha))
      .sort((a, b) =>
        target === undefined
          ? a.sha < b.sha
            ? -1
            : 1
          : Math.abs(a.codeLines - target) - Math.abs(b.codeLines - target) || (a.sha < b.sha ? -1 : 1),
      );
    for (const c of order.slice(0, TRIES_PER_CLEAN)) {
      tried += 1;
      const commit = history.commit(c.sha);
      const single = notOneChange(commit);
      const stats = single === undefined ? history.numstat(commit.parents[0] as string, c.sha) : [];
      const size = sizeOf(stats);
      const problem =
        single ??
        (size.codeLines < MIN_CLEAN_CODE_LINES || size.codeLines > MAX_CLEAN_CODE_LINES
          ? `${size.codeLines} changed code lines (${MIN_CLEAN_CODE_LINES} to ${MAX_CLEAN_CODE_LINES})`
          : undefined) ??
        notReviewable(commit, size) ??
        unusable(history, commit.parents[0] as string, c.sha, stats);
      if (problem !== undefined) {
        failed.add(c.sha);
        skipped.push({ commit: c.sha, reason: `not a clean case: ${problem}` });
        continue;
      }
      const pick: Pick = { label: "clean", head: c.sha, keep: true };
      const done = attempt(history, pick, build, skipped);
      if (done === undefined) {
        failed.add(c.sha);
        continue;
      }
      taken.add(c.sha);
      built.push(done);
      picks.push(pick);
      break;
    }
  }
  return {
    picks: { name: options.repository, description: describeSet(options.repository), cases: picks },
    built,
    skipped: sortSkipped(skipped),
    counts: { commits: commits.length, references, linked: candidates.length, pool: pool.length, tried },
  };
}

/** The kept picks built again (`eval mine --picks`), each pick against the history its repository
 * names (`historyOf`). Two picks making one case id are refused. */
export function buildPicks(
  picks: Picks,
  historyOf: (pick: Pick) => { history: History; tip: string },
  options: {
    repository: string;
    permissiveOnly: boolean;
    url?: (repository: string, head: string) => string;
  },
): { built: BuiltCase[]; skipped: Skipped[] } {
  const built: BuiltCase[] = [];
  const skipped: Skipped[] = [];
  const ids = new Set<string>();
  for (const pick of picks.cases) {
    const id = caseIdOf(pick, options.repository);
    if (ids.has(id)) throw new CaseRefused(`two picks make case ${id}`);
    ids.add(id);
    if (pick.keep === false) continue;
    const { history, tip } = historyOf(pick);
    const tipTime = history.commit(tip).time;
    const done = attempt(history, pick, { ...options, tip, tipTime }, skipped);
    if (done !== undefined) built.push(done);
  }
  return { built, skipped: sortSkipped(skipped) };
}

function sortSkipped(skipped: readonly Skipped[]): Skipped[] {
  const key = (s: Skipped) => `${s.commit}\0${s.fix ?? ""}\0${s.ref ?? ""}\0${s.reason}`;
  return [...skipped].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export function describeSet(repository: string): string {
  return `Changes of ${repository} from its own history: defect when a later commit's message names the change as the one it fixes or reverts and changes lines it wrote; clean when no later fix, revert or bug commit changed its lines while it was watched (verdict-gate eval mine).`;
}
