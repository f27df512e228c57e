// A maintainer's dismissal of one finding: `/verdict dismiss <key> <reason>` (or its dispatch), an act
// under the one rule for who acts and when (act-record.ts, person-act.ts), recorded by the round it
// concludes. The finding stops blocking on this head and, in later rounds of this pull request, while
// the lines it points at are unchanged; it never travels to another pull request (the history is the
// pull request's own, and a verdict reused from another's carries no findings to dismiss).
//
// What a dismissal can and cannot do, so that it never approves more than the one finding:
// - it names a finding by the key the gate printed (the first SHORT_KEY hex digits of the finding key,
//   review-comments.ts), and only a finding the round it applies to stored (STORED_FINDINGS at most);
// - "unchanged lines" is the finding's key (path, the text of its first line, its reason) AND the hash
//   of the text of every line it points at as the diff shows them; a line the diff does not show is
//   known only on the head it was dismissed on;
// - a round offers its findings for dismissal only when the reply's `cleared` reading (findings.ts)
//   approves: with every finding dismissed nothing else of it stands (no unresolved earlier reason, no
//   finding past the listing limit, its request for changes the reply's one marker, the contract kept).
//   A panel's verdict offers none. The reviewer's part passes only when EVERY stored finding is
//   dismissed; with one left it stays blocked and lists the dismissal; other parts judge as ever.
// - a later round's reviewer is spared the earlier reason a dismissal names only while the dismissal
//   is in force there, by the same id (earlierUnderDismissals); a lapsed one leaves it to be answered.
import type { DiffFile } from "../diff/types.js";
import type { PanelOutcome } from "../reviewer-stage/index.js";
import { heldWhereUnseen } from "../reviewer-stage/outcome.js";
import { nameKey } from "../util/path-name.js";
import { describeFinding, type Finding, findingPathSpellings, parseFindings } from "../verdict/findings.js";
import { NO } from "../verdict/four-values.js";
import {
  canonicalJson,
  decodeFindings,
  FINDING_TEXT_BYTES,
  type FullRound,
  type History,
  isDigest,
  lastRound,
  STORED_FINDINGS,
  type StoredDismissal,
  type StoredFinding,
  sha256,
} from "../verdict/history.js";
import { clearedStorable, type RoundInput } from "../verdict/loop-rules.js";
import { capText, reasonId } from "../verdict/stored-text.js";
import { placeFindings, shortKey } from "./review-comments.js";

/** The most lines of a range whose text is hashed; a longer range is known only on its own head. */
const MAX_RANGE = 200;

/** The text of the lines a finding points at, as the diff shows the new file, or undefined when it
 * does not show every one of them: then the lines could be any of the file later, and the finding is
 * known only on its own head. */
function linesOf(finding: Finding, files: readonly DiffFile[]): string[] | undefined {
  const file = findingPathSpellings(finding.path)
    .map((p) => files.find((f) => nameKey(f.path) === nameKey(p)))
    .find((f) => f !== undefined);
  const first = finding.line;
  const last = finding.endLine ?? first;
  if (file === undefined || file.status === "removed" || first === undefined || last === undefined)
    return undefined;
  if (last < first || last - first >= MAX_RANGE) return undefined;
  const shown = new Map<number, string>();
  for (const hunk of file.hunks)
    for (const l of hunk.lines)
      if ((l.kind === "add" || l.kind === "context") && l.newLine !== undefined) shown.set(l.newLine, l.text);
  const texts: string[] = [];
  for (let n = first; n <= last; n += 1) {
    const text = shown.get(n);
    if (text === undefined) return undefined;
    texts.push(text);
  }
  return texts;
}

/** A finding as the round knows it: its short key, its id and its reason's id, and its text. */
export interface KeyedFinding extends StoredFinding {
  readonly text: string;
}

/** A round's blocking findings, one per key: the short key a person types, the id (the whole key with
 * the text of the lines it points at, or the head when the diff does not show them all), the id of its
 * reason text (the reviewer's reason as the round stores it) and that text. */
export function keyedFindings(
  checkName: string,
  findings: readonly Finding[],
  files: readonly DiffFile[],
  head: string,
): KeyedFinding[] {
  return placeFindings(checkName, findings, files).map((p) => {
    const lines = linesOf(p.finding, files);
    const text = describeFinding(p.finding);
    return {
      key: shortKey(p.key),
      id: sha256(canonicalJson({ key: p.key, ...(lines !== undefined ? { lines } : { head }) })).slice(0, 32),
      reasonId: reasonId(text),
      text: capText(text, FINDING_TEXT_BYTES),
    };
  });
}

/** Every dismissal this pull request's history still stores in full, oldest first. */
export function dismissalsOf(history: History): StoredDismissal[] {
  return history.rounds.flatMap((r) => (!isDigest(r) && r.dismissal !== undefined ? [r.dismissal] : []));
}

/** The dismissals made on other heads than `head`: the ones a round may show its reviewer. One made
 * on this head is not, so that the round concluding it asks the very question its recorded answer
 * answered. */
function dismissalsOnOtherHeads(history: History, head: string): StoredDismissal[] {
  return history.rounds.flatMap((r) =>
    !isDigest(r) && r.dismissal !== undefined && r.head !== head ? [r.dismissal] : [],
  );
}

/** Whether a dismissal is in force among a round's findings: one of them has its id (the finding's
 * key with the text of the lines it points at, or with the head when the diff did not show them all).
 * The one rule for both what a dismissal clears (applyDismissals) and which earlier reason it spares
 * the reviewer (earlierUnderDismissals). */
export function inForce(dismissal: StoredDismissal, findings: readonly { readonly id: string }[]): boolean {
  return findings.some((f) => f.id === dismissal.id);
}

/** The earlier finding an earlier reason describes, as this round's diff places it (keyedFindings),
 * or undefined when the stored text is no finding's description read back whole. */
function earlierFinding(
  reason: string,
  checkName: string,
  files: readonly DiffFile[],
  head: string,
): KeyedFinding | undefined {
  // The history stores a finding's reason as describeFinding wrote it (`path:line — reason`): read
  // back as the reviewer's line, it is that finding only when it describes itself the same way (a
  // text cut short by the history's bound, or carrying a panel's label, is not).
  const found = parseFindings(`BLOCKING: ${reason}`);
  const finding = found.length === 1 ? (found[0] as Finding) : undefined;
  if (finding === undefined || describeFinding(finding) !== reason) return undefined;
  return keyedFindings(checkName, [finding], files, head)[0];
}

/** The earlier reasons the reviewer is to answer RESOLVED/UNRESOLVED for, and the dismissals it is
 * shown as dismissed (findings not to report again while their lines are unchanged).
 *
 * A dismissal spares the reviewer an earlier reason only while it is in force (inForce), and that is
 * decided by a round's findings, which are not known before its reviewer is asked. What is known is
 * the earlier finding itself: its reason as the history stores it, read back and placed on this
 * round's diff and head as applyDismissals places this round's findings. When that gives the
 * dismissal's id, the lines it pointed at are unchanged where they were (or, for lines no diff
 * showed, this is the head it was made on): the dismissal is in force, the reason is left out, and the
 * reviewer is shown the dismissal instead. Otherwise the reason is asked about as ever, and the
 * dismissal is not shown: its lines changed, moved, or are not shown on this head, or its text cannot
 * be read back. That errs on the safe side: a finding whose lines merely moved is asked about again
 * (an UNRESOLVED answer blocks, and a person decides the round), where the other side would let a
 * reason stand unasked about lines nobody dismissed. Telling the reviewer "do not report it again"
 * about a lapsed dismissal would hide the same reason in other words, so that is never said either.
 * Nothing here can approve more than before: it asks about as many reasons or more, and shows as many
 * dismissals or fewer. (What clears this round's findings is still applyDismissals, afterwards.) */
export function earlierUnderDismissals<T extends { reason: string }>(input: {
  earlier: readonly T[];
  history: History;
  checkName: string;
  files: readonly DiffFile[];
  head: string;
}): { earlier: T[]; dismissed: StoredDismissal[] } {
  const candidates = dismissalsOnOtherHeads(input.history, input.head);
  if (candidates.length === 0) return { earlier: [...input.earlier], dismissed: [] };
  const dismissed = new Set<StoredDismissal>();
  const earlier = input.earlier.filter((e) => {
    // The dismissal names its finding by the text the history keeps, cut to FINDING_TEXT_BYTES: a
    // cheap first test, never the decision (two findings can share the first bytes).
    const text = capText(e.reason, FINDING_TEXT_BYTES);
    const named = candidates.filter((d) => d.text === text);
    if (named.length === 0) return true;
    const finding = earlierFinding(e.reason, input.checkName, input.files, input.head);
    const held = finding === undefined ? [] : named.filter((d) => inForce(d, [finding]));
    for (const d of held) dismissed.add(d);
    return held.length === 0;
  });
  return { earlier, dismissed: candidates.filter((d) => dismissed.has(d)) };
}

/** The finding the latest round stored under `short`, with its text as the history keeps it, or why
 * there is none. */
export function dismissTarget(
  history: History,
  short: string,
): (StoredFinding & { text: string }) | { refused: string } {
  const last = lastRound(history);
  const stored = last !== undefined && !isDigest(last) ? (last as FullRound).reviewer?.findings : undefined;
  if (last === undefined || stored === undefined)
    return {
      refused: `round ${last?.round ?? 0} stored no finding a maintainer can dismiss: none blocked, a panel's, one whose answer was not kept, or one its reply would not approve without (an unresolved earlier reason, a broken contract). Nothing was dismissed: decide the round instead (\`/verdict approve <reason>\` or \`/verdict block <reason>\`).`,
    };
  const findings = decodeFindings(stored);
  const matches = findings.filter((f) => f.key === short.toLowerCase());
  if (matches.length !== 1)
    return {
      refused: `${matches.length === 0 ? "no" : "more than one"} finding of round ${last.round} has the key \`${short}\`; its keys are: ${findings.map((f) => `\`${f.key}\``).join(", ")} (the check run prints each beside its finding). Nothing was dismissed.`,
    };
  const found = matches[0] as StoredFinding;
  const text = history.reasons.find((r) => r.id === found.reasonId)?.text;
  return { ...found, text: capText(text ?? `the finding ${found.key}`, FINDING_TEXT_BYTES) };
}

/** The reviewer's outcome with the dismissals in force applied, and what this round stores: its keyed
 * findings (only when dismissing them all would approve) and the dismissals that matched. */
export function applyDismissals(input: {
  review: PanelOutcome;
  checkName: string;
  files: readonly DiffFile[];
  head: string;
  dismissals: readonly StoredDismissal[];
}): { review: PanelOutcome; stored?: readonly StoredFinding[]; dismissed: StoredDismissal[] } {
  const { review } = input;
  const whole = review.keep.whole;
  if (whole?.cleared === undefined || !clearedStorable(whole.cleared)) return { review, dismissed: [] };
  const stored: readonly (StoredFinding & { text?: string })[] =
    whole.findings ?? keyedFindings(input.checkName, review.findings, input.files, input.head);
  if (stored.length === 0 || stored.length > STORED_FINDINGS) return { review, dismissed: [] };
  const dismissed = input.dismissals.filter((d) => inForce(d, stored));
  const open = stored.filter((f) => !dismissed.some((d) => inForce(d, [f])));
  if (dismissed.length === 0) return { review, stored, dismissed };
  const named = `${dismissed.length} finding(s) dismissed by a maintainer`;
  const ids = new Set(stored.filter((f) => !open.includes(f)).map((f) => f.reasonId));
  const result =
    open.length === 0
      ? heldWhereUnseen(whole.cleared, review.coverage)
      : listedWithout(review.part.result, ids);
  // A file's kept block that stands for a dismissed finding is forgotten: the file is asked again,
  // shown the dismissal, rather than blocking on it from the cache (file-reuse.ts).
  const files = review.keep.files;
  const keep =
    files === undefined
      ? review.keep
      : {
          ...review.keep,
          files: { ...files, blocked: files.blocked.filter((b) => !b.reasonIds.some((id) => ids.has(id))) },
        };
  return {
    review: {
      ...review,
      keep,
      part: { ...review.part, result, summary: `${review.part.summary}; ${named}` },
      findings: review.findings.filter((f) => !ids.has(reasonId(describeFinding(f)))),
    },
    stored,
    dismissed,
  };
}

/** A block with findings left: still a block, its dismissed findings no longer among its reasons
 * (it keeps at least one). */
function listedWithout(result: PanelOutcome["part"]["result"], ids: ReadonlySet<string>) {
  if (result.value !== NO) return result;
  const reasons = result.reasons.filter((r) => !ids.has(reasonId(r)));
  return reasons.length === 0 ? result : { ...result, reasons };
}

/** The lines the check run shows: each dismissal in force, and the command beside each finding. */
export function dismissalNotes(
  stored: readonly (StoredFinding & { text?: string })[] | undefined,
  dismissed: readonly StoredDismissal[],
): string[] {
  const lines = dismissed.map(
    (d) => `Dismissed by @${d.by}: ${d.text} — a maintainer dismissed this: ${d.reason}`,
  );
  const open = (stored ?? []).filter((f) => !dismissed.some((d) => inForce(d, [f])));
  if (open.length > 0)
    lines.push(
      `A maintainer (write access; not the author, nor anyone who pushed) may dismiss one finding with its command: ${open.map((f) => `\`/verdict dismiss ${f.key} <reason>\`${f.text !== undefined ? ` — ${f.text}` : ""}`).join("; ")}.`,
    );
  return lines;
}

/** A round's reviewer outcome under the dismissals in force (this pull request's, and the one this
 * round concludes), with what its record stores (the reviewer's answer with its findings, the
 * dismissal) and the check run's lines about them. */
export function withDismissals(
  checkName: string,
  judged: { source: { head: string }; history: History; dismissal?: StoredDismissal },
  review: PanelOutcome,
  files: readonly DiffFile[],
): ReturnType<typeof applyDismissals> & {
  notes: string[];
  record: { reviewer?: NonNullable<RoundInput["reviewer"]>; dismissal?: StoredDismissal };
} {
  const { dismissal } = judged;
  const applied = applyDismissals({
    review,
    checkName,
    files,
    head: judged.source.head,
    dismissals: [...dismissalsOf(judged.history), ...(dismissal !== undefined ? [dismissal] : [])],
  });
  const whole = applied.review.keep.whole;
  const stored = applied.stored;
  return {
    ...applied,
    // A local round (history of pull request 0, never kept) has nobody to dismiss anything.
    notes: judged.history.pr > 0 ? dismissalNotes(stored, applied.dismissed) : [],
    record: {
      ...(whole !== undefined
        ? { reviewer: { ...whole, ...(stored !== undefined ? { findings: stored } : {}) } }
        : {}),
      ...(dismissal !== undefined ? { dismissal } : {}),
    },
  };
}
