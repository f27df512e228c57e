// Test knobs: two environment variables the end-to-end tests set on the bundled action and the CLI, so
// that a fault matrix of retries and hangs runs in seconds instead of minutes. They are read here, at
// the entry points only (src/entry/run-action.ts, `verdict-gate pr` and `audit`), and handed to the GitHub client
// as options; nothing deeper reads the environment for them. A run that has one set says so in its
// log (a `core.warning` in the action, a line on stderr from the CLI): shortened backoff and write
// spacing make a real run hit GitHub's secondary rate limits, and nobody should find that out
// without being told. Documented in CONTRIBUTING.md ("Test knobs").

/** The knobs by name. The names are an interface of the test suite (__tests__/e2e/harness.ts sets
 * them on every run); keep them. */
export const TEST_KNOB = {
  /** Milliseconds per "second" of retry backoff, retry-after and write spacing (1000 in production). */
  backoffUnit: "VERDICT_GATE_BACKOFF_UNIT_MS",
  /** The deadline of one GitHub request attempt in milliseconds (30000 in production). */
  githubTimeout: "VERDICT_GATE_GITHUB_TIMEOUT_MS",
} as const;

/** What the knobs change in the GitHub client; absent fields keep the production values. */
export interface GitHubTiming {
  backoffUnitMs?: number;
  timeoutMs?: number;
}

/** The knobs read from an environment, and one notice for each one that is set, whether it was used
 * or ignored as malformed. */
export function readTestKnobs(env: Readonly<Record<string, string | undefined>>): {
  timing: GitHubTiming;
  notices: string[];
} {
  const timing: GitHubTiming = {};
  const notices: string[] = [];
  const unit = env[TEST_KNOB.backoffUnit];
  if (unit !== undefined) {
    if (/^\d{1,4}$/.test(unit)) {
      timing.backoffUnitMs = Number(unit);
      notices.push(
        `${TEST_KNOB.backoffUnit}=${unit} is set: a test knob that makes each second of GitHub retry backoff and write spacing ${unit} ms; unset it outside tests`,
      );
    } else notices.push(ignored(TEST_KNOB.backoffUnit, unit, "0 to 9999"));
  }
  const timeout = env[TEST_KNOB.githubTimeout];
  if (timeout !== undefined) {
    if (/^\d{3,6}$/.test(timeout)) {
      timing.timeoutMs = Number(timeout);
      notices.push(
        `${TEST_KNOB.githubTimeout}=${timeout} is set: a test knob that gives each GitHub request ${timeout} ms instead of 30 s; unset it outside tests`,
      );
    } else notices.push(ignored(TEST_KNOB.githubTimeout, timeout, "100 to 999999"));
  }
  return { timing, notices };
}

function ignored(name: string, value: string, range: string): string {
  return `${name} is set to ${JSON.stringify(value.slice(0, 20))}, which is ignored: this test knob takes whole milliseconds, ${range}`;
}
