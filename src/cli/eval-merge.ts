// `verdict-gate eval merge A.json B.json …`: the reports of one run's shards (`eval --shard i/n`) put
// back into the report of the run (eval/merge.ts says what must agree). Exit 0 with the report; 2 when
// a file is not such a report or the files are not the shards of one run; 1 when --out cannot be
// written.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { mergeReports, NotMergeableError } from "../eval/merge.js";
import { renderEval } from "../eval/render.js";
import { describeError } from "../util/describe-error.js";
import { EXIT } from "../verdict/four-values.js";
import { parse } from "./args.js";
import { type CliIO, UsageError } from "./io.js";

export const MERGE_USAGE = "       verdict-gate eval merge REPORT.json… [--json] [--out FILE]";

export const mergeCommand = {
  async run(args: readonly string[], io: CliIO): Promise<number> {
    const { values, positionals } = parse(args, { json: { type: "boolean" }, out: { type: "string" } }, 256);
    if (positionals.length === 0)
      throw new UsageError(
        "merge takes the shards' reports: verdict-gate eval merge shard-1.json shard-2.json …",
      );
    const reports = positionals.map((file) => {
      let text: string;
      try {
        text = readFileSync(path.resolve(io.cwd, file), "utf8");
      } catch (error) {
        throw new UsageError(`${file}: cannot read it: ${describeError(error)}`, { brief: true });
      }
      try {
        return { value: JSON.parse(text) as unknown, where: file };
      } catch (error) {
        throw new UsageError(`${file} is not JSON: ${describeError(error)}`, { brief: true });
      }
    });
    let merged: ReturnType<typeof mergeReports>;
    try {
      merged = mergeReports(reports);
    } catch (error) {
      if (error instanceof NotMergeableError) throw new UsageError(error.message, { brief: true });
      throw error;
    }
    const json = `${JSON.stringify(merged, null, 2)}\n`;
    io.out(values.json === true ? json : renderEval(merged));
    const out = values.out as string | undefined;
    if (out === undefined) return EXIT.approve;
    try {
      writeFileSync(path.resolve(io.cwd, out), json);
      return EXIT.approve;
    } catch (error) {
      io.err(`verdict-gate eval merge: --out ${out}: cannot write it: ${describeError(error)}\n`);
      return EXIT.internal;
    }
  },
};
