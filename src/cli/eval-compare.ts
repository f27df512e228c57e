// `verdict-gate eval compare A.json B.json`: two reports that `eval --json` (or --out) wrote for one set,
// paired by case; see eval/compare.ts for the test. Exit 0 with the comparison, 2 when a file is not
// such a report or the two are not of one set.
import { readFileSync } from "node:fs";
import path from "node:path";
import { compareReports, NotComparableError, readReport } from "../eval/compare.js";
import { renderComparison } from "../eval/render.js";
import { describeError } from "../util/describe-error.js";
import { EXIT } from "../verdict/four-values.js";
import { parse } from "./args.js";
import { type CliIO, UsageError } from "./io.js";

export const COMPARE_USAGE = "       verdict-gate eval compare A.json B.json [--json]";

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
    const { values, positionals } = parse(args, { json: { type: "boolean" } }, 2);
    const [a, b] = positionals;
    if (a === undefined || b === undefined)
      throw new UsageError("compare takes two reports: verdict-gate eval compare A.json B.json");
    let comparison: ReturnType<typeof compareReports>;
    try {
      comparison = compareReports(reportAt(io, a), reportAt(io, b), [a, b]);
    } catch (error) {
      if (error instanceof NotComparableError) throw new UsageError(error.message, { brief: true });
      throw error;
    }
    if (values.json === true) {
      const { b: nb, c, p, changed } = comparison;
      io.out(`${JSON.stringify({ b: nb, c, p, changed }, null, 2)}\n`);
    } else {
      io.out(renderComparison(comparison, [a, b]));
    }
    return EXIT.approve;
  },
};
