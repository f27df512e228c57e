// The per-round secret bound into the reply rule (`promptRule(token)`): the parser accepts only a
// verdict line carrying it. It is drawn after the diff is fixed and is never shown outside the prompt,
// so a verdict line written into the diff, the PR title or a file cannot carry it: 128 random bits from
// the system CSPRNG, which nobody guesses. The encoding is the reply contract's own (roundTokenFrom),
// so the token always has the shape its parser accepts.
import { randomBytes } from "node:crypto";
import { roundTokenFrom } from "../verdict/reply-contract.js";

export const ROUND_TOKEN_BYTES = 16;

/** 32 lowercase hex characters. */
export function newRoundToken(): string {
  return roundTokenFrom(randomBytes(ROUND_TOKEN_BYTES));
}
