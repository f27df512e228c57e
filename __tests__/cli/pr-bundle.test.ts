// The bundled CLI's `pr` against the loopback GitHub API: a dry run posts nothing, a run with the
// Actions app's token posts the check run on the head, a person's token is refused with the reason.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gateChecks, REVIEWER_KEY, startWorld, type World } from "../e2e/world.js";
import { runBundledCli } from "../support/package-bundle.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

function run(args: string[], token: string) {
  return runBundledCli(
    [
      "pr",
      `${world.repo.fullName}#${world.pull.number}`,
      "--model",
      "gpt-4o",
      "--base-url",
      world.openai.baseUrl,
      "--api-key-env",
      "REVIEWER_KEY",
      ...args,
    ],
    {
      cwd: world.headWorkspace(),
      env: {
        GITHUB_TOKEN: token,
        GITHUB_API_URL: world.api.url,
        REVIEWER_KEY,
        VERDICT_GATE_BACKOFF_UNIT_MS: "5",
      },
    },
  );
}

describe("the bundled `verdict-gate pr`", () => {
  it("--dry-run prints the check run it would post and posts nothing", async () => {
    const r = await run(["--dry-run"], world.api.token);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("dry run, nothing was sent");
    expect(r.stdout).toContain("would post: conclusion success");
    expect(gateChecks(world)).toEqual([]);
    expect(world.pull.comments()).toEqual([]);
  });

  it("posts the check run on the head commit with the Actions app's token", async () => {
    const r = await run([], world.api.token);
    expect(r.code, r.stderr).toBe(0);
    expect(gateChecks(world)[0]).toMatchObject({ conclusion: "success", headSha: world.pull.headSha });
    expect(r.stdout + r.stderr).not.toContain(REVIEWER_KEY);
  });

  it("refuses to post with a person's token and says why (exit 2)", async () => {
    const r = await run([], "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/only a GitHub App can create check runs/);
    expect(world.api.requests).toEqual([]);
  });
});
