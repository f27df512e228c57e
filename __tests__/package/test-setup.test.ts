// The README's test command passes on a fresh machine of the project's kind (Debian, root, Node 20,
// no Chromium): `npm test` starts by installing what the tests need (scripts/test-setup.mjs), and
// .ci/run calls that same step. Issue 35: `npm ci; npm test` failed one file, "Chromium is not
// installed", since only CONTRIBUTING.md and .ci/run installed it. This machine has Chromium, so the
// missing browser is a path given with --chromium, and apt-get a stand-in on the PATH that records
// what it was asked and installs the "browser" where it was asked to.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureChromium } from "../../scripts/test-setup.mjs";

const work = mkdtempSync(path.join(os.tmpdir(), "vg-test-setup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A directory for one case: a bin/ with an apt-get stand-in (exit `aptExit`; on `install` it creates
 * the browser at `creates`), and the log of its calls. */
function world(name: string, apt: { exit?: number; creates?: string } | "none") {
  const dir = path.join(work, name);
  const bin = path.join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  const log = path.join(dir, "apt.log");
  if (apt !== "none") {
    const create = apt.creates === undefined ? "" : `: > ${JSON.stringify(apt.creates)}`;
    writeFileSync(
      path.join(bin, "apt-get"),
      `#!/bin/sh\necho "$* DEBIAN_FRONTEND=$DEBIAN_FRONTEND" >> ${JSON.stringify(log)}\n` +
        `if [ "$1" = install ]; then ${create || ":"}; fi\n` +
        (apt.exit ? `echo "E: Unable to locate package chromium" >&2\nexit ${apt.exit}\n` : "exit 0\n"),
    );
    chmodSync(path.join(bin, "apt-get"), 0o755);
  }
  return {
    chromium: path.join(dir, "chromium"),
    // The stand-in alone (it needs nothing but the shell's builtins): the machine's own apt-get, in
    // /bin as in /usr/bin on Debian, is never reached.
    path: bin,
    calls: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []),
  };
}

function setup(chromium: string, pathVar: string) {
  const r = spawnSync(process.execPath, ["scripts/test-setup.mjs", "--chromium", chromium], {
    encoding: "utf8",
    env: { PATH: pathVar },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("npm test installs what the tests need (issue 35)", () => {
  it("is the first step of `npm test`, and the step .ci/run runs", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts["test:setup"]).toBe("node scripts/test-setup.mjs");
    expect(scripts.test?.startsWith("npm run test:setup && ")).toBe(true);
    const ci = readFileSync(".ci/run", "utf8");
    expect(ci).toContain("\nnpm run --silent test:setup\n");
    expect(ci.indexOf("test:setup")).toBeLessThan(ci.indexOf("npm ci"));
    expect(ci).not.toContain("apt-get");
  });

  it("with the browser there, does nothing and says nothing", () => {
    const w = world("present", { creates: "/nonexistent" });
    writeFileSync(w.chromium, "");
    expect(setup(w.chromium, w.path)).toEqual({ code: 0, out: "", err: "" });
    expect(w.calls()).toEqual([]);
  });

  it("without it, on Debian as root, installs Debian's chromium package, saying so", () => {
    const withBrowser = world("installs-creates", {});
    const apt = world("installs-apt", { creates: withBrowser.chromium });
    const r = setup(withBrowser.chromium, apt.path);
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      `test-setup: Chromium is not installed at ${withBrowser.chromium}, and the browser tests look at the pages in it; installing Debian's chromium package (apt-get install -y chromium), once…\n` +
        `test-setup: installed ${withBrowser.chromium}\n`,
    );
    expect(apt.calls()).toEqual([
      "update -qq DEBIAN_FRONTEND=noninteractive",
      "install -y -qq chromium DEBIAN_FRONTEND=noninteractive",
    ]);
  });

  it("when apt-get fails, fails (exit 1) with apt's own last words", () => {
    const w = world("apt-fails", { exit: 100 });
    const r = setup(w.chromium, w.path);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `test-setup: Chromium is not installed at ${w.chromium}, and the browser tests look at the pages in it, and installing it failed: \`apt-get update -qq\` failed (exit 100):\nE: Unable to locate package chromium\n`,
    );
  });

  it("when the package installs nothing at the path, fails (exit 1) and says so", () => {
    const w = world("installs-nothing", {});
    const r = setup(w.chromium, w.path);
    expect(r.code).toBe(1);
    expect(r.err).toContain("and the chromium package installed nothing there");
  });

  it("without apt-get, fails (exit 1) naming what to install", () => {
    const w = world("not-debian", "none");
    expect(setup(w.chromium, w.path)).toEqual({
      code: 1,
      out: "",
      err: `test-setup: Chromium is not installed at ${w.chromium}, and the browser tests look at the pages in it. This is not Debian (no apt-get): install Debian's chromium package there, or run the tests on Debian (apt-get install -y chromium).\n`,
    });
  });

  it("as another user than root, installs nothing and names the one command that does", () => {
    const w = world("not-root", { creates: "/nonexistent" });
    const said: string[] = [];
    expect(
      ensureChromium({
        chromium: w.chromium,
        isRoot: false,
        env: { PATH: w.path },
        say: (l) => said.push(l),
      }),
    ).toEqual({
      ok: false,
      message: `Chromium is not installed at ${w.chromium}, and the browser tests look at the pages in it: run \`sudo apt-get install -y chromium\`, then npm test again.`,
    });
    expect([said, w.calls()]).toEqual([[], []]);
  });
});
