// A person's reason for an act — a decision (approve, block) or a dismissal of one finding — under the
// one rule for whether the history can record it as given, whichever way it came: a `/verdict`
// comment (src/commands/parse.ts) or a dispatch's `reason` input (src/settings/event.ts). A reason the
// history would have to cut, or that would read otherwise than it was written, is refused with why,
// never stored altered: a cut reason is not the one the person gave. Pure.
import { DECISION_REASON_BYTES, DISMISSAL_REASON_BYTES, jsonBytes } from "./stored-text.js";

/** The acts a person gives a reason for. */
export type ReasonedAct = "decision" | "dismissal";

/** The most a reason may be, in bytes of JSON (what the history stores whole), for each act. */
export const REASON_LIMIT: Readonly<Record<ReasonedAct, number>> = {
  decision: DECISION_REASON_BYTES,
  dismissal: DISMISSAL_REASON_BYTES,
};

/** Characters a reason may not carry: control characters (line breaks and tabs among them: a reason is
 * one line) and the invisible format characters (bidi overrides such as U+202E, zero-width joiners)
 * that make a recorded reason read otherwise than it is. */
const CONTROL = /\p{Cc}/u;
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/** A character by its code point, as replies name one: `U+202E`. */
export function codePoint(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Why a person's reason (trimmed, not empty: each way in says what is missing in its own words)
 * cannot be recorded for `act`, or undefined when it can. */
export function reasonProblem(reason: string, act: ReasonedAct): string | undefined {
  const invisible = INVISIBLE.exec(reason)?.[0];
  if (invisible !== undefined)
    return `the reason contains the ${CONTROL.test(invisible) ? "control" : "invisible"} character ${codePoint(invisible)}; the history must read as what was written (one line, no hidden characters)`;
  if (!/[\p{L}\p{N}]/u.test(reason)) return "the reason has no words in it";
  const bytes = jsonBytes(reason);
  const limit = REASON_LIMIT[act];
  if (bytes > limit)
    return `the reason is ${bytes} bytes; the history keeps at most ${limit} for a ${act}: shorten it (link to a longer note)`;
  return undefined;
}
