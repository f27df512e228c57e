// The settings a round reads from its inputs, as the action reads them, for tests that need a Settings
// (or its fingerprint) without starting the action: action.yml's defaults, the overrides given, and a
// workflow_dispatch run's environment.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { InputName } from "../../src/settings/inputs.js";
import { readSettings, type Settings } from "../../src/settings/settings.js";

const ACTION = parse(readFileSync("action.yml", "utf8")) as { inputs: Record<string, { default?: string }> };

/** action.yml's default for every input (github-token's expression stays as written). */
export const ACTION_DEFAULTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ACTION.inputs).map(([name, input]) => [name, input.default ?? ""]),
);

export function settingsFromInputs(
  overrides: Partial<Record<InputName, string>> = {},
  options: { repository?: string; env?: Record<string, string> } = {},
): Settings {
  const repository = options.repository ?? "octo/repo";
  const [owner, name] = repository.split("/") as [string, string];
  const read = (input: InputName): string => {
    const value = input in overrides ? (overrides[input] ?? "") : (ACTION_DEFAULTS[input] ?? "");
    // The runner replaces `${{ github.token }}` with the job's token.
    return value.includes("github.token") ? "ghs_token_for_tests" : value;
  };
  return readSettings(read, {
    env: {
      GITHUB_REPOSITORY: repository,
      GITHUB_EVENT_NAME: "workflow_dispatch",
      GITHUB_API_URL: "http://127.0.0.1:9/api",
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_WORKSPACE: "/tmp/ws",
      GITHUB_ACTOR: "maintainer",
      GITHUB_RUN_ID: "42",
      ...options.env,
    },
    payload: { inputs: {}, repository: { full_name: repository, name, owner: { login: owner } } },
  });
}
