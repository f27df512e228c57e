// The fault matrix, reviewers: every fault a provider or a reviewer command can produce, in every
// reviewer call (openai, anthropic, command). On every attempt, each cell must end in a posted hold
// naming the fault and a failed step; on the first attempt only, the gate's bounded retries may absorb
// what is worth retrying (5xx, rate limits, a dropped connection) and then approve honestly, while
// what is never retried (a timeout, a reply it cannot read) still holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promptOf, roundTokenIn } from "../e2e/harness.js";
import type { World } from "../e2e/world.js";
import {
  anthropicError,
  anthropicReply,
  emptyBody,
  fakeReviewerCommand,
  hang,
  hangAfterHeaders,
  malformedJson,
  openAIError,
  openAIReply,
  reset,
  type ScriptedReply,
  streamedReply,
  truncatedJson,
} from "../support/reviewers.js";
import {
  type CellResult,
  checkOutcome,
  expectFailedClosed,
  expectHonestApprove,
  FAST,
  printMatrix,
} from "./matrix.js";
import { inWorld, warmUp } from "./support.js";

// The first in-process round of a worker loads and compiles what every cell uses (support.ts).
beforeAll(warmUp);

type Provider = "openai" | "anthropic";

interface ReviewerFault {
  readonly name: string;
  readonly reply: (provider: Provider) => ScriptedReply;
  /** What the hold must say. */
  readonly names: RegExp;
  /** Whether the gate retries it (so a first-attempt fault may be absorbed). */
  readonly retried: boolean;
  /** Inputs of its own: a reply whose size is the subject gets time enough to be read to the cap on
   * a busy machine, so the cell is about the cap and never about the clock. */
  readonly inputs?: Readonly<Record<string, string>>;
}

const error = (provider: Provider, status: number, message: string, headers?: Record<string, string>) =>
  provider === "openai"
    ? openAIError(status, message, headers ? { headers } : {})
    : anthropicError(status, message, headers ? { headers } : {});

const FAULTS: readonly ReviewerFault[] = [
  { name: "500", reply: (p) => error(p, 500, "internal error"), names: /HTTP 500/, retried: true },
  { name: "502", reply: (p) => error(p, 502, "bad gateway"), names: /HTTP 502/, retried: true },
  { name: "503", reply: (p) => error(p, 503, "overloaded"), names: /HTTP 503/, retried: true },
  {
    name: "429, retry-after",
    reply: (p) => error(p, 429, "slow down", { "retry-after": "1" }),
    names: /HTTP 429/,
    retried: true,
  },
  {
    name: "403, retry-after",
    reply: (p) => error(p, 403, "secondary rate limit", { "retry-after": "1" }),
    names: /HTTP 403/,
    retried: true,
  },
  { name: "hang", reply: () => hang(), names: /no complete reply within|timed out/, retried: false },
  {
    name: "hang after headers",
    reply: () => hangAfterHeaders(),
    names: /no complete reply within|timed out/,
    retried: false,
  },
  { name: "reset", reply: () => reset(), names: /network error/, retried: true },
  {
    name: "malformed JSON",
    reply: () => malformedJson(),
    names: /not valid JSON|bad-response|JSON/,
    retried: false,
  },
  {
    name: "truncated JSON",
    reply: () => truncatedJson(),
    names: /network error|not valid JSON|terminated/,
    retried: true,
  },
  {
    name: "empty body",
    reply: () => emptyBody(),
    names: /empty|no text|not valid JSON|JSON/,
    retried: false,
  },
  {
    // Streamed from one reused buffer; the gate stops reading at its cap (providers/reply-cap.ts).
    name: "100 MB reply",
    reply: () => streamedReply(100 * 1024 * 1024),
    names: /larger than the \d+ bytes the gate reads/,
    retried: false,
    inputs: { "reviewer-timeout-seconds": "60" },
  },
  {
    name: "401 (a wrong key)",
    reply: (p) => error(p, 401, "invalid key"),
    names: /HTTP 401/,
    retried: false,
  },
];

const approve = (provider: Provider) => (r: { json: unknown }) =>
  provider === "openai"
    ? openAIReply(`No issues.\n===VERDICT=== APPROVE ${roundTokenIn(promptOf(r.json))}`)
    : anthropicReply(`No issues.\n===VERDICT=== APPROVE ${roundTokenIn(promptOf(r.json))}`);

/** The reviewer's time limit is a real timer, so it is short only where nothing but a hang can reach
 * it: a hang never answers, however long it is given. Where the cell's answers do come (an error, a
 * retry that approves), a busy machine may take seconds to deliver them, and a short limit would turn
 * a slow answer into a timeout the cell never meant. */
function inputsFor(fault: { name: string }): Record<string, string> {
  return { "reviewer-retries": "1", "reviewer-timeout-seconds": /hang/.test(fault.name) ? "2" : "300" };
}

const rows: CellResult[] = [];
afterAll(() => {
  printMatrix("Reviewers", rows);
});

function providerInputs(world: World, provider: Provider, fault: ReviewerFault): Record<string, string> {
  return {
    ...(provider === "openai" ? world.openaiInputs() : world.anthropicInputs()),
    ...fault.inputs,
    ...inputsFor(fault),
  };
}

describe.concurrent.each(["openai", "anthropic"] as const)("%s reviewer", (provider) => {
  it.each(FAULTS)("$name on every call holds, naming it", async (fault) =>
    inWorld({}, async (world) => {
      const server = provider === "openai" ? world.openai : world.anthropic;
      server.script(() => fault.reply(provider));
      // The hang also runs in the bundle as a process: its time limit, with the SDK loaded on the
      // first call, is the bundle's own (harness.ts; the other cells run in the test process).
      const bundle = fault.name === "hang";
      const run = await world.run({ inputs: providerInputs(world, provider, fault), env: FAST, bundle });
      expect(server.requests.length).toBeGreaterThan(0);
      const outcome = expectFailedClosed(world, run, world.pull.headSha, fault.names);
      // A command that cannot start is no round's verdict: no status output, a failed step.
      expect(run.outputs.status).toBe(fault.name === "not found" ? undefined : "hold-for-human");
      expect(run.outputs["reviewer-verdict"]).toBe("ERROR");
      rows.push({
        fault: fault.name,
        point: `${provider} call`,
        persistence: "every attempt",
        outcome,
        ms: run.ms,
      });
    }),
  );

  it.each(FAULTS)("$name on the first call only is retried or holds", async (fault) =>
    inWorld({}, async (world) => {
      const server = provider === "openai" ? world.openai : world.anthropic;
      server.script((r, i) => (i === 0 ? fault.reply(provider) : approve(provider)(r)));
      const run = await world.run({ inputs: providerInputs(world, provider, fault), env: FAST });
      const outcome =
        run.outputs.status === "approve"
          ? expectHonestApprove(world, run, world.pull.headSha)
          : expectFailedClosed(world, run, world.pull.headSha, fault.names);
      // What the gate retries is absorbed; what it does not retry is never asked again.
      expect(run.outputs.status === "approve", `${fault.name}: ${run.log}`).toBe(fault.retried);
      expect(server.requests.length).toBe(fault.retried ? 2 : 1);
      rows.push({
        fault: fault.name,
        point: `${provider} call`,
        persistence: "first attempt",
        outcome,
        ms: run.ms,
      });
    }),
  );
});

interface CommandFault {
  readonly name: string;
  readonly command: string[];
  readonly names: RegExp;
}

const COMMAND_FAULTS: readonly CommandFault[] = [
  {
    name: "exit 1 with stderr",
    command: ["exit", "1", "model overloaded"],
    names: /exit|status 1|model overloaded/,
  },
  { name: "exit 0, empty reply", command: ["empty"], names: /no text|empty/ },
  { name: "hang", command: ["hang"], names: /no complete reply within|timed out/ },
  {
    name: "hang ignoring SIGTERM",
    command: ["hang-ignoring-term"],
    names: /no complete reply within|timed out/,
  },
  {
    name: "flood past the reply limit",
    command: ["flood", String(5 * 1024 * 1024)],
    names: /larger|limit|bytes/,
  },
  { name: "no verdict", command: ["reply", "I think it is fine."], names: /no verdict/ },
  // Refused before any call: a configuration mistake fails the step (the check still holds, naming it).
  {
    name: "not found",
    command: [],
    names: /the reviewer program \/nonexistent\/verdict-gate-reviewer does not exist/,
  },
];

describe.concurrent("command reviewer", () => {
  it.each(COMMAND_FAULTS)("$name holds, naming it", async (fault) =>
    inWorld({}, async (world) => {
      const command =
        fault.command.length === 0
          ? "/nonexistent/verdict-gate-reviewer --print"
          : fakeReviewerCommand(...(fault.command as [string, ...string[]]));
      const run = await world.run({
        inputs: { provider: "command", model: "", "api-key": "", command, ...inputsFor(fault) },
        env: FAST,
        // A helper that ignores SIGTERM is killed with its process group from the bundle's own process.
        bundle: fault.name === "hang ignoring SIGTERM",
      });
      const outcome = expectFailedClosed(world, run, world.pull.headSha, fault.names);
      // A command that cannot start is no round's verdict: no status output, a failed step.
      expect(run.outputs.status).toBe(fault.name === "not found" ? undefined : "hold-for-human");
      expect(checkOutcome(world, world.pull.headSha)).toBe("hold");
      rows.push({
        fault: fault.name,
        point: "command call",
        persistence: "every attempt",
        outcome,
        ms: run.ms,
      });
    }),
  );
});
