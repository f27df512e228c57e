// Incremental rounds: a push pays only for the files it changed. Each file the reviewer judged gets a
// key that covers the file's path (and the path it was renamed from), its exact patch text and every
// condition it was judged under — the reviewer (provider, model), the settings that shape the prompt,
// the contract at the base, and the prompt itself built without any file, earlier reason or round
// token (so the task, the instructions, the conditions and the reply contract are in it). A later
// round reuses a file's verdict only when the file's key is the same; every other file is asked
// again. Pure.
//
// What counts, and why:
// - An approve of a chunk covers each of its files: the reviewer saw them together and found nothing.
// - A block stands for the files its reasons name (`path:line — …`); a reason that names no file of
//   its chunk (no location, or another file's) stands for the whole chunk. A chunk file no reason
//   names was neither approved nor blocked: it is asked again.
// - Both are reused: an unchanged file's block stands until the file changes, because asking again
//   until the answer changes is how a gate shops for an approve.
// - A hold, an error, a timeout or a cut-off reply is never kept: those files are asked again.
// - The earlier rounds' reasons shown to the reviewer are not in the key: they change after every
//   block, and nothing could ever be reused after one. A reviewer asked again still sees them.

import type { DiffFile } from "../diff/types.js";
import type { Chunk } from "../review/plan.js";
import { canonicalJson, sha256Hex as sha256 } from "../util/canonical-json.js";
import { FILE_KEY_CHARS, FILE_REASONS, type FileVerdicts } from "../verdict/history.js";
import { withoutAttribution } from "../verdict/panel.js";

/** Everything a file's verdict was judged under, besides the file. */
export interface ReuseConditions {
  /** The reviewer as the summary names it: provider and model (or command). */
  readonly reviewer: string;
  /** The settings fingerprint (src/gate/binding.ts): provider, model, endpoint, command, context
   * window, include/exclude, max-diff-tokens, task, instructions, the PR-description opt-in. */
  readonly settings: string;
  /** The contract read at the base (its hash, or none/unreadable). */
  readonly contract: string;
  /** The prompt with no file, no earlier reason, a fixed part and a fixed round token: the task, the
   * instructions, the contract's intended action and criteria, the author's claims when opted in, and
   * the reply contract, exactly as the reviewer is shown them. */
  readonly prompt: string;
}

/** Bumped when what a key covers changes: every earlier key then misses, and everything is asked. */
const KEY_VERSION = 1;

/** The conditions as one hash. */
export function conditionsKey(conditions: ReuseConditions): string {
  return sha256(canonicalJson({ v: KEY_VERSION, ...conditions }));
}

/** A file's key under `conditions` (a conditionsKey): 128 bits of SHA-256 over the conditions, the
 * path, the old path of a rename, the status and the patch text exactly as shown, in base64url. 128
 * bits because the author writes the patch: a shorter key would let them search for two patches,
 * one harmless and one not, whose keys collide (a birthday search on 64 bits is within reach). */
export function fileKey(conditions: string, file: DiffFile): string {
  const hex = sha256(
    canonicalJson({
      conditions,
      path: file.path,
      previousPath: file.previousPath ?? null,
      status: file.status,
      patch: file.patch,
    }),
  );
  return Buffer.from(hex.slice(0, 32), "hex").toString("base64url");
}

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
  readonly key: string;
  readonly verdict: KeptVerdict;
}

export interface ReuseSplit {
  /** Files to send to the reviewer, in diff order. */
  readonly asked: readonly DiffFile[];
  /** Files whose key matched a kept verdict. */
  readonly reused: readonly ReusedFile[];
  /** Every reviewable file's key, asked or reused. */
  readonly keys: ReadonlyMap<DiffFile, string>;
}

/** Which of the plan's files must be asked: those whose key matches no kept verdict, or all of them
 * when `force`. */
export function splitForReuse(
  chunks: readonly Chunk[],
  conditions: string,
  kept: ReadonlyMap<string, KeptVerdict>,
  force: boolean,
): ReuseSplit {
  const asked: DiffFile[] = [];
  const reused: ReusedFile[] = [];
  const keys = new Map<DiffFile, string>();
  for (const chunk of chunks) {
    for (const file of chunk.files) {
      const key = fileKey(conditions, file);
      keys.set(file, key);
      const verdict = force ? undefined : kept.get(key);
      if (verdict === undefined) asked.push(file);
      else reused.push({ file, key, verdict });
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
 * `path — …`), with the decoration reviewers add (backticks, `a/` or `b/`, `./`) taken off. */
export function namedPath(reason: string): string | undefined {
  const m = /^\s*(?:blocking:\s*)?`?([^\s`]+?)`?(?::\d+(?:-\d+)?)?`?(?:\s+[—–-]|:?\s*$|:\s)/i.exec(reason);
  const raw = m?.[1];
  if (raw === undefined) return undefined;
  return raw.replace(/^(?:\.\/|[ab]\/)/, "");
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
    const file =
      named === undefined ? undefined : files.find((f) => f.path === named || f.previousPath === named);
    return file === undefined ? r : { ...r, file: file.path };
  });
}

/** The files of `chunk` a block's reason stands for: the file it names, or every file of the chunk
 * when it names none of them. */
export function filesOfReason(reason: string, files: readonly DiffFile[]): readonly DiffFile[] {
  const named = namedPath(reason);
  if (named !== undefined) {
    const hit = files.filter((f) => f.path === named || f.previousPath === named);
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
  keys: ReadonlyMap<DiffFile, string>,
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
  // Blocks first, so that a key met twice (the same file content twice in one diff: a copy) keeps a
  // block over an approve.
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
      const key = keys.get(file);
      if (key !== undefined) block(round, key, ids);
    }
  }
  for (const r of reused) if (r.verdict.kind === "block") block(r.verdict.round, r.key, r.verdict.reasonIds);
  for (const { chunk, answer } of answered) {
    if (answer.kind !== "approve") continue;
    for (const file of chunk.files) {
      const key = keys.get(file);
      if (key !== undefined) approve(round, key);
    }
  }
  for (const r of reused) if (r.verdict.kind === "approve") approve(r.verdict.round, r.key);
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
