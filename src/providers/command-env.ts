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

/** Names of variables that hold credentials (ANTHROPIC_API_KEY, OPENAI_API_KEY, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN, NPM_AUTH, DB_PASSWORD, a GPG passphrase, a private key, a session cookie, a
 * Sentry DSN, …). Not AUTHOR: GIT_AUTHOR_EMAIL is an address the reply may well mention. */
const CREDENTIAL_NAME = /KEY|TOKEN|SECRET|PASS|PWD|CRED|AUTH(?!OR)|PRIVATE|SESSION|COOKIE|SIGNATURE|DSN/i;

/** A file path (SSL_CERT_FILE, GOOGLE_APPLICATION_CREDENTIALS, SSH_AUTH_SOCK name files): the file may
 * hold a secret, the path does not, and redacting `/etc/ssl/certs/…` would redact "certificates". */
const PATH = /^(\/|\.{1,2}\/|~\/|[A-Za-z]:[\\/])/;

/** Values that are credentials whatever the variable is called: the token formats of GitHub, OpenAI,
 * Anthropic, Slack, GitLab, Google, AWS access keys, Stripe, Hugging Face, and npm. */
const CREDENTIAL_VALUE =
  /^(gh[pousr]_|github_pat_|sk-|xox[abpr]-|glpat-|AIza|AKIA|ASIA|rk_live_|sk_live_|hf_|npm_)[A-Za-z0-9_-]{12,}/;

/** The password of a URL with credentials in it (`postgres://user:pass@host`), if any. */
function urlPassword(value: string): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s:]*:([^/@\s]+)@/i.exec(value);
  if (match === null) return undefined;
  try {
    return decodeURIComponent(match[1] as string);
  } catch {
    return match[1];
  }
}

/** The values of the credentials a command reviewer is given, on purpose or not: variables named like
 * credentials, values shaped like a known token format, and passwords inside URLs. It may need them,
 * but a prompt-injected agent may print them, and its reply is published in the check run: the gate
 * redacts them from the reply (command.ts) and from everything the action publishes
 * (src/compose/reviewer.ts `reviewerSecrets`). */
export function credentialValues(env: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>();
  for (const [name, raw] of Object.entries(env)) {
    const value = raw.trim();
    if (value.length < 8 || PATH.test(value)) continue;
    if (CREDENTIAL_NAME.test(name) || CREDENTIAL_VALUE.test(value)) found.add(value);
    const password = urlPassword(value);
    if (password !== undefined && password.length >= 8) {
      found.add(value);
      found.add(password);
    }
  }
  return [...found];
}
