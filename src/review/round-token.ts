// The per-round secret bound into the reply rule (`promptRule(token)`): the parser accepts only a
// verdict line carrying it. It is drawn after the diff is fixed and is never shown outside the prompt,
// so a verdict line written into the diff, the PR title or a file cannot carry it: 128 random bits,
// which nobody guesses.
import { randomBytes } from "node:crypto";

export const ROUND_TOKEN_BYTES = 16;

/** 32 lowercase hex characters from the system CSPRNG. */
export function newRoundToken(): string {
  return randomBytes(ROUND_TOKEN_BYTES).toString("hex");
}
