// `verdict-gate check`: a contract checked against a directory (and a diff), verdictkit-style. Exit 0
// PASS, 3 FAIL, 4 FLAG, 2 for an invalid contract or bad arguments; only PASS is 0, so a script that
// tests the exit status can never mistake "could not check" for "passed".

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type ContractReport,
  type ContractVerdict,
  checkContract,
  collectEvidence,
  type EvidenceVerification,
  loadContract,
  printable,
  reportTable,
  verifyEvidence,
} from "../criteria/index.js";
import { describeError } from "../util/describe-error.js";
import { parseStrictJson } from "../util/strict-json.js";
import { EXIT, exitCodeOf, statusOf } from "../verdict/four-values.js";
import { valueOfContract } from "../verdict/vocabulary.js";
import { openTree } from "../workspace/fs-tree.js";
import { parse } from "./args.js";
import { refuseDiffNotOfTree } from "./diff-tree.js";
import { type CliIO, type Command, UsageError } from "./io.js";
import { painter } from "./paint.js";
import { readOptionalDiff } from "./read-diff.js";
import { CONTRACT_PATH as DEFAULT_CONTRACT_PATH } from "./templates/project.js";
import { basePathFor, topLevelHint } from "./top-level.js";

const USAGE = [
  "usage: verdict-gate check [CONTRACT | --contract FILE] [--base-path DIR] [--diff FILE|-] [--json] [--evidence FILE]",
  "       git diff main | verdict-gate check [CONTRACT] [options]",
  "       verdict-gate check --verify-evidence FILE [--bundle-hash HEX] [--json]",
  "",
  "  CONTRACT, --contract FILE  the contract (default: .github/verdict-contract.json at the repository's",
  "                        top level, or under --base-path when given)",
  "  --base-path DIR       the tree the criteria read (default: the repository's top level)",
  "  --diff FILE|-         the unified diff the diff criteria judge (- for standard input; without it,",
  "                        standard input when a diff is piped or redirected in, as `review` reads it)",
  "  --evidence FILE       also write an evidence bundle of everything the criteria read",
  "  --verify-evidence F   recompute a bundle's hashes and re-run its criteria without the tree",
  "  --bundle-hash HEX     with --verify-evidence: the bundle_hash recorded when the bundle was",
  "                        collected; without it a bundle only proves it agrees with itself",
  "",
  "exit: 0 PASS · 3 FAIL · 4 FLAG · 2 invalid contract or input · 1 internal error",
].join("\n");

const OPTIONS = {
  contract: { type: "string" },
  "base-path": { type: "string" },
  diff: { type: "string" },
  json: { type: "boolean" },
  evidence: { type: "string" },
  "verify-evidence": { type: "string" },
  "bundle-hash": { type: "string" },
} as const;

/** A contract verdict's exit code: the status its value is (vocabulary.ts), so PASS, FAIL and FLAG exit
 * as approve, blocked and hold do everywhere else. */
function exitOf(verdict: ContractVerdict): number {
  return exitCodeOf(statusOf(valueOfContract(verdict)));
}

/** An input the user must fix: printed, and exit 2. */
class InputError extends Error {}

function readInput(io: CliIO, file: string, what: string): string {
  try {
    return readFileSync(path.resolve(io.cwd, file), "utf8");
  } catch (error) {
    throw new InputError(`cannot read ${what} ${file}: ${describeError(error)}`);
  }
}

/** A contract must be UTF-8: a replacement character silently put into a pattern would change what it
 * matches. */
function readContractText(io: CliIO, file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.resolve(io.cwd, file));
  } catch (error) {
    throw new InputError(
      `cannot read the contract ${file}: ${describeError(error)}${topLevelHint(io.cwd, file)}`,
    );
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new InputError(`${file}: contract: not UTF-8 text`);
  }
}

/** What a person must be told about an intact bundle whose hash nobody pinned: it agrees with itself,
 * which whoever edited it can arrange. */
const SELF_CONSISTENT_ONLY =
  "only self-consistent: anyone who edits a bundle can recompute its hashes. Compare its bundle_hash with the one recorded when it was collected, or pass it with --bundle-hash";

function bundleHashOption(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^[0-9a-fA-F]{64}$/.test(value)) {
    throw new UsageError("--bundle-hash expects the 64 hex digits of a bundle_hash");
  }
  return value.toLowerCase();
}

async function verify(
  io: CliIO,
  file: string,
  options: { json: boolean; expectedBundleHash?: string | undefined },
): Promise<number> {
  const { json, expectedBundleHash } = options;
  const text = readInput(io, file, "the evidence bundle");
  let bundle: unknown;
  try {
    // Strict: a repeated key would let a reader of the bundle see one value while the verifier hashes
    // and re-runs another.
    bundle = parseStrictJson(text);
  } catch (error) {
    throw new InputError(`${file} is not JSON: ${describeError(error)}`);
  }
  const result: EvidenceVerification = await verifyEvidence(
    bundle,
    expectedBundleHash === undefined ? {} : { expectedBundleHash },
  );
  const bundleHash = (bundle as { bundle_hash?: unknown } | null)?.bundle_hash;
  if (json) {
    io.out(
      `${JSON.stringify(
        {
          verdict: result.verdict,
          reason: result.reason,
          intact: result.intact,
          problems: result.problems,
          bundle_hash: typeof bundleHash === "string" ? bundleHash : null,
          bundle_hash_pinned: result.hashPinned,
          expected_bundle_hash: expectedBundleHash ?? null,
          recorded_verdict: result.recorded?.verdict ?? null,
          checks: result.report?.checks ?? [],
          unverifiable_claims: result.report?.unverifiable_claims ?? [],
          differences: result.differences,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    const paint = painter(io);
    const lines = [`evidence bundle ${printable(file)}`];
    if (result.intact) {
      lines.push(`  intact: every hash matches (bundle_hash ${printable(String(bundleHash))})`);
      lines.push(
        result.hashPinned
          ? "  pinned: the bundle_hash is the one given with --bundle-hash"
          : `  ${paint("warn", "note")}: ${SELF_CONSISTENT_ONLY}`,
      );
      lines.push(
        `  recorded verdict: ${result.recorded?.verdict ?? "none"}; re-run on the bundle alone below`,
      );
    } else {
      lines.push(`  ${paint("bad", "NOT INTACT")}: the bundle cannot be trusted`);
      for (const problem of result.problems.slice(0, 20)) lines.push(`  - ${printable(problem)}`);
    }
    io.out(`${lines.join("\n")}\n\n`);
    if (result.report !== undefined)
      io.out(reportTable({ ...result.report, verdict: result.verdict, reason: result.reason }, paint));
    else io.out(`${paint("bad", result.verdict)}  ${printable(result.reason)}\n`);
    if (result.differences.length > 0) {
      io.out(
        `\ndiffers from the recorded run:\n${result.differences.map((d) => `  - ${printable(d)}`).join("\n")}\n`,
      );
    }
  }
  return exitOf(result.verdict);
}

async function check(
  io: CliIO,
  contractFile: string,
  /** basePath: absolute, the directory the criteria read; shownBasePath: as the user wrote it. */
  options: {
    basePath: string;
    shownBasePath: string;
    diffFile?: string;
    evidenceFile?: string;
    json: boolean;
  },
): Promise<number> {
  let contract: ReturnType<typeof loadContract>;
  try {
    contract = loadContract(readContractText(io, contractFile), contractFile);
  } catch (error) {
    throw new InputError(error instanceof Error ? error.message : String(error));
  }
  let tree: ReturnType<typeof openTree>;
  try {
    tree = openTree(options.basePath);
  } catch (error) {
    throw new InputError(`--base-path ${options.shownBasePath}: ${describeError(error)}`);
  }
  const read = await readOptionalDiff(io, options.diffFile, {
    pipe: "git diff main | verdict-gate check CONTRACT",
  });
  const { diff } = read;
  if (read.diff !== undefined) {
    await refuseDiffNotOfTree(read.diff, tree, {
      cwd: io.cwd,
      basePath: options.basePath,
      from: read.from,
      judged: "checked",
    });
  }
  // What a diff criterion says without a diff, here: how to give it one.
  const noDiff = read.diff === undefined ? read.absent : undefined;
  // How the diff was read, when a person should know (bytes that are not UTF-8, read as U+FFFD).
  for (const how of diff?.howRead ?? []) io.err(`verdict-gate check: note: ${how}\n`);
  let report: ContractReport;
  let bundleHash: string | undefined;
  if (options.evidenceFile !== undefined) {
    const bundle = await collectEvidence(contract, { tree, diff, noDiff });
    try {
      writeFileSync(path.resolve(io.cwd, options.evidenceFile), `${JSON.stringify(bundle)}\n`);
    } catch (error) {
      throw new InputError(
        `cannot write the evidence bundle to ${options.evidenceFile}: ${describeError(error)}`,
      );
    }
    report = bundle.report;
    bundleHash = bundle.bundle_hash;
  } else {
    report = await checkContract(contract, { tree, diff, noDiff });
  }
  if (options.json) {
    const extra =
      options.evidenceFile === undefined
        ? {}
        : { evidence_bundle: { file: options.evidenceFile, bundle_hash: bundleHash } };
    io.out(`${JSON.stringify({ contract: contractFile, ...report, ...extra }, null, 2)}\n`);
  } else {
    io.out(reportTable(report, painter(io)));
    if (options.evidenceFile !== undefined) {
      io.out(
        `\nevidence: ${printable(options.evidenceFile)} (bundle_hash ${String(bundleHash)})\n` +
          "record this bundle_hash apart from the bundle: --verify-evidence FILE --bundle-hash HEX checks against it\n",
      );
    }
  }
  return exitOf(report.verdict);
}

/** The contract to check: CONTRACT or --contract FILE (the same file, as `review` takes it), else the
 * default one in the tree the criteria read. */
function contractOf(
  io: CliIO,
  positional: string | undefined,
  flag: string | undefined,
  basePath: string,
  givenBasePath: string | undefined,
): string {
  if (positional !== undefined && flag !== undefined && positional !== flag) {
    throw new UsageError(
      `two contracts: ${JSON.stringify(positional)} and --contract ${JSON.stringify(flag)}; name one`,
    );
  }
  const named = flag ?? positional;
  if (named !== undefined) return named;
  const fallback = path.join(basePath, DEFAULT_CONTRACT_PATH);
  if (!existsSync(fallback)) {
    const where = givenBasePath !== undefined ? `under --base-path ${givenBasePath}` : `in ${basePath}`;
    throw new UsageError(
      `no contract: there is no ${DEFAULT_CONTRACT_PATH} ${where}; name one (verdict-gate check FILE, or --contract FILE)`,
    );
  }
  return path.relative(io.cwd, fallback) || fallback;
}

export const checkCommand: Command = {
  name: "check",
  summary: "check a contract's criteria against a directory (and a diff): PASS, FLAG or FAIL",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, OPTIONS, 1);
    const json = values.json === true;
    const verifyFile = values["verify-evidence"] as string | undefined;
    const expectedBundleHash = bundleHashOption(values["bundle-hash"]);
    try {
      if (verifyFile !== undefined) {
        const extra =
          positionals[0] ??
          (["contract", "base-path", "diff", "evidence"] as const).find((k) => values[k] !== undefined);
        if (extra !== undefined)
          throw new UsageError(`--verify-evidence takes no contract, --base-path, --diff or --evidence`);
        return await verify(io, verifyFile, { json, expectedBundleHash });
      }
      if (expectedBundleHash !== undefined) throw new UsageError("--bundle-hash goes with --verify-evidence");
      if (values.evidence === "-" || values.evidence === "") {
        throw new UsageError("--evidence needs a file name to write the bundle to");
      }
      const given = values["base-path"] as string | undefined;
      const base = basePathFor(io.cwd, given);
      const contractFile = contractOf(
        io,
        positionals[0],
        values.contract as string | undefined,
        base.dir,
        given,
      );
      if (base.note !== undefined) io.err(`verdict-gate check: note: ${base.note}\n`);
      return await check(io, contractFile, {
        basePath: base.dir,
        shownBasePath: given ?? base.dir,
        ...(values.diff === undefined ? {} : { diffFile: values.diff as string }),
        ...(values.evidence === undefined ? {} : { evidenceFile: values.evidence as string }),
        json,
      });
    } catch (error) {
      if (error instanceof InputError) {
        io.err(`verdict-gate check: ${error.message}\n`);
        return EXIT.usage;
      }
      throw error;
    }
  },
};
