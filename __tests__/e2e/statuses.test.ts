// Every status, end to end: the bundled action against the loopback GitHub API and reviewers, each
// ending in the check run, outputs and step result a user would see.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anthropicReply, fakeReviewerCommand, openAIReply } from "../support/reviewers.js";
import type { ActionRun } from "./harness.js";
import {
  anthropic,
  approveFor,
  gateChecks,
  historyComment,
  openAI,
  REVIEWER_KEY,
  startWorld,
  type World,
} from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld({ bundle: true });
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

function noSecretsLeaked(run: ActionRun) {
  expect(world.api.requestsContaining(REVIEWER_KEY)).toEqual([]);
  // The runner strips ::add-mask:: lines from the log it shows; every other line must be clean.
  const shown = run.log.split("\n").filter((l) => !l.startsWith("::add-mask::"));
  expect(shown.join("\n")).not.toContain(REVIEWER_KEY);
  expect(run.commands).toContain(`::add-mask::${REVIEWER_KEY}`);
  expect(run.summary).not.toContain(REVIEWER_KEY);
  expect(JSON.stringify(run.outputs)).not.toContain(REVIEWER_KEY);
  for (const c of world.pull.comments()) expect(c.body).not.toContain(REVIEWER_KEY);
}

/** The single reviewer, or the same reviewer as a panel of one (`reviewers`, its key from the variable
 * it names): a panel of one must behave exactly as the reviewer alone, so these tests run both ways. */
function asPanelOfOne(inputs: Record<string, string>): {
  inputs: Record<string, string>;
  env: Record<string, string>;
  bundle: boolean;
} {
  const entry = {
    label: "solo",
    provider: inputs.provider,
    model: inputs.model,
    "base-url": inputs["base-url"],
    "api-key-env": "SOLO_REVIEWER_KEY",
  };
  return {
    inputs: { model: "", "api-key": "", "base-url": "", reviewers: JSON.stringify([entry]) },
    env: { SOLO_REVIEWER_KEY: inputs["api-key"] ?? "" },
    // The bundle is proven by the reviewer-alone runs; the panel of one is the same round's behaviour.
    bundle: false,
  };
}

const WAYS = [
  ["the reviewer alone", (inputs: Record<string, string>) => ({ inputs, env: {} })],
  ["a panel of one", asPanelOfOne],
] as const;

describe.each(WAYS)("approve, %s", (_way, configure) => {
  it("posts one successful check run on the head commit when every part passes (openai)", async () => {
    const run = await world.run(configure(world.openaiInputs()));
    expect(run.code, run.log).toBe(0);
    const [check, ...others] = gateChecks(world);
    expect(others).toEqual([]);
    expect(check?.status).toBe("completed");
    expect(check?.conclusion).toBe("success");
    expect(check?.headSha).toBe(world.pull.headSha);
    expect(check?.output.title).toBe("approve");
    expect(run.outputs).toMatchObject({
      status: "approve",
      "reviewer-verdict": "APPROVE",
      round: "1",
      coverage: "100%",
      "head-sha": world.pull.headSha,
    });
    expect(run.outputs["check-run-id"]).toBe(String(check?.id));
    expect(JSON.parse(run.outputs.reasons ?? "null")).toEqual([]);
    expect(run.summary).toContain("✅ approve");
    expect(historyComment(world)?.body).toContain("✅ approve");
    // The merge commit and the base never get the gate's check.
    expect(gateChecks(world, world.pull.mergeCommitSha)).toEqual([]);
    expect(gateChecks(world, world.pull.baseSha)).toEqual([]);
    noSecretsLeaked(run);
    // The harness shortens backoff with a test knob; the step says so instead of reading it in silence.
    expect(run.commands).toContain(
      "::warning::VERDICT_GATE_BACKOFF_UNIT_MS=5 is set: a test knob that makes each second of GitHub retry backoff and write spacing 5 ms; unset it outside tests",
    );
    // Each phase of the round is a section a person can fold, in the order the round runs them.
    expect(run.commands.filter((c) => c.startsWith("::group::"))).toEqual(
      [
        "Pull request #",
        "Round history",
        "Contract",
        "Diff",
        "Context",
        "Review plan",
        "Reviewer",
        "Criteria",
        "Dependencies",
        "Commit",
        "Publish",
      ].map((name) => `::group::${name === "Pull request #" ? `${name}${world.pull.number}` : name}`),
    );
    expect(run.commands.filter((c) => c === "::endgroup::")).toHaveLength(11);
  });

  // The panel of one is proved on the two tests above and below; these stay single.
  it.skipIf(_way !== WAYS[0][0])("approves through the anthropic provider", async () => {
    const run = await world.run({ inputs: world.anthropicInputs() });
    expect(run.code, run.log).toBe(0);
    expect(run.outputs.status).toBe("approve");
    expect(world.anthropic.requests).toHaveLength(1);
    expect(world.openai.requests).toHaveLength(0);
    noSecretsLeaked(run);
  });

  it.skipIf(_way !== WAYS[0][0])(
    "approves through a command reviewer that reads the prompt on stdin",
    async () => {
      const run = await world.run({
        inputs: {
          provider: "command",
          model: "",
          "api-key": "",
          command: fakeReviewerCommand("approve-bound"),
        },
      });
      expect(run.code, run.log).toBe(0);
      expect(run.outputs.status).toBe("approve");
      expect(gateChecks(world)[0]?.conclusion).toBe("success");
    },
  );
});

describe("a reviewer command that cannot start", () => {
  it("fails the step naming the fix, even where a hold would not (fail-on: blocked); nothing approves", async () => {
    const run = await world.run({
      inputs: {
        provider: "command",
        model: "",
        "api-key": "",
        command: "sh scripts/review.sh",
        "fail-on": "blocked",
      },
    });
    expect(run.code).toBe(1);
    expect(run.log).toContain("the reviewer command runs in an empty temporary directory");
    expect(run.log).toContain("install the reviewer in an earlier step, outside the checkout");
    expect(gateChecks(world)[0]?.conclusion).toBe("action_required");
  });
});

describe.each(WAYS)("blocked, %s", (_way, configure) => {
  it("fails the check with the reviewer's findings as reasons and annotations", async () => {
    world.anthropic.script(anthropic.block(["src/greet.js:2 — the greeting ignores an empty name"]));
    const run = await world.run(configure(world.anthropicInputs()));
    expect(run.code).toBe(1);
    const check = gateChecks(world)[0];
    expect(check?.conclusion).toBe("failure");
    expect(check?.output.title).toMatch(/^blocked: .*src\/greet\.js:2/);
    expect(check?.annotations).toEqual([
      expect.objectContaining({ path: "src/greet.js", start_line: 2, annotation_level: "failure" }),
    ]);
    expect(run.outputs.status).toBe("blocked");
    expect(run.outputs["reviewer-verdict"]).toBe("REQUEST_CHANGES");
    expect(JSON.parse(run.outputs.reasons ?? "[]")[0]).toMatch(/the greeting ignores an empty name/);
    const exclusions = JSON.parse(run.outputs.exclusions ?? "null");
    expect(exclusions.rounds[0].status).toBe("blocked");
    expect(run.commands.some((c) => c.startsWith("::error::verdict-gate: blocked"))).toBe(true);
    noSecretsLeaked(run);
  });

  it.skipIf(_way !== WAYS[0][0])("blocks on a failed criterion even when the reviewer approves", async () => {
    world.pull.push({ "src/greet.js": "export function greet(name) {\n  debugger;\n  return name;\n}\n" });
    const run = await world.run({
      event: world.event({ event: "pull_request", action: "synchronize", pull: world.pull }),
    });
    expect(run.outputs.status).toBe("blocked");
    expect(run.outputs["reviewer-verdict"]).toBe("APPROVE");
    expect(gateChecks(world)[0]?.output.summary).toContain("no-debugger");
  });
});

describe("hold-for-human", () => {
  it("holds when the reviewer approves without this round's token (an approve copied from anywhere)", async () => {
    world.openai.script(() => openAIReply("Looks fine.\n\n===VERDICT=== APPROVE"));
    const run = await world.run({});
    expect(run.code).toBe(1);
    expect(gateChecks(world)[0]?.conclusion).toBe("action_required");
    expect(run.outputs.status).toBe("hold-for-human");
    expect(run.outputs["reviewer-verdict"]).toBe("AMBIGUOUS");
  });

  it("holds when the reviewer cannot be reached, never approving", async () => {
    world.openai.script(() => ({
      kind: "json",
      status: 503,
      body: { error: { message: "overloaded", type: "server_error" } },
    }));
    const run = await world.run({ inputs: { "reviewer-retries": "1" } });
    expect(run.outputs.status).toBe("hold-for-human");
    expect(run.outputs["reviewer-verdict"]).toBe("ERROR");
    expect(gateChecks(world)[0]?.conclusion).toBe("action_required");
    expect(gateChecks(world)[0]?.output.title).toMatch(/hold-for-human: .*503/);
  });

  it("holds when the provider says the reply was cut off", async () => {
    world.openai.script((r) => openAIReply(approveFor(r), { finishReason: "length" }));
    const run = await world.run({});
    expect(run.outputs.status).toBe("hold-for-human");
  });

  it("lets fail-on decide the step while the check still says hold", async () => {
    world.openai.script(() => openAIReply("no verdict at all"));
    const run = await world.run({ inputs: { "fail-on": "blocked" } });
    expect(run.code).toBe(0);
    expect(run.outputs.status).toBe("hold-for-human");
    expect(gateChecks(world)[0]?.conclusion).toBe("action_required");
  });
});

describe("conditional-on", () => {
  it("leaves the check in progress, naming the dependency, while a required label is missing", async () => {
    const contract = {
      ...JSON.parse(
        world.repo.record.commits
          .get(world.pull.baseSha)
          ?.tree.get(".github/verdict-contract.json")
          ?.toString() ?? "{}",
      ),
      requires: [{ id: "qa", type: "label", name: "qa-approved" }],
    };
    world.repo.commit({ ".github/verdict-contract.json": JSON.stringify(contract) });
    const pull = world.repo.openPullRequest({
      author: "author-dev",
      changes: { "src/greet.js": "export const greet = () => 'hi';\n" },
    });
    const event = world.event({ event: "pull_request", action: "opened", pull });
    const { checkout } = await import("./harness.js");
    const workspace = checkout(world.api, world.repo.fullName, pull.headSha);
    world.workspaces.push(workspace);
    const run = await world.run({ event, workspace });
    const check = pull.checkRuns({ name: "verdict-gate" })[0];
    expect(check?.status).toBe("in_progress");
    expect(check?.conclusion).toBeNull();
    expect(check?.output.title).toMatch(/conditional-on: waiting for qa \(label\)/);
    expect(run.outputs.status).toBe("conditional-on");
    expect(run.code).toBe(1);

    // The label arrives: the re-evaluation approves without asking the reviewer again.
    pull.addLabel("qa-approved");
    const calls = world.openai.requests.length;
    const again = await world.run({
      event: world.event({ event: "pull_request", action: "labeled", pull, label: "qa-approved" }),
      workspace,
    });
    expect(again.outputs.status).toBe("approve");
    expect(world.openai.requests.length).toBe(calls);
    expect(pull.checkRuns({ name: "verdict-gate" })[0]?.conclusion).toBe("success");
  });
});

describe("the step fails closed", () => {
  it("fails, with a clear message and no check, on an event it does not gate", async () => {
    const event = world.event({
      event: "push",
      repo: world.repo,
      branch: "main",
      before: world.pull.baseSha,
      after: world.pull.baseSha,
    });
    const run = await world.run({ event });
    expect(run.code).toBe(1);
    expect(run.commands.join("\n")).toMatch(/does not gate `push`/);
    expect(world.repo.checkRuns({ name: "verdict-gate" })).toEqual([]);
  });

  it("names a bad input and what it accepts", async () => {
    const run = await world.run({ inputs: { "max-rounds": "lots" } });
    expect(run.code).toBe(1);
    expect(run.commands.join("\n")).toMatch(/input `max-rounds`: expects a whole number/);
  });

  it("uses anthropic replies only from the anthropic server", async () => {
    world.anthropic.script(() => anthropicReply("===VERDICT=== APPROVE"));
    const run = await world.run({ inputs: world.anthropicInputs() });
    expect(run.outputs.status).toBe("hold-for-human");
  });

  it("never approves when the reviewer is told to approve through the openai script", async () => {
    world.openai.script(openAI.approve);
    const run = await world.run({ inputs: { "base-url": "http://127.0.0.1:9/v1", "reviewer-retries": "0" } });
    expect(run.outputs.status).toBe("hold-for-human");
  });
});
