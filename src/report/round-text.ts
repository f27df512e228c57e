// A round's report for a terminal (one of the three renderings of RoundReport, beside round-report.ts's
// Markdown and round-json.ts's --json): the same RoundReport the check run renders, in the same order —
// status first, then why, then what to do next, then the details. Every piece of text that came from
// the diff, the contract or the model goes through `printable`: an escape sequence in a reviewer's
// reply could otherwise repaint the status line a person reads. Pure.
import { type Paint, printable, type Tone } from "../criteria/index.js";
import { MAYBE, NO, type Result, rank, type Status, type Value } from "../verdict/four-values.js";
import { figure, seconds } from "./figures.js";
import { describeCallContext, verdictWord } from "./reviewer-section.js";
import { nextStep, type RoundReport } from "./round-report.js";

const STATUS_TONE: Readonly<Record<Status, Tone>> = {
  approve: "good",
  blocked: "bad",
  "hold-for-human": "warn",
  "conditional-on": "warn",
};
const VALUE_TONE: Readonly<Record<Value, Tone>> = { YES: "good", NO: "bad", MAYBE: "warn", IFF: "warn" };
const MARK: Readonly<Record<Value, string>> = { YES: "✔", NO: "✘", MAYBE: "?", IFF: "…" };

/** Where the round ran, which changes what "next" means. */
export type Setting = "local" | "pull-request";

/** For a local diff there is no author, maintainer or dependency event: the next step is yours. */
const LOCAL_NEXT: Readonly<Record<Status, string>> = {
  approve: "The gate would approve this diff: every part passed on all of it.",
  blocked: "Fix the reasons above and run again; on a pull request they would go to the author.",
  "hold-for-human":
    "The gate could not judge this diff; the reasons above say what was missing. On a pull request a maintainer would decide.",
  "conditional-on":
    "Everything here passed, but the contract `requires` things only GitHub can answer (checks, statuses, labels, other PRs), and a local review does not ask: `verdict-gate pr` checks them, and --no-dependencies leaves them out.",
};

function reasons(result: Result): { mark: Value; text: string }[] {
  const no = result.reasons.map((text) => ({ mark: NO as Value, text }));
  const maybe = result.needed.map((text) => ({ mark: MAYBE as Value, text }));
  const iff = result.dependencies.map((text) => ({ mark: "IFF" as Value, text: `waiting for ${text}` }));
  if (result.value === NO) return [...no, ...maybe, ...iff];
  if (result.value === MAYBE) return [...maybe, ...no, ...iff];
  return [...iff, ...maybe, ...no];
}

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");
}

export function roundText(report: RoundReport, paint: Paint, setting: Setting): string {
  const out: string[] = [];
  const head = paint(STATUS_TONE[report.status], report.status.toUpperCase());
  const why = reasons(report.result);
  const first = why[0];
  out.push(`${head}${first !== undefined ? `  ${printable(first.text)}` : ""}`);
  // One reason is already the headline; a list repeats it only when there is more to say.
  if (why.length > 1) {
    out.push("", "why:");
    for (const r of why) out.push(`  ${paint(VALUE_TONE[r.mark], MARK[r.mark])} ${printable(r.text)}`);
  }
  out.push("", `next: ${setting === "local" ? LOCAL_NEXT[report.status] : nextStep(report)}`);

  out.push("", "parts:");
  const parts = [...report.parts].sort((a, b) => rank(b.result.value) - rank(a.result.value));
  const width = Math.max(8, ...parts.map((p) => p.name.length));
  for (const p of parts) {
    const value = p.skipped
      ? paint("dim", "skip ")
      : paint(VALUE_TONE[p.result.value], p.result.value.padEnd(5));
    out.push(`  ${p.name.padEnd(width)}  ${value}  ${printable(p.summary)}`);
  }

  const c = report.coverage;
  if (c !== undefined) {
    const tone: Tone = c.complete ? "good" : "warn";
    out.push(
      "",
      `coverage: ${paint(tone, c.complete ? "complete" : "partial")} (${c.filesReviewed}/${c.filesTotal} files, ${c.linesReviewed}/${c.linesTotal} changed lines)${c.withheld !== undefined ? `; withheld: ${c.withheld}` : ""}`,
    );
    for (const n of c.notReviewed) out.push(`  not reviewed  ${printable(n.path)}: ${printable(n.reason)}`);
    for (const n of c.excluded)
      out.push(paint("dim", `  excluded      ${printable(n.path)}: ${printable(n.reason)}`));
  }

  const criteria = report.criteria;
  if (criteria?.kind === "checked") {
    const tone: Tone = criteria.verdict === "PASS" ? "good" : criteria.verdict === "FAIL" ? "bad" : "warn";
    out.push("", `criteria: ${paint(tone, criteria.verdict)} (${printable(criteria.source)})`);
    const idWidth = Math.min(30, Math.max(2, ...criteria.rows.map((r) => printable(r.id).length)));
    for (const r of criteria.rows) {
      const status =
        r.status === "pass"
          ? paint("good", "pass ")
          : r.status === "fail"
            ? paint("bad", "FAIL ")
            : paint("warn", "ERROR");
      out.push(`  ${status}  ${printable(r.id).padEnd(idWidth)}  ${printable(r.evidence)}`);
    }
    for (const claim of criteria.unverifiable)
      out.push(`  ${paint("warn", "?")}  unverifiable: ${printable(claim)}`);
  } else if (criteria?.kind === "invalid") {
    out.push(
      "",
      `criteria: ${paint("warn", "not checked")} (${printable(criteria.source)}): ${printable(criteria.message)}`,
    );
  }

  const r = report.reviewer;
  if (r !== undefined) {
    const tokensIn = r.calls.reduce((s, call) => s + (call.inputTokens ?? 0), 0);
    const tokensOut = r.calls.reduce((s, call) => s + (call.outputTokens ?? 0), 0);
    const slowest = r.calls.reduce((s, call) => Math.max(s, call.latencyMs), 0);
    const from = r.reusedFromPr !== undefined ? `PR #${r.reusedFromPr}'s ` : "";
    const reused = r.reusedFromRound !== undefined ? `, reused from ${from}round ${r.reusedFromRound}` : "";
    // A command reviewer reports no usage; "0 tokens" would read as an empty prompt.
    const counted = r.calls.some((call) => call.inputTokens !== undefined || call.outputTokens !== undefined);
    const tokens = counted ? `, ${figure(tokensIn)} tokens in, ${figure(tokensOut)} out` : "";
    const calls = `${r.calls.length} call${r.calls.length === 1 ? "" : "s"}`;
    out.push(
      "",
      `reviewer: ${printable(verdictWord(r.verdict))} from ${printable(r.label)} (${calls}${tokens}, slowest ${seconds(slowest)}${reused})`,
    );
    if (r.panel.members.length > 1) {
      for (const m of r.panel.members) {
        const blocked =
          m.blockedFiles.length > 0 ? `; blocked ${m.blockedFiles.map(printable).join(", ")}` : "";
        // Incremental rounds are per reviewer: each reused its own verdicts of unchanged files.
        const f = m.reusedFiles;
        const reusedFiles =
          f !== undefined
            ? `; asked about ${f.asked} file(s), reused ${f.files} (${f.byRound.map((b) => `${b.files} from round ${b.round}`).join(", ")})`
            : "";
        const asked =
          m.reusedFromRound !== undefined
            ? `not asked (round ${m.reusedFromRound}'s say)`
            : `slowest ${seconds(m.latencyMs)}`;
        out.push(
          `  ${printable(m.label)}: ${printable(verdictWord(m.verdict))}, coverage ${printable(m.coverage)}, ${asked}${blocked}${reusedFiles}`,
        );
      }
    }
    for (const w of r.warnings) out.push(`  ${paint("warn", "!")} ${printable(w)}`);
    for (const [i, call] of r.calls.entries()) {
      const who = call.reviewer !== undefined ? `${printable(call.reviewer)} ` : "";
      const label = r.calls.length > 1 ? `${who}call ${i + 1} (${call.files} files): ` : "";
      if (call.context !== undefined)
        out.push(paint("dim", `  ${label}context: ${printable(describeCallContext(call.context))}`));
      if (!call.ok)
        out.push(
          `  ${paint("warn", "?")} ${label}${printable(call.outcome)}: ${printable(call.message ?? "")}`,
        );
      else if (call.reply !== undefined && call.reply !== "") {
        out.push(paint("dim", `  ── ${label}reply ──`));
        out.push(indent(call.reply.replace(/\n+$/, "").split("\n").map(printable).join("\n"), "  │ "));
      }
    }
  }

  for (const note of report.notes) out.push("", `${paint("warn", "note:")} ${printable(note)}`);
  return `${out.join("\n")}\n`;
}
