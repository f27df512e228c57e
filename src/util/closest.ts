// "Did you mean": the known word nearest to a mistyped one, for unknown commands and options. A
// suggestion is only made when it is close (a typo, a transposition, a missing letter, or the start of
// exactly one known word); a far-off guess would send a person to the wrong option. Pure.
import { editDistance } from "./edit-distance.js";

/** The candidate a person most likely meant by `word`, or undefined when none is close. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const prefixed = candidates.filter((c) => lower.length >= 2 && c.startsWith(lower));
  if (prefixed.length === 1) return prefixed[0];
  // Two edits for a long word, one for a short one: `pr` → `prompt` is not a typo.
  const allowed = lower.length <= 4 ? 1 : 2;
  let best: { word: string; distance: number } | undefined;
  for (const c of candidates) {
    const distance = editDistance(lower, c.toLowerCase());
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { word: c, distance };
  }
  return best?.word;
}
