// `verdict-gate pr OWNER/REPO#N`: the action's round from a terminal, against the GitHub API, with a
// token from the environment. `--dry-run` records the check run and the history comment instead of
// posting them and prints what would have gone out; without it the check run is posted, which only a
// GitHub App's token can do (a person's token is refused up front, or explained when GitHub refuses).
// The criteria read a checkout (--base-path): the output says so when it is not the PR's head.
import path from "node:path";
import { makeGitHub, rateLimitWaitUntil } from "../compose/github.js";
import { REAL_ROUND_CLOCK } from "../compose/round-clock.js";
import { makeRoundReviewers, roundContext } from "../compose/round-context.js";
import { printable } from "../criteria/index.js";
import type { RoundOutcome } from "../gate/context.js";
import { deadlineIn } from "../gate/reviewer-guard.js";
import { runPullRequestRound } from "../gate/round.js";
import { isGitHubError } from "../github/errors.js";
import { type CheckRunJson, roundJson } from "../report/round-json.js";
import { roundText } from "../report/round-text.js";
import { readTestKnobs } from "../settings/test-knobs.js";
import { EXIT, exitCodeOf } from "../verdict/four-values.js";
import { workspaceHead } from "../workspace/head.js";
import { appSlugOf } from "./app-slug.js";
import { parse } from "./args.js";
import { terminalGitHubMessage } from "./github-failure.js";
import { type CliIO, type Command, UsageError } from "./io.js";
import { painter } from "./paint.js";
import { type RecordedWrites, recordWrites } from "./recorded-github.js";
import { cliLog, reviewerFor } from "./round-context.js";
import {
  providerOf,
  pullRequestSettings,
  ROUND_OPTIONS,
  ROUND_OPTIONS_USAGE,
  refuseKeyFlags,
  reviewerKey,
  roundSettings,
} from "./round-options.js";

const USAGE = [
  "usage: verdict-gate pr OWNER/REPO#N [--dry-run] [options]",
  "       verdict-gate pr https://github.com/OWNER/REPO/pull/N [--dry-run] [options]",
  "",
  "  --dry-run              print the check run it would post, and post nothing",
  "  --base-path DIR        a checkout of the PR's head, which the criteria read (default: the current directory)",
  "  --contract PATH        the contract's path in the repository, read at the base commit",
  "                         (default .github/verdict-contract.json)",
  "  --api-url URL          GitHub's REST API (default $GITHUB_API_URL, else https://api.github.com)",
  "  --app-slug SLUG        with --dry-run: the app that posts the gate's check runs, whose history comment",
  "                         (by SLUG[bot]) is trusted (default github-actions; a real run learns it from",
  "                         the check run); audit takes the same flag",
  "  --check-name NAME  --max-rounds N  --include-pr-description  --force-review   as the action's inputs",
  "  The token comes from GITHUB_TOKEN or GH_TOKEN. Posting a check run needs a GitHub App's token;",
  "  a personal token (ghp_…, github_pat_…, gh auth token) can only --dry-run.",
  ROUND_OPTIONS_USAGE,
  "",
  "exit: 0 approve · 3 blocked · 4 hold-for-human · 5 conditional-on · 2 bad input or nothing posted ·",
  "      1 internal error",
].join("\n");

const OPTIONS = {
  ...ROUND_OPTIONS,
  "dry-run": { type: "boolean" },
  "api-url": { type: "string" },
  "app-slug": { type: "string" },
  "include-pr-description": { type: "boolean" },
  "force-review": { type: "boolean" },
} as const;

/** Prefixes of tokens that belong to a person: a classic or fine-grained personal access token, or an
 * OAuth token (what `gh auth token` prints). GitHub lets only GitHub Apps create check runs. */
const PERSONAL_TOKEN = /^(ghp_|github_pat_|gho_)/;

export const PERSONAL_TOKEN_CANNOT_POST =
  "only a GitHub App can create check runs, and this token belongs to a person (a personal access " +
  "token, or the OAuth token `gh auth token` prints). Nothing was posted. Use --dry-run to see the " +
  "check run the gate would post, or run with a GitHub App installation token (or let the workflow " +
  "post it: its GITHUB_TOKEN is the GitHub Actions app's).";

export function parsePullRequest(text: string): { repository: string; number: number } {
  const short = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})#(\d{1,9})$/.exec(text);
  const url =
    /^https?:\/\/[^/\s]+\/([A-Za-z0-9-]{1,39})\/([A-Za-z0-9._-]{1,100})\/pull\/(\d{1,9})(?:[/?#].*)?$/.exec(
      text,
    );
  const m = short ?? url;
  if (m === null || Number(m[3]) < 1) {
    throw new UsageError(
      `expected OWNER/REPO#N or a pull request URL, got ${JSON.stringify(printable(text.slice(0, 200)))}`,
    );
  }
  return { repository: `${m[1]}/${m[2]}`, number: Number(m[3]) };
}

function checkRunJson(writes: RecordedWrites, dryRun: boolean): CheckRunJson | undefined {
  if (writes.started === undefined || writes.finished === undefined) return undefined;
  const posted = !dryRun && writes.refused === undefined;
  return {
    name: writes.started.name,
    head_sha: writes.started.headSha,
    conclusion: writes.finished.conclusion,
    title: writes.finished.output.title,
    summary: writes.finished.output.summary,
    posted,
    url: posted && writes.started.ref.url !== "" ? writes.started.ref.url : null,
  };
}

/** What went to GitHub, or would have, in a few lines under the report. */
function checkRunLines(writes: RecordedWrites, dryRun: boolean, repository: string, pr: number): string[] {
  const run = checkRunJson(writes, dryRun);
  if (run === undefined) return [];
  const where = `check run "${printable(run.name)}" on ${run.head_sha.slice(0, 12)} (${repository}#${pr})`;
  const conclusion =
    run.conclusion === null
      ? "left in progress (conditional-on: a required check stays pending)"
      : `conclusion ${run.conclusion}`;
  const lines = [
    dryRun ? `${where}: dry run, nothing was sent` : run.posted ? `${where}: posted` : `${where}: NOT posted`,
    `  ${dryRun ? "would post" : run.posted ? "posted" : "would have posted"}: ${conclusion}`,
    `  title: ${printable(run.title)}`,
    `  summary: ${run.summary.length.toLocaleString("en-US")} characters of Markdown (--markdown prints it)`,
  ];
  if (run.url !== null) lines.push(`  ${run.url}`);
  if (writes.comment !== undefined) {
    const verb = writes.comment.replaces !== undefined ? "update" : "create";
    lines.push(`  history comment: ${dryRun ? `would ${verb}` : `${verb}d`} on #${writes.comment.prNumber}`);
  }
  return lines;
}

/** Says when the criteria did not read the PR's head, and how to check it out. */
function treeNotes(basePath: string, head: string | undefined, pr: number): string[] {
  if (head === undefined) return [];
  const checkedOut = workspaceHead(basePath);
  const fetch = `git fetch origin pull/${pr}/head && git checkout --detach FETCH_HEAD`;
  if (checkedOut === undefined) {
    return [
      `could not tell which commit ${basePath} holds (no .git there), so the criteria were held rather than checked against files of unknown origin; check out the head (${fetch}) or point --base-path at a checkout of it`,
    ];
  }
  if (checkedOut !== head) {
    return [
      `${basePath} has ${checkedOut.slice(0, 12)} checked out, not the PR's head ${head.slice(0, 12)}, so the criteria were not checked against the PR; check out the head (${fetch}) or point --base-path at a checkout of it`,
    ];
  }
  return [];
}

function output(
  io: CliIO,
  values: Record<string, unknown>,
  outcome: RoundOutcome,
  writes: RecordedWrites,
  target: { repository: string; number: number; basePath: string; dryRun: boolean },
): void {
  const { status, report } = outcome;
  if (status === undefined || report === undefined) return;
  const notes = treeNotes(target.basePath, outcome.headSha, target.number);
  if (values.json === true) {
    const run = checkRunJson(writes, target.dryRun);
    const json = roundJson(status, report, outcome, {
      notes,
      ...(run !== undefined ? { check_run: run } : {}),
    });
    io.out(
      `${JSON.stringify({ ...json, pull_request: `${target.repository}#${target.number}`, dry_run: target.dryRun }, null, 2)}\n`,
    );
    return;
  }
  if (values.markdown === true) {
    io.out(`${writes.finished?.output.summary ?? ""}\n`);
    return;
  }
  const paint = painter(io);
  io.out(roundText(report, paint, "pull-request"));
  for (const note of notes) io.out(`\n${paint("warn", "note:")} ${printable(note)}\n`);
  const lines = checkRunLines(writes, target.dryRun, target.repository, target.number);
  if (lines.length > 0) io.out(`\n${lines.join("\n")}\n`);
}

export const prCommand: Command = {
  name: "pr",
  summary:
    "the action's round on a pull request from a terminal; --dry-run prints the check run it would post",
  usage: USAGE,
  async run(args, io) {
    refuseKeyFlags(args);
    const { values, positionals } = parse(args, OPTIONS, 1);
    if (values.json === true && values.markdown === true) throw new UsageError("choose --json or --markdown");
    const given = positionals[0];
    if (given === undefined) throw new UsageError("missing the pull request (OWNER/REPO#N)");
    const target = parsePullRequest(given);
    const dryRun = values["dry-run"] === true;
    const givenSlug = values["app-slug"] as string | undefined;
    if (givenSlug !== undefined && !dryRun) {
      throw new UsageError(
        "--app-slug is for --dry-run: a real run trusts the app that its token posts the check run as",
      );
    }
    const appSlug = givenSlug === undefined ? undefined : appSlugOf(givenSlug);
    const token = (io.env.GITHUB_TOKEN ?? "").trim() || (io.env.GH_TOKEN ?? "").trim();
    if (token === "") {
      throw new UsageError(
        "no token: set GITHUB_TOKEN or GH_TOKEN (for a dry run, GH_TOKEN=$(gh auth token) will do)",
      );
    }
    if (!dryRun && PERSONAL_TOKEN.test(token)) {
      io.err(`verdict-gate pr: ${PERSONAL_TOKEN_CANNOT_POST}\n`);
      return EXIT.usage;
    }
    const key = reviewerKey(values, io.env, providerOf(values));
    const basePath = path.resolve(io.cwd, (values["base-path"] as string | undefined) ?? ".");
    const settings = pullRequestSettings(
      roundSettings(values, key.key, {
        ...(values.contract !== undefined ? { contract: values.contract as string } : {}),
        keys: io.env,
        cwd: io.cwd,
      }),
      {
        repository: target.repository,
        number: target.number,
        token,
        apiUrl:
          (values["api-url"] as string | undefined) ?? io.env.GITHUB_API_URL ?? "https://api.github.com",
        ...(io.env.GITHUB_SERVER_URL !== undefined ? { serverUrl: io.env.GITHUB_SERVER_URL } : {}),
        forceReview: values["force-review"] === true,
        workspace: basePath,
      },
    );
    // The checkout at --base-path is the pull request's code: a reviewer command may not run any of it.
    const reviewers = reviewerFor(() =>
      makeRoundReviewers(settings, token, io.env, { callerCwd: io.cwd, checkout: basePath }, "now"),
    );
    if (key.note !== undefined) io.err(`verdict-gate pr: note: ${key.note}\n`);
    const log = cliLog(io, "pr", values.verbose === true, true);
    const knobs = readTestKnobs(io.env);
    for (const notice of knobs.notices) io.err(`verdict-gate pr: warning: ${notice}\n`);
    const { port, writes } = recordWrites(
      makeGitHub(settings, log, io.env, knobs.timing, rateLimitWaitUntil(settings, Date.now())),
      {
        dryRun,
        ...(appSlug !== undefined ? { appSlug } : {}),
      },
    );
    const ctx = roundContext({
      settings,
      github: port,
      deadline: deadlineIn(settings.roundDeadlineMinutes, REAL_ROUND_CLOCK),
      log,
      reviewers,
      tree: { kind: "checkout", dir: basePath, called: `--base-path ${basePath}` },
    });
    let outcome: RoundOutcome;
    try {
      outcome = await runPullRequestRound(ctx, target.number);
    } catch (error) {
      const posted = writes.finished !== undefined && !dryRun;
      io.err(
        `verdict-gate pr: ${terminalGitHubMessage(error, settings.apiUrl)}${posted ? "\nThe check run was completed as hold-for-human, naming this error; nothing was approved." : ""}\n`,
      );
      // A token, repository or number GitHub does not accept is the user's to fix.
      if (isGitHubError(error) && ["unauthorized", "not-found", "forbidden"].includes(error.kind))
        return EXIT.usage;
      return EXIT.internal;
    }
    if (outcome.status === undefined) {
      io.err(`verdict-gate pr: ${outcome.message}\n`);
      return EXIT.usage;
    }
    output(io, values, outcome, writes, { ...target, basePath, dryRun });
    if (outcome.checkUnavailable !== undefined) {
      // GitHub refused the check run: the verdict above was computed, but nothing can pass the check.
      io.err(
        `verdict-gate pr: ${writes.refused !== undefined && /GitHub App/i.test(writes.refused) ? PERSONAL_TOKEN_CANNOT_POST : outcome.checkUnavailable}\n`,
      );
      return EXIT.usage;
    }
    return exitCodeOf(outcome.status);
  },
};
