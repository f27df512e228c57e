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
// - the reviewer's part becomes the reply's `cleared` reading (findings.ts) only when EVERY finding it
//   stored is dismissed: an unresolved earlier reason, a finding past the listing limit, a request for
//   changes not stated as the reply's one marker, a broken contract, a panel's verdict or another
//   part's block still stand. With a finding left it stays blocked and lists the dismissal.
import type { DiffFile } from "../diff/types.js";
import type { PanelOutcome } from "../reviewer-stage/index.js";
import { heldWhereUnseen } from "../reviewer-stage/outcome.js";
import { nameKey } from "../util/path-name.js";
import { describeFinding, type Finding, findingPathSpellings } from "../verdict/findings.js";
import { NO } from "../verdict/four-values.js";
import {
  canonicalJson,
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
import { capText, reasonId } from "../verdict/stored-text.js";
import { placeFindings, SHORT_KEY, shortKey } from "./review-comments.js";

// The key a person types: SHORT_KEY hex digits (24 bits, against at most STORED_FINDINGS findings).
export { SHORT_KEY, shortKey };

/** The most lines of a range whose text is hashed; a longer range is known only on its own head. */
const MAX_RANGE = 200;

/** The hash of the text of the lines a finding points at, as the diff shows the new file. A line it
 * does not show could be any line of the file later, so the hash then holds the head: the dismissal
 * stands only where it was made. */
function linesOf(finding: Finding, files: readonly DiffFile[], head: string): string {
  const file = findingPathSpellings(finding.path)
    .map((p) => files.find((f) => nameKey(f.path) === nameKey(p)))
    .find((f) => f !== undefined);
  const first = finding.line;
  const last = finding.endLine ?? first;
  const texts: (string | null)[] = [];
  let whole = file !== undefined && file.status !== "removed" && first !== undefined && last !== undefined;
  if (whole && first !== undefined && last !== undefined && last - first < MAX_RANGE) {
    const shown = new Map<number, string>();
    for (const hunk of file?.hunks ?? [])
      for (const l of hunk.lines)
        if ((l.kind === "add" || l.kind === "context") && l.newLine !== undefined)
          shown.set(l.newLine, l.text);
    for (let n = first; n <= last; n += 1) texts.push(shown.get(n) ?? null);
    whole = texts.every((t) => t !== null);
  } else whole = false;
  return sha256(canonicalJson(whole ? { texts } : { head, line: first ?? null, end: last ?? null }));
}

/** A round's blocking findings as it stores them: key, lines and text, one per key. */
export function keyedFindings(
  checkName: string,
  findings: readonly Finding[],
  files: readonly DiffFile[],
  head: string,
): StoredFinding[] {
  return placeFindings(checkName, findings, files).map((p) => ({
    key: p.key,
    lines: linesOf(p.finding, files, head),
    text: capText(describeFinding(p.finding), FINDING_TEXT_BYTES),
  }));
}

/** Every dismissal this pull request's history still stores in full, oldest first. */
export function dismissalsOf(history: History): StoredDismissal[] {
  return history.rounds.flatMap((r) => (!isDigest(r) && r.dismissal !== undefined ? [r.dismissal] : []));
}

/** The dismissals made on other heads than `head`: shown to the reviewer. One made on this head is
 * not, so that the round concluding it asks the very question its recorded answer answered. */
export function dismissalsShown(history: History, head: string): StoredDismissal[] {
  return history.rounds.flatMap((r) =>
    !isDigest(r) && r.dismissal !== undefined && r.head !== head ? [r.dismissal] : [],
  );
}

/** Earlier reasons without the dismissed findings: a dismissed finding is no reason to check again
 * (an UNRESOLVED line about it would block). */
export function withoutDismissed<T extends { reason: string }>(
  earlier: readonly T[],
  dismissed: readonly StoredDismissal[],
): T[] {
  const texts = new Set(dismissed.map((d) => d.text));
  return earlier.filter((e) => !texts.has(capText(e.reason, FINDING_TEXT_BYTES)));
}

const same = (a: StoredFinding, b: StoredFinding) => a.key === b.key && a.lines === b.lines;

/** The finding the latest round stored under `short`, or why there is none. */
export function dismissTarget(history: History, short: string): StoredFinding | { refused: string } {
  const last = lastRound(history);
  const findings = last !== undefined && !isDigest(last) ? (last as FullRound).reviewer?.findings : undefined;
  const cleared = last !== undefined && !isDigest(last) ? (last as FullRound).reviewer?.cleared : undefined;
  if (last === undefined || findings === undefined || findings.length === 0 || cleared === undefined)
    return {
      refused: `round ${last?.round ?? 0} stored no finding a maintainer can dismiss (a round with no blocking finding of a single reviewer, a panel's, or one whose answer was not kept). Nothing was dismissed: decide the round instead (\`/verdict approve <reason>\`).`,
    };
  const matches = findings.filter((f) => shortKey(f.key) === short.toLowerCase());
  const keys = findings.map((f) => `\`${shortKey(f.key)}\` (${f.text})`).join("; ");
  if (matches.length !== 1)
    return {
      refused: `${matches.length === 0 ? "no" : "more than one"} finding of round ${last.round} has the key \`${short}\`; its keys are: ${keys}. Nothing was dismissed.`,
    };
  return matches[0] as StoredFinding;
}

/** The reviewer's outcome with the dismissals in force applied, and what this round stores: its keyed
 * findings (only when a dismissal could clear them all) and the dismissals that matched. */
export function applyDismissals(input: {
  review: PanelOutcome;
  checkName: string;
  files: readonly DiffFile[];
  head: string;
  dismissals: readonly StoredDismissal[];
}): { review: PanelOutcome; stored?: readonly StoredFinding[]; dismissed: StoredDismissal[] } {
  const { review } = input;
  const whole = review.keep.whole;
  if (whole?.cleared === undefined) return { review, dismissed: [] };
  const stored = whole.findings ?? keyedFindings(input.checkName, review.findings, input.files, input.head);
  if (stored.length === 0 || stored.length > STORED_FINDINGS) return { review, dismissed: [] };
  const dismissed = input.dismissals.filter((d) => stored.some((f) => same(f, d)));
  const open = stored.filter((f) => !dismissed.some((d) => same(f, d)));
  if (dismissed.length === 0) return { review, stored, dismissed };
  const named = `${dismissed.length} finding(s) dismissed by a maintainer`;
  const texts = new Set(dismissed.map((d) => d.text));
  const result =
    open.length === 0
      ? heldWhereUnseen(whole.cleared, review.coverage)
      : listedWithout(review.part.result, texts);
  // A file's kept block that stands for a dismissed finding is forgotten: the file is asked again,
  // shown the dismissal, rather than blocking on it from the cache (file-reuse.ts).
  const ids = new Set(dismissed.map((d) => reasonId(d.text)));
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
      findings: review.findings.filter((f) => !texts.has(capText(describeFinding(f), FINDING_TEXT_BYTES))),
    },
    stored,
    dismissed,
  };
}

/** A block with findings left: still a block, its dismissed findings no longer among its reasons
 * (it keeps at least one). */
function listedWithout(result: PanelOutcome["part"]["result"], texts: ReadonlySet<string>) {
  if (result.value !== NO) return result;
  const reasons = result.reasons.filter((r) => !texts.has(capText(r, FINDING_TEXT_BYTES)));
  return reasons.length === 0 ? result : { ...result, reasons };
}

/** The lines the check run shows: each dismissal in force, and the command beside each finding. */
export function dismissalNotes(
  stored: readonly StoredFinding[] | undefined,
  dismissed: readonly StoredDismissal[],
): string[] {
  const lines = dismissed.map(
    (d) => `Dismissed by @${d.by}: ${d.text} — a maintainer dismissed this: ${d.reason}`,
  );
  const open = (stored ?? []).filter((f) => !dismissed.some((d) => same(f, d)));
  if (open.length > 0)
    lines.push(
      `A maintainer (write access; not the author, nor anyone who pushed) may dismiss one finding with its command: ${open.map((f) => `\`/verdict dismiss ${shortKey(f.key)} <reason>\` — ${f.text}`).join("; ")}.`,
    );
  return lines;
}
