// `verdict-gate eval compare A.json B.json`: two reports that `eval --json` (or --out) wrote for one set,
// paired by case; see eval/compare.ts for the test. Exit 0 with the comparison, 2 when a file is not
// such a report or the two are not of one set; with --fail-if-worse, 3 when B approves significantly
// more defects than A (the gate-change workflow's check fails on it).
import { readFileSync } from "node:fs";
import path from "node:path";
import { compareReports, NotComparableError, readReport, worseOnFalseApproves } from "../eval/compare.js";
import { renderComparison, worseWords } from "../eval/render.js";
import { describeError } from "../util/describe-error.js";
import { EXIT } from "../verdict/four-values.js";
import { parse } from "./args.js";
import { type CliIO, UsageError } from "./io.js";

export const COMPARE_USAGE =
  "       verdict-gate eval compare A.json B.json [--json] [--fail-if-worse] [--names A,B]";

function reportAt(io: CliIO, file: string): ReturnType<typeof readReport> {
  let text: string;
  try {
    text = readFileSync(path.resolve(io.cwd, file), "utf8");
  } catch (error) {
    throw new UsageError(`${file}: cannot read it: ${describeError(error)}`, { brief: true });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${describeError(error)}`, { brief: true });
  }
  try {
    return readReport(value, file);
  } catch (error) {
    if (error instanceof NotComparableError) throw new UsageError(error.message, { brief: true });
    throw error;
  }
}

export const compareCommand = {
  async run(args: readonly string[], io: CliIO): Promise<number> {
    const { values, positionals } = parse(
      args,
      { json: { type: "boolean" }, "fail-if-worse": { type: "boolean" }, names: { type: "string" } },
      2,
    );
    const [a, b] = positionals;
    if (a === undefined || b === undefined)
      throw new UsageError("compare takes two reports: verdict-gate eval compare A.json B.json");
    // What the words call the two (the gate-change workflow: "the base", "the head"); the files by default.
    const given = (values.names as string | undefined)?.split(",").map((n) => n.trim());
    if (given !== undefined && (given.length !== 2 || given.some((n) => n === "")))
      throw new UsageError(`--names takes two names, A,B, not ${JSON.stringify(values.names)}`);
    const names: [string, string] = given !== undefined ? [given[0] as string, given[1] as string] : [a, b];
    let comparison: ReturnType<typeof compareReports>;
    try {
      comparison = compareReports(reportAt(io, a), reportAt(io, b), names);
    } catch (error) {
      if (error instanceof NotComparableError) throw new UsageError(error.message, { brief: true });
      throw error;
    }
    const worse = worseOnFalseApproves(comparison);
    if (values.json === true) {
      const { b: nb, c, p, changed, false_approve, false_block } = comparison;
      io.out(
        `${JSON.stringify({ b: nb, c, p, changed, false_approve, false_block, worse_on_false_approves: worse }, null, 2)}\n`,
      );
    } else {
      io.out(renderComparison(comparison, names));
    }
    // B approves significantly more defects than A: with --fail-if-worse, exit 3 (a blocked status's
    // code), the reason on stderr as well, so a check that runs this fails in words.
    if (values["fail-if-worse"] === true && worse) {
      io.err(`verdict-gate eval compare: ${worseWords(comparison, names)}\n`);
      return EXIT.blocked;
    }
    return EXIT.approve;
  },
};
