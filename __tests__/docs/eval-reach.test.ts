// The reach figures docs/eval.md and the README quote (issues 24 and 25), measured again on the starter
// set for each amount of context: a change to the prompt, the context or the set that moves them fails
// here until the docs say the new figures. No reviewer is asked (`eval --reach`).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { evalCli } from "../eval/support.js";

interface Reach {
  reach: { count: number; n: number; rate: number; low: number; high: number };
  tokens_per_diff_token: number;
  prompt_tokens: number;
  context: { precision: number | null };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const range = (low: number, high: number) => `${(100 * low).toFixed(1)}–${(100 * high).toFixed(1)} %`;

async function reach(context: string): Promise<Reach> {
  const r = await evalCli(["eval/sets/starter", "--reach", "--context", context, "--json"], process.cwd());
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as Reach;
}

/** One row of the table between docs/eval.md's reach markers, its cells trimmed. */
function documentedRow(mode: string): string[] {
  const doc = readFileSync("docs/eval.md", "utf8");
  const table = doc.slice(doc.indexOf("<!-- reach:start -->"), doc.indexOf("<!-- reach:end -->"));
  const row = table.split("\n").find((l) => l.startsWith(`| \`${mode}\``));
  expect(row, `docs/eval.md has a row for context ${mode}`).toBeDefined();
  return (row as string)
    .split("|")
    .slice(1, -1)
    .map((c) => c.trim());
}

describe("the starter set's reach, as docs/eval.md quotes it", () => {
  const measured = new Map<string, Reach>();
  beforeAll(async () => {
    for (const mode of ["none", "hunks", "auto"]) measured.set(mode, await reach(mode));
  });
  const of = (mode: string) => measured.get(mode) as Reach;

  it("for context none, hunks and auto: the share reached, its interval, the tokens, and the context's precision", () => {
    const none = of("none");
    for (const mode of ["none", "hunks", "auto"]) {
      const measured = of(mode);
      const [, shown, interval, perDiffToken, againstNone, precision] = documentedRow(mode);
      const { count, n, rate, low, high } = measured.reach;
      expect(shown, mode).toBe(`${count}/${n} (${pct(rate)})`);
      expect(interval, mode).toBe(range(low, high));
      expect(perDiffToken, mode).toBe(measured.tokens_per_diff_token.toFixed(2));
      expect(againstNone, mode).toBe(`${(measured.prompt_tokens / none.prompt_tokens).toFixed(2)}×`);
      const p = measured.context.precision;
      expect(precision, mode).toBe(p === null ? "–" : pct(p));
    }
  });

  it("the README's line quotes the default's reach and the diff's alone", () => {
    const readme = readFileSync("README.md", "utf8").replace(/\s+/g, " ");
    const auto = of("auto");
    const none = of("none");
    expect(readme).toContain(
      `the reviewer is shown the evidence of ${auto.reach.count} of ${auto.reach.n} real defects (${Math.round(100 * auto.reach.rate)} %; ${Math.round(100 * none.reach.rate)} % from the diff alone)`,
    );
  });
});
