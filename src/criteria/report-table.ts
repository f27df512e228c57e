// The report as a person reads it in a terminal or a log: the verdict and its reason first, then one
// row per criterion, then the claims nobody could check. Pure: colour comes in as a function, so the
// same text serves terminals, logs and job summaries.
import type { CheckStatus, ContractReport, ContractVerdict } from "./report.js";

export type Tone = "good" | "bad" | "warn" | "dim";
export type Paint = (tone: Tone, text: string) => string;

const plain: Paint = (_tone, text) => text;

/** Control characters (from file names in a diff, from a contract) must not reach a terminal: an escape
 * sequence in a path could rewrite what the reader sees, PASS included. */
export function printable(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

const VERDICT_TONE: Readonly<Record<ContractVerdict, Tone>> = { PASS: "good", FAIL: "bad", FLAG: "warn" };
const STATUS_TONE: Readonly<Record<CheckStatus, Tone>> = { pass: "good", fail: "bad", error: "warn" };
// Upper case for what needs attention, so it stands out without colour too.
const STATUS_WORD: Readonly<Record<CheckStatus, string>> = { pass: "pass", fail: "FAIL", error: "ERROR" };

export function reportTable(report: ContractReport, paint: Paint = plain): string {
  const lines: string[] = [];
  lines.push(`${paint(VERDICT_TONE[report.verdict] ?? "bad", report.verdict)}  ${printable(report.reason)}`);
  lines.push(paint("dim", `intended action: ${printable(report.intended_action)}`));
  if (report.checks.length > 0) {
    const idWidth = Math.min(30, Math.max(2, ...report.checks.map((c) => printable(c.id).length)));
    const typeWidth = Math.max(4, ...report.checks.map((c) => c.type.length));
    lines.push("");
    lines.push(
      paint("dim", `  ${"status".padEnd(6)}  ${"id".padEnd(idWidth)}  ${"type".padEnd(typeWidth)}  reason`),
    );
    for (const check of report.checks) {
      const word = STATUS_WORD[check.status] ?? String(check.status);
      const tone = STATUS_TONE[check.status] ?? "bad";
      lines.push(
        `  ${paint(tone, word.padEnd(6))}  ${printable(check.id).padEnd(idWidth)}  ${check.type.padEnd(typeWidth)}  ${printable(check.reason)}`,
      );
    }
  }
  if (report.unverifiable_claims.length > 0) {
    lines.push("");
    lines.push("unverifiable claims (each holds the verdict at FLAG until a person judges it):");
    for (const claim of report.unverifiable_claims) lines.push(`  - ${printable(claim)}`);
  }
  return `${lines.join("\n")}\n`;
}
