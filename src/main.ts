// The action: reads the inputs and the event, binds the round to the real GitHub API, reviewer and
// workspace, and reports the round through outputs, the job summary and the step's exit. The only
// file that talks to @actions/core. Whatever is thrown, the step fails with a message: a gate whose
// error path can end green is not a gate.
import { readFileSync } from "node:fs";
import * as core from "@actions/core";
import { bindGitHubPorts } from "./bind-github.js";
import { bindPanel, panelSecrets } from "./bind-panel.js";
import { bindReviewer } from "./bind-reviewer.js";
import { runCommentCommand } from "./commands/run.js";
import { openTree } from "./criteria/fs-tree.js";
import { describeError } from "./describe-error.js";
import type { RoundContext, RoundOutcome } from "./gate/context.js";
import { runMergeGroupRound } from "./gate/merge-group.js";
import type { GitHubPort, Logger } from "./gate/ports.js";
import { runPullRequestRound } from "./gate/round.js";
import { INPUT, OUTPUT } from "./inputs.js";
import type { PanelReport } from "./report/round-report.js";
import { redactSecrets } from "./review/redact.js";
import { newRoundToken } from "./review/round-token.js";
import { readSettings, type Settings } from "./settings.js";
import { readTestKnobs } from "./test-knobs.js";
import { VERSION } from "./version.js";
import { workspaceHead } from "./workspace-head.js";

function readEvent(): unknown {
  const file = process.env.GITHUB_EVENT_PATH;
  if (file === undefined || file === "") return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** The round's log on the runner: every line redacted, each phase a foldable group, detail under
 * `core.debug` (shown when the run is re-run with debug logging). */
const log: Logger = {
  info: (m) => core.info(hide(m)),
  warning: (m) => core.warning(hide(m)),
  error: (m) => core.error(hide(m)),
  debug: (m) => core.debug(hide(m)),
  // A phase's name is the round's own constant (phase.ts), never input: redacting it could only hide
  // a heading (the redactor, which also finds disguised keys, once took "Reviewer" for one).
  startGroup: (name) => core.startGroup(name),
  endGroup: () => core.endGroup(),
};

function context(settings: Settings, github: GitHubPort): RoundContext {
  return {
    settings,
    github,
    reviewer: () =>
      bindReviewer(settings.reviewer, settings.token, process.env, { checkout: settings.workspace }),
    ...(settings.panel !== undefined
      ? {
          panel: () =>
            bindPanel(settings.panel as NonNullable<Settings["panel"]>, settings.token, process.env, {
              checkout: settings.workspace,
            }),
        }
      : {}),
    openTree: () => {
      if (settings.workspace === "")
        return { error: "GITHUB_WORKSPACE is not set: check out the repository before verdict-gate" };
      try {
        return openTree(settings.workspace);
      } catch (error) {
        return { error: `the workspace ${settings.workspace} cannot be read: ${describeError(error)}` };
      }
    },
    workspaceHead: () => workspaceHead(settings.workspace),
    now: () => new Date(),
    newRoundToken,
    log,
    version: VERSION,
  };
}

/** The secrets of this step (the reviewer's key, the GitHub token). Masking only hides them in the
 * log the runner shows; outputs and the job summary are files it publishes as written, so every text
 * the step writes is redacted here too, whatever path it took to get there. */
const secrets: string[] = [];
const hide = (text: string): string => redactSecrets(text, secrets);

function report(outcome: RoundOutcome): void {
  const set = (name: string, value: string) => core.setOutput(name, hide(value));
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

async function writeJobSummary(markdown: string): Promise<void> {
  if (markdown === "" || process.env.GITHUB_STEP_SUMMARY === undefined) return;
  try {
    await core.summary.addRaw(hide(markdown), true).write();
  } catch (error) {
    core.warning(`could not write the job summary: ${describeError(error)}`);
  }
}

export async function run(): Promise<void> {
  try {
    // Secrets are masked before anything else can print them.
    for (const secret of [core.getInput(INPUT.apiKey), core.getInput(INPUT.githubToken)]) {
      if (secret.trim() !== "") {
        core.setSecret(secret.trim());
        secrets.push(secret.trim());
      }
    }
    const settings = readSettings((name) => core.getInput(name), { env: process.env, payload: readEvent() });
    // A panel's keys come from the variables its entries name: masked here, as soon as they are read.
    for (const r of settings.panel?.reviewers ?? []) if (r.apiKey !== "") core.setSecret(r.apiKey);
    secrets.push(...panelSecrets(settings.reviewer, settings.panel, settings.token));
    // Announced, never read in silence: a production run with a test knob set is told so.
    const knobs = readTestKnobs(process.env);
    for (const notice of knobs.notices) core.warning(hide(notice));
    const ports = bindGitHubPorts(settings, log, process.env, knobs.timing);
    const ctx = context(settings, ports.github);
    const { target } = settings;
    let outcome: RoundOutcome;
    if (target.kind === "comment") {
      // A `/verdict` comment: the step reports the command; the verdict of a round it ran is that
      // round's check run on the head (and these outputs), not this step's colour.
      const command = await runCommentCommand(ctx, ports.comments, target.comment);
      core.info(hide(`verdict-gate: ${command.message} (${ports.github.requestCount()} GitHub requests)`));
      if (command.round === undefined) return;
      outcome = command.round;
      report(outcome);
      await writeJobSummary(outcome.jobSummary);
      if (outcome.checkUnavailable !== undefined)
        core.setFailed(hide(`verdict-gate: ${outcome.checkUnavailable}`));
      return;
    }
    outcome =
      target.kind === "merge_group"
        ? await runMergeGroupRound(ctx)
        : await runPullRequestRound(ctx, target.number, target.headSha);
    report(outcome);
    await writeJobSummary(
      outcome.checkUnavailable !== undefined
        ? `> ⚠️ ${outcome.checkUnavailable}\n\n${outcome.jobSummary}`
        : outcome.jobSummary,
    );
    core.info(hide(`verdict-gate: ${outcome.message}`));
    if (outcome.checkUnavailable !== undefined) {
      core.setFailed(hide(`verdict-gate: ${outcome.checkUnavailable}`));
    } else if (outcome.status !== undefined && settings.failOn.includes(outcome.status)) {
      core.setFailed(hide(`verdict-gate: ${outcome.message}`));
    }
  } catch (error) {
    const message = hide(describeError(error));
    await writeJobSummary(
      `## ✋ verdict-gate could not finish\n\n${message.replace(/[<>]/g, "")}\n\nNothing was approved.`,
    );
    core.setFailed(`verdict-gate: ${message}`);
  }
}
