// "Did you mean": the known word nearest to a mistyped one, for unknown commands and options. A
// suggestion is only made when it is close (a typo, a transposition, a missing letter, or the start of
// exactly one known word); a far-off guess would send a person to the wrong option. Pure.

/** Optimal string alignment distance: Levenshtein plus the swap of two neighbours (`jsno` → `json`). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

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
