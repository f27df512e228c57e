// `verdict-gate review`: one whole round on a local diff — the same round the action runs on a pull
// request (src/gate/round.ts), with the diff from stdin or a file standing in for the PR, the contract
// read from disk and checked against the working tree, and the check run recorded instead of posted.
// Nothing here decides anything: a local approve has exactly the action's shape, because it is the
// action's code. Exit 0 approve, 3 blocked, 4 hold-for-human, 5 conditional-on, 2 bad input.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { openTree, type TreeReader } from "../criteria/index.js";
import { parseUnifiedDiff } from "../diff/parse.js";
import type { Diff } from "../diff/types.js";
import { bindReviewer } from "../gate/bind-reviewer.js";
import type { RoundContext } from "../gate/context.js";
import type { ContractFile } from "../gate/ports.js";
import { runPullRequestRound } from "../gate/round.js";
import { workspaceHead } from "../gate/workspace.js";
import { type RoundReport, renderJobSummary } from "../report/round-report.js";
import type { Reviewer } from "../review/reviewer.js";
import { newRoundToken } from "../review/round-token.js";
import { EXIT, exitCodeOf } from "../verdict/four.js";
import { VERSION } from "../version.js";
import { parse } from "./args.js";
import { type CliIO, type Command, UsageError } from "./io.js";
import { painter } from "./paint.js";
import { LOCAL_PR, localGitHub, recordWrites } from "./recorded-github.js";
import { cliLog, reviewerFor } from "./round-context.js";
import { roundJson } from "./round-json.js";
import {
  ACTION_DEFAULTS,
  providerOf,
  ROUND_OPTIONS,
  ROUND_OPTIONS_USAGE,
  refuseKeyFlags,
  reviewerKey,
  roundSettings,
} from "./round-options.js";
import { roundText } from "./round-text.js";

const USAGE = [
  "usage: git diff main | verdict-gate review [options]",
  "       verdict-gate review --diff FILE [options]",
  "",
  "  --diff FILE|-      the unified diff to review (default: standard input)",
  "  --contract FILE    the contract (default: .github/verdict-contract.json under --base-path, if present)",
  "  --base-path DIR    the working tree the criteria read (default: the current directory)",
  ROUND_OPTIONS_USAGE,
  "",
  "exit: 0 approve · 3 blocked · 4 hold-for-human · 5 conditional-on · 2 bad input · 1 internal error",
].join("\n");

const OPTIONS = { ...ROUND_OPTIONS, diff: { type: "string" } } as const;

/** A diff larger than this is refused: nobody reviews a quarter of a gigabyte, and reading it would
 * only exhaust memory. */
const MAX_DIFF_BYTES = 256 * 1024 * 1024;

function describe(error: unknown): string {
  if (error !== null && typeof error === "object" && "code" in error && "path" in error)
    return `${String(error.code)}: ${String(error.path)}`;
  return error instanceof Error ? error.message : String(error);
}

async function readDiff(io: CliIO, file: string | undefined): Promise<{ diff: Diff; from: string }> {
  let bytes: Buffer;
  if (file === undefined || file === "-") {
    if (file === undefined && io.stdinIsTTY === true) {
      throw new UsageError(
        "no diff: pipe one in (git diff main | verdict-gate review …) or pass --diff FILE",
      );
    }
    bytes = await io.readStdin();
  } else {
    try {
      bytes = readFileSync(path.resolve(io.cwd, file));
    } catch (error) {
      throw new UsageError(`--diff ${file}: cannot read it: ${describe(error)}`);
    }
  }
  if (bytes.length > MAX_DIFF_BYTES)
    throw new UsageError(`the diff is ${bytes.length} bytes, over the limit`);
  const diff = parseUnifiedDiff(bytes.toString("utf8"));
  const from = file === undefined || file === "-" ? "standard input" : file;
  if (diff.files.length === 0) {
    throw new UsageError(
      bytes.toString("utf8").trim() === ""
        ? `the diff from ${from} is empty: nothing changed, or nothing was piped in (git diff main | verdict-gate review …)`
        : `the input from ${from} holds no file diffs: is it a unified diff (git diff, git format-patch)?`,
    );
  }
  return { diff, from };
}

/** The contract as the round expects it from GitHub: found (with a content hash), or missing. */
function readContract(
  io: CliIO,
  given: string | undefined,
  basePath: string,
): { file: ContractFile; source: string } {
  const source = given ?? ACTION_DEFAULTS.contract;
  const full = given !== undefined ? path.resolve(io.cwd, given) : path.join(basePath, source);
  if (given === undefined && !existsSync(full)) return { file: { kind: "missing" }, source };
  let text: string;
  try {
    text = readFileSync(full, "utf8");
  } catch (error) {
    throw new UsageError(`--contract ${given ?? full}: cannot read it: ${describe(error)}`);
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
    const basePath = path.resolve(io.cwd, (values["base-path"] as string | undefined) ?? ".");
    let tree: TreeReader;
    try {
      tree = openTree(basePath);
    } catch (error) {
      throw new UsageError(`--base-path ${String(values["base-path"] ?? ".")}: ${describe(error)}`);
    }
    const contract = readContract(io, values.contract as string | undefined, basePath);
    const base = roundSettings(values, key.key, {
      repository: "local/working-tree",
      pr: LOCAL_PR,
      // Never sent anywhere: a local round has no GitHub. The settings reader wants some token.
      token: "local",
      apiUrl: "https://api.github.com",
    });
    const settings = { ...base, token: "", contractPath: contract.source, workspace: basePath };
    const githubToken = io.env.GITHUB_TOKEN ?? io.env.GH_TOKEN ?? "";
    const reviewer: Reviewer = reviewerFor(() => bindReviewer(settings.reviewer, githubToken, io.env));
    const { diff, from } = await readDiff(io, values.diff as string | undefined);
    if (key.note !== undefined) io.err(`verdict-gate review: note: ${key.note}\n`);

    const { port } = recordWrites(
      localGitHub({ diff, contract: contract.file, head: workspaceHead(basePath) ?? "0".repeat(40) }),
      { dryRun: true, appSlug: "local" },
    );
    const ctx: RoundContext = {
      settings,
      github: port,
      reviewer: () => reviewer,
      openTree: () => tree,
      // The working tree is the new side of a local diff by construction; there is no head to match.
      workspaceHead: () => undefined,
      now: () => new Date(),
      newRoundToken,
      log: cliLog(io, "review", values.verbose === true, false),
      version: VERSION,
    };
    const outcome = await runPullRequestRound(ctx, LOCAL_PR);
    if (outcome.status === undefined || outcome.report === undefined) {
      io.err(`verdict-gate review: ${outcome.message}\n`);
      return EXIT.internal;
    }
    const report = localReport(outcome.report, contract.source);
    if (values.json === true) {
      const json = roundJson(outcome.status, report, outcome);
      delete json.exclusions;
      delete json.round;
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
