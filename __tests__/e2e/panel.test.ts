// A reviewer panel end to end: the bundled action against the loopback GitHub API and two loopback
// reviewers of different wire formats (OpenAI Chat Completions as `alpha`, Anthropic Messages as
// `beta`), each with its own key that only its own server accepts. Every case ends in the check run,
// the outputs and the step a user would see; every reason names its reviewer; no key crosses hosts.
import { beforeAll, describe, expect, it } from "vitest";
import { readHistoryComment } from "../../src/report/history-comment.js";
import { inWorld, type WorldOptions, warmUp } from "../faults/support.js";
import {
  anthropicReply,
  hang,
  openAIReply,
  type ReviewerServer,
  type Script,
  startAnthropicServer,
  startOpenAIServer,
} from "../support/reviewers.js";
import { type ActionRun, promptOf, roundTokenIn } from "./harness.js";
import { synchronize } from "./rounds-world.js";
import {
  approveFor,
  BASE_FILES,
  blockFor,
  CONTRACT,
  GOOD_CHANGE,
  gateChecks,
  historyComment,
  type World,
} from "./world.js";

// The first in-process round of a worker loads and compiles what every cell uses (support.ts).
beforeAll(warmUp);

const ALPHA_KEY = "sk-alpha-Key0For0The0OpenAI0Host0Only0000";
const BETA_KEY = "sk-ant-beta-Key0For0The0Anthropic0Host0Only";

interface Panel {
  alpha: ReviewerServer;
  beta: ReviewerServer;
  run(options?: {
    policy?: string;
    inputs?: Record<string, string>;
    env?: Record<string, string>;
    /** The event (default: the world's pull request being opened). */
    event?: ReturnType<World["event"]>;
  }): Promise<ActionRun>;
}

/** The time limit for the cases where one reviewer hangs. It is every reviewer's limit, so it must
 * leave the one that answers room to answer on a loaded machine (1 s did not, with the load at 40). */
const HANG_LIMIT = "8";

const approveAlpha: Script = (r) => openAIReply(approveFor(r));
const approveBeta: Script = (r) => anthropicReply(approveFor(r));

/** Two reviewer servers (each accepting only its own key) and a run of the action with both as a panel. */
async function withPanel(
  scripts: { alpha?: Script; beta?: Script },
  body: (panel: Panel, world: World) => Promise<void>,
  options: WorldOptions = {},
): Promise<void> {
  await inWorld(options, async (world) => {
    const alpha = await startOpenAIServer({ apiKey: ALPHA_KEY, replies: scripts.alpha ?? approveAlpha });
    const beta = await startAnthropicServer({ apiKey: BETA_KEY, replies: scripts.beta ?? approveBeta });
    try {
      const reviewers = [
        "- label: alpha",
        "  provider: openai",
        "  model: gpt-4o",
        `  base-url: ${alpha.baseUrl}`,
        "  api-key-env: ALPHA_KEY",
        "- label: beta",
        "  provider: anthropic",
        "  model: claude-sonnet-5-5",
        `  base-url: ${beta.baseUrl}`,
        "  api-key-env: BETA_KEY",
      ].join("\n");
      await body(
        {
          alpha,
          beta,
          run: (o = {}) =>
            world.run({
              inputs: {
                model: "",
                "api-key": "",
                "base-url": "",
                reviewers,
                "reviewer-retries": "0",
                ...(o.policy !== undefined ? { "panel-policy": o.policy } : {}),
                ...o.inputs,
              },
              env: { ALPHA_KEY, BETA_KEY, ...o.env },
              ...(o.event !== undefined ? { event: o.event } : {}),
            }),
        },
        world,
      );
    } finally {
      await Promise.all([alpha.close(), beta.close()]);
    }
  });
}

/** Each key went to its own host in a header and nowhere else: not to the other reviewer, not to
 * GitHub, not into anything the author can read. Both were masked. */
function expectKeysApart(world: World, panel: Panel, run: ActionRun): void {
  for (const [server, own, other] of [
    [panel.alpha, ALPHA_KEY, BETA_KEY],
    [panel.beta, BETA_KEY, ALPHA_KEY],
  ] as const) {
    for (const r of server.requests) {
      const headers = JSON.stringify(r.headers);
      expect(`${r.headers.authorization ?? ""} ${r.headers["x-api-key"] ?? ""}`).toContain(own);
      expect(`${headers}${r.path}${r.body}`).not.toContain(other);
      expect(`${r.path}${r.body}`).not.toContain(own);
    }
  }
  for (const key of [ALPHA_KEY, BETA_KEY]) {
    expect(run.commands).toContain(`::add-mask::${key}`);
    expect(world.api.requestsContaining(key)).toEqual([]);
    expect(run.summary).not.toContain(key);
    expect(JSON.stringify(run.outputs)).not.toContain(key);
    for (const c of world.pull.comments()) expect(c.body).not.toContain(key);
  }
}

function panelOutput(
  run: ActionRun,
): { label: string; verdict: string; reasons: string[]; coverage: string }[] {
  return JSON.parse(run.outputs.panel ?? "null");
}

describe.concurrent("a panel of two vendors", () => {
  it("approves only when both approve (unanimous), each asked once with its own key and round token", async () =>
    withPanel({}, async (panel, world) => {
      const run = await panel.run();
      expect(run.code, run.log).toBe(0);
      expect(run.outputs).toMatchObject({
        status: "approve",
        "reviewer-verdict": "APPROVE",
        coverage: "100%",
      });
      expect(gateChecks(world)[0]?.conclusion).toBe("success");
      expect(panel.alpha.requests).toHaveLength(1);
      expect(panel.beta.requests).toHaveLength(1);
      // The same question, each with its own round token.
      const prompts = [panel.alpha, panel.beta].map((s) => promptOf(s.requests[0]?.json));
      const tokens = prompts.map(roundTokenIn);
      expect(tokens[0]).not.toBe(tokens[1]);
      // The same question (the fences around the diff differ too: each prompt draws its own id).
      for (const p of prompts) expect(p).toContain('+  return "hello " + name;');
      expect(panelOutput(run).map((m) => [m.label, m.verdict, m.coverage])).toEqual([
        ["alpha", "APPROVE", "100%"],
        ["beta", "APPROVE", "100%"],
      ]);
      expect(run.summary).toContain("**Panel** (unanimous)");
      expect(run.summary).toMatch(/\| alpha \| ✅ YES APPROVE \| 100% \|/);
      expectKeysApart(world, panel, run);
    }));

  it("blocks when one blocks, every reason attributed in the summary, annotations, history and outputs", async () =>
    withPanel(
      { beta: (r) => anthropicReply(blockFor(r, ["src/greet.js:2 — the greeting ignores an empty name"])) },
      async (panel, world) => {
        const run = await panel.run();
        expect(run.code).toBe(1);
        expect(run.outputs.status).toBe("blocked");
        expect(run.outputs["reviewer-verdict"]).toBe("REQUEST_CHANGES");
        const reasons: string[] = JSON.parse(run.outputs.reasons ?? "[]");
        expect(reasons[0]).toBe("[beta] src/greet.js:2 — the greeting ignores an empty name");
        const check = gateChecks(world)[0];
        expect(check?.conclusion).toBe("failure");
        expect(check?.annotations).toEqual([
          expect.objectContaining({
            path: "src/greet.js",
            start_line: 2,
            message: "[beta] the greeting ignores an empty name",
          }),
        ]);
        // The history as recorded (the exclusions output is its JSON) and as shown (Markdown-escaped).
        const exclusions = JSON.parse(run.outputs.exclusions ?? "null");
        expect(exclusions.rounds[0].reasons[0].reason).toBe(
          "[beta] src/greet.js:2 — the greeting ignores an empty name",
        );
        expect(historyComment(world)?.body).toContain("\\[beta\\] src/greet.js:2");
        expect(run.summary).toContain("\\[beta\\] src/greet.js:2 — the greeting ignores an empty name");
        expect(run.summary).toContain(
          "The reviewers disagree: alpha: APPROVE, no file blocked; beta blocked `src/greet.js`",
        );
        expect(panelOutput(run).map((m) => m.verdict)).toEqual(["APPROVE", "REQUEST_CHANGES"]);
        expectKeysApart(world, panel, run);
      },
    ));

  it("still blocks under quorum:1 when the other approves", async () =>
    withPanel(
      { alpha: (r) => openAIReply(blockFor(r, ["src/greet.js:1 — no input check"])) },
      async (panel) => {
        const run = await panel.run({ policy: "quorum:1" });
        expect(run.outputs.status).toBe("blocked");
        expect(JSON.parse(run.outputs.reasons ?? "[]")[0]).toBe("[alpha] src/greet.js:1 — no input check");
      },
    ));

  it("holds when one reviewer gives no verdict, even though the other approves", async () =>
    withPanel({ beta: () => anthropicReply("Looks fine to me.") }, async (panel, world) => {
      const run = await panel.run();
      expect(run.outputs.status).toBe("hold-for-human");
      expect(run.outputs["reviewer-verdict"]).toBe("NONE");
      expect(gateChecks(world)[0]?.conclusion).toBe("action_required");
      const reasons: string[] = JSON.parse(run.outputs.reasons ?? "[]");
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.every((r) => r.startsWith("[beta] "))).toBe(true);
    }));

  it("holds when one reviewer's reply is cut off, naming it", async () =>
    withPanel(
      { alpha: (r) => openAIReply(approveFor(r), { finishReason: "length" }) },
      async (panel, world) => {
        const run = await panel.run();
        expect(run.outputs.status).toBe("hold-for-human");
        expect(gateChecks(world)[0]?.conclusion).toBe("action_required");
        const reasons: string[] = JSON.parse(run.outputs.reasons ?? "[]");
        expect(reasons.some((r) => r.startsWith("[alpha] ") && /cut off|truncated|length/i.test(r))).toBe(
          true,
        );
        expect(panelOutput(run).map((m) => m.verdict)).toEqual(["ERROR", "APPROVE"]);
      },
    ));

  it("holds when one reviewer is down (unanimous)", async () =>
    withPanel({ beta: () => hang() }, async (panel) => {
      const run = await panel.run({ inputs: { "reviewer-timeout-seconds": HANG_LIMIT } });
      expect(run.outputs.status).toBe("hold-for-human");
      expect(run.outputs["reviewer-verdict"]).toBe("ERROR");
      expect(JSON.parse(run.outputs.reasons ?? "[]").some((r: string) => r.startsWith("[beta] "))).toBe(true);
    }));

  it("approves under quorum:1 when one times out and the other approves all of the diff", async () =>
    withPanel({ beta: () => hang() }, async (panel, world) => {
      const run = await panel.run({ policy: "quorum:1", inputs: { "reviewer-timeout-seconds": HANG_LIMIT } });
      expect(run.code, run.log).toBe(0);
      expect(run.outputs.status).toBe("approve");
      expect(gateChecks(world)[0]?.conclusion).toBe("success");
      expect(panelOutput(run).map((m) => [m.label, m.verdict])).toEqual([
        ["alpha", "APPROVE"],
        ["beta", "ERROR"],
      ]);
    }));

  it("holds under quorum:2 when one times out: the quorum is missed", async () =>
    withPanel({ beta: () => hang() }, async (panel) => {
      const run = await panel.run({ policy: "quorum:2", inputs: { "reviewer-timeout-seconds": HANG_LIMIT } });
      expect(run.outputs.status).toBe("hold-for-human");
      expect(JSON.parse(run.outputs.reasons ?? "[]")[0]).toBe(
        "the panel's quorum was not met: 1 of 2 reviewers approved all of the diff, 2 needed",
      );
    }));
});

/** The files each request to `server` from the `from`th on was shown, by its diff headers. */
function filesSent(server: ReviewerServer, from = 0): string[][] {
  return server.requests
    .slice(from)
    .map((r) => [...promptOf(r.json).matchAll(/^diff --git a\/\S+ b\/(\S+)$/gm)].map((m) => m[1] as string));
}

const FOUR_FILES = {
  ...GOOD_CHANGE,
  "src/a.js": "export const a = 1;\n",
  "src/b.js": "export const b = 2;\n",
  "src/c.js": "export const c = 3;\n",
};

describe("a panel's incremental rounds", () => {
  it("asks each reviewer only about the changed file in round 2, each reusing its own verdicts", async () =>
    withPanel(
      {},
      async (panel, world) => {
        const first = await panel.run();
        expect(first.outputs.status, first.log).toBe("approve");
        const all = ["src/a.js", "src/b.js", "src/c.js", "src/greet.js"];
        expect(filesSent(panel.alpha)).toEqual([all]);
        expect(filesSent(panel.beta)).toEqual([all]);

        const [alphaBefore, betaBefore] = [panel.alpha.requests.length, panel.beta.requests.length];
        const pushed = world.pull.push({ "src/b.js": "export const b = 20;\n" });
        const second = await panel.run({ event: synchronize(world, pushed.before) });
        expect(second.outputs.status, second.log).toBe("approve");
        expect(second.outputs.coverage).toBe("100%");
        // One request each, showing only b.js, its new text in it and no other file's.
        expect(panel.alpha.requests.length - alphaBefore).toBe(1);
        expect(panel.beta.requests.length - betaBefore).toBe(1);
        expect(filesSent(panel.alpha, alphaBefore)).toEqual([["src/b.js"]]);
        expect(filesSent(panel.beta, betaBefore)).toEqual([["src/b.js"]]);
        for (const server of [panel.alpha, panel.beta]) {
          const prompt = promptOf(server.requests.at(-1)?.json);
          expect(prompt).toContain("+export const b = 20;");
          expect(prompt).not.toContain("export const a = 1;");
          expect(prompt).not.toContain('return "hello " + name;');
        }
        expect(second.summary).toContain(
          "Incremental, per reviewer: alpha was asked about 1 changed file in 1 call and reused its own verdict of 3 unchanged files (3 from round 1), 0 of its 1 planned chunk reused whole; beta was asked about 1 changed file in 1 call and reused its own verdict of 3 unchanged files (3 from round 1), 0 of its 1 planned chunk reused whole.",
        );
        // The record keeps each reviewer's say; the history table shows it.
        const read = readHistoryComment(historyComment(world)?.body ?? "");
        if (!read.ok) throw new Error(read.message);
        expect(
          read.history.rounds.map((r) =>
            "panel" in r ? r.panel?.map((m) => [m.label, m.verdict, m.reused ?? 0]) : undefined,
          ),
        ).toEqual([
          [
            ["alpha", "APPROVE", 0],
            ["beta", "APPROVE", 0],
          ],
          [
            ["alpha", "APPROVE", 3],
            ["beta", "APPROVE", 3],
          ],
        ]);
        expect(second.summary).toMatch(
          /<br>alpha: APPROVE, 100%, [\d,]+\/[\d,]+ tokens, 3 files reused<br>beta: APPROVE, 100%/,
        );

        // The same head again: the panel's whole verdict stands, nobody is asked, and the agreement
        // table shows the round it came from.
        const [alphaThen, betaThen] = [panel.alpha.requests.length, panel.beta.requests.length];
        const third = await panel.run();
        expect(third.outputs.status).toBe("approve");
        expect([panel.alpha.requests.length, panel.beta.requests.length]).toEqual([alphaThen, betaThen]);
        expect(third.summary).toMatch(
          /\| alpha \| ✅ YES APPROVE \| 100% \| none \(reused from round 2\) \| not asked \|/,
        );
        expect(third.summary).toMatch(
          /\| beta \| ✅ YES APPROVE \| 100% \| none \(reused from round 2\) \| not asked \|/,
        );
        expect(third.summary).toContain("Each reviewer's say is round 2's: its whole verdict stands.");
      },
      { change: FOUR_FILES },
    ));
});

describe.concurrent("a panel that cannot be set up fails the step before anything is posted", () => {
  it("refuses two reviewers with one label", async () =>
    withPanel({}, async (panel, world) => {
      const reviewers = JSON.stringify([
        { label: "twin", provider: "openai", model: "gpt-4o", "base-url": panel.alpha.baseUrl },
        { label: "Twin", provider: "anthropic", model: "claude-x", "base-url": panel.beta.baseUrl },
      ]);
      const run = await panel.run({ inputs: { reviewers } });
      expect(run.code).toBe(1);
      expect(run.log).toContain("input `reviewers`: reviewer 2 (Twin): `label` is the same as reviewer 1's");
      expect(gateChecks(world)).toEqual([]);
      expect(panel.alpha.requests).toEqual([]);
    }));

  it("refuses an api-key-env naming an unset variable, naming it", async () =>
    withPanel({}, async (panel, world) => {
      const run = await panel.run({ env: { BETA_KEY: "" } });
      expect(run.code).toBe(1);
      expect(run.log).toContain(
        "input `reviewers`: reviewer 2 (beta): `api-key-env` names BETA_KEY, which is not set or empty",
      );
      expect(gateChecks(world)).toEqual([]);
      expect(panel.alpha.requests).toEqual([]);
    }));

  it("refuses a single-reviewer input beside the panel", async () =>
    withPanel({}, async (panel, world) => {
      const run = await panel.run({ inputs: { model: "gpt-4o" } });
      expect(run.code).toBe(1);
      expect(run.log).toContain("input `model` must be empty when `reviewers` is set");
      expect(gateChecks(world)).toEqual([]);
    }));
});

// The contract's policy applies to each member's findings before the panel's own rule (issue 33).
describe.concurrent("a panel under the contract's policy", () => {
  const policyContract = (policy: Record<string, unknown>): WorldOptions => ({
    baseFiles: {
      ...BASE_FILES,
      ".github/verdict-contract.json": `${JSON.stringify({ ...CONTRACT, policy }, null, 2)}\n`,
    },
  });
  const say =
    (lines: string[], verdict: string, wire: typeof openAIReply): Script =>
    (r) =>
      wire(`${lines.join("\n")}\n\n===VERDICT=== ${verdict} ${roundTokenIn(promptOf(r.json))}`);

  it("a member's request for changes whose findings are all below the line is that member's approve", async () =>
    withPanel(
      {
        alpha: say(
          ["MEDIUM: src/greet.js:2 — an empty name gives a trailing space"],
          "REQUEST_CHANGES",
          openAIReply,
        ),
      },
      async (panel, world) => {
        const run = await panel.run();
        expect(run.outputs.status).toBe("approve");
        // The panel's word says what was replied; the status what it is worth under the policy.
        expect(run.outputs["reviewer-verdict"]).toBe("REQUEST_CHANGES");
        expect(gateChecks(world)[0]?.output.summary).toContain("none of its 1 finding blocks");
        // Markdown-escaped in the check run, as every attributed reason is.
        expect(gateChecks(world)[0]?.output.summary).toContain(
          "MEDIUM src/greet.js:2 — \\[alpha\\] an empty name",
        );
      },
      policyContract({ block_on: ["high"] }),
    ));

  it("a member's approve beside a finding at a blocking severity holds the panel", async () =>
    withPanel(
      {
        beta: say(
          ["MEDIUM: src/greet.js:2 — an empty name gives a trailing space"],
          "APPROVE",
          anthropicReply,
        ),
      },
      async (panel) => {
        const run = await panel.run({ policy: "quorum:1" });
        // quorum:1 is met by alpha alone, but beta's contradiction is no approve and no block: the
        // panel approves by its own rule only over votes the policy already read.
        expect(run.outputs.status).toBe("approve");
        const unanimous = await panel.run();
        expect(unanimous.outputs.status).toBe("hold-for-human");
      },
      policyContract({ block_on: ["high", "medium"] }),
    ));
});
