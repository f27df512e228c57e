// The action's post step (action.yml `runs.post`, started as dist/post.js): GitHub runs it when the
// job ends, cancelled or not. The main step saved the check runs it started and had not finished
// (src/gate/open-runs.ts); whatever is still open now — the job was cancelled, timed out, or killed
// before the round or the signal handler could finish it, or the last write was refused — is completed
// as a hold saying so. A run that is completed is left exactly as it is, and a job whose round finished
// its run saved nothing to do: the post step then makes no request at all.
import { OPEN_RUNS_STATE, readOpenRuns } from "../gate/open-runs.js";
import { finishInterrupted } from "../github/interrupted-runs.js";
import { parseRepository } from "../github/repository-ref.js";
import type { Runner } from "../ports/runner.js";
import { INPUT } from "../settings/inputs.js";
import { readTestKnobs } from "../settings/test-knobs.js";
import { defined } from "../util/defined.js";
import { describeError } from "../util/describe-error.js";
import { redactor } from "../util/redact.js";

export async function runPost(runner: Runner): Promise<void> {
  const runs = readOpenRuns(runner.state.read(OPEN_RUNS_STATE));
  if (runs.length === 0) {
    runner.log.info("verdict-gate: every check run this job started was finished; nothing to do");
    return;
  }
  const secrets = [runner.input(INPUT.githubToken), runner.input(INPUT.apiKey)]
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const secret of secrets) runner.mask(secret);
  const hide = redactor(secrets);
  const log = (m: string) => runner.log.info(hide(`verdict-gate: ${m}`));
  try {
    const env = runner.env;
    const repository = parseRepository(env.GITHUB_REPOSITORY ?? "");
    const server = env.GITHUB_SERVER_URL ?? "https://github.com";
    const runUrl =
      env.GITHUB_RUN_ID !== undefined && env.GITHUB_RUN_ID !== ""
        ? `${server}/${repository.owner}/${repository.repo}/actions/runs/${env.GITHUB_RUN_ID}`
        : undefined;
    const knobs = readTestKnobs(env);
    for (const notice of knobs.notices) runner.log.warning(notice);
    log(`${runs.length} check run(s) this job started were left open: ${runs.map((r) => r.id).join(", ")}`);
    const left = await finishInterrupted(
      {
        token: secrets[0] ?? "",
        apiUrl: env.GITHUB_API_URL ?? "https://api.github.com",
        repository,
        checkName: runner.input(INPUT.checkName) || "verdict-gate",
        secrets,
        ...defined({ runUrl }),
      },
      runs,
      { kind: "post" },
      {
        timeoutMs: knobs.timing.timeoutMs ?? 30_000,
        retries: 3,
        // A post step is the last write that can land: it waits as long as GitHub asks, within reason.
        maxRateLimitWaitSeconds: 240,
        ...defined({ backoffUnitMs: knobs.timing.backoffUnitMs }),
        onlyIfOpen: true,
        log,
      },
    );
    if (left.length > 0) {
      runner.fail(
        hide(
          `verdict-gate: check run(s) ${left.map((r) => r.id).join(", ")} could not be completed and stay in progress (never passing); re-run the job`,
        ),
      );
    }
  } catch (error) {
    runner.fail(
      hide(`verdict-gate: the post step could not finish the open check runs: ${describeError(error)}`),
    );
  }
}
