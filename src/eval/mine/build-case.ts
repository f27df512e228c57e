// One pick made into one case of the set format (docs/eval.md): case.json, change.diff exactly as git
// writes it with its defaults, and base/ with the base commit's version of every file the change
// modifies, deletes or renames, of every file holding evidence, and of the context files
// (context-files.ts). Before a case is given out it is read back the way `verdict-gate eval` reads it —
// case.json against the schema, base/ plus change.diff rebuilt by the eval's own strict applier — and
// every rebuilt file is compared with the head commit byte for byte: a case that eval would rebuild
// differently from the commit is refused here, not measured wrongly later. Pure, through the port.
import { parseUnifiedDiff } from "../../diff/parse.js";
import { caseChange } from "../case-change.js";
import { readCase } from "../load-case.js";
import { cleanWatch, notReviewable, sizeOf, unusable } from "./clean.js";
import { contextFiles, MAX_CONTEXT_BYTES } from "./context-files.js";
import { type EvidenceRun, evidenceAtHead, locate } from "./evidence.js";
import { byPath, unsafePath } from "./files.js";
import { type History, linesOf, subjectOf } from "./history.js";
import { isPermissive, licenseAt } from "./license.js";
import { caseIdOf, type Pick } from "./picks.js";

/** A case's base/ at most (its own files and context together). */
export const MAX_BASE_BYTES = 1.5 * 1024 * 1024;

export interface BuildOptions {
  /** source.repository, when the pick names none. */
  readonly repository: string;
  /** The commit the clean rule watches up to. */
  readonly tip: string;
  readonly tipTime: number;
  /** Refuse a case whose license is not permissive (a set published from others' repositories). */
  readonly permissiveOnly: boolean;
  /** source.url for a head commit, when the repositories are GitHub's. */
  readonly url?: (repository: string, head: string) => string;
}

export interface BuiltCase {
  readonly id: string;
  readonly label: "defect" | "clean";
  /** The case's files, by path inside its directory. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly head: string;
  readonly changedLines: number;
  readonly codeLines: number;
  readonly evidence: number;
  /** Days the clean rule watched (clean cases). */
  readonly watchedDays?: number;
  readonly kind?: "revert" | "fix-named";
  readonly time: number;
}

/** Why a pick cannot be built: said in the report, and the case left out. */
export class CaseRefused extends Error {
  override readonly name = "CaseRefused";
}

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

function refuse(reason: string): never {
  throw new CaseRefused(reason);
}

function resolved(history: History, rev: string, what: string): string {
  return history.resolve(rev) ?? refuse(`${what} ${rev} is not a commit of the clone`);
}

/** A defect pick's evidence and where the defect is said to be at the head. */
function defectOf(history: History, pick: Pick, head: string, diff: ReturnType<typeof parseUnifiedDiff>) {
  const fix = resolved(history, pick.fix as string, "the fix");
  if (fix === head || !history.isAncestor(head, fix))
    refuse(`the fix ${fix.slice(0, 12)} does not descend from the change`);
  const fixCommit = history.commit(fix);
  const fixParent = fixCommit.parents[0] ?? refuse("the fix has no parent");
  const evidence = evidenceAtHead(
    history,
    head,
    fix,
    fixParent,
    pick.evidence_paths ? { paths: pick.evidence_paths } : {},
  );
  if (evidence.length === 0) refuse("the fix changes no code line that is there at the change's head");
  let where: { path: string; lines: [number, number] };
  try {
    where =
      pick.path !== undefined
        ? { path: pick.path, lines: pick.lines as [number, number] }
        : locate(evidence, diff, pick.locate);
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  const headText = history.blob(head, where.path) ?? refuse(`${where.path} is not in the head`);
  const length = linesOf(new TextDecoder().decode(headText)).length;
  if (where.lines[0] < 1 || where.lines[1] < where.lines[0] || where.lines[1] > length)
    refuse(`lines ${where.lines.join("-")} fall outside ${where.path} (${length} lines)`);
  return { fix, fixCommit, evidence, where };
}

function defaultDescription(fix: string, subject: string, kind: "revert" | "fix-named"): string {
  return `The later commit ${fix.slice(0, 12)} ("${subject}") ${kind === "revert" ? "reverts this change" : "names this change as the one it fixes"}; what is wrong is in the lines it changed (the evidence).`;
}

/** The base/ files: the change's own, the evidence's, then context within the byte budget. */
function baseFiles(
  history: History,
  base: string,
  diff: ReturnType<typeof parseUnifiedDiff>,
  evidence: readonly EvidenceRun[],
): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let used = 0;
  const take = (p: string) => {
    if (files.has(p)) return;
    const unsafe = unsafePath(p);
    if (unsafe !== undefined) refuse(`${JSON.stringify(p)}: ${unsafe}`);
    const mode = history.mode(base, p);
    if (mode !== "100644" && mode !== "100755") refuse(`${p} is not a regular file in the base`);
    const bytes = history.blob(base, p) ?? refuse(`${p} is not in the base`);
    files.set(p, bytes);
    used += bytes.length;
  };
  const changedOld = new Set<string>();
  const changedNew = new Set<string>();
  for (const f of diff.files) {
    if (f.status !== "added") changedOld.add(f.previousPath ?? f.path);
    if (f.status !== "removed") changedNew.add(f.path);
  }
  for (const p of changedOld) take(p);
  for (const e of evidence) if (!changedNew.has(e.path)) take(e.path);
  if (used > MAX_BASE_BYTES) refuse(`the change's own base files are ${used} bytes`);
  const budget = Math.min(MAX_CONTEXT_BYTES, MAX_BASE_BYTES - used);
  for (const p of contextFiles(
    history,
    base,
    diff,
    new Set([...files.keys(), ...changedOld, ...changedNew]),
    budget,
  ))
    take(p);
  return files;
}

/** Reads the case back as eval will, and compares its rebuilt head with the commit's files. */
function verify(
  history: History,
  id: string,
  caseJson: string,
  diffBytes: Uint8Array,
  base: Map<string, Uint8Array>,
  head: string,
): void {
  let parsed: ReturnType<typeof readCase>;
  try {
    parsed = readCase(caseJson, id, `${id}/case.json`);
  } catch (error) {
    refuse(`its case.json would not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  const change = caseChange(parsed, { diff: diffBytes, base });
  if (!change.ok) refuse(`eval could not rebuild it: ${change.problem}`);
  const unknown = [...change.head.unknown.keys()][0];
  if (unknown !== undefined) refuse(`eval cannot rebuild ${unknown} from a diff`);
  for (const f of change.diff.files) {
    const got = change.head.files.get(f.path);
    if (f.status === "removed") {
      if (got !== undefined) refuse(`base/ plus change.diff keeps ${f.path}, which the change deletes`);
      continue;
    }
    const want = history.blob(head, f.path);
    if (want === undefined || got === undefined || Buffer.compare(Buffer.from(want), Buffer.from(got)) !== 0)
      refuse(`base/ plus change.diff gives ${f.path} otherwise than the head commit`);
  }
}

export function buildCase(history: History, pick: Pick, options: BuildOptions): BuiltCase {
  const repository = pick.repository ?? options.repository;
  const head = resolved(history, pick.head, "the change");
  const commit = history.commit(head);
  const base =
    pick.base !== undefined
      ? resolved(history, pick.base, "the base")
      : (commit.parents[0] ?? refuse("a root commit: it has no parent to compare with"));
  const license = licenseAt(history, head);
  if (options.permissiveOnly && !isPermissive(license))
    refuse(`license ${license ?? "unknown"} is not permissive`);
  const stats = history.numstat(base, head);
  const size = sizeOf(stats);
  const shape = unusable(history, base, head, stats);
  if (shape !== undefined) refuse(shape);
  const diffBytes = history.diffBytes(base, head);
  let diffText: string;
  try {
    diffText = fatal.decode(diffBytes);
  } catch {
    refuse("its diff is not UTF-8 text");
  }
  const diff = parseUnifiedDiff(diffText);
  const malformed = diff.files.find((f) => f.malformed !== undefined || f.binary);
  if (malformed !== undefined)
    refuse(`git's diff of ${malformed.path} cannot be read back: ${malformed.malformed ?? "binary"}`);

  const id = caseIdOf(pick, repository);
  let defect: ReturnType<typeof defectOf> | undefined;
  let watchedDays: number | undefined;
  if (pick.label === "defect") defect = defectOf(history, pick, head, diff);
  else {
    const watch = cleanWatch(history, commit, options.tip, options.tipTime);
    const problem = notReviewable(commit, size) ?? watch.problem;
    if (problem !== undefined) refuse(`not clean: ${problem}`);
    watchedDays = watch.days;
  }
  const kind = pick.kind;
  const fixSubject = defect === undefined ? undefined : subjectOf(defect.fixCommit.message);
  const caseJson = {
    id,
    label: pick.label,
    source: {
      repository,
      base,
      head,
      license: license ?? "NOASSERTION",
      ...(defect !== undefined ? { fix: defect.fix } : {}),
      ...(options.url !== undefined ? { url: options.url(repository, head) } : {}),
      subject: subjectOf(commit.message),
      ...(fixSubject !== undefined ? { fix_subject: fixSubject } : {}),
      ...(kind !== undefined ? { kind } : {}),
    },
    defects:
      defect === undefined
        ? []
        : [
            {
              path: defect.where.path,
              lines: defect.where.lines,
              description:
                pick.description ?? defaultDescription(defect.fix, fixSubject ?? "", kind ?? "fix-named"),
              evidence: defect.evidence.map(({ path, text }) => ({ path, text })),
            },
          ],
    ...(pick.notes !== undefined ? { notes: pick.notes } : {}),
  };
  const caseText = `${JSON.stringify(caseJson, null, 2)}\n`;
  const base_ = baseFiles(history, base, diff, defect?.evidence ?? []);
  verify(history, id, caseText, diffBytes, base_, head);
  const files = new Map<string, Uint8Array>([
    ["case.json", encoder.encode(caseText)],
    ["change.diff", diffBytes],
  ]);
  for (const [p, bytes] of [...base_].sort(([a], [b]) => byPath(a, b))) files.set(`base/${p}`, bytes);
  return {
    id,
    label: pick.label,
    files,
    head,
    changedLines: size.lines,
    codeLines: size.codeLines,
    evidence: defect?.evidence.length ?? 0,
    ...(watchedDays !== undefined ? { watchedDays } : {}),
    ...(kind !== undefined ? { kind } : {}),
    time: commit.time,
  };
}
