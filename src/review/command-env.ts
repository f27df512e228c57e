// The environment a reviewer command runs with. The command reads untrusted text (the diff) and many
// CLI reviewers are agents that can run tools; whatever it can reach, a prompt injection in the diff can
// try to reach. So it gets the job's environment minus:
// - the GitHub token (GITHUB_TOKEN, GH_TOKEN, and any variable whose value holds a withheld secret, such
//   as a token copied under another name or inside a URL): with it, the reviewer could post its own
//   passing check run;
// - every INPUT_* variable: the action's inputs, the reviewer `api-key` and `github-token` among them;
// - the runner's own credentials (ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_*: an OIDC token
//   could be exchanged for cloud credentials);
// - the runner's command files (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_STATE,
//   GITHUB_STEP_SUMMARY): writing to them would set this step's outputs (a forged `status=approve`) or
//   the next steps' environment.
// Its own credentials (ANTHROPIC_API_KEY, OPENAI_API_KEY, …) pass through: the workflow sets them for it.

const WITHHELD_NAMES = new Set([
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_PAT",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_RUNTIME_URL",
  "ACTIONS_RESULTS_URL",
  "ACTIONS_CACHE_URL",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "GITHUB_OUTPUT",
  "GITHUB_ENV",
  "GITHUB_PATH",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY",
]);

/** Whether a variable must not reach the reviewer command (names compared case-insensitively, as
 * Windows does). */
export function withheldVariable(name: string, value: string, secrets: readonly string[]): boolean {
  const upper = name.toUpperCase();
  if (WITHHELD_NAMES.has(upper) || upper.startsWith("INPUT_")) return true;
  return secrets.some((secret) => secret.length >= 4 && value.includes(secret));
}

export function reviewerEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  withheldSecrets: readonly string[] = [],
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (withheldVariable(name, value, withheldSecrets)) continue;
    result[name] = value;
  }
  return result;
}

/** Names of variables that hold the reviewer's own credentials (ANTHROPIC_API_KEY, OPENAI_API_KEY, an
 * AWS secret, …). */
const CREDENTIAL_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL/i;

/** The values of the credentials a command reviewer is given on purpose. It needs them, but a
 * prompt-injected agent may print them, and its reply is published in the check run: the action
 * redacts them from everything it publishes (gate/bind-reviewer.ts `reviewerSecrets`). */
export function credentialValues(env: Readonly<Record<string, string>>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => CREDENTIAL_NAME.test(name) && value.trim().length >= 8)
    .map(([, value]) => value.trim());
}
