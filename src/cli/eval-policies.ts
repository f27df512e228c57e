// `verdict-gate eval compare SET-DIR --policy A --policy B`: which `block_on` a team should write, in
// one command. The set is run under each contract policy (each run as `eval --policy` runs it: its own
// cache entries, its own report) and the two reports are paired case by case as `eval compare` pairs
// two files (the exact McNemar test on the cases one policy gets right and the other wrong). Each
// policy's rates and per-severity figures are printed above the pairing; `--json` gives both reports
// whole. Nothing is written unless --out names a file.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { compareReports, NotComparableError, readReport } from "../eval/compare.js";
import { percent, renderComparison } from "../eval/render.js";
import type { IdentifiedReport } from "../eval/shard.js";
import { describeError } from "../util/describe-error.js";
import { EXIT } from "../verdict/four-values.js";
import { type CliIO, UsageError } from "./io.js";

export const COMPARE_POLICIES_USAGE =
  "       verdict-gate eval compare SET-DIR --policy JSON --policy JSON [eval's options] [--json] [--out FILE]";

/** The two --policy values, --json, --out, and the rest of the arguments (eval's own). */
function split(args: readonly string[]): { policies: string[]; json: boolean; out?: string; rest: string[] } {
  const policies: string[] = [];
  const rest: string[] = [];
  let json = false;
  let out: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const inline = /^--(policy|out)=(.*)$/s.exec(arg);
    const name = inline?.[1] ?? (arg === "--policy" || arg === "--out" ? arg.slice(2) : undefined);
    if (name !== undefined) {
      const value = inline !== null ? inline[2] : args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      if (name === "policy") policies.push(value);
      else out = value;
    } else if (arg === "--json") json = true;
    else rest.push(arg);
  }
  return { policies, json, ...(out !== undefined ? { out } : {}), rest };
}

function headline(name: string, policy: string, report: IdentifiedReport): string {
  const rate = (r: IdentifiedReport["false_approve"]) => `${r.count}/${r.n} ${percent(r.rate)}`;
  return `  ${name}  ${policy}: false approve ${rate(report.false_approve)}, false block ${rate(report.false_block)}, caught at the defect ${rate(report.caught_at_defect)}`;
}

export async function comparePolicies(
  args: readonly string[],
  io: CliIO,
  evaluate: (args: readonly string[]) => Promise<IdentifiedReport>,
): Promise<number> {
  const { policies, json, out, rest } = split(args);
  if (policies.length !== 2)
    throw new UsageError(
      `compare runs a set under two policies: give --policy twice (given ${policies.length}), like --policy '{"block_on":["high"]}' --policy '{"block_on":["high","medium"]}'`,
    );
  const file = out !== undefined ? path.resolve(io.cwd, out) : undefined;
  const [pa, pb] = policies as [string, string];
  const a = await evaluate([...rest, "--policy", pa]);
  const b = await evaluate([...rest, "--policy", pb]);
  let comparison: ReturnType<typeof compareReports>;
  try {
    comparison = compareReports(readReport(a, "A"), readReport(b, "B"), ["A", "B"]);
  } catch (error) {
    if (error instanceof NotComparableError) throw new UsageError(error.message, { brief: true });
    throw error;
  }
  const { b: nb, c, p, changed } = comparison;
  const whole = { policies: [JSON.parse(pa), JSON.parse(pb)], b: nb, c, p, changed, reports: [a, b] };
  const text = [
    `verdict-gate eval compare: ${a.set.name} under two policies`,
    headline("A", pa, a),
    headline("B", pb, b),
    "",
    renderComparison(comparison, ["A", "B"]),
  ].join("\n");
  io.out(json ? `${JSON.stringify(whole, null, 2)}\n` : text);
  if (file === undefined) return EXIT.approve;
  try {
    writeFileSync(file, `${JSON.stringify(whole, null, 2)}\n`);
    return EXIT.approve;
  } catch (error) {
    io.err(`verdict-gate eval compare: --out ${out}: cannot write it: ${describeError(error)}\n`);
    return EXIT.internal;
  }
}
