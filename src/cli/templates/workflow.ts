// The starter workflow `verdict-gate init` writes, for each reviewer choice. It is also the README's
// copyable workflow (a test keeps the two the same), so what a newcomer pastes and what init writes
// never differ. Every choice here is the safe default the docs explain: the PR's head checked out
// without credentials (the criteria read it, nothing runs it), the least permissions that let the gate
// post its check and its history, and a dispatch for a maintainer's re-review or decision.

import { COMMAND_DEFAULT_WINDOW, CONTEXT_WINDOWS } from "../../providers/context-window.js";
import { DEFAULT_MODEL } from "../../settings/models.js";
import {
  COMMAND_JOB_IF,
  GATE_PERMISSIONS,
  gateJobName,
  REVIEWER_SETUP_DIRECTORY,
  ROUND_PULL_REQUEST_TYPES,
  roundConcurrencyGroup,
} from "./gate-job.js";
import { ACTION_REF } from "./project.js";

export type StarterProvider = "openai" | "anthropic" | "command";

export const STARTER_PROVIDERS: readonly StarterProvider[] = ["openai", "anthropic", "command"];

export const STARTER_DEFAULTS: Readonly<
  Record<StarterProvider, { model?: string; command?: string; secret: string }>
> = {
  openai: { model: DEFAULT_MODEL.openai, secret: "OPENAI_API_KEY" },
  anthropic: { model: DEFAULT_MODEL.anthropic, secret: "ANTHROPIC_API_KEY" },
  command: { command: "claude -p", secret: "ANTHROPIC_API_KEY" },
};

export interface StarterChoice {
  provider: StarterProvider;
  /** For openai and anthropic. */
  model?: string;
  /** For command. */
  command?: string;
}

/** The window a starter says for a command: `codex exec` runs the GPT-5 family (the table's figure),
 * anything else the command reviewers' default (what `claude -p` reads). */
export function commandWindow(command: string): number {
  return /^codex(\s|$)/.test(command) ? (CONTEXT_WINDOWS["gpt-5"] as number) : COMMAND_DEFAULT_WINDOW;
}

/** A YAML plain scalar when it is safe as one, else a double-quoted string. */
function scalar(value: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9 ._/:@+-]*$/.test(value) && !/[:#]\s|\s$/.test(value)
    ? value
    : JSON.stringify(value);
}

function reviewerLines(choice: StarterChoice): { setup: string[]; step: string[] } {
  const defaults = STARTER_DEFAULTS[choice.provider];
  if (choice.provider === "command") {
    const command = choice.command ?? (defaults.command as string);
    const claude = /^claude(\s|$)/.test(command);
    return {
      setup: claude
        ? [
            "      # The reviewer CLI, installed from an empty directory, never from the checkout (whose .npmrc",
            "      # the pull request controls). It runs in an empty directory too, without the GitHub token.",
            `      - working-directory: ${REVIEWER_SETUP_DIRECTORY}`,
            "        run: npm install --global @anthropic-ai/claude-code",
          ]
        : [
            "      # Install the reviewer CLI here, from an empty directory, never from the checkout (whose",
            "      # .npmrc the pull request controls):",
            `      #   - working-directory: ${REVIEWER_SETUP_DIRECTORY}`,
            "      #     run: npm install --global <your reviewer CLI>",
            "      # It runs in an empty directory too, without the GitHub token: name a script by its absolute path.",
          ],
      step: [
        ...(claude
          ? ["        env:", `          ${defaults.secret}: \${{ secrets.${defaults.secret} }}`]
          : []),
        "        with:",
        "          provider: command",
        `          command: ${scalar(command)}`,
        // Said, not assumed: the diff is split into calls that fit it, and a program that runs a
        // smaller model (a local one) must say so here, or a long prompt may be cut in silence.
        claude
          ? "          # Claude's context window, in tokens: the diff is split into calls that fit it."
          : "          # The context window of the model the command runs, in tokens (lower it if yours reads less).",
        `          context-window: ${commandWindow(command)}`,
      ],
    };
  }
  return {
    setup: [],
    step: [
      "        with:",
      `          provider: ${choice.provider}`,
      `          model: ${scalar(choice.model ?? (defaults.model as string))}`,
      `          api-key: \${{ secrets.${defaults.secret} }}`,
    ],
  };
}

/** The `permissions:` lines, each with why the gate needs it. */
function permissionLines(): string {
  return GATE_PERMISSIONS.map((p) => `  ${p.scope}: ${p.access} # ${p.why}`).join("\n");
}

export function starterWorkflow(choice: StarterChoice): string {
  const { setup, step } = reviewerLines(choice);
  return `# verdict-gate: one four-valued status on every pull request — approve, blocked, hold-for-human or
# conditional-on. Make the check named "verdict-gate" a required status check of the branch.
# Pull requests from forks get a read-only token here: see docs/workflows.md for the setups that gate them.
name: verdict-gate

on:
  pull_request:
    # \`edited\` is for a retarget: a new base branch brings another contract, so the pull request is
    # judged again. It also fires on title and body edits; those rounds reuse the recorded verdict
    # (no reviewer call) unless the PR description is part of the prompt.
    types: [${ROUND_PULL_REQUEST_TYPES.join(", ")}]
  # A maintainer reviews a pull request again, or records a decision on a held one.
  workflow_dispatch:
    inputs:
      pr:
        description: Pull request number
        required: true
      decision:
        description: "approve or block (empty: review again)"
        required: false
        default: ""
      reason:
        description: Why (required with a decision)
        required: false
        default: ""
      head-sha:
        description: The head commit you read (empty for a re-review); nothing is decided if the PR moved on
        required: false
        default: ""
  # \`/verdict review\`, \`/verdict approve <reason>\` … in a pull request comment (docs/workflows.md).
  # Only \`created\`: an edited comment never replays a command.
  issue_comment:
    types: [created]

# The least the gate needs, and nothing more.
permissions:
${permissionLines()}

jobs:
  gate:
    # Branch protection lists this job beside the check run it posts: require the check, not the job.
    name: ${gateJobName()}
    # A comment starts the job only when it is a \`/verdict\` command on a pull request.
    if: \${{ ${COMMAND_JOB_IF} }}
    runs-on: ubuntu-latest
    timeout-minutes: 30
    # One round per pull request at a time: rounds share the history comment. Every workflow that runs
    # the gate uses this same group (docs/workflows.md). Queue, never cancel (a cancelled run would
    # throw away a reviewer call or a maintainer's decision).
    concurrency:
      group: ${roundConcurrencyGroup({ input: true, matrix: false })}
      cancel-in-progress: false
    steps:
      # The criteria read the pull request's files; nothing in them is run (a comment's pull request,
      # from a fork too, is checked out as data by its ref in this repository).
      - uses: actions/checkout@v5
        with:
          ref: \${{ github.event.pull_request.head.sha || format('refs/pull/{0}/head', inputs.pr || github.event.issue.number) }}
          persist-credentials: false
${[...setup, ""].join("\n")}      - uses: ${ACTION_REF}
${step.join("\n")}
          pr: \${{ inputs.pr }}
          decision: \${{ inputs.decision }}
          reason: \${{ inputs.reason }}
          head-sha: \${{ inputs.head-sha }}
`;
}
