// The reviewer's findings shown where people read code: one pull-request review per round (event
// COMMENT) with a comment on each finding's line, findings the diff does not show in the review's
// body, a finding already posted never posted again, and the gate's own threads resolved once a later
// round no longer reports their finding (unless someone replied in them).
//
// None of this is part of the verdict. The check run is the gate: a review that could not be posted,
// a thread that could not be resolved, leave the status exactly as judged and add a note to the
// check run saying so. Nothing here can turn a hold or a block into a pass, or hide one.
//
// How a finding is recognised across rounds: each comment carries a hidden marker with the check
// name and a hash of the finding's path, the text of the line it points at (not the line number, which
// moves when lines are added above it) and the reason. Only markers in comments and reviews written by
// the bot of the app that owns this round's check run count: anyone may paste a marker, and a
// pasted one must neither silence a finding nor make the gate touch someone else's thread.

import type { DiffFile } from "../diff/types.js";
import type { CheckRunRef, PullReviewsPort } from "../ports/github.js";
import { inline } from "../report/markdown.js";
import type { ReviewPlan } from "../review/plan.js";
import type { ReviewerOutcome } from "../reviewer-stage/index.js";
import { nameKey } from "../util/path-name.js";
import { describeFinding, type Finding, findingPathSpellings } from "../verdict/findings.js";
import { canonicalJson, sha256 } from "../verdict/history.js";
import type { SeverityPolicy } from "../verdict/severity-policy.js";
import { isJudgment } from "../verdict/vocabulary.js";
import type { RoundContext } from "./context.js";

/** What a round gives this step: its findings, its notes, its diff, and where the reviewer's silence
 * means a finding is gone. */
export interface RoundFindings {
  readonly findings: readonly Finding[];
  /** Findings below the contract's policy line: notes (eval reads them all; only `notes.post` posts). */
  readonly notes: readonly Finding[];
  /** The most notes one round posts (`notes.max`; 0 unless the policy posts notes). */
  readonly notesMax: number;
  /** Every file of the change, to place findings on the diff's lines. */
  readonly files: readonly DiffFile[];
  /** The round stored its findings for a maintainer to dismiss: each comment prints the command. */
  readonly dismissable?: boolean;
  /** The paths the reviewer read and answered for cleanly this round (NFC); undefined when its
   * silence proves nothing (a failed or broken reply): then nothing is resolved. */
  readonly answered: ReadonlySet<string> | undefined;
}

/** A round's findings for this step, or undefined when there is nothing to do: the reviewer was not
 * asked this round (a reused verdict carries no findings, and its absence of them proves nothing), or
 * it found nothing on the pull request's first round (no thread of the gate's can exist yet, so an
 * approve on a first round costs no request). */
export function roundFindings(
  review: ReviewerOutcome,
  question: { readonly plan: ReviewPlan; readonly base: { readonly policy?: SeverityPolicy } },
  files: readonly DiffFile[],
  earlierRounds: boolean,
): RoundFindings | undefined {
  const { plan } = question;
  const { policy } = question.base;
  if (review.source.kind !== "asked" || review.calls.length === 0) return undefined;
  // Notes are posted only when the contract's policy says so; otherwise the check run lists them.
  const notesMax = policy?.notes.post === true ? policy.notes.max : 0;
  const postable = review.findings.length > 0 || (notesMax > 0 && review.notes.length > 0);
  if (!postable && review.notes.length === 0 && !earlierRounds) return undefined;
  // Nothing to post on a first round (its notes kept for eval only): no thread of the gate's can exist
  // yet, so nothing can be resolved and no request is made at all.
  const resolvable = postable || earlierRounds;
  const clean = resolvable && isJudgment(review.verdict) && review.calls.every((c) => c.ok);
  return {
    findings: review.findings,
    notes: review.notes,
    notesMax,
    files,
    // Only a file the reviewer was shown this round can prove its finding gone: a file that kept an
    // earlier verdict (incremental rounds) was not looked at again, and its block still stands.
    answered: clean
      ? new Set(
          (review.source.asked ?? plan.chunks.flatMap((c) => c.files.map((f) => f.path))).map((p) =>
            nameKey(p),
          ),
        )
      : undefined,
  };
}

/** A finding placed: on a line of the diff's right side, or in the review's body. */
export interface PlacedFinding {
  readonly key: string;
  readonly finding: Finding;
  /** A note: below the contract's policy line, posted marked as one and never as a requested change. */
  readonly note?: true;
  /** A maintainer may dismiss it: its comment prints `/verdict dismiss <key> <reason>`. */
  readonly dismissable?: true;
  /** The path as the diff spells it and the line, when the diff shows that line of the new file. */
  readonly at?: { readonly path: string; readonly line: number };
}

/** Comments on lines per review; the rest go in the body. A review of hundreds of comments is noise
 * nobody reads, and a large one is the kind GitHub times out on. */
export const MAX_LINE_COMMENTS = 50;
/** Findings listed in a review's body. */
const MAX_BODY_FINDINGS = 100;

// A note's marker says `note`: its key hashes other fields (a note is one per line), so a finding's
// and a note's keys never meet, and both are read as the gate's own.
const MARKER = /<!-- verdict-gate:(?:finding|note):([^:\s]+):([0-9a-f]{64}) -->/g;

/** The hex digits of a finding key a person types to dismiss it (src/gate/dismissals.ts). */
export const SHORT_KEY = 6;

export function shortKey(key: string): string {
  return key.slice(0, SHORT_KEY);
}

/** The command to copy beside a finding a maintainer may dismiss. */
function dismissCommand(p: PlacedFinding): string {
  return p.dismissable === true
    ? ` To dismiss it (write access; never the author or anyone who pushed): \`/verdict dismiss ${shortKey(p.key)} <reason>\``
    : "";
}

export function findingMarker(checkName: string, key: string, note = false): string {
  return `<!-- verdict-gate:${note ? "note" : "finding"}:${encodeURIComponent(checkName)}:${key} -->`;
}

/** The finding keys a body carries for this check name. */
export function markedKeys(body: string, checkName: string): string[] {
  const name = encodeURIComponent(checkName);
  return [...body.matchAll(MARKER)].filter((m) => m[1] === name).map((m) => m[2] as string);
}

/** The text of the new file's line `line` as the diff shows it, or undefined when it does not. */
function lineText(file: DiffFile, line: number): string | undefined {
  for (const hunk of file.hunks) {
    for (const l of hunk.lines) {
      if ((l.kind === "add" || l.kind === "context") && l.newLine === line) return l.text;
    }
  }
  return undefined;
}

/** Each finding with its key and, when the diff shows its line, its place; one per key. A note's key
 * is its line's (the path and the line's text, not the reason): a reviewer rewords a nit every round,
 * and a note already posted on an unchanged line is never posted again. */
export function placeFindings(
  checkName: string,
  findings: readonly Finding[],
  files: readonly DiffFile[],
  note = false,
): PlacedFinding[] {
  const byName = new Map(files.map((f) => [nameKey(f.path), f]));
  const seen = new Set<string>();
  const out: PlacedFinding[] = [];
  for (const finding of findings) {
    const file = findingPathSpellings(finding.path)
      .map((p) => byName.get(nameKey(p)))
      .find((f) => f !== undefined);
    // A removed file has no new side to comment on.
    const text =
      file !== undefined && file.status !== "removed" && finding.line !== undefined
        ? lineText(file, finding.line)
        : undefined;
    // The line's text where the diff shows it; otherwise its number (all there is to go by).
    const line = text !== undefined ? { text } : { number: finding.line ?? null };
    const key = sha256(
      canonicalJson(
        note
          ? { check: checkName, note: true, path: nameKey(file?.path ?? finding.path), line }
          : { check: checkName, path: nameKey(finding.path), line, reason: finding.reason.trim() },
      ),
    );
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      key,
      finding,
      ...(note ? { note: true as const } : {}),
      ...(file !== undefined && text !== undefined && finding.line !== undefined
        ? { at: { path: file.path, line: finding.line } }
        : {}),
    });
  }
  return out;
}

/** What a comment calls its finding: BLOCKING, or a note with its severity ("note (low, not
 * blocking)"): a note never reads as a requested change. */
function label(p: PlacedFinding): string {
  return p.note === true ? `note (${p.finding.severity}, not blocking)` : "BLOCKING";
}

function lineCommentBody(checkName: string, p: PlacedFinding): string {
  const range = p.finding.endLine !== undefined ? ` (lines ${p.finding.line}–${p.finding.endLine})` : "";
  const reason = p.finding.reason.trim() === "" ? "(no reason given)" : inline(p.finding.reason, 1000);
  return `**${inline(checkName, 100)}** ${label(p)}${range}: ${reason}${dismissCommand(p)}\n\n${findingMarker(checkName, p.key, p.note === true)}`;
}

function bodyItem(checkName: string, p: PlacedFinding): string {
  const note = p.note === true ? `${label(p)}: ` : "";
  return `- ${note}${inline(describeFinding(p.finding), 1000)}${dismissCommand(p)} ${findingMarker(checkName, p.key, p.note === true)}`;
}

/** The review to post: comments on lines and the body, or undefined when every finding was posted
 * before. */
export function reviewToPost(
  checkName: string,
  round: number,
  fresh: readonly PlacedFinding[],
): { body: string; comments: { path: string; line: number; body: string }[] } | undefined {
  if (fresh.length === 0) return undefined;
  const onLines = fresh.filter((p) => p.at !== undefined).slice(0, MAX_LINE_COMMENTS);
  const inBody = fresh.filter((p) => !onLines.includes(p));
  const listed = inBody.slice(0, MAX_BODY_FINDINGS);
  const notes = fresh.filter((p) => p.note === true).length;
  const counted =
    notes === 0
      ? `${fresh.length} new finding(s)`
      : `${fresh.length - notes} new finding(s) and ${notes} note(s) (not blocking)`;
  const lines = [
    `**${inline(checkName, 100)}**, round ${round}: ${counted} of the reviewer. The check run is the verdict; this review only shows where.`,
  ];
  if (listed.length > 0) {
    lines.push("", "Not on a line of the diff:", "", ...listed.map((p) => bodyItem(checkName, p)));
    if (inBody.length > listed.length)
      lines.push("", `… and ${inBody.length - listed.length} more, listed in the check run.`);
  }
  return {
    body: lines.join("\n"),
    comments: onLines.map((p) => {
      const at = p.at as NonNullable<PlacedFinding["at"]>;
      return { path: at.path, line: at.line, body: lineCommentBody(checkName, p) };
    }),
  };
}

/** The gate's own writing: a bot whose login (GraphQL spells a bot's login as its app's slug) is the
 * slug of the app that owns this round's check run. */
function isGate(author: { type: string; login: string } | null, slug: string): boolean {
  if (author === null || author.type !== "Bot") return false;
  return author.login.replace(/\[bot\]$/, "") === slug;
}

/** Posts the new findings as one review; returns how many were on lines, or undefined when there was
 * nothing to post. `postedNow` reads which findings are on the pull request now. */
async function postFindings(
  port: PullReviewsPort,
  input: { pr: number; head: string; round: number; checkName: string },
  fresh: readonly PlacedFinding[],
  postedNow: () => Promise<ReadonlySet<string>>,
): Promise<number | undefined> {
  const review = reviewToPost(input.checkName, input.round, fresh);
  if (review === undefined) return undefined;
  try {
    await port.postReview(input.pr, { commitId: input.head, ...review });
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === undefined || (typeof status === "number" && status >= 500)) {
      // A 5xx or no answer: GitHub may have posted it anyway (a 502 on a review it applied). Posted
      // again unseen, every finding would appear twice; so look first, and post again only when the
      // findings are not there.
      const posted = await postedNow();
      if (fresh.every((p) => posted.has(p.key))) return review.comments.length;
      await port.postReview(input.pr, { commitId: input.head, ...review });
      return review.comments.length;
    }
    // GitHub refuses the whole review when one line is not in its own view of the diff (422): the
    // findings are posted once more, all in the body, rather than not at all.
    if (status !== 422 || review.comments.length === 0) throw error;
    const inBody = reviewToPost(
      input.checkName,
      input.round,
      fresh.map((p) => ({
        key: p.key,
        finding: p.finding,
        ...(p.note === true ? { note: true as const } : {}),
        ...(p.dismissable === true ? { dismissable: true as const } : {}),
      })),
    ) as NonNullable<typeof review>;
    await port.postReview(input.pr, { commitId: input.head, ...inBody });
  }
  return review.comments.length;
}

type ThreadsRead = Awaited<ReturnType<PullReviewsPort["threads"]>>;

/** The gate's own threads, each with the one finding key it marks, and every key the gate has posted
 * (in a thread or in a review's body). Only comments by the app that owns this check run count. */
function gateThreads(
  read: ThreadsRead,
  slug: string,
  checkName: string,
): { own: { thread: ThreadsRead["threads"][number]; key: string }[]; posted: Set<string> } {
  const own = read.threads.flatMap((t) => {
    if (t.first === null || !isGate(t.first.author, slug)) return [];
    const keys = markedKeys(t.first.body, checkName);
    return keys.length === 1 ? [{ thread: t, key: keys[0] as string }] : [];
  });
  const posted = new Set(own.map((o) => o.key));
  for (const r of read.reviews) {
    if (isGate(r.author, slug)) for (const k of markedKeys(r.body, checkName)) posted.add(k);
  }
  return { own, posted };
}

/** The threads to resolve: the gate's own open threads, nobody else's word in them, whose finding this
 * round does not report although the reviewer read the file (or the file left the change) and
 * answered cleanly. A file it was not shown this round says nothing about its findings. */
function goneThreads<T extends { thread: ThreadsRead["threads"][number]; key: string }>(
  own: readonly T[],
  placed: readonly { key: string }[],
  files: RoundFindings["files"],
  answered: ReadonlySet<string>,
): T[] {
  const current = new Set(placed.map((p) => p.key));
  const inChange = new Set(files.map((f) => nameKey(f.path)));
  return own.filter(
    (o) =>
      !o.thread.resolved &&
      o.thread.comments === 1 &&
      !current.has(o.key) &&
      (answered.has(nameKey(o.thread.path)) || !inChange.has(nameKey(o.thread.path))),
  );
}

/** Posts this round's new findings and resolves the gate's threads whose finding is gone. Returns a
 * note for the check run when something could not be done; never throws. */
export async function showFindings(
  ctx: RoundContext,
  input: { pr: number; head: string; round: number; check: CheckRunRef; findings: RoundFindings },
): Promise<string | undefined> {
  const port = ctx.github.reviews;
  if (port === undefined) return undefined;
  const { checkName } = ctx.settings;
  const { findings, answered } = input.findings;
  const placed = placeFindings(checkName, findings, input.findings.files).map((p) =>
    input.findings.dismissable === true ? { ...p, dismissable: true as const } : p,
  );
  const notes =
    input.findings.notesMax > 0
      ? placeFindings(checkName, input.findings.notes, input.findings.files, true)
      : [];
  // Nothing to post and nothing this round can say is gone: no request at all.
  if (placed.length === 0 && notes.length === 0 && answered === undefined) return undefined;
  const slug = input.check.appSlug;
  if (slug === null) {
    return "The reviewer's findings were not posted as review comments: GitHub did not say which app owns this check run, so the gate cannot tell its own comments from anyone else's.";
  }
  try {
    const read = await port.threads(input.pr);
    const { own, posted } = gateThreads(read, slug, checkName);
    // Notes after the findings, at most notes.max new ones a round.
    const freshNotes = notes.filter((p) => !posted.has(p.key)).slice(0, input.findings.notesMax);
    const fresh = [...placed.filter((p) => !posted.has(p.key)), ...freshNotes];
    const onLines = await postFindings(
      port,
      { ...input, checkName },
      fresh,
      async () => gateThreads(await port.threads(input.pr), slug, checkName).posted,
    );
    if (onLines !== undefined) {
      ctx.log.info(
        `review comments: ${fresh.length} new finding(s) posted (${onLines} on lines, ${freshNotes.length} of them notes); ${placed.length + notes.length - fresh.length} posted before or over notes.max`,
      );
    }
    if (answered === undefined) return undefined;
    // A note still reported (posted or not this round) keeps its thread open.
    const gone = goneThreads(own, [...placed, ...notes], input.findings.files, answered);
    if (gone.length > 0 && !read.complete) {
      return "The gate's review threads were not resolved: the pull request has more review threads than the gate reads.";
    }
    if (gone.length > 0) {
      const resolved = await port.resolve(gone.map((o) => o.thread.id));
      ctx.log.info(`review comments: ${resolved.length} thread(s) of findings no longer reported resolved`);
    }
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.warning(`review comments: ${message}`);
    // The likeliest cause: a workflow whose token lacks `pull-requests: write` (GitHub's 403).
    const fix =
      (error as { status?: unknown } | null)?.status === 403
        ? " Grant the job `pull-requests: write`, or set `review-comments: false`."
        : "";
    return `The reviewer's findings could not be shown as review comments (${message.slice(0, 300)}); the status above stands, and every finding is listed in this check run.${fix}`;
  }
}
