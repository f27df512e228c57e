// Issue 35, item 5: the release path. .github/workflows/release.yml, on a version tag, proves the tag,
// builds every part and proves dist/ current, moves the major tag and publishes the npm package when a
// token is configured. Here its steps' commands run as the runner would run them (bash, the step's
// env, GITHUB_REF_NAME) against a throwaway tag in a temporary clone whose `origin` is a bare
// repository on disk: nothing is published and nothing leaves the machine. The one step not run is
// `npm ci` (no network): the clone links this checkout's node_modules instead, and build/dist is
// copied, so check-dist compares instead of building when the inputs are the same.
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
const WORKFLOW = parse(readFileSync(".github/workflows/release.yml", "utf8")) as {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: { release: { permissions: Record<string, string>; steps: Step[] } };
};
const STEPS = WORKFLOW.jobs.release.steps;
const VERSION = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;
const TAG = `v${VERSION}`;
const MAJOR = `v${VERSION.split(".")[0]}`;

const work = mkdtempSync(path.join(os.tmpdir(), "vg-release-"));
const origin = path.join(work, "origin.git");
const clone = path.join(work, "clone");
afterAll(() => rmSync(work, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

/** The clone: this checkout's files as they are (tracked or new, not ignored), committed on main and
 * pushed to `origin`, so the steps run on what is being tested, committed or not. */
beforeAll(() => {
  git(work, "init", "-q", "--bare", origin);
  git(work, "init", "-q", "-b", "main", clone);
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    encoding: "utf8",
  })
    .split("\0")
    .filter((f) => f !== "" && existsSync(f));
  for (const f of files) {
    mkdirSync(path.dirname(path.join(clone, f)), { recursive: true });
    cpSync(f, path.join(clone, f));
  }
  git(clone, "add", "-A");
  git(clone, "commit", "-q", "-m", "the release candidate");
  git(clone, "remote", "add", "origin", origin);
  git(clone, "push", "-q", "origin", "main");
  git(clone, "fetch", "-q", "origin");
  symlinkSync(path.resolve("node_modules"), path.join(clone, "node_modules"));
  if (existsSync(path.join("build", "dist")))
    cpSync(path.join("build", "dist"), path.join(clone, "build", "dist"), { recursive: true });
});

/** A step's `run:` as the runner runs it: bash -e, in the clone, with the step's env and the tag's. */
function runStep(step: Step, env: Record<string, string> = {}, tag = TAG) {
  const stepEnv = Object.fromEntries(
    Object.entries(step.env ?? {}).map(([k, v]) => [k, /^\$\{\{ secrets\./.test(v) ? "" : v]),
  );
  const r = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step.run ?? ""], {
    cwd: clone,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "",
      HOME: work,
      GITHUB_REF_NAME: tag,
      GITHUB_REF_TYPE: "tag",
      ...stepEnv,
      ...env,
    },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const step = (pattern: RegExp) => {
  const found = STEPS.find((s) => s.run !== undefined && pattern.test(s.run));
  if (found === undefined) throw new Error(`no step runs ${pattern}`);
  return found;
};
const release = (command: string) => step(new RegExp(`^node scripts/release\\.mjs ${command} `));

describe("the release workflow (issue 35)", () => {
  it("starts on a version tag, may push a tag and sign provenance, and runs its steps in order", () => {
    expect(WORKFLOW.on.push.tags).toEqual(["v*.*.*"]);
    expect(WORKFLOW.permissions).toEqual({ contents: "read" });
    expect(WORKFLOW.jobs.release.permissions).toEqual({ contents: "write", "id-token": "write" });
    expect(STEPS.map((s) => s.uses ?? s.run)).toEqual([
      "actions/checkout@v5",
      "actions/setup-node@v5",
      "npm ci --no-audit --no-fund",
      'node scripts/release.mjs verify "$GITHUB_REF_NAME"',
      "npm run check-dist",
      'node scripts/release.mjs move-major "$GITHUB_REF_NAME"',
      'node scripts/release.mjs publish "$GITHUB_REF_NAME"',
    ]);
    expect(STEPS[0]?.with).toEqual({ "fetch-depth": 0 });
    expect(STEPS[1]?.with).toMatchObject({ "registry-url": "https://registry.npmjs.org" });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression
    expect(release("publish").env).toEqual({ NODE_AUTH_TOKEN: "${{ secrets.NPM_TOKEN }}" });
  });

  it("on a throwaway tag in a temporary clone: proves the tag, proves dist/, moves the major tag, publishes nothing without a token", () => {
    git(clone, "tag", TAG);
    const verified = runStep(release("verify"));
    expect(verified.code, verified.err).toBe(0);
    expect(verified.out).toContain(
      `release: ${TAG} is ${git(clone, "rev-parse", "--short=12", "HEAD")} on main`,
    );
    const built = runStep(step(/^npm run check-dist$/));
    expect(built.code, built.out + built.err).toBe(0);
    expect(built.out).toContain("dist/ matches a fresh bundle");
    const moved = runStep(release("move-major"));
    expect(moved.code, moved.err).toBe(0);
    expect(git(origin, "rev-parse", `refs/tags/${MAJOR}^{commit}`)).toBe(git(clone, "rev-parse", "HEAD"));
    expect(moved.out).toContain(`release: ${MAJOR} now names ${TAG}`);
    const published = runStep(release("publish"));
    expect(published.code, published.err).toBe(0);
    expect(published.out).toContain(
      "release: NODE_AUTH_TOKEN is not set (no NPM_TOKEN secret): the npm package was not published",
    );
  });

  it("with a token, publishes with provenance (npm stood in for: nothing leaves the machine)", () => {
    const bin = path.join(work, "fake-npm");
    mkdirSync(bin, { recursive: true });
    const log = path.join(work, "npm.log");
    writeFileSync(
      path.join(bin, "npm"),
      `#!/bin/sh\necho "$* token=$NODE_AUTH_TOKEN" > ${JSON.stringify(log)}\n`,
    );
    chmodSync(path.join(bin, "npm"), 0o755);
    const r = runStep(release("publish"), {
      NODE_AUTH_TOKEN: "npm_test",
      PATH: `${bin}:${process.env.PATH ?? ""}`,
    });
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(log, "utf8")).toBe("publish --provenance --access public token=npm_test\n");
    expect(r.out).toContain(`release: published verdict-gate ${VERSION} to npm, with provenance`);
  });

  it("refuses a tag that is not the package's version, not vX.Y.Z, not the checkout, or not on main", () => {
    git(clone, "tag", "v9.9.9");
    expect(runStep(release("verify"), {}, "v9.9.9").err).toContain(
      `release: v9.9.9 is not package.json's version ${VERSION}: bump it (and src/util/version.ts) first`,
    );
    expect(runStep(release("verify"), {}, "v1.2").err).toContain(
      'release: "v1.2" is not a version tag vX.Y.Z',
    );
    // A commit that is not on main, tagged with the version.
    git(clone, "checkout", "-q", "-b", "side");
    git(clone, "commit", "-q", "--allow-empty", "-m", "not on main");
    git(clone, "tag", "--force", TAG);
    const side = runStep(release("verify"));
    expect(side.code).toBe(1);
    expect(side.err).toMatch(
      new RegExp(`release: ${TAG} \\([0-9a-f]{12}\\) is not on main: release only what CI ran on main`),
    );
    git(clone, "checkout", "-q", "main");
    const elsewhere = runStep(release("verify"));
    expect(elsewhere.err).toMatch(
      new RegExp(`release: ${TAG} names [0-9a-f]{40}, but the checkout is [0-9a-f]{40}`),
    );
    git(clone, "tag", "--force", TAG, "main");
  });

  it("leaves the major tag on a newer release when an older line gets a patch", () => {
    const [major] = VERSION.split(".");
    git(clone, "tag", `v${major}.99.0`, "main");
    const before = git(origin, "rev-parse", `refs/tags/${MAJOR}`);
    const r = runStep(release("move-major"));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`release: ${MAJOR} stays where it is: v${major}.99.0 is newer than ${TAG}`);
    expect(git(origin, "rev-parse", `refs/tags/${MAJOR}`)).toBe(before);
  });
});
