// The reviewer's section of a round's report: the verdict, the calls with their tokens, latency and
// the context each was shown, reuse, the panel's agreement table (who said what, and where reviewers
// disagree, which files each blocked), and each reviewer's own report. Pure Markdown, like round-report.ts.
import type { Value } from "../verdict/four-values.js";
import { type ReviewerVerdict, reviewerVerdictWord } from "../verdict/vocabulary.js";
import { VALUE_BADGE } from "./badges.js";
import { figure, seconds } from "./figures.js";
import { code, details, fenced, inline, plural, prose, table } from "./markdown.js";
import type { CallContext, PanelReport, ReviewerReport } from "./round-report.js";

/** The reviewer's combined verdict as a person reads it (the CLI's terminal report uses it too). */
export function verdictWord(verdict: ReviewerVerdict): string {
  return reviewerVerdictWord(verdict);
}

const KIND_WORDS: Readonly<Record<string, [string, string]>> = {
  file: ["small file whole", "small files whole"],
  enclosing: ["block around a hunk", "blocks around hunks"],
  definition: ["called definition", "called definitions"],
  caller: ["caller", "callers"],
  declaration: ["field's declaration", "fields' declarations"],
  use: ["other use of the state", "other uses of the state"],
};

function kindWords(kind: string, n: number): string {
  const words = KIND_WORDS[kind] ?? [kind, kind];
  return `${figure(n)} ${n === 1 ? words[0] : words[1]}`;
}

/** One call's context in words: "5 blocks, 120 lines, about 900 tokens (2 blocks around hunks, …);
 * given up for room: 3 callers". */
export function describeCallContext(c: CallContext): string {
  const kinds = Object.entries(c.byKind)
    .filter((e): e is [string, { blocks: number; tokens: number }] => e[1] !== undefined)
    .map(([kind, k]) => kindWords(kind, k.blocks));
  const given = Object.entries(c.trimmed)
    .filter((e): e is [string, number] => e[1] !== undefined && e[1] > 0)
    .map(([kind, n]) => kindWords(kind, n));
  const shown =
    c.blocks === 0
      ? "nothing"
      : `${plural(c.blocks, "block")}, ${plural(c.lines, "line")}, about ${figure(c.tokens)} tokens (${kinds.join(", ")})`;
  return `${shown}${given.length > 0 ? `; given up for room: ${given.join(", ")}` : ""}`;
}

export function reviewerSection(r: ReviewerReport | undefined, full: boolean): string {
  if (r === undefined) return "";
  const lines: string[] = [`### Reviewer: ${inline(verdictWord(r.verdict), 40)}`, ""];
  const reused =
    r.reusedFromRound !== undefined
      ? r.reusedFromPr !== undefined
        ? ` Verdict reused from PR #${r.reusedFromPr}'s round ${r.reusedFromRound} (same head commit, diff, conditions and model: a second pull request cannot ask again).`
        : ` Verdict reused from round ${r.reusedFromRound} (same head, diff, prompt and model).`
      : "";
  const tokensIn = r.calls.reduce((s, c) => s + (c.inputTokens ?? 0), 0);
  const tokensOut = r.calls.reduce((s, c) => s + (c.outputTokens ?? 0), 0);
  const latency = r.calls.reduce((s, c) => Math.max(s, c.latencyMs), 0);
  // A reviewer that reports no usage (a command) is "not reported", never "0 tokens": 0 would read as
  // an empty prompt.
  const counted = r.calls.some((c) => c.inputTokens !== undefined || c.outputTokens !== undefined);
  const tokens = counted ? `${figure(tokensIn)} tokens in, ${figure(tokensOut)} out` : "tokens not reported";
  lines.push(
    `${inline(r.label, 120)}: ${plural(r.calls.length, "call")}, ${tokens}, slowest ${seconds(latency)}.${reused}`,
  );
  const policy = policySection(r);
  if (policy !== "") lines.push("", policy);
  if (r.context !== undefined) lines.push("", inline(r.context, 1_000));
  if (r.calls.length === 1 && r.calls[0]?.context !== undefined) {
    lines.push("", `Context shown besides the diff: ${describeCallContext(r.calls[0].context)}.`);
  }
  if (r.reusedFiles !== undefined) {
    const f = r.reusedFiles;
    const from = f.byRound.map((b) => `${figure(b.files)} from round ${b.round}`).join(", ");
    lines.push(
      "",
      `Incremental: ${plural(f.asked, "changed file")} asked in ${plural(r.calls.length, "call")}; ${plural(f.files, "unchanged file")} reused (${from}): ${figure(f.chunksReused)} of ${plural(f.chunksPlanned, "planned chunk")} reused whole. A file's verdict is reused only for the same path, patch text, reviewer, contract and prompt.`,
    );
  }
  if (r.tokensTotal !== undefined && r.tokensTotal.in + r.tokensTotal.out > 0) {
    lines.push(
      "",
      `This pull request so far: ${figure(r.tokensTotal.in)} tokens in, ${figure(r.tokensTotal.out)} out, as the providers reported them.`,
    );
  }
  const agreement = panelSection(r.panel);
  if (agreement !== "") lines.push("", agreement);
  for (const w of r.warnings) lines.push("", `⚠️ ${prose(w, 500)}`);
  const withContext = r.calls.some((c) => c.context !== undefined);
  if (r.calls.length > 1) {
    lines.push(
      "",
      table(
        [
          "call",
          "files",
          "outcome",
          "tokens in/out",
          "latency",
          "attempts",
          ...(withContext ? ["context"] : []),
        ],
        r.calls.map((c, i) => [
          c.reviewer !== undefined ? `${inline(c.reviewer, 40)} ${i + 1}` : String(i + 1),
          String(c.files),
          inline(c.outcome + (c.message ? `: ${c.message}` : ""), 200),
          `${figure(c.inputTokens)}/${figure(c.outputTokens)}`,
          seconds(c.latencyMs),
          String(c.attempts),
          ...(withContext ? [c.context !== undefined ? describeCallContext(c.context) : "none"] : []),
        ]),
      ),
    );
  } else if (r.calls[0]?.message) {
    lines.push("", inline(`${r.calls[0].outcome}: ${r.calls[0].message}`, 500));
  }
  const replies = r.calls.filter((c) => c.reply !== undefined && c.reply !== "");
  for (const [i, c] of replies.entries()) {
    const body = full ? (c.reply as string) : (c.reply as string).slice(0, 20_000);
    const cut =
      body.length < (c.reply as string).length ? "\n\n*(cut here; the job summary has the whole reply)*" : "";
    lines.push(
      "",
      details(
        c.reviewer !== undefined
          ? `${inline(c.reviewer, 40)}'s report${replies.filter((o) => o.reviewer === c.reviewer).length > 1 ? `, call ${i + 1}` : ""}`
          : replies.length > 1
            ? `Reviewer's report, call ${i + 1}`
            : "Reviewer's report",
        `${fenced(body, "markdown")}${cut}`,
      ),
    );
  }
  return lines.join("\n");
}

/** Notes listed in the report at most; the rest are counted. */
const LISTED_NOTES = 50;

/** What the contract's policy did with the findings: an overruled request for changes first (the
 * status is approve although the reviewer's word was not), then the notes, which never block. */
function policySection(r: ReviewerReport): string {
  if (r.policy === undefined) return "";
  const notes = r.notes ?? [];
  const list = [
    ...notes.slice(0, LISTED_NOTES).map((n) => `- ${prose(n, 500)}`),
    ...(notes.length > LISTED_NOTES ? [`- … and ${figure(notes.length - LISTED_NOTES)} more`] : []),
  ];
  const rule = `The contract's policy: ${inline(r.policy, 200)}.`;
  if (r.overruled !== undefined) {
    const n = r.overruled;
    const which = n > 0 ? `none of its ${plural(n, "finding")} blocks` : "none of its findings blocks";
    return [`**The reviewer asked for changes; by the contract's policy ${which}.** ${rule}`, ...list].join(
      "\n",
    );
  }
  if (notes.length === 0) return rule;
  return [`${rule} ${plural(notes.length, "note")} below the line (not blocking):`, ...list].join("\n");
}

/** The agreement table of a panel (reviewer × verdict × coverage × tokens × latency) and, where the
 * reviewers disagree, which files each blocked: who said what is the point of asking several. */
function panelSection(panel: PanelReport): string {
  if (panel.members.length < 2) return "";
  const rows = panel.members.map((m) => [
    inline(m.label, 40),
    `${VALUE_BADGE[m.value as Value] ?? inline(m.value, 10)} ${inline(verdictWord(m.verdict), 40)}`,
    inline(m.coverage, 80),
    m.reusedFromRound !== undefined
      ? `none (reused from round ${m.reusedFromRound})`
      : m.inputTokens === undefined && m.outputTokens === undefined
        ? "not reported"
        : `${figure(m.inputTokens)}/${figure(m.outputTokens)}`,
    m.reusedFromRound !== undefined ? "not asked" : seconds(m.latencyMs),
  ]);
  const lines = [
    `**Panel** (${inline(panel.policy, 20)}):`,
    "",
    table(["reviewer", "verdict", "coverage", "tokens in/out", "slowest call"], rows),
  ];
  // Incremental rounds, per reviewer: each reviewer's own earlier verdicts of unchanged files stand for
  // it alone, so each asks about a different set of files.
  const incremental = panel.members.filter((m) => m.reusedFiles !== undefined);
  if (incremental.length > 0) {
    const each = panel.members.map((m) => {
      const f = m.reusedFiles;
      if (f === undefined) return `${inline(m.label, 40)} was asked about every file`;
      const from = f.byRound.map((b) => `${figure(b.files)} from round ${b.round}`).join(", ");
      return `${inline(m.label, 40)} was asked about ${plural(f.asked, "changed file")} in ${plural(m.calls, "call")} and reused its own verdict of ${plural(f.files, "unchanged file")} (${from}), ${figure(f.chunksReused)} of its ${plural(f.chunksPlanned, "planned chunk")} reused whole`;
    });
    lines.push(
      "",
      `Incremental, per reviewer: ${each.join("; ")}. A file's verdict is reused only for the same reviewer, path, patch text, contract and prompt.`,
    );
  }
  const whole = panel.members.find((m) => m.reusedFromRound !== undefined);
  if (whole?.reusedFromRound !== undefined)
    lines.push("", `Each reviewer's say is round ${whole.reusedFromRound}'s: its whole verdict stands.`);
  if (new Set(panel.members.map((m) => m.verdict)).size > 1) {
    const said = panel.members.map((m) =>
      m.blockedFiles.length > 0
        ? `${inline(m.label, 40)} blocked ${m.blockedFiles
            .slice(0, 20)
            .map((f) => code(f))
            .join(", ")}${m.blockedFiles.length > 20 ? ` and ${m.blockedFiles.length - 20} more` : ""}`
        : `${inline(m.label, 40)}: ${inline(verdictWord(m.verdict), 40)}, no file blocked`,
    );
    lines.push("", `The reviewers disagree: ${said.join("; ")}.`);
  }
  return lines.join("\n");
}
