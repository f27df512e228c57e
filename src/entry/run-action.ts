// The action: reads the inputs and the event, wires the round to the real GitHub API, reviewer and
// workspace, and reports the round through outputs, the job summary and the step's exit — all through
// the runner port (runner.ts; @actions/core in production, see actions-runner.ts). Whatever is thrown,
// the step fails with a message: a gate whose error path can end green is not a gate.
import { readFileSync } from "node:fs";
import { runCommentCommand } from "../commands/run.js";
import { makeGitHubPorts, rateLimitWaitUntil } from "../compose/github.js";
import { panelSecrets } from "../compose/panel.js";
import { REAL_ROUND_CLOCK } from "../compose/round-clock.js";
import { makeRoundReviewers, roundContext } from "../compose/round-context.js";
import type { RoundOutcome } from "../gate/context.js";
import { runMergeGroupRound } from "../gate/merge-group.js";
import { OPEN_RUNS_STATE, OpenRuns, trackingOpenRuns } from "../gate/open-runs.js";
import { deadlineIn } from "../gate/reviewer-guard.js";
import { runPullRequestRound } from "../gate/round.js";
import type { AttemptDeadline } from "../github/bounded-fetch.js";
import { finishInterrupted } from "../github/interrupted-runs.js";
import type { Logger } from "../ports/github.js";
import type { Runner } from "../ports/runner.js";
import type { PanelReport } from "../report/round-report.js";
import { INPUT, OUTPUT } from "../settings/inputs.js";
import { readSettings } from "../settings/settings.js";
import { readTestKnobs } from "../settings/test-knobs.js";
import { defined } from "../util/defined.js";
import { describeError } from "../util/describe-error.js";
import { redactor } from "../util/redact.js";
import type { StepLifecycle } from "./cancel.js";

function readEvent(env: Runner["env"]): unknown {
  const file = env.GITHUB_EVENT_PATH;
  if (file === undefined || file === "") return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** The round's log on the runner: every line redacted, each phase a foldable group, detail under
 * debug (shown when the run is re-run with debug logging). */
function redactedLog(log: Logger, hide: (text: string) => string): Logger {
  return {
    info: (m) => log.info(hide(m)),
    warning: (m) => log.warning(hide(m)),
    error: (m) => log.error(hide(m)),
    debug: (m) => log.debug(hide(m)),
    // A phase's name is the round's own constant (phase.ts), never input: redacting it could only hide
    // a heading (the redactor, which also finds disguised keys, once took "Reviewer" for one).
    startGroup: (name) => log.startGroup(name),
    endGroup: () => log.endGroup(),
  };
}

/** One run of the step: the runner it reports to and the redaction every text it writes goes through. */
interface Step {
  runner: Runner;
  hide(text: string): string;
  log: Logger;
}

function report(step: Step, outcome: RoundOutcome): void {
  const set = (name: string, value: string) => step.runner.output(name, step.hide(value));
  if (outcome.status !== undefined) set(OUTPUT.status, outcome.status);
  set(OUTPUT.reviewerVerdict, outcome.reviewerVerdict);
  if (outcome.checkRunId !== undefined) set(OUTPUT.checkRunId, String(outcome.checkRunId));
  set(OUTPUT.exclusions, JSON.stringify(outcome.exclusions));
  if (outcome.round !== undefined) set(OUTPUT.round, String(outcome.round));
  set(OUTPUT.coverage, outcome.coverage);
  set(OUTPUT.reasons, JSON.stringify(outcome.reasons));
  if (outcome.headSha !== undefined) set(OUTPUT.headSha, outcome.headSha);
  const panel = outcome.report?.reviewer?.panel;
  if (panel !== undefined) set(OUTPUT.panel, JSON.stringify(panelOutput(panel)));
}

/** The `panel` output: each reviewer's say, as a workflow's next step reads it. */
function panelOutput(panel: PanelReport): unknown[] {
  return panel.members.map((m) => ({
    label: m.label,
    verdict: m.verdict,
    reasons: m.reasons,
    coverage: m.coverage,
    tokens: { input: m.inputTokens ?? null, output: m.outputTokens ?? null },
  }));
}

async function writeJobSummary(step: Step, markdown: string): Promise<void> {
  if (markdown === "" || step.runner.env.GITHUB_STEP_SUMMARY === undefined) return;
  try {
    await step.runner.summary(step.hide(markdown));
  } catch (error) {
    step.log.warning(`could not write the job summary: ${describeError(error)}`);
  }
}

/** Ends the step failed, redacted. */
function fail(step: Step, message: string): void {
  step.runner.fail(step.hide(`verdict-gate: ${message}`));
}

/** What a test that runs the action in its own process hands it besides the runner: the deadline of
 * each GitHub attempt on the test's clock, so that only a request the loopback server holds unanswered
 * times out, however busy the machine (__tests__/e2e/harness.ts). A runner hands nothing. */
export interface InProcess {
  readonly githubDeadline?: AttemptDeadline;
}

export async function run(
  runner: Runner,
  lifecycle?: StepLifecycle,
  inProcess: InProcess = {},
): Promise<void> {
  // The round's deadline counts from the step's start: the job's timeout-minutes does too.
  const started = REAL_ROUND_CLOCK.now();
  const startedAt = Date.now();
  // The secrets of this step (the reviewer's key, the GitHub token). Masking only hides them in the
  // log the runner shows; outputs and the job summary are files it publishes as written, so every
  // text the step writes is redacted here too, whatever path it took to get there.
  const secrets: string[] = [];
  // The redactor works out every disguised form of the secrets once; it is made again only when a
  // secret is added, not for each line (a round writes hundreds).
  let redact = redactor(secrets);
  let known = 0;
  const hide = (text: string): string => {
    if (secrets.length !== known) {
      redact = redactor(secrets);
      known = secrets.length;
    }
    return redact(text);
  };
  const step: Step = { runner, hide, log: redactedLog(runner.log, hide) };
  // Every check run the round starts, until a write finishes it: saved for the post step, finished
  // by the signal handler when the job is cancelled (src/gate/open-runs.ts).
  const openRuns = new OpenRuns((runs) => runner.state.save(OPEN_RUNS_STATE, JSON.stringify(runs)));
  try {
    // Secrets are masked before anything else can print them.
    for (const secret of [runner.input(INPUT.apiKey), runner.input(INPUT.githubToken)]) {
      if (secret.trim() !== "") {
        runner.mask(secret.trim());
        secrets.push(secret.trim());
      }
    }
    const settings = readSettings((name) => runner.input(name), {
      env: runner.env,
      payload: readEvent(runner.env),
    });
    // A panel's keys come from the variables its entries name: masked here, as soon as they are read.
    for (const r of settings.reviewers.members) if (r.apiKey !== "") runner.mask(r.apiKey);
    secrets.push(...panelSecrets(settings.reviewers, settings.token, runner.env));
    // Announced, never read in silence: a production run with a test knob set is told so.
    const knobs = readTestKnobs(runner.env);
    for (const notice of knobs.notices) step.log.warning(notice);
    const ports = makeGitHubPorts(
      settings,
      step.log,
      runner.env,
      {
        ...knobs.timing,
        ...defined({ deadline: inProcess.githubDeadline }),
      },
      rateLimitWaitUntil(settings, startedAt),
    );
    lifecycle?.ready(async (signal) => {
      const open = openRuns.list();
      const left = await finishInterrupted(
        {
          token: settings.token,
          apiUrl: settings.apiUrl,
          repository: { owner: settings.owner, repo: settings.repo },
          checkName: settings.checkName,
          secrets,
          ...defined({ runUrl: settings.runUrl }),
        },
        open,
        { kind: "signal", signal },
        {
          // Two tries of three seconds fit the 7.5 s before SIGTERM.
          timeoutMs: 3_000,
          retries: 1,
          maxRateLimitWaitSeconds: 2,
          ...defined({ backoffUnitMs: knobs.timing.backoffUnitMs }),
          onlyIfOpen: false,
          log: (m) => step.log.info(`verdict-gate: ${m}`),
        },
      );
      // What this wrote is finished; what it could not stays saved for the post step.
      for (const run of open) if (!left.some((l) => l.id === run.id)) openRuns.finished(run.id);
    });
    const github = trackingOpenRuns(ports.github, openRuns);
    const ctx = roundContext({
      settings,
      github,
      log: step.log,
      // On first use: a person's decision or an exhausted loop needs no reviewer (or its key).
      reviewers: makeRoundReviewers(
        settings,
        settings.token,
        runner.env,
        { checkout: settings.workspace },
        "on first use",
      ),
      tree: {
        kind: "checkout",
        dir: settings.workspace,
        called: `the workspace ${settings.workspace}`,
        unset: "GITHUB_WORKSPACE is not set: check out the repository before verdict-gate",
      },
      deadline: deadlineIn(settings.roundDeadlineMinutes, REAL_ROUND_CLOCK, started),
    });
    const { target } = settings;
    let outcome: RoundOutcome;
    if (target.kind === "comment") {
      // A `/verdict` comment: the step reports the command; the verdict of a round it ran is that
      // round's check run on the head (and these outputs), not this step's colour.
      const command = await runCommentCommand(ctx, ports.comments, target.comment);
      step.log.info(`verdict-gate: ${command.message} (${github.requestCount()} GitHub requests)`);
      if (command.round === undefined) return;
      outcome = command.round;
      report(step, outcome);
      await writeJobSummary(step, outcome.jobSummary);
      if (outcome.checkUnavailable !== undefined) fail(step, outcome.checkUnavailable);
      return;
    }
    outcome =
      target.kind === "merge_group"
        ? await runMergeGroupRound(ctx)
        : await runPullRequestRound(ctx, target.number, {
            ...defined({ eventHead: target.headSha }),
          });
    report(step, outcome);
    await writeJobSummary(
      step,
      outcome.checkUnavailable !== undefined
        ? `> ⚠️ ${outcome.checkUnavailable}\n\n${outcome.jobSummary}`
        : outcome.jobSummary,
    );
    step.log.info(`verdict-gate: ${outcome.message}`);
    if (outcome.checkUnavailable !== undefined) {
      fail(step, outcome.checkUnavailable);
    } else if (outcome.status !== undefined && settings.failOn.includes(outcome.status)) {
      fail(step, outcome.message);
    }
  } catch (error) {
    const message = hide(describeError(error));
    await writeJobSummary(
      step,
      `## ✋ verdict-gate could not finish\n\n${message.replace(/[<>]/g, "")}\n\nNothing was approved.`,
    );
    fail(step, message);
  }
}
