// package.json `bin` is bin/verdict-gate.js, a committed launcher: in the npm package it runs the CLI
// bundle that `prepack` built (dist/cli), and in a clone — where `npm link` used to install a command
// whose file did not exist — it compiles src/ file by file into build/local when that build is not
// current (scripts/local-cli.mjs), then runs it (issues 27, 35). Each case runs the launcher as a
// process, the way a shell does.
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildLocalCli } from "../../scripts/local-cli.mjs";
import { VERSION } from "../../src/util/version.js";
import { packageBundleDir } from "../support/package-bundle.js";

const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
  bin: Record<string, string>;
  files: string[];
};
const LAUNCHER = path.resolve(manifest.bin["verdict-gate"] as string);
const work = mkdtempSync(path.join(os.tmpdir(), "vg-launcher-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
// This clone's own CLI, current before the cases that run it.
await buildLocalCli(path.resolve("."));

function start(program: string, args: string[], options: { cwd?: string; stdin?: string } = {}) {
  const r = spawnSync(program, args, {
    cwd: options.cwd ?? work,
    input: options.stdin ?? "",
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: work },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A clone as far as the launcher can tell: the launcher, its build scripts, the compiler settings,
 * the clone's TypeScript (linked), and src/entry/cli.ts holding `cli`. */
function fakeClone(name: string, cli: string, options: { tools?: boolean } = {}): string {
  const root = path.join(work, name);
  for (const dir of ["bin", "scripts", "src/entry"]) mkdirSync(path.join(root, dir), { recursive: true });
  copyFileSync(LAUNCHER, path.join(root, "bin", "verdict-gate.js"));
  for (const script of ["bundle-inputs.mjs", "local-cli.mjs"])
    copyFileSync(path.join("scripts", script), path.join(root, "scripts", script));
  writeFileSync(path.join(root, "src", "entry", "cli.ts"), cli);
  writeFileSync(path.join(root, "package.json"), '{ "type": "module" }\n');
  copyFileSync("tsconfig.json", path.join(root, "tsconfig.json"));
  for (const file of ["package-lock.json", "tsconfig.lib.json"]) writeFileSync(path.join(root, file), "{}\n");
  if (options.tools !== false) {
    mkdirSync(path.join(root, "node_modules"), { recursive: true });
    symlinkSync(path.resolve("node_modules", "typescript"), path.join(root, "node_modules", "typescript"));
  }
  return root;
}

/** A CLI that is TypeScript (a type annotation Node cannot run) and prints `says`. */
const PRINTS = (says: string) => `const says: string = ${JSON.stringify(says)};\nconsole.log(says);\n`;
const COMPILING =
  "verdict-gate: compiling the CLI from this clone's src/ into build/local (after a change to src/, once; a few seconds)…\n";

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
    // build/local is current (built before these cases), so nothing is built and nothing is said.
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

  it("in a clone whose build is not current, compiles it first, saying so, then runs it; once", () => {
    const root = fakeClone("stale", PRINTS("the fresh build"));
    const launch = () => start(process.execPath, [path.join(root, "bin", "verdict-gate.js")]);
    expect(launch()).toEqual({ code: 0, out: "the fresh build\n", err: COMPILING });
    expect(launch()).toEqual({ code: 0, out: "the fresh build\n", err: "" });
    // A change to src/ makes it stale again; the new build runs, never the old one.
    writeFileSync(path.join(root, "src", "entry", "cli.ts"), PRINTS("the changed build"));
    expect(launch()).toEqual({ code: 0, out: "the changed build\n", err: COMPILING });
  });

  it("in a clone, a rebuild of the tests' bundle (build/dist) never makes it compile again", () => {
    // `npm test`'s check-dist rebuilds build/dist, its record of its inputs removed while it works: a
    // CLI started meanwhile waited 53 s for it (issue 35). The clone's CLI is built elsewhere.
    const root = fakeClone("bundle-rebuilt", PRINTS("ran"));
    const launch = () => start(process.execPath, [path.join(root, "bin", "verdict-gate.js")]);
    expect(launch().err).toBe(COMPILING);
    mkdirSync(path.join(root, "build", "dist"), { recursive: true });
    mkdirSync(path.join(root, "build", "dist.lock"));
    expect(launch()).toEqual({ code: 0, out: "ran\n", err: "" });
  });

  it("in a clone, a stack trace names the source file and line, not the compiled one", () => {
    const root = fakeClone("throws", 'const n: number = 1;\nthrow new Error(["broken", n].join(" "));\n');
    const r = start(process.execPath, [path.join(root, "bin", "verdict-gate.js")]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("Error: broken 1");
    expect(r.err).toContain(`${path.join(root, "src", "entry", "cli.ts")}:2`);
  });

  it("in a clone without `npm ci`, says to run it, and runs nothing (exit 1)", () => {
    const root = fakeClone("no-tools", PRINTS("must not run"), { tools: false });
    expect(start(process.execPath, [path.join(root, "bin", "verdict-gate.js")])).toEqual({
      code: 1,
      out: "",
      err: `verdict-gate: this is a clone of verdict-gate without its build tools: run \`npm ci\` in ${root}, then run this again\n`,
    });
  });

  it("in a clone whose source does not compile, says where, and runs no earlier build (exit 1)", () => {
    const root = fakeClone("broken", PRINTS("an old build"));
    const launch = () => start(process.execPath, [path.join(root, "bin", "verdict-gate.js")]);
    expect(launch().out).toBe("an old build\n");
    writeFileSync(path.join(root, "src", "entry", "cli.ts"), "const = ;\n");
    const r = launch();
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain("src/entry/cli.ts:1:7: Variable declaration expected.");
    expect(r.err).toContain(`fix it, or run \`npm ci\` in ${root}, then run this again\n`);
  });
});
