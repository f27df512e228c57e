// Incremental rounds: a push pays only for the files it changed. Each file the reviewer judged is kept
// under its keys (keys.ts): a block under a key of the file and the reviewer's conditions, an approve
// under a key that also covers the withheld names with their change summaries, the earlier reasons
// shown with the file and, for a patch that names no blobs, the base. A later round reuses a file's
// verdict only when its key is the same; every other file is asked again. Pure.
//
// What counts, and why:
// - An approve of a chunk covers each of its files: the reviewer saw them together and found nothing.
// - A block stands for the files its reasons name (`path:line — …`); a reason that names no file of
//   its chunk (no location, or another file's) stands for the whole chunk. A chunk file no reason
//   names was neither approved nor blocked: it is asked again.
// - Both are reused: an unchanged file's block stands until the file changes, because asking again
//   until the answer changes is how a gate shops for an approve. An approve stands only for the
//   question it answered: when anything its call showed changed, it is asked again.
// - A hold, an error, a timeout or a cut-off reply is never kept: those files are asked again.
// - A call that carries only some files names the others (prompt.ts otherFiles), so a change judged
//   alone is not judged blind to the neighbours that kept their verdicts.

import type { DiffFile } from "../diff/types.js";
import { type Chunk, fileTokens, type ReviewPlan } from "../review/plan.js";
import { type OtherFile, otherFilesText } from "../review/prompt.js";
import { estimateTokens } from "../review/tokens.js";
import { findingPathSpellings } from "../verdict/findings.js";
import { no, type Result, yes } from "../verdict/four-values.js";
import {
  type Binding,
  FILE_KEY_CHARS,
  FILE_REASONS,
  type FileVerdicts,
  type History,
  notStored,
  reasonText,
  type StoredReason,
} from "../verdict/history.js";
import { withoutAttribution } from "../verdict/panel.js";
import { type FileConditions, type FileKeys, fileConditions, fileKeys, type PromptBase } from "./keys.js";
import type { ReusedFilesReport } from "./outcome.js";

/** A verdict a file carries from an earlier round. */
export type KeptVerdict =
  | { readonly kind: "approve"; readonly round: number }
  | { readonly kind: "block"; readonly round: number; readonly reasonIds: readonly string[] };

/** The stored verdicts by key. A key both approved and blocked (only an edited history has one)
 * counts as blocked. */
export function verdictsByKey(files: FileVerdicts | undefined): Map<string, KeptVerdict> {
  const byKey = new Map<string, KeptVerdict>();
  if (files === undefined) return byKey;
  for (const group of files.approved) {
    for (let at = 0; at + FILE_KEY_CHARS <= group.keys.length; at += FILE_KEY_CHARS)
      byKey.set(group.keys.slice(at, at + FILE_KEY_CHARS), { kind: "approve", round: group.round });
  }
  for (const entry of files.blocked)
    byKey.set(entry.key, { kind: "block", round: entry.round, reasonIds: entry.reasonIds });
  return byKey;
}

export interface ReusedFile {
  readonly file: DiffFile;
  readonly keys: FileKeys;
  readonly verdict: KeptVerdict;
}

export interface ReuseSplit {
  /** Files to send to the reviewer, in diff order. */
  readonly asked: readonly DiffFile[];
  /** Files whose key matched a kept verdict. */
  readonly reused: readonly ReusedFile[];
  /** Every reviewable file's keys, asked or reused. */
  readonly keys: ReadonlyMap<DiffFile, FileKeys>;
}

/** The verdict a file keeps under its keys: a block found under its block key, else an approve found
 * under its approve key. An approve under the block key (what versions before approve keys stored) is
 * not one: it covered less than this round's question. */
export function keptFor(keys: FileKeys, kept: ReadonlyMap<string, KeptVerdict>): KeptVerdict | undefined {
  const blocked = kept.get(keys.block);
  if (blocked?.kind === "block") return blocked;
  const approved = kept.get(keys.approve);
  return approved?.kind === "approve" ? approved : undefined;
}

/** Which of the plan's files must be asked: those that keep no verdict under their keys, or all of
 * them when `force`. */
export function splitForReuse(
  chunks: readonly Chunk[],
  conditions: FileConditions,
  kept: ReadonlyMap<string, KeptVerdict>,
  force: boolean,
): ReuseSplit {
  const asked: DiffFile[] = [];
  const reused: ReusedFile[] = [];
  const keys = new Map<DiffFile, FileKeys>();
  for (const chunk of chunks) {
    for (const file of chunk.files) {
      const fileKeysNow = fileKeys(conditions, file);
      keys.set(file, fileKeysNow);
      const verdict = force ? undefined : keptFor(fileKeysNow, kept);
      if (verdict === undefined) asked.push(file);
      else reused.push({ file, keys: fileKeysNow, verdict });
    }
  }
  return { asked, reused, keys };
}

/** Files into chunks of at most `budget` tokens each, in order, whole files only (as planReview does):
 * the changed files of a push go out in as few calls as the budget allows. */
export function rechunk(
  files: readonly DiffFile[],
  budget: number,
  tokensOf: (file: DiffFile) => number,
): Chunk[] {
  const chunks: Chunk[] = [];
  let current: DiffFile[] = [];
  let tokens = 0;
  const flush = () => {
    if (current.length > 0) chunks.push(Object.freeze({ index: chunks.length, files: current, tokens }));
    current = [];
    tokens = 0;
  };
  for (const file of files) {
    const cost = tokensOf(file);
    if (current.length > 0 && tokens + cost > budget) flush();
    current.push(file);
    tokens += cost;
  }
  flush();
  return chunks;
}

/** How one asked chunk was answered: a clean approve, a clean block with its reasons (each with the
 * id it is stored under), or anything else (a hold, an error, a timeout, a cut-off reply). */
export type ChunkAnswer =
  | { readonly kind: "approve" }
  | { readonly kind: "block"; readonly reasons: readonly { readonly id: string; readonly text: string }[] }
  | { readonly kind: "other" };

/** The path a reason names at its start, as `describeFinding` writes it (`path:line — …`,
 * `path — …`), without the backticks reviewers add; exactly as written otherwise (a real directory may
 * be named `a`): `namesFile` matches it to the diff's spelling. */
export function namedPath(reason: string): string | undefined {
  const m = /^\s*(?:blocking:\s*)?`?([^\s`]+?)`?(?::\d+(?:-\d+)?)?`?(?:\s+[—–-]|:?\s*$|:\s)/i.exec(reason);
  return m?.[1];
}

/** The file of `files` a named path is, trying the path as written before the diff's spellings of it
 * (`./src/a.ts`, `b/src/a.ts`: findings.ts findingPathSpellings). */
function namesFile<F extends Pick<DiffFile, "path" | "previousPath">>(
  named: string,
  files: readonly F[],
): F[] {
  for (const spelling of findingPathSpellings(named)) {
    const hit = files.filter((f) => f.path === spelling || f.previousPath === spelling);
    if (hit.length > 0) return hit;
  }
  return [];
}

/** Earlier reasons, each with the file of the diff it names (a panel's `[label] ` taken off first), so
 * that a chunk's prompt shows it only with that file (prompt.ts earlierReasonsFor). A reason that
 * names no file of the diff names none. */
export function earlierAbout<R extends { readonly reason: string }>(
  earlier: readonly R[],
  files: readonly Pick<DiffFile, "path" | "previousPath">[],
): (R & { file?: string })[] {
  return earlier.map((r) => {
    const named = namedPath(withoutAttribution(r.reason));
    const file = named === undefined ? undefined : namesFile(named, files)[0];
    return file === undefined ? r : { ...r, file: file.path };
  });
}

/** The files of `chunk` a block's reason stands for: the file it names, or every file of the chunk
 * when it names none of them. */
export function filesOfReason(reason: string, files: readonly DiffFile[]): readonly DiffFile[] {
  const named = namedPath(reason);
  if (named !== undefined) {
    const hit = namesFile(named, files);
    if (hit.length > 0) return hit;
  }
  return files;
}

export interface AnsweredChunk {
  readonly chunk: Chunk;
  readonly answer: ChunkAnswer;
}

/** The verdicts to keep after this round: the reused ones whose files are still in the diff, and this
 * round's clean answers. Only the files of this round's plan are kept (a file no longer changed has
 * nothing to reuse), one verdict per key. */
export function nextVerdicts(
  round: number,
  reused: readonly ReusedFile[],
  answered: readonly AnsweredChunk[],
  keys: ReadonlyMap<DiffFile, FileKeys>,
): FileVerdicts {
  const approvedBy = new Map<number, string[]>();
  const blocked: FileVerdicts["blocked"] = [];
  const seen = new Set<string>();
  const approve = (r: number, key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const list = approvedBy.get(r) ?? [];
    list.push(key);
    approvedBy.set(r, list);
  };
  const block = (r: number, key: string, ids: readonly string[]) => {
    if (seen.has(key) || ids.length === 0) return;
    seen.add(key);
    blocked.push({ round: r, key, reasonIds: [...new Set(ids)].slice(0, FILE_REASONS) });
  };
  // Blocks first, so that a file met twice (the same file content twice in one diff: a copy) keeps a
  // block over an approve. A block's key and an approve's never coincide (keys.ts), so `seen` only
  // ever meets the same kind twice.
  for (const { chunk, answer } of answered) {
    if (answer.kind !== "block") continue;
    const standFor = new Map<DiffFile, string[]>();
    for (const reason of answer.reasons) {
      for (const file of filesOfReason(reason.text, chunk.files)) {
        const list = standFor.get(file) ?? [];
        list.push(reason.id);
        standFor.set(file, list);
      }
    }
    for (const [file, ids] of standFor) {
      const key = keys.get(file)?.block;
      if (key !== undefined) block(round, key, ids);
    }
  }
  for (const r of reused)
    if (r.verdict.kind === "block") block(r.verdict.round, r.keys.block, r.verdict.reasonIds);
  for (const { chunk, answer } of answered) {
    if (answer.kind !== "approve") continue;
    for (const file of chunk.files) {
      const key = keys.get(file)?.approve;
      if (key !== undefined) approve(round, key);
    }
  }
  for (const r of reused) if (r.verdict.kind === "approve") approve(r.verdict.round, r.keys.approve);
  return {
    approved: [...approvedBy.entries()]
      .sort(([a], [b]) => b - a)
      .map(([r, list]) => ({ round: r, keys: list.join("") })),
    blocked,
  };
}

/** How many files were reused from each earlier round, oldest first: for the summary. */
export function reusedByRound(reused: readonly ReusedFile[]): { round: number; files: number }[] {
  const counts = new Map<number, number>();
  for (const r of reused) counts.set(r.verdict.round, (counts.get(r.verdict.round) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([round, files]) => ({ round, files }));
}

/** The plan's chunks every file of which was reused: chunks that cost nothing this round. */
export function wholeChunksReused(chunks: readonly Chunk[], reused: readonly ReusedFile[]): number {
  const files = new Set(reused.map((r) => r.file));
  return chunks.filter((c) => c.files.length > 0 && c.files.every((f) => files.has(f))).length;
}

/** Several reviewers' verdicts to keep (a panel: each member's keys are under its own conditions, so
 * none is another's) as one store. Interleaved, member by member, within each round's approves and
 * among the blocks: when the history has to let some go (history-compact.ts keeps blocks first, then
 * approves newest round first, as many keys as fit), every member loses about the same share, not the
 * last member all of its own. A key met twice keeps its block over an approve. */
export function mergeVerdicts(all: readonly FileVerdicts[]): FileVerdicts | undefined {
  if (all.length === 0) return undefined;
  if (all.length === 1) return all[0];
  const interleave = <T>(lists: readonly (readonly T[])[]): T[] => {
    const out: T[] = [];
    const longest = lists.reduce((n, l) => Math.max(n, l.length), 0);
    for (let i = 0; i < longest; i += 1) for (const l of lists) if (i < l.length) out.push(l[i] as T);
    return out;
  };
  const seen = new Set<string>();
  const blocked = interleave(all.map((f) => f.blocked)).filter((e) => {
    if (seen.has(e.key)) return false;
    seen.add(e.key);
    return true;
  });
  const rounds = [...new Set(all.flatMap((f) => f.approved.map((g) => g.round)))].sort((a, b) => b - a);
  const approved: FileVerdicts["approved"] = [];
  for (const round of rounds) {
    const keys = interleave(
      all.map((f) =>
        f.approved
          .filter((g) => g.round === round)
          .flatMap((g) => g.keys.match(new RegExp(`.{${FILE_KEY_CHARS}}`, "g")) ?? []),
      ),
    ).filter((k) => {
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    if (keys.length > 0) approved.push({ round, keys: keys.join("") });
  }
  return { approved, blocked };
}

/** What a reviewer's part needs to reuse per-file verdicts. */
export interface Incremental {
  /** This round's conditions (keys.ts fileConditions). */
  readonly conditions: FileConditions;
  /** The verdicts the history keeps, by key. */
  readonly kept: ReadonlyMap<string, KeptVerdict>;
  /** force-review: ask about every file again. */
  readonly force: boolean;
  /** This round's number (what its own verdicts are kept under). */
  readonly round: number;
  /** A kept reason's text. */
  readonly reasonText: (id: string) => string;
}

/** Per-file reuse for one reviewer this round: its conditions, and what the history keeps. */
export function incrementalFor(input: {
  history: History;
  binding: Binding;
  /** keys.ts reviewerIdentity of the reviewer asked. */
  reviewer: string;
  base: PromptBase;
  round: number;
  force: boolean;
}): Incremental {
  const { history } = input;
  return {
    conditions: fileConditions({ reviewer: input.reviewer, binding: input.binding, base: input.base }),
    kept: verdictsByKey(history.files),
    force: input.force,
    round: input.round,
    reasonText: (id) => reasonText(history, id) ?? notStored(id),
  };
}

/** The history with the file verdicts this round keeps (replacing the last round's) and the texts of
 * their reasons stored. Only on a history this round appends to: the store is the latest round's. */
export function withFileVerdicts(
  history: History,
  files: FileVerdicts | undefined,
  texts: ReadonlyMap<string, string>,
  round: number,
): History {
  const { files: _old, ...rest } = history;
  if (files === undefined || (files.approved.length === 0 && files.blocked.length === 0)) return rest;
  const known = new Set(history.reasons.map((r) => r.id));
  const added: StoredReason[] = [];
  for (const entry of files.blocked) {
    for (const id of entry.reasonIds) {
      if (known.has(id)) continue;
      const text = texts.get(id);
      if (text === undefined) continue;
      known.add(id);
      added.push({ id, text, round });
    }
  }
  // A block whose reason text is nowhere is dropped (its file is asked again), never kept unreadable.
  const blocked = files.blocked.filter((e) => e.reasonIds.every((id) => known.has(id)));
  return { ...rest, reasons: [...history.reasons, ...added], files: { approved: files.approved, blocked } };
}

/** Where a reviewer's answer comes from before any call: the chunks to ask, the files whose kept
 * verdicts stand, every reviewable file's keys, and the other files each asked call names. */
export interface Asked {
  readonly chunks: readonly Chunk[];
  readonly reused: readonly ReusedFile[];
  readonly keys: ReadonlyMap<DiffFile, FileKeys>;
  readonly others: readonly OtherFile[];
}

/** Tokens the other files' names add to each asked call (the section's words and the names). */
function othersTokens(others: readonly OtherFile[]): number {
  return others.length === 0 ? 0 : estimateTokens(otherFilesText(others)) + 120;
}

/** What a reviewer is asked this round under `incremental` (every chunk of the plan without it). The
 * asked files go out in as few calls as the budget allows, each budget smaller by the names of the
 * files that kept their verdicts, which every asked call carries. */
export function whatToAsk(plan: ReviewPlan, incremental: Incremental | undefined): Asked {
  if (incremental === undefined) return { chunks: plan.chunks, reused: [], keys: new Map(), others: [] };
  const split = splitForReuse(plan.chunks, incremental.conditions, incremental.kept, incremental.force);
  // Nothing reused: the plan's own chunks, exactly as a round without a history sends them.
  if (split.reused.length === 0) return { chunks: plan.chunks, reused: [], keys: split.keys, others: [] };
  const others = split.reused.map((r) => ({
    path: r.file.path,
    verdict: r.verdict.kind === "approve" ? ("approved" as const) : ("blocked" as const),
    round: r.verdict.round,
  }));
  const budget = Math.max(1, plan.maxDiffTokens - othersTokens(others));
  return {
    chunks: rechunk(split.asked, budget, fileTokens),
    reused: split.reused,
    keys: split.keys,
    others,
  };
}

/** A kept verdict as the result it stands for. */
export function keptResult(r: ReusedFile, reasonText: (id: string) => string): Result {
  if (r.verdict.kind === "approve") return yes();
  const [first, ...rest] = r.verdict.reasonIds.map(reasonText);
  return no(first ?? `${r.file.path}: blocked in round ${r.verdict.round}`, ...rest);
}

/** What a round reused per file, for the summary; undefined when nothing was. */
export function reusedReport(plan: ReviewPlan, asked: Asked): ReusedFilesReport | undefined {
  if (asked.reused.length === 0) return undefined;
  return {
    files: asked.reused.length,
    byRound: reusedByRound(asked.reused),
    asked: asked.chunks.reduce((n, c) => n + c.files.length, 0),
    chunksPlanned: plan.chunks.length,
    chunksReused: wholeChunksReused(plan.chunks, asked.reused),
  };
}

export function describeReuse(r: ReusedFilesReport | undefined): string {
  if (r === undefined) return "";
  const from = r.byRound.map((b) => `${b.files} from round ${b.round}`).join(", ");
  return `; ${r.files} unchanged file(s) reused (${from}), ${r.chunksReused} of ${r.chunksPlanned} planned chunk(s) reused whole, ${r.asked} file(s) asked`;
}

/** The verdicts a reviewer keeps when it is not asked this round (an over-budget hold, or a whole
 * verdict reused): its reused ones, exactly as its own part would carry them. */
export function carriedVerdicts(
  plan: ReviewPlan,
  incremental: Incremental | undefined,
): { files?: FileVerdicts; reusedFiles?: ReusedFilesReport } {
  if (incremental === undefined) return {};
  const asked = whatToAsk(plan, incremental);
  const reusedFiles = reusedReport(plan, asked);
  return {
    files: nextVerdicts(incremental.round, asked.reused, [], asked.keys),
    ...(reusedFiles !== undefined ? { reusedFiles } : {}),
  };
}
