// The options `review`, `pr` and `eval` share — the reviewer, the diff scope, the contract, the output
// form — named like the action's inputs, so a workflow's `with:` and a terminal command read the same.
// They become the round's settings through readRoundSettings, the one place inputs are interpreted, so
// a value the action would refuse is refused here with the same rule (and a message that names the
// flag). What the action reads from its runner (the token, the repository, the event) a command gives
// directly, or not at all: a local round has no pull request.
import { readFileSync } from "node:fs";
import path from "node:path";
import { INPUT, type InputName } from "../settings/inputs.js";
import { type RoundSettings, readRoundSettings, type Settings, SettingsError } from "../settings/settings.js";
import { closest } from "../util/closest.js";
import { describeError } from "../util/describe-error.js";
import { UsageError } from "./io.js";

/** action.yml's defaults (github-token aside), which the runner applies and the CLI must too. A test
 * keeps them equal to action.yml. */
export const ACTION_DEFAULTS: Readonly<Record<Exclude<InputName, "github-token">, string>> = Object.freeze({
  provider: "openai",
  model: "",
  "api-key": "",
  "base-url": "",
  command: "",
  contract: ".github/verdict-contract.json",
  "check-name": "verdict-gate",
  pr: "",
  "head-sha": "",
  "max-rounds": "10",
  "reviewer-timeout-seconds": "300",
  "reviewer-retries": "3",
  "round-deadline-minutes": "20",
  "fail-on": "blocked,hold-for-human,conditional-on",
  include: "",
  exclude: "",
  "default-excludes": "true",
  "max-diff-tokens": "60000",
  "max-round-tokens": "",
  "reviewer-concurrency": "2",
  "context-window": "",
  "max-output-tokens": "8192",
  "review-task": "",
  "review-instructions": "",
  context: "auto",
  "include-pr-description": "false",
  decision: "",
  dismiss: "",
  reason: "",
  "force-review": "false",
  "when-criteria-block": "ask-reviewer",
  "review-comments": "true",
  reviewers: "",
  "panel-policy": "unanimous",
  "price-in": "",
  "price-out": "",
  "max-pr-cost": "",
});

/** Flags passed through to the input of the same name. */
const PASSED_THROUGH = [
  INPUT.provider,
  INPUT.model,
  INPUT.baseUrl,
  INPUT.command,
  INPUT.checkName,
  INPUT.maxRounds,
  INPUT.reviewerTimeoutSeconds,
  INPUT.reviewerRetries,
  INPUT.roundDeadlineMinutes,
  INPUT.maxDiffTokens,
  INPUT.maxRoundTokens,
  INPUT.reviewerConcurrency,
  INPUT.contextWindow,
  INPUT.maxOutputTokens,
  INPUT.reviewTask,
  INPUT.reviewInstructions,
  INPUT.context,
  INPUT.priceIn,
  INPUT.priceOut,
  INPUT.maxPrCost,
  INPUT.whenCriteriaBlock,
] as const;

export const ROUND_OPTIONS = {
  ...Object.fromEntries(PASSED_THROUGH.map((name) => [name, { type: "string" }])),
  "api-key-env": { type: "string" },
  reviewers: { type: "string" },
  "panel-policy": { type: "string" },
  contract: { type: "string" },
  "base-path": { type: "string" },
  include: { type: "string", multiple: true },
  exclude: { type: "string", multiple: true },
  "no-default-excludes": { type: "boolean" },
  json: { type: "boolean" },
  markdown: { type: "boolean" },
  verbose: { type: "boolean", short: "v" },
} as Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>;

/** The reviewer and scope options, for the commands' usage text. */
export const ROUND_OPTIONS_USAGE = [
  "reviewer:",
  "  --provider openai|anthropic|command   (default openai; command when --command is given)",
  "  --model NAME                          the model the provider expects (openai, anthropic)",
  "  --base-url URL                        an OpenAI-compatible or Anthropic endpoint (Ollama, OpenRouter, …)",
  "  --api-key-env NAME                    the environment variable holding the key; without --base-url",
  "                                        OPENAI_API_KEY or ANTHROPIC_API_KEY is used (never a key as a flag)",
  '  --command "CMD"                       a CLI reviewer: the prompt on stdin, the reply on stdout (claude -p);',
  "                                        run without a shell in an empty temporary directory, so name a",
  "                                        script by its absolute path (--command /home/me/rev.sh)",
  "  --reviewers FILE                      a panel: a YAML or JSON list of reviewers (label, provider, model,",
  "                                        base-url, api-key-env, command, context-window, max-output-tokens),",
  "                                        each key from the variable its entry names (docs/reviewers.md)",
  "  --panel-policy unanimous|quorum:K     how the panel's verdicts combine (default unanimous)",
  "  --reviewer-timeout-seconds N  --reviewer-retries N  --reviewer-concurrency N",
  "  --round-deadline-minutes N            after N minutes the round asks nothing more and holds with what",
  "                                        it has (default 20)",
  "  --context-window N  --max-output-tokens N  --review-task TEXT  --review-instructions TEXT",
  "  --context none|hunks|auto             what the reviewer sees besides the diff, from the working tree",
  "                                        (default auto: enclosing code, called definitions, callers,",
  "                                        the fields it uses and the code that shares its state)",
  "round:",
  "  --check-name NAME  --max-rounds N          as the action's inputs: the check's name (in --markdown),",
  "                                             and the blocked rounds before a hold",
  "  --when-criteria-block ask-reviewer|skip-reviewer",
  "                                        when a contract criterion already blocks: ask the reviewer anyway",
  "                                        (default: every finding in one round), or make no call and say so",
  "diff scope:",
  "  --include GLOB  --exclude GLOB (repeatable; commas separate globs, except inside {…})",
  "  --no-default-excludes  --max-diff-tokens N",
  "  --max-round-tokens N                  the most prompt tokens one round may send (estimated before",
  "                                        any call); a round that needs more holds and calls nothing",
  "cost:",
  "  --price-in P  --price-out P           US dollars per million input and output tokens, for a model",
  "                                        the price table does not hold (gpt-5.4, claude-sonnet-5-5)",
  "  --max-pr-cost D                       the most the pull request's reviewer calls may cost in all (a",
  "                                        local diff counts alone); a round that would pass it holds and",
  "                                        calls nothing",
  "output:",
  "  --json  one JSON object · --markdown  the check run's Markdown · -v, --verbose  progress on stderr",
].join("\n");

type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The key each provider's own tools read, used only for that provider's own host. */
const USUAL_KEY: Readonly<Record<string, string>> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
};

export interface ReviewerKey {
  key: string;
  /** A line for stderr when no key is sent (a keyless endpoint, or a missing variable). */
  note?: string;
}

/** The reviewer's key, from the environment only: a key on a command line lands in shell history and
 * in every process listing. The provider's usual variable is read only when the key goes to the
 * provider's own host — with --base-url pointing elsewhere, OPENAI_API_KEY would be sent to a third
 * party (OpenRouter, a gateway), so there the variable must be named. */
export function reviewerKey(
  values: Values,
  env: Readonly<Record<string, string | undefined>>,
  provider: string,
): ReviewerKey {
  if (values.reviewers !== undefined) {
    // A panel's keys are per reviewer, each from the variable its entry names: one flag for all of
    // them would send one vendor's key to another's host.
    if (values["api-key-env"] !== undefined) {
      throw new UsageError(
        "--api-key-env is for a single reviewer; with --reviewers, each entry names its own variable in api-key-env",
      );
    }
    return { key: "" };
  }
  const named = values["api-key-env"] as string | undefined;
  if (named !== undefined) {
    if (!ENV_NAME.test(named)) {
      // Never echo the value: the likeliest mistake is pasting the key itself.
      throw new UsageError(
        "--api-key-env takes the NAME of an environment variable (like OPENAI_API_KEY), not the key itself",
      );
    }
    const key = env[named]?.trim() ?? "";
    if (key === "") throw new UsageError(`--api-key-env ${named}: the variable is not set or empty`);
    return { key };
  }
  if (provider === "command") return { key: "" };
  const usual = USUAL_KEY[provider];
  if (values["base-url"] !== undefined) {
    return {
      key: "",
      note: `no API key is sent to ${String(values["base-url"])} (name the variable that holds one with --api-key-env)`,
    };
  }
  const key = usual === undefined ? "" : (env[usual]?.trim() ?? "");
  if (key === "") {
    throw new UsageError(
      `no API key: set ${usual ?? "the provider's key variable"} in the environment, or name another variable with --api-key-env`,
    );
  }
  return { key };
}

/** Refuses a key given as a flag before the parser can echo it in an "unknown option" message. */
export function refuseKeyFlags(args: readonly string[]): void {
  for (const arg of args) {
    if (/^--(api-key|github-token|gh-token)(=|$)/.test(arg)) {
      const token = !arg.startsWith("--api-key");
      throw new UsageError(
        token
          ? "secrets are never taken as flags (they end up in shell history and process lists): put the token in GITHUB_TOKEN or GH_TOKEN"
          : "secrets are never taken as flags (they end up in shell history and process lists): put the key in an environment variable and pass its name with --api-key-env",
        { brief: true },
      );
    }
  }
}

const PROVIDERS = ["openai", "anthropic", "command"] as const;

/** Services people name as a provider that the gate reaches through one of its three: the flags that
 * do it. Without this, `--provider gemini` (the README lists Gemini) was reported as a missing key. */
const REACHED_THROUGH: Readonly<Record<string, string>> = Object.freeze({
  gemini:
    "--provider openai --base-url https://generativelanguage.googleapis.com/v1beta/openai --model gemini-2.5-pro --api-key-env GEMINI_API_KEY",
  google:
    "--provider openai --base-url https://generativelanguage.googleapis.com/v1beta/openai --model gemini-2.5-pro --api-key-env GEMINI_API_KEY",
  ollama: "--provider openai --base-url http://localhost:11434/v1 --model MODEL --context-window N",
  openrouter:
    "--provider openai --base-url https://openrouter.ai/api/v1 --model VENDOR/MODEL --api-key-env OPENROUTER_API_KEY",
  azure:
    "--provider openai --base-url https://RESOURCE.openai.azure.com/openai/v1 --model DEPLOYMENT --api-key-env AZURE_OPENAI_API_KEY",
  vllm: "--provider openai --base-url http://HOST:8000/v1 --model MODEL --context-window N",
  claude: '--provider anthropic --model MODEL, or --command "claude -p" for the Claude Code CLI',
  codex: '--command "codex exec --skip-git-repo-check -"',
});

/** Which provider: the flag, or `command` when only --command is given, or the action's default. An
 * unknown one is refused here, before anything asks for its key, saying how to reach that service. */
export function providerOf(values: Values): string {
  const given = values.provider as string | undefined;
  if (given === undefined) return values.command !== undefined ? "command" : ACTION_DEFAULTS.provider;
  if ((PROVIDERS as readonly string[]).includes(given)) return given;
  const through = REACHED_THROUGH[given.trim().toLowerCase()];
  const guess = closest(given, PROVIDERS);
  throw new UsageError(
    `--provider ${given}: unknown provider; the gate has ${PROVIDERS.join(", ")}` +
      (through !== undefined
        ? `, and reaches ${given} with ${through} (docs/reviewers.md)`
        : guess !== undefined
          ? `; did you mean ${guess}?`
          : " (docs/reviewers.md has a working setup for each service)"),
    { brief: true },
  );
}

function flagged(message: string): string {
  return message
    .replace(/input `github-token`/g, "the token")
    .replace(/input `pr`/g, "the pull request")
    .replace(/input `([a-z-]+)`/g, "--$1");
}

/** Where a command's round reads what its flags name: `keys`, the environment a panel entry's
 * api-key-env is looked up in; `cwd`, where a relative --reviewers FILE is found; `contract`, the
 * contract's path when the command gives it (pr reads it at the base commit through the API). */
export interface FlagPlaces {
  keys?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
  contract?: string;
}

/** The --reviewers FILE's text, or a usage error naming the file. */
function reviewersFile(values: Values, cwd: string): string | undefined {
  const given = values.reviewers as string | undefined;
  if (given === undefined) return undefined;
  try {
    return readFileSync(path.resolve(cwd, given), "utf8");
  } catch (error) {
    throw new UsageError(`--reviewers ${given}: cannot read it: ${describeError(error)}`);
  }
}

/** The round's settings from a terminal's flags, by the action's own rules: each flag is the input of
 * its name, an unset one the input's default. */
export function roundSettings(values: Values, key: string, places: FlagPlaces = {}): RoundSettings {
  const inputs: Record<string, string> = { ...ACTION_DEFAULTS };
  for (const name of PASSED_THROUGH) {
    const value = values[name];
    if (typeof value === "string") inputs[name] = value;
  }
  inputs[INPUT.provider] = providerOf(values);
  inputs[INPUT.apiKey] = key;
  if (places.contract !== undefined) inputs[INPUT.contract] = places.contract;
  inputs[INPUT.include] = ((values.include as string[] | undefined) ?? []).join("\n");
  inputs[INPUT.exclude] = ((values.exclude as string[] | undefined) ?? []).join("\n");
  inputs[INPUT.defaultExcludes] = values["no-default-excludes"] === true ? "false" : "true";
  if (values["include-pr-description"] === true) inputs[INPUT.includePrDescription] = "true";
  const panel = reviewersFile(values, places.cwd ?? process.cwd());
  if (panel !== undefined) {
    inputs[INPUT.reviewers] = panel;
    // `provider` is ignored beside a panel; its default must not read as a flag someone gave.
    inputs[INPUT.provider] = ACTION_DEFAULTS.provider;
  }
  if (typeof values["panel-policy"] === "string") inputs[INPUT.panelPolicy] = values["panel-policy"];
  try {
    return readRoundSettings((name) => inputs[name] ?? "", places.keys ?? {});
  } catch (error) {
    if (error instanceof SettingsError) throw new UsageError(flagged(error.message));
    throw error;
  }
}

/** An http(s) URL a command was given (a flag or the variable it falls back to), without a trailing
 * slash; a usage error naming `what` otherwise. */
function httpUrlOf(raw: string, what: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw new UsageError(`${what} expects an http(s) URL, not ${JSON.stringify(raw)}`);
  return raw.replace(/\/+$/, "");
}

/** A pull request's round from a terminal (`verdict-gate pr`): the round's settings, the pull request,
 * and GitHub as the command reaches it. No event started it and nobody acts: no decision, no forced
 * answer unless --force-review. */
export function pullRequestSettings(
  round: RoundSettings,
  pr: {
    repository: string;
    number: number;
    token: string;
    apiUrl: string;
    serverUrl?: string;
    forceReview: boolean;
    workspace: string;
  },
): Settings {
  const [owner = "", repo = ""] = pr.repository.split("/");
  return {
    ...round,
    token: pr.token,
    apiUrl: httpUrlOf(pr.apiUrl, "--api-url (or GITHUB_API_URL)"),
    serverUrl: httpUrlOf(pr.serverUrl ?? "https://github.com", "GITHUB_SERVER_URL"),
    owner,
    repo,
    target: { kind: "pull_request", number: pr.number },
    forceReview: pr.forceReview,
    // The action's default; a dry run posts no review (recorded-github.ts).
    reviewComments: true,
    workspace: pr.workspace,
  };
}
