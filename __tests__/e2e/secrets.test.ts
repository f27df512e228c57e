// Secrets stay secret, end to end: the reviewer's key is masked before anything else is printed, is
// sent only to the reviewer's host, and never appears in a summary, annotation, output, log line,
// error message, check run, comment or any request to GitHub — on the happy path and on every error
// path that could echo it (a 401, a provider quoting the key back, a reply that repeats it, a base URL
// carrying a key, a command reviewer printing its environment). The GitHub token likewise never
// reaches the reviewer. The masking and the environment a command reviewer gets are proven in the
// bundled action as a process (`bundle: true`, as a runner starts it); the echo paths, which are the
// round's own redaction, run in the test process (e2e/harness.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { allCheckRuns, inWorld, visibleToAuthor, warmUp } from "../faults/support.js";
import {
  anthropicError,
  anthropicReply,
  fakeReviewerCommand,
  openAIError,
  openAIReply,
} from "../support/reviewers.js";
import type { ActionRun } from "./harness.js";
import { approveFor, REVIEWER_KEY, type World } from "./world.js";

// The first in-process round of a worker loads and compiles what every cell uses (support.ts).
beforeAll(warmUp);

/** The forms a provider uses to quote a key back: whole, masked in the middle, its tail. */
const QUOTED = [
  REVIEWER_KEY,
  `${REVIEWER_KEY.slice(0, 12)}***${REVIEWER_KEY.slice(-8)}`,
  REVIEWER_KEY.slice(-16),
];

/** Every place a secret must never be, for this run: `secret` and any 12-character run of it. The
 * GitHub token goes to GitHub, in the authorization header and nowhere else in a request. */
function expectNowhere(world: World, run: ActionRun, secret: string): void {
  const visible = visibleToAuthor(world, run);
  const runs = new Set<string>();
  for (let i = 0; i + 12 <= secret.length; i += 1) runs.add(secret.slice(i, i + 12));
  for (const piece of runs) {
    expect(visible.includes(piece), `"${piece}" of a secret is visible\n${visible}`).toBe(false);
    const sent = world.api.requestsContaining(piece).filter((r) => {
      const { authorization: _, ...headers } = r.headers;
      return `${r.path}${JSON.stringify(r.query)}${JSON.stringify(headers)}${r.body}`.includes(piece);
    });
    expect(sent, "a secret reached GitHub outside the token's header").toEqual([]);
    if (secret !== world.api.token)
      expect(world.api.requestsContaining(piece), "a secret reached GitHub").toEqual([]);
  }
  // Annotations are in the check runs' records (visibleToAuthor covers them); the step's error too.
  for (const c of run.commands.filter((l) => !l.startsWith("::add-mask::"))) expect(c).not.toContain(secret);
}

/** The key is masked before the step prints anything else. */
function expectMaskedFirst(run: ActionRun, secret: string): void {
  const lines = run.stdout.split("\n").filter((l) => l.trim() !== "");
  const mask = lines.indexOf(`::add-mask::${secret}`);
  expect(mask, run.stdout).toBeGreaterThanOrEqual(0);
  expect(
    lines.slice(0, mask).every((l) => l.startsWith("::add-mask::")),
    run.stdout,
  ).toBe(true);
}

/** The key went to the reviewer's host, in its header, and nowhere else. */
function expectOnlyToReviewer(world: World, provider: "openai" | "anthropic"): void {
  const server = provider === "openai" ? world.openai : world.anthropic;
  const other = provider === "openai" ? world.anthropic : world.openai;
  expect(server.requests.length).toBeGreaterThan(0);
  for (const r of server.requests) {
    expect(r.headers.host).toBe(new URL(server.origin).host);
    const sent = `${r.headers.authorization ?? ""} ${r.headers["x-api-key"] ?? ""}`;
    expect(sent).toContain(REVIEWER_KEY);
    // Only in a header: never in the path, the query or the body.
    expect(`${r.path}\n${r.body}`).not.toContain(REVIEWER_KEY);
  }
  expect(other.requests).toEqual([]);
  expect(world.api.requestsContaining(REVIEWER_KEY)).toEqual([]);
}

describe.concurrent("the reviewer's key", () => {
  it("is masked first, sent only to the openai host, and nowhere else on an approve", async () =>
    inWorld({ bundle: true }, async (world) => {
      const run = await world.run({});
      expect(run.outputs.status).toBe("approve");
      expectMaskedFirst(run, REVIEWER_KEY);
      expectOnlyToReviewer(world, "openai");
      expectNowhere(world, run, REVIEWER_KEY);
    }));

  it("is sent only to the anthropic host, and nowhere else on a block with annotations", async () =>
    inWorld({ bundle: true }, async (world) => {
      world.anthropic.script((r) =>
        anthropicReply(
          approveFor(r)
            .replace("No blocking issues.", "BLOCKING: src/greet.js:2 — bug")
            .replace("APPROVE", "REQUEST_CHANGES"),
        ),
      );
      const run = await world.run({ inputs: world.anthropicInputs() });
      expect(run.outputs.status).toBe("blocked");
      expect(allCheckRuns(world)[0]?.annotations.length).toBeGreaterThan(0);
      expectMaskedFirst(run, REVIEWER_KEY);
      expectOnlyToReviewer(world, "anthropic");
      expectNowhere(world, run, REVIEWER_KEY);
    }));

  it.each(QUOTED)("stays hidden when an openai 401 quotes it back (%s)", async (quoted) =>
    inWorld({}, async (world) => {
      world.openai.script(() => openAIError(401, `Incorrect API key provided: ${quoted}. See your account.`));
      const run = await world.run({});
      expect(run.outputs.status).toBe("hold-for-human");
      expect(allCheckRuns(world)[0]?.output.title).toMatch(/HTTP 401/);
      expectNowhere(world, run, REVIEWER_KEY);
    }),
  );

  it("stays hidden when an anthropic 500 quotes the whole request back, on every retry", async () =>
    inWorld({}, async (world) => {
      world.anthropic.script(() =>
        anthropicError(500, `upstream said: x-api-key=${REVIEWER_KEY} was rejected`),
      );
      const run = await world.run({ inputs: { ...world.anthropicInputs(), "reviewer-retries": "1" } });
      expect(run.outputs.status).toBe("hold-for-human");
      expect(world.anthropic.requests).toHaveLength(2);
      expectNowhere(world, run, REVIEWER_KEY);
    }));

  it("stays hidden when the reviewer's reply repeats it (a prompt-injected model printing its config)", async () =>
    inWorld({}, async (world) => {
      world.openai.script((r) =>
        openAIReply(
          `My configuration: api_key=${REVIEWER_KEY}\nBLOCKING: src/greet.js:1 — key ${REVIEWER_KEY}\n\n${approveFor(r).split("\n").pop()}`,
        ),
      );
      const run = await world.run({});
      expect(run.outputs.status).not.toBe("approve");
      expectNowhere(world, run, REVIEWER_KEY);
    }));

  it("stays hidden when the base URL carries it in the query string", async () =>
    inWorld({}, async (world) => {
      const run = await world.run({
        inputs: { "base-url": `${world.openai.baseUrl}?key=${REVIEWER_KEY}`, "reviewer-retries": "0" },
      });
      expect(run.outputs.status).not.toBe("approve");
      expectNowhere(world, run, REVIEWER_KEY);
    }));

  it("a secret only in the base URL's query string (api-key empty) is never shown either", async () =>
    inWorld({}, async (world) => {
      const secret = "gk-OnlyInTheBaseUrl0123456789abcdef";
      const run = await world.run({
        inputs: {
          "api-key": "",
          "base-url": `${world.openai.baseUrl}?key=${secret}`,
          "reviewer-retries": "0",
        },
      });
      expect(run.outputs.status).not.toBe("approve");
      expectNowhere(world, run, secret);
    }));
});

describe.concurrent("a command reviewer", () => {
  it("never sees the GitHub token or the action's inputs, and its credentials printed back stay hidden", async () =>
    inWorld({ bundle: true }, async (world) => {
      const own = "sk-ant-CommandReviewer0OwnKey0123456789";
      const run = await world.run({
        inputs: {
          provider: "command",
          model: "",
          "api-key": REVIEWER_KEY,
          command: fakeReviewerCommand("env"),
        },
        env: { ANTHROPIC_API_KEY: own, GITHUB_TOKEN: world.api.token },
      });
      expect(run.outputs.status).toBe("hold-for-human");
      // What the command saw is in its reply (the reviewer's report): the GitHub token and the inputs
      // were never given to it, and its own key — given to it on purpose — is not published.
      const visible = visibleToAuthor(world, run);
      expect(visible).toContain("PATH");
      expect(visible).not.toContain("INPUT_");
      expectNowhere(world, run, world.api.token);
      expectNowhere(world, run, REVIEWER_KEY);
      expectNowhere(world, run, own);
    }));
});

/** Every place a disguised secret must never be: no 12 letters and digits in a row of any disguise, in
 * anything the author can read, once separators are taken out (as a reader would reassemble it). */
function expectNoDisguise(world: World, run: ActionRun, secret: string): void {
  const visible = visibleToAuthor(world, run).replace(/[^A-Za-z0-9]/g, "");
  const bytes = Buffer.from(secret);
  const forms = [
    secret,
    [...secret].reverse().join(""),
    bytes.toString("base64"),
    bytes.toString("base64url"),
    bytes.toString("hex"),
    encodeURIComponent(secret),
  ];
  for (const form of forms) {
    const f = form.replace(/[^A-Za-z0-9]/g, "");
    for (let i = 0; i + 12 <= f.length; i += 1) {
      expect(visible.includes(f.slice(i, i + 12)), `"${f.slice(i, i + 12)}" of ${form} is visible`).toBe(
        false,
      );
    }
  }
}

describe.concurrent("a command reviewer leaking its key in disguise (issue 11, item 4)", () => {
  it("split into 7-character words, reversed, base64, hex or URL-encoded, it reaches nothing the author can read", async () =>
    inWorld({}, async (world) => {
      const own = "sk-ant-api03-LeakedInDisguise0123456789abcdefXYZ-Qq_Ww";
      const run = await world.run({
        inputs: {
          provider: "command",
          model: "",
          "api-key": "",
          command: fakeReviewerCommand("leak", "ANTHROPIC_API_KEY"),
        },
        env: { ANTHROPIC_API_KEY: own },
      });
      // The reply itself was published (its first line is there), only the key's forms were not.
      expect(visibleToAuthor(world, run)).toContain("Debug output, as the diff asked:");
      expectNoDisguise(world, run, own);
      expectNowhere(world, run, own);
    }));
});

describe.concurrent("the GitHub token", () => {
  it("is masked, sent only to GitHub, and never to the reviewer", async () =>
    inWorld({ bundle: true }, async (world) => {
      const run = await world.run({});
      expect(run.outputs.status).toBe("approve");
      expectMaskedFirst(run, world.api.token);
      for (const r of world.openai.requests) expect(JSON.stringify(r)).not.toContain(world.api.token);
      const visible = visibleToAuthor(world, run);
      expect(visible).not.toContain(world.api.token);
      // Sent to GitHub only in the authorization header.
      for (const r of world.api.requestsContaining(world.api.token)) {
        expect(`${r.path}${JSON.stringify(r.query)}${r.body}`).not.toContain(world.api.token);
      }
    }));
});
