// What an earlier round's verdict may stand for, end to end over the bundle (issue 22, items 1 and 3):
// an approve kept for a file covers only what its call showed — a lockfile's change summary among it —
// and a person's block is dropped only by a person, or by a reviewer that was shown it and approved.
// The attacks as they were reproduced: a lockfile injection approved with no reviewer call, and a
// maintainer's block lost to an identical re-push.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openAIError } from "../support/reviewers.js";
import { promptOf } from "./harness.js";
import { dispatch, latestCheck, pushAndRun } from "./rounds-world.js";
import { BASE_FILES, GOOD_CHANGE, openAI, type Reply, startWorld, type World } from "./world.js";

let world: World | undefined;
afterEach(async () => {
  world?.api.assertClean();
  await world?.close();
  world = undefined;
});

const NPM = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "..", "lockfile", "data", "npm-v3.package-lock.json"), "utf8"),
) as { packages: Record<string, Record<string, unknown>> };

/** The fixture lockfile without left-pad (the base), with it (round 1), and with left-pad depending on
 * flatmap-stream, a package with an install script from the same registry (round 2). */
function lockfile(stage: "base" | "left-pad" | "injected"): string {
  const lock = structuredClone(NPM);
  const root = lock.packages[""] as { dependencies: Record<string, string> };
  if (stage === "base") {
    delete root.dependencies["left-pad"];
    delete lock.packages["node_modules/left-pad"];
  }
  if (stage === "injected") {
    (lock.packages["node_modules/left-pad"] as Record<string, unknown>).dependencies = {
      "flatmap-stream": "0.1.1",
    };
    lock.packages["node_modules/flatmap-stream"] = {
      version: "0.1.1",
      resolved: "https://registry.npmjs.org/flatmap-stream/-/flatmap-stream-0.1.1.tgz",
      integrity:
        "sha512-lvNjdX7Yd/tYPAvThKGvH7fjoe9fRTYw3k7y8ZTl/Y2JhJhdbD3l/EXS4Y6Kl7iCS4b4x8bKpBmvN3Tf6z7sbQ==",
      hasInstallScript: true,
    };
  }
  return `${JSON.stringify(lock, null, 2)}\n`;
}

const MANIFEST = (deps: Record<string, string>) =>
  `${JSON.stringify({ name: "demo", version: "1.0.0", dependencies: deps }, null, 2)}\n`;

const prompts = (w: World, from = 0) => w.openai.requests.slice(from).map((r) => promptOf(r.json));

/** A reviewer that blocks any call whose prompt names flatmap-stream, and approves the rest. */
const catchesInjection: Reply = (request, index) =>
  promptOf(request.json).includes("flatmap-stream")
    ? openAI.block(["package.json:1 — left-pad now pulls in flatmap-stream, which runs an install script"])(
        request,
        index,
      )
    : openAI.approve(request, index);

describe("an approve kept from an earlier round", () => {
  it("does not stand when a withheld lockfile's change summary changed: the reviewer is shown the new one", async () => {
    world = await startWorld({
      baseFiles: {
        ...BASE_FILES,
        "src/greet.js": "export const greet = 1;\n",
        "package.json": MANIFEST({ lodash: "^4.17.21" }),
        "package-lock.json": lockfile("base"),
      },
      change: {
        "package.json": MANIFEST({ lodash: "^4.17.21", "left-pad": "^1.3.0" }),
        "package-lock.json": lockfile("left-pad"),
      },
    });
    world.openai.script(catchesInjection);
    const first = await world.run({});
    expect(first.outputs.status).toBe("approve");
    expect(prompts(world).join("\n")).toMatch(
      /"package-lock\.json": a lockfile .*this change: .*left-pad@1\.3\.0/,
    );

    // Round 2 changes only the lockfile. Every reviewable file is as it was; before the fix, nobody was
    // asked and the round passed.
    const calls = world.openai.requests.length;
    const second = await pushAndRun(world, { "package-lock.json": lockfile("injected") });
    const asked = prompts(world, calls);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.join("\n")).toMatch(/flatmap-stream@0\.1\.1/);
    expect(second.outputs.status).toBe("blocked");
    expect(latestCheck(world).conclusion).toBe("failure");
  });
});

describe("a person's block", () => {
  async function blockedByMaintainer(): Promise<World> {
    const w = await startWorld();
    w.repo.setPermission("maintainer-mo", "write");
    w.openai.script(openAI.approve);
    expect((await w.run({})).outputs.status).toBe("approve");
    const blocked = await dispatch(w, "maintainer-mo", {
      decision: "block",
      reason: "the release path logs card numbers",
    });
    expect(blocked.outputs.status).toBe("blocked");
    return w;
  }

  it("survives an identical re-push: the reviewer is asked, shown the reason", async () => {
    world = await blockedByMaintainer();
    const calls = world.openai.requests.length;
    // The author amends and force-pushes the same diff: a new head, every file's patch as it was.
    world.openai.script(openAI.approve);
    await pushAndRun(world, GOOD_CHANGE, { force: true });
    const asked = prompts(world, calls);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.join("\n")).toContain("the release path logs card numbers");
  });

  it("stands when the reviewer asked about it cannot answer: blocked, not held and not passed", async () => {
    world = await blockedByMaintainer();
    const calls = world.openai.requests.length;
    const run = await pushAndRun(world, GOOD_CHANGE, {
      force: true,
      reply: () => openAIError(400, "the model is overloaded"),
    });
    expect(world.openai.requests.length).toBeGreaterThan(calls);
    expect(run.outputs.status).toBe("blocked");
    expect(JSON.parse(run.outputs.reasons ?? "[]")[0]).toBe(
      "blocked by @maintainer-mo: the release path logs card numbers",
    );
    expect(latestCheck(world).output.summary).toMatch(
      /maintainer-mo blocked in round 2; it stands until a person/,
    );
  });

  it("stands when the reviewer shown it blocks, and is lifted when a reviewer shown it approves", async () => {
    world = await blockedByMaintainer();
    const blocked = await pushAndRun(world, GOOD_CHANGE, {
      force: true,
      reply: openAI.block(["src/greet.js:2 — UNRESOLVED: it still logs the card number"]),
    });
    expect(blocked.outputs.status).toBe("blocked");
    const calls = world.openai.requests.length;
    const fixed = await pushAndRun(
      world,
      { "src/greet.js": 'export function greet(name) {\n  return "hi " + name;\n}\n' },
      { reply: openAI.approve },
    );
    expect(prompts(world, calls).join("\n")).toContain("the release path logs card numbers");
    expect(fixed.outputs.status).toBe("approve");
  });
});
