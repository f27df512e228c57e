// The four-valued Results fast-check draws for the lattice's property tests (four-values and panel):
// one arbitrary, so both laws are checked over the same space of values and reasons.
import fc from "fast-check";
import { iff, maybe, no, type Result, yes } from "../../src/verdict/four-values.js";

export const RUNS = { numRuns: 1000 };
export const textArb = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== "");
const textsArb = fc.array(textArb, { minLength: 1, maxLength: 3 });
export const resultArb: fc.Arbitrary<Result> = fc.oneof(
  fc.constant(yes()),
  textsArb.map(([first, ...rest]) => no(first as string, ...rest)),
  textsArb.map(([first, ...rest]) => maybe(first as string, ...rest)),
  textsArb.map(([first, ...rest]) => iff(first as string, ...rest)),
);
