// `verdict-gate eval`: a configuration's error rates on a labelled set of real changes (docs/eval.md).
// This file reads the options into Settings and the reviewers, hands them to the runner (src/eval/run.ts:
// each case through the round `review` runs, wired in compose/eval.ts) and prints its report. Also
// `eval --reach` (what the reviewer is shown, asking nobody) and `eval compare A.json B.json` (two
// reports of one set, paired). Exit 0 when the run completed, whatever the rates; 2 for bad options or
// an invalid set; 1 for an internal error.
import { existsSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { caseConfiguration, caseRound } from "../compose/eval.js";
import { type LocalReviewers, makeLocalReviewers } from "../compose/local-round.js";
import { SeverityPolicySchema } from "../criteria/contract-schema.js";
import { promptRecorder } from "../eval/metered.js";
import type { ReachReport } from "../eval/reach.js";
import { renderEval, renderReach } from "../eval/render.js";
import { evaluateSet, isSetError, type LoadedSet, loadSet, reachOfSet } from "../eval/run.js";
import type { Prices } from "../eval/score.js";
import {
  configurationKey,
  type IdentifiedReport,
  identified,
  parseShard,
  type Shard,
  setDigest,
  shardOf,
} from "../eval/shard.js";
import { settingsFingerprint } from "../gate/binding.js";
import { NO_CACHE } from "../ports/eval.js";
import type { Logger } from "../ports/github.js";
import { pricesFor } from "../settings/models.js";
import type { RoundSettings } from "../settings/settings.js";
import { defined } from "../util/defined.js";
import { describeError } from "../util/describe-error.js";
import { VERSION } from "../util/version.js";
import { type Prices as CallPrices, describePrices } from "../verdict/cost.js";
import { EXIT } from "../verdict/four-values.js";
import { DEFAULT_CACHE_WORDS, defaultCacheDir, openRunCache } from "../workspace/eval-cache.js";
import { diskSet } from "../workspace/eval-set.js";
import { parse } from "./args.js";
import { COMPARE_USAGE, compareCommand } from "./eval-compare.js";
import { GATE_OPTIONS, GATE_USAGE, gateValues } from "./eval-gate.js";
import { MERGE_USAGE, mergeCommand } from "./eval-merge.js";
import { MINE_USAGE, mineCommand } from "./eval-mine.js";
import { COMPARE_POLICIES_USAGE, comparePolicies } from "./eval-policies.js";
import { type CliIO, type Command, UsageError } from "./io.js";
import { reviewerFor } from "./round-context.js";
import {
  providerOf,
  ROUND_OPTIONS,
  ROUND_OPTIONS_USAGE,
  refuseKeyFlags,
  reviewerKey,
  roundSettings,
} from "./round-options.js";

/** The context window `--reach` assumes when no reviewer is named: one that holds the default diff
 * budget (max-diff-tokens) with room to spare, as every hosted model docs/reviewers.md names does, so
 * that the figure is the gate's (its budget, chunking and scope), not an unknown model's. */
export const REACH_WINDOW = 200_000;

const USAGE = [
  "usage: verdict-gate eval SET-DIR [reviewer and scope options] [--repeat K] [--concurrency N]",
  "                         [--price-in P --price-out P] [--policy JSON] [--cache DIR | --no-cache] [--shard I/N]",
  "                         [--json] [--out FILE]",
  "       verdict-gate eval --reach SET-DIR [options] [--json] [--out FILE]",
  "       verdict-gate eval SET-DIR --gate DIR [--gate-base DIR] [--gate-workflow FILE] [--api-key-env NAME] …",
  COMPARE_USAGE,
  COMPARE_POLICIES_USAGE,
  MERGE_USAGE,
  MINE_USAGE,
  "",
  "  SET-DIR              a set: one directory per case (case.json, change.diff, base/); docs/eval.md",
  "  --repeat K           ask each case K times (default 1); the report adds the flip rate",
  "  --concurrency N      cases run at once (default 1)",
  "  --price-in P  --price-out P   US dollars per million input and output tokens, for a model the",
  "                       price table does not hold (gpt-5.4 and claude-sonnet-5-5 are priced without)",
  "  --policy JSON        a contract `policy` every case runs under, in place of its own, like",
  '                       \'{"block_on":["high"],"notes":{"post":true}}\' (notes on: every severity asked)',
  "  --cache DIR          where each run's result is kept, so an interrupted run resumes (default",
  `                       ${DEFAULT_CACHE_WORDS}; never inside the set); keyed by the case's`,
  "                       files, the settings, the reviewer and its script's bytes, so a changed",
  "                       configuration asks again",
  "  --no-cache           neither read nor keep results",
  "  --reach              ask nobody: build each defect case's prompts and report the share whose every",
  "                       evidence text the reviewer is shown, and the prompt tokens per diff token",
  "  --shard I/N          run only the I-th of N shards of the cases (by a hash of each case's id; N at",
  "                       most 256); `eval merge` puts the shards' reports back into one run's",
  ...GATE_USAGE,
  "  --out FILE           also write the JSON report to FILE",
  ROUND_OPTIONS_USAGE.replace(/ · --markdown {2}the check run's Markdown/, ""),
  "",
  "exit: 0 the run completed (whatever the rates) · 2 bad options or an invalid set · 1 internal error",
].join("\n");

/** The review options, less what a case brings itself (its contract, its tree) and the check run's
 * Markdown. */
const { contract: _contract, "base-path": _basePath, markdown: _markdown, ...REVIEW_OPTIONS } = ROUND_OPTIONS;

const OPTIONS = {
  ...REVIEW_OPTIONS,
  repeat: { type: "string" },
  concurrency: { type: "string" },
  "price-in": { type: "string" },
  "price-out": { type: "string" },
  policy: { type: "string" },
  cache: { type: "string" },
  "no-cache": { type: "boolean" },
  reach: { type: "boolean" },
  shard: { type: "string" },
  ...GATE_OPTIONS,
  out: { type: "string" },
} as const;

type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

function whole(values: Values, name: string, min: number, max: number, fallback: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const text = String(raw);
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} takes a whole number from ${min} to ${max}, not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

function price(values: Values, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const text = String(raw);
  if (!/^\d+(\.\d+)?$/.test(text)) {
    throw new UsageError(
      `--${name} takes a price per million tokens, like 3 or 0.15, not ${JSON.stringify(text)}`,
    );
  }
  return Number(text);
}

function pricesOf(values: Values): Prices | undefined {
  const pin = price(values, "price-in");
  const pout = price(values, "price-out");
  if (pin === undefined && pout === undefined) return undefined;
  if (pin === undefined || pout === undefined)
    throw new UsageError("give both --price-in and --price-out (0 for a side that is free)");
  return { in: pin, out: pout };
}

/** Each reviewer's price by its label (the same rule as the action's: --price-in/--price-out, else the
 * dated table), and the report's heading prices: the given ones, or the first priced reviewer's. */
function pricingOf(
  given: Prices | undefined,
  reviewers: LocalReviewers,
): { price: (label: string) => CallPrices | undefined; heading?: Prices } {
  const byLabel = new Map<string, CallPrices>();
  const described: string[] = [];
  for (const m of reviewers) {
    const p = pricesFor(m.reviewer.model, given);
    if (p === undefined) continue;
    byLabel.set(m.label, p);
    described.push(describePrices(m.reviewer.model || m.label, p));
  }
  const first = [...byLabel.values()][0];
  const heading = given ?? (first !== undefined ? { in: first.in, out: first.out } : undefined);
  return {
    price: (label) => byLabel.get(label),
    ...(heading !== undefined
      ? { heading: { ...heading, ...(described.length > 0 ? { described: [...new Set(described)] } : {}) } }
      : {}),
  };
}

/** --policy: a contract `policy`, checked as the contract's loader checks it. */
function policyOf(values: Values): Readonly<Record<string, unknown>> | undefined {
  const raw = values.policy as string | undefined;
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new UsageError(
      `--policy takes a contract's policy as JSON, like '{"block_on":["high"]}', not ${JSON.stringify(raw)}`,
    );
  }
  const checked = SeverityPolicySchema.safeParse(parsed);
  if (!checked.success) {
    const first = checked.error.issues[0];
    throw new UsageError(`--policy: ${first?.path.join(".") || "policy"}: ${first?.message ?? "invalid"}`);
  }
  return parsed as Record<string, unknown>;
}

/** The set's cases, each case.json checked: any that is not a case makes the set invalid (exit 2). */
function setAt(dir: string): { source: ReturnType<typeof diskSet>; loaded: LoadedSet } {
  const source = diskSet(dir);
  try {
    return { source, loaded: loadSet(source) };
  } catch (error) {
    if (isSetError(error)) throw new UsageError(`invalid set: ${error.message}`, { brief: true });
    throw error;
  }
}

/** Whether any flag names a reviewer: without one, `--reach` measures the gate's default budget. */
function namesReviewer(values: Values): boolean {
  return ["provider", "model", "command", "reviewers", "base-url"].some((k) => values[k] !== undefined);
}

/** The settings every case's round runs under, and the reviewers it asks (for --reach, the ones whose
 * prompts are built). */
function configure(
  values: Values,
  io: CliIO,
  reach: boolean,
  contract?: string,
): { settings: RoundSettings; reviewers: LocalReviewers; key?: string } {
  const defaultReach = reach && !namesReviewer(values);
  // --reach with no reviewer named: a stand-in that is never run, only so the settings read.
  const given: Values = defaultReach
    ? {
        ...values,
        provider: "command",
        command: "eval-reach",
        "context-window": values["context-window"] ?? String(REACH_WINDOW),
      }
    : values;
  const provider = providerOf(given);
  const key = reach ? { key: "" } : reviewerKey(given, io.env, provider);
  if (!reach && key.note !== undefined) io.err(`verdict-gate eval: note: ${key.note}\n`);
  // A case's contract is served where the gate reads its contract: the default path, or where --gate's
  // workflow says (so a broken one is named by the path a person opens).
  const settings = roundSettings(given, key.key, { keys: io.env, cwd: io.cwd, ...defined({ contract }) });
  if (defaultReach) {
    const window = settings.reviewers.members[0]?.contextWindow ?? REACH_WINDOW;
    const stand = promptRecorder({
      provider: "command",
      model: "",
      label: `no reviewer (a ${window.toLocaleString("en-US")}-token window)`,
      contextWindow: window,
    });
    return { settings, reviewers: [{ label: stand.label, reviewer: stand }] };
  }
  return { settings, reviewers: reviewerFor(() => makeLocalReviewers(settings, io.env, io.cwd)) };
}

/** Where --out will write, checked before anything is run. */
function outFile(io: CliIO, values: Values): string | undefined {
  const given = values.out as string | undefined;
  if (given === undefined) return undefined;
  const full = path.resolve(io.cwd, given);
  const parent = path.dirname(full);
  if (!existsSync(parent) || !statSync(parent).isDirectory()) {
    throw new UsageError(`--out ${given}: the directory ${parent} does not exist`);
  }
  return full;
}

/** The report on stdout, then in --out's file: a file that cannot be written (a full disk) loses
 * nothing printed, and is exit 1, not the 0 of a run that kept what it was asked to. */
function emit(io: CliIO, values: Values, file: string | undefined, report: unknown, text: string): number {
  io.out(values.json === true ? `${JSON.stringify(report, null, 2)}\n` : text);
  if (file === undefined) return COMPLETED;
  try {
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    return COMPLETED;
  } catch (error) {
    io.err(`verdict-gate eval: --out ${file}: cannot write it: ${describeError(error)}\n`);
    return EXIT.internal;
  }
}

/** --shard i/n, checked. */
function shardOption(values: Values): Shard | undefined {
  const raw = values.shard as string | undefined;
  if (raw === undefined) return undefined;
  const shard = parseShard(raw);
  if ("problem" in shard) throw new UsageError(shard.problem);
  return shard;
}

/** Exit 0: the run completed, whatever the rates (eval measures a gate; it is not one). */
const COMPLETED = EXIT.approve;

/** A case's round log: silent unless --verbose, then each line names its case. */
function caseLog(io: CliIO, verbose: boolean): (id: string) => Logger {
  return (id) => {
    const say = (m: string) => {
      if (verbose) io.err(`verdict-gate eval: ${id}: ${m}\n`);
    };
    return {
      info: say,
      warning: (m) => say(`warning: ${m}`),
      error: (m) => say(`error: ${m}`),
      debug: say,
      startGroup: (name) => say(`── ${name}`),
      endGroup: () => {},
    };
  };
}

/** The cache --cache names (or the default), or none with --no-cache and --reach. Never one inside the
 * set: its files would decide the set's results. */
function cacheOf(io: CliIO, values: Values, reach: boolean, set: string) {
  if (reach || values["no-cache"] === true) return NO_CACHE;
  const given = values.cache as string | undefined;
  const dir = given !== undefined ? path.resolve(io.cwd, given) : defaultCacheDir(io.env);
  if (dir === undefined) {
    io.err("verdict-gate eval: note: results are not kept (no HOME to keep them under): give --cache DIR\n");
    return NO_CACHE;
  }
  const cache = openRunCache(dir, set);
  if ("error" in cache)
    throw new UsageError(`${given !== undefined ? "--cache" : "the default cache"} ${dir}: ${cache.error}`);
  return cache;
}

async function run(args: readonly string[], io: CliIO, clock: () => number): Promise<number> {
  const done = await evaluation(args, io, clock);
  const text = "reach" in done ? renderReach(done.reach) : renderEval(done.report);
  return emit(io, done.values, done.out, "reach" in done ? done.reach : done.report, text);
}

/** One eval (or reach) run of `args`, not yet printed: its report, the options and where --out writes. */
async function evaluation(
  args: readonly string[],
  io: CliIO,
  clock: () => number,
): Promise<
  { values: Values; out: string | undefined } & ({ report: IdentifiedReport } | { reach: ReachReport })
> {
  refuseKeyFlags(args);
  const { values, positionals } = parse(args, OPTIONS, 1);
  const dirArg = positionals[0];
  if (dirArg === undefined) throw new UsageError("name the set: verdict-gate eval SET-DIR");
  const reach = values.reach === true;
  if (reach) {
    for (const flag of ["repeat", "price-in", "price-out", "cache", "no-cache", "shard", "policy"]) {
      if (values[flag] !== undefined)
        throw new UsageError(`--${flag} has no meaning with --reach, which asks nobody`);
    }
  }
  if (values.cache !== undefined && values["no-cache"] === true)
    throw new UsageError("choose --cache DIR or --no-cache");
  const repeat = whole(values, "repeat", 1, 100, 1);
  const concurrency = whole(values, "concurrency", 1, 16, 1);
  const given = pricesOf(values);
  const policy = policyOf(values);
  const shard = shardOption(values);
  const out = outFile(io, values);
  const setDir = path.resolve(io.cwd, dirArg);
  const set = setAt(setDir);
  // --gate measures the contract the checkout has, its policy with it; --policy replaces a case's.
  if (values.gate !== undefined && policy !== undefined)
    throw new UsageError(
      "--policy replaces each case's contract policy: leave out --gate, which reads the gate's own",
    );
  const gated = gateValues(values, io);
  const { settings, reviewers } = configure(gated.values, io, reach, gated.gate?.contractPath);
  const pricing = reach ? undefined : pricingOf(given, reviewers);
  const prices = pricing?.heading;
  const configuration = caseConfiguration(settings, reviewers, io.cwd);
  const run = {
    set: set.source,
    reviewers,
    round: caseRound(settings, gated.gate),
    // The gate's contract and guidelines decide results too, and so does a policy that replaces each
    // case's: both are part of what the cache keys by.
    configuration: {
      ...configuration,
      ...(gated.gate !== undefined ? { gate: gated.gate.digest } : {}),
      ...(policy !== undefined ? { policy } : {}),
    },
    ...(pricing !== undefined ? { price: pricing.price } : {}),
    ...(policy !== undefined ? { policy } : {}),
    cache: cacheOf(io, values, reach, setDir),
    repeat,
    concurrency,
    log: caseLog(io, values.verbose === true),
    warn: (m: string) => io.err(`\nverdict-gate eval: warning: ${m}\n`),
    // A progress line only on a terminal, and not under --json or -v.
    ...(io.stderrIsTTY === true && values.json !== true && values.verbose !== true
      ? {
          progress: (line: string | undefined) =>
            io.err(`\r\u001b[2K${line === undefined ? "" : `verdict-gate eval: ${line}`}`),
        }
      : {}),
    clock,
  };
  const heading = { set: set.loaded.info, settings: settingsFingerprint(settings), version: VERSION };
  if (reach) return { values, out, reach: await reachOfSet(run, set.loaded, heading) };
  const cases =
    shard === undefined
      ? set.loaded.cases
      : set.loaded.cases.filter((c) => shardOf(c.name, shard.count) === shard.index);
  const report = identified(await evaluateSet(run, { ...set.loaded, cases }, heading, prices), {
    digest: setDigest(set.loaded.cases),
    key: configurationKey(run.configuration),
    ...(shard !== undefined ? { shard: { ...shard, setCases: set.loaded.cases.length } } : {}),
  });
  return { values, out, report };
}

/** The command, timed by `clock` (a test's fixed clock makes two runs' reports equal to the byte). */
export function evalCommandWith(clock: () => number): Command {
  return {
    name: "eval",
    summary:
      "a configuration's false-approve and false-block rates on a labelled set of real changes (docs/eval.md)",
    usage: USAGE,
    async run(args, io) {
      // `compare` first, as a word: a set directory named so is written ./compare.
      // `compare SET-DIR --policy A --policy B` runs the set under each policy; two reports, as given.
      if (args[0] === "compare" && args.some((a) => a === "--policy" || a.startsWith("--policy=")))
        return comparePolicies(args.slice(1), io, async (a) => {
          const done = await evaluation(a, io, clock);
          if ("reach" in done) throw new UsageError("--reach has no meaning in a comparison of policies");
          return done.report;
        });
      if (args[0] === "compare") return compareCommand.run(args.slice(1), io);
      if (args[0] === "mine") return mineCommand.run(args.slice(1), io);
      if (args[0] === "merge") return mergeCommand.run(args.slice(1), io);
      return run(args, io, clock);
    },
  };
}

export const evalCommand: Command = evalCommandWith(() => performance.now());
