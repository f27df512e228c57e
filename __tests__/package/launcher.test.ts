// package.json `bin` is bin/verdict-gate.js, a committed launcher: in the npm package it runs the CLI
// bundle that `prepack` built (dist/cli), and in a clone — where `npm link` used to install a command
// whose file did not exist — it builds the CLI from src/ into build/dist when that build is not
// current, then runs it (issue 27). Each case runs the launcher as a process, the way a shell does.
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { VERSION } from "../../src/util/version.js";
import { packageBundleDir } from "../support/package-bundle.js";

const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
  bin: Record<string, string>;
  files: string[];
};
const LAUNCHER = path.resolve(manifest.bin["verdict-gate"] as string);
const work = mkdtempSync(path.join(os.tmpdir(), "vg-launcher-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function start(program: string, args: string[], options: { cwd?: string; stdin?: string } = {}) {
  const r = spawnSync(program, args, {
    cwd: options.cwd ?? work,
    input: options.stdin ?? "",
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: work },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A clone as far as the launcher can tell: the launcher, src/, and the build's inputs, with a stand-in
 * for scripts/bundle.mjs that `build` writes. */
function fakeClone(name: string, build: string): string {
  const root = path.join(work, name);
  for (const dir of ["bin", "scripts", "src/entry"]) mkdirSync(path.join(root, dir), { recursive: true });
  copyFileSync(LAUNCHER, path.join(root, "bin", "verdict-gate.js"));
  copyFileSync("scripts/bundle-inputs.mjs", path.join(root, "scripts", "bundle-inputs.mjs"));
  writeFileSync(path.join(root, "src", "entry", "cli.ts"), "// the CLI's entry\n");
  writeFileSync(path.join(root, "package.json"), '{ "type": "module" }\n');
  for (const file of ["package-lock.json", "tsconfig.json", "tsconfig.lib.json"])
    writeFileSync(path.join(root, file), "{}\n");
  writeFileSync(path.join(root, "scripts", "bundle.mjs"), build);
  return root;
}

/** A stand-in build: writes a CLI that prints `says`, and the record of the inputs it was built from. */
const BUILDS = (says: string) => `
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stamp, stampFile } from "./bundle-inputs.mjs";
const root = path.resolve(import.meta.dirname, "..");
const out = process.argv[2];
mkdirSync(path.join(out, "cli"), { recursive: true });
writeFileSync(path.join(out, "cli", "index.js"), ${JSON.stringify(`console.log(${JSON.stringify(says)});`)});
writeFileSync(stampFile(out), stamp(root, ["action", "cli", "lib"]));
`;

describe("the verdict-gate command", () => {
  it("is a committed file inside the package's files, so npm link and npm pack both have it", () => {
    expect(manifest.bin["verdict-gate"]).toBe("bin/verdict-gate.js");
    expect(manifest.files).toContain("bin");
    expect(readFileSync(LAUNCHER, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(
      execFileSync("git", ["ls-files", "--error-unmatch", "bin/verdict-gate.js"], { encoding: "utf8" }),
    ).toBe("bin/verdict-gate.js\n");
  });

  it("after `npm link` in the clone, runs from any directory (offline, into a prefix of its own)", () => {
    const prefix = path.join(work, "prefix");
    execFileSync("npm", ["link", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
      env: { ...process.env, npm_config_prefix: prefix },
      stdio: "ignore",
    });
    const bin = path.join(prefix, "bin", "verdict-gate");
    expect(realpathSync(bin)).toBe(realpathSync(LAUNCHER));
    const version = start(bin, ["--version"]);
    // build/dist is current (this file waited for it), so nothing is built and nothing is said.
    expect(version).toEqual({ code: 0, out: `${VERSION}\n`, err: "" });
    const block = start(bin, ["verdict"], {
      stdin: "BLOCKING: a.ts:1 — wrong\n===VERDICT=== REQUEST_CHANGES\n",
    });
    expect([block.code, block.out]).toEqual([3, "VERDICT: REQUEST_CHANGES\n"]);
  });

  it("in the npm package, runs the CLI prepack built into dist/cli", () => {
    const pkg = path.join(work, "package");
    mkdirSync(path.join(pkg, "bin"), { recursive: true });
    copyFileSync(LAUNCHER, path.join(pkg, "bin", "verdict-gate.js"));
    cpSync(path.join(packageBundleDir, "cli"), path.join(pkg, "dist", "cli"), { recursive: true });
    expect(start(process.execPath, [path.join(pkg, "bin", "verdict-gate.js"), "--version"])).toEqual({
      code: 0,
      out: `${VERSION}\n`,
      err: "",
    });
  });

  it("in a clone whose build is not current, builds it first, saying so, then runs it; once", () => {
    const root = fakeClone("stale", BUILDS("the fresh build"));
    mkdirSync(path.join(root, "node_modules", ".bin"), { recursive: true });
    writeFileSync(path.join(root, "node_modules", ".bin", "ncc"), "");
    const first = start(process.execPath, [path.join(root, "bin", "verdict-gate.js")]);
    expect(first).toEqual({
      code: 0,
      out: "the fresh build\n",
      err: "verdict-gate: building the CLI from this clone's src/ into build/dist (after a change to src/, once; about a minute)…\n",
    });
    expect(start(process.execPath, [path.join(root, "bin", "verdict-gate.js")]).err).toBe("");
    // A change to src/ makes it stale again.
    writeFileSync(path.join(root, "src", "entry", "cli.ts"), "// changed\n");
    expect(start(process.execPath, [path.join(root, "bin", "verdict-gate.js")]).err).toContain(
      "building the CLI",
    );
  });

  it("in a clone without `npm ci`, says to run it, and runs nothing (exit 1)", () => {
    const root = fakeClone("no-tools", BUILDS("must not run"));
    expect(start(process.execPath, [path.join(root, "bin", "verdict-gate.js")])).toEqual({
      code: 1,
      out: "",
      err: `verdict-gate: this is a clone of verdict-gate without its build tools: run \`npm ci\` in ${root}, then run this again\n`,
    });
  });

  it("in a clone whose build fails, says so, and runs no earlier build (exit 1)", () => {
    const root = fakeClone(
      "broken",
      "process.stderr.write('bundle: src/x.ts: a syntax error\\n'); process.exit(1);\n",
    );
    mkdirSync(path.join(root, "node_modules", ".bin"), { recursive: true });
    writeFileSync(path.join(root, "node_modules", ".bin", "ncc"), "");
    mkdirSync(path.join(root, "build", "dist", "cli"), { recursive: true });
    writeFileSync(path.join(root, "build", "dist", "cli", "index.js"), 'console.log("an old build");');
    const r = start(process.execPath, [path.join(root, "bin", "verdict-gate.js")]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain("bundle: src/x.ts: a syntax error\n");
    expect(r.err).toContain(
      `verdict-gate: the build failed (above); fix it, or run \`npm ci\` and \`npm run bundle:all\` in ${root}\n`,
    );
  });
});
