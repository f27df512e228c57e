// `verdict-gate review`: one whole round on a local diff — the same round the action runs on a pull
// request (src/gate/round.ts), with the diff from stdin or a file standing in for the PR, the contract
// read from disk and checked against the working tree, and the check run recorded instead of posted.
// Nothing here decides anything: a local approve has exactly the action's shape, because it is the
// action's code. Exit 0 approve, 3 blocked, 4 hold-for-human, 5 conditional-on, 2 bad input.
import { createHash } from "node:crypto";
import { lstatSync, readFileSync } from "node:fs";
import path from "node:path";
import { makeLocalReviewers, runLocalRound } from "../compose/local-round.js";
import { loadContract, type TreeReader } from "../criteria/index.js";
import type { ContractFile } from "../ports/github.js";
import { roundJson } from "../report/round-json.js";
import { type RoundReport, renderJobSummary } from "../report/round-report.js";
import { roundText } from "../report/round-text.js";
import { describeError } from "../util/describe-error.js";
import { EXIT, exitCodeOf } from "../verdict/four-values.js";
import { openTree } from "../workspace/fs-tree.js";
import { parse } from "./args.js";
import { refuseDiffNotOfTree } from "./diff-tree.js";
import { type CliIO, type Command, UsageError } from "./io.js";
import { localBaseReader } from "./local-base.js";
import { painter } from "./paint.js";
import { readDiff } from "./read-diff.js";
import { cliLog, reviewerFor } from "./round-context.js";
import {
  ACTION_DEFAULTS,
  providerOf,
  ROUND_OPTIONS,
  ROUND_OPTIONS_USAGE,
  refuseKeyFlags,
  reviewerKey,
  roundSettings,
} from "./round-options.js";
import { basePathFor, topLevelHint } from "./top-level.js";

const USAGE = [
  "usage: git diff main | verdict-gate review [options]",
  "       verdict-gate review --diff FILE [options]",
  "",
  "  --diff FILE|-        the unified diff to review (default: standard input)",
  "  --contract FILE      the contract (default: .github/verdict-contract.json under --base-path, if present);",
  "                       checked before any reviewer call: an invalid one is exit 2",
  "  --base-path DIR      the working tree the criteria read (default: the repository's top level)",
  "  --no-dependencies    leave the contract's `requires` out: reported as not checked, the status is",
  "                       the rest's (without it they are pending, conditional-on: only GitHub can answer)",
  ROUND_OPTIONS_USAGE,
  "",
  "exit: 0 approve · 3 blocked · 4 hold-for-human · 5 conditional-on · 2 bad input · 1 internal error",
].join("\n");

const OPTIONS = {
  ...ROUND_OPTIONS,
  diff: { type: "string" },
  "no-dependencies": { type: "boolean" },
} as const;

/** Whether nothing at all is at `full` (not even a dangling symlink): only then is the default contract
 * "missing". Anything else that cannot be read is an unreadable contract, which holds the round. */
function nothingAt(full: string): boolean {
  try {
    lstatSync(full);
    return false;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return code === "ENOENT" || code === "ENOTDIR";
  }
}

/** The contract as the round expects it from GitHub: found (with a content hash) or missing, exactly
 * as the action reads it from the base commit — and checked here, before the round: a contract that
 * cannot be read or is invalid is exit 2 at once, as `check` has it, instead of a reviewer call paid
 * for and then a hold. The default contract is missing only when nothing is there at all (a dangling
 * symlink or a permission error is unreadable, never "no contract", which would skip the criteria).
 * The text must be UTF-8, as `check` and the action require: a replacement character silently put
 * into a pattern would change what it matches. */
function readContract(
  io: CliIO,
  given: string | undefined,
  basePath: string,
): { file: ContractFile; source: string } {
  const source = given ?? ACTION_DEFAULTS.contract;
  const full = given !== undefined ? path.resolve(io.cwd, given) : path.join(basePath, source);
  const refuse = (why: string) =>
    new UsageError(`the contract ${given ?? full} ${why}; nothing was reviewed`, { brief: true });
  let bytes: Buffer;
  try {
    bytes = readFileSync(full);
  } catch (error) {
    if (given !== undefined) {
      throw new UsageError(
        `--contract ${given}: cannot read it: ${describeError(error)}${topLevelHint(io.cwd, given)}`,
      );
    }
    if (nothingAt(full)) return { file: { kind: "missing" }, source };
    const dangling = (error as { code?: unknown }).code === "ENOENT";
    throw refuse(
      dangling
        ? "is a symbolic link to nothing: its target does not exist"
        : `is there but cannot be read: ${describeError(error)}`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw refuse("is not UTF-8 text");
  }
  try {
    loadContract(text, source);
  } catch (error) {
    throw new UsageError(`${describeError(error)}\nnothing was reviewed: fix the contract and run again`, {
      brief: true,
    });
  }
  return { file: { kind: "found", text, sha: createHash("sha256").update(text).digest("hex") }, source };
}

/** The report with what only makes sense on a pull request taken out: the stand-in PR's number, the
 * rounds row when it only says "round 1 of 10" (a local diff has no history), and "on the base commit"
 * (a local contract is read from disk). */
function localReport(report: RoundReport, source: string): RoundReport {
  const { prNumber: _local, ...rest } = report;
  return {
    ...rest,
    parts: report.parts
      .filter((p) => !(p.name === "rounds" && p.result.value === "YES"))
      .map((p) =>
        p.name === "criteria" && p.skipped === true
          ? { ...p, summary: `no contract at ${source} (--contract FILE names one)` }
          : p,
      ),
  };
}

export const reviewCommand: Command = {
  name: "review",
  summary: "one whole round on a local diff (stdin or --diff): reviewer, contract, one four-valued status",
  usage: USAGE,
  async run(args, io) {
    refuseKeyFlags(args);
    const { values } = parse(args, OPTIONS, 0);
    if (values.json === true && values.markdown === true) throw new UsageError("choose --json or --markdown");
    const key = reviewerKey(values, io.env, providerOf(values));
    const where = basePathFor(io.cwd, values["base-path"] as string | undefined);
    const basePath = where.dir;
    let tree: TreeReader;
    try {
      tree = openTree(basePath);
    } catch (error) {
      throw new UsageError(`--base-path ${String(values["base-path"] ?? ".")}: ${describeError(error)}`);
    }
    const contract = readContract(io, values.contract as string | undefined, basePath);
    const settings = {
      ...roundSettings(values, key.key, { keys: io.env, cwd: io.cwd }),
      contractPath: contract.source,
    };
    const reviewers = reviewerFor(() => makeLocalReviewers(settings, io.env, io.cwd));
    const { diff, from } = await readDiff(io, values.diff as string | undefined, {
      pipe: "git diff main | verdict-gate review",
      refuseTerminal: true,
    });
    await refuseDiffNotOfTree(diff, tree, { cwd: io.cwd, basePath, from, judged: "reviewed" });
    if (key.note !== undefined) io.err(`verdict-gate review: note: ${key.note}\n`);
    if (where.note !== undefined) io.err(`verdict-gate review: note: ${where.note}\n`);

    // A local diff is not a commit (`git diff main` includes what is not committed yet): the round is
    // bound to no head, and says so (head_sha null, no commit in the report's footer). The working tree
    // is the new side of a local diff by construction.
    const outcome = await runLocalRound({
      settings,
      reviewers,
      change: {
        diff,
        contract: contract.file,
        contractPath: settings.contractPath,
        readBase: localBaseReader(diff, basePath),
      },
      tree,
      log: cliLog(io, "review", values.verbose === true, false),
      dependencies: values["no-dependencies"] === true ? "not-checked" : "not-queried",
    });
    if (outcome.status === undefined || outcome.report === undefined) {
      io.err(`verdict-gate review: ${outcome.message}\n`);
      return EXIT.internal;
    }
    const report = localReport(outcome.report, contract.source);
    if (values.json === true) {
      const json = roundJson(outcome.status, report, outcome);
      delete json.exclusions;
      delete json.round;
      json.head_sha = null;
      io.out(`${JSON.stringify({ ...json, diff: from, base_path: basePath }, null, 2)}\n`);
    } else if (values.markdown === true) {
      io.out(`${renderJobSummary(report)}\n`);
    } else {
      const paint = painter(io);
      io.out(roundText(report, paint, "local"));
      io.out(
        paint(
          "dim",
          `\nreviewed ${diff.files.length} file${diff.files.length === 1 ? "" : "s"} from ${from}; criteria read ${basePath}\n`,
        ),
      );
    }
    return exitCodeOf(outcome.status);
  },
};
