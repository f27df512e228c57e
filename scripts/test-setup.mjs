// What the tests need besides the packages `npm ci` installs: Debian's Chromium at /usr/bin/chromium,
// which the browser tests drive through playwright-core (__tests__/support/browser.ts; nothing is ever
// downloaded by playwright). `npm test` runs this first, and so does .ci/run, before `npm ci`: it needs
// nothing but Node. When the browser is there it says nothing; when it is missing and this is Debian
// (apt-get) as root, it installs the `chromium` package, saying so; otherwise it stops, naming the one
// command that installs it. `--chromium PATH` names another path to look for (the tests' way in).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CHROMIUM = "/usr/bin/chromium";
const INSTALL = "apt-get install -y chromium";

/** Whether `program` is on the PATH. */
function onPath(program, env) {
  return (env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir !== "" && existsSync(path.join(dir, program)));
}

function apt(args, env) {
  // Quiet: a fresh machine's install writes thousands of lines, and only a failure matters.
  const r = spawnSync("apt-get", args, {
    env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (r.status === 0) return undefined;
  const tail = `${r.stdout ?? ""}${r.stderr ?? ""}`.trim().split("\n").slice(-5).join("\n");
  return `\`apt-get ${args.join(" ")}\` failed (${r.error?.message ?? `exit ${r.status}`})${tail === "" ? "" : `:\n${tail}`}`;
}

/** Makes sure Chromium is at `chromium`: nothing to do, installed now, or a message saying what to
 * run. `isRoot` and `env` are the process's unless a test says otherwise. */
export function ensureChromium({
  chromium = CHROMIUM,
  isRoot = process.getuid?.() === 0,
  env = process.env,
  say = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  if (existsSync(chromium)) return { ok: true, installed: false };
  const missing = `Chromium is not installed at ${chromium}, and the browser tests look at the pages in it`;
  if (!onPath("apt-get", env)) {
    return {
      ok: false,
      message: `${missing}. This is not Debian (no apt-get): install Debian's chromium package there, or run the tests on Debian (${INSTALL}).`,
    };
  }
  if (!isRoot) return { ok: false, message: `${missing}: run \`sudo ${INSTALL}\`, then npm test again.` };
  say(`test-setup: ${missing}; installing Debian's chromium package (${INSTALL}), once…`);
  const failed = apt(["update", "-qq"], env) ?? apt(["install", "-y", "-qq", "chromium"], env);
  if (failed !== undefined) return { ok: false, message: `${missing}, and installing it failed: ${failed}` };
  if (!existsSync(chromium)) {
    return {
      ok: false,
      message: `${missing}, and the chromium package installed nothing there: install it by hand (${INSTALL}).`,
    };
  }
  say(`test-setup: installed ${chromium}`);
  return { ok: true, installed: true };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--chromium");
  const chromium = at === -1 ? CHROMIUM : process.argv[at + 1];
  if (chromium === undefined || chromium === "") {
    process.stderr.write("test-setup: --chromium needs a path\n");
    process.exit(2);
  }
  const result = ensureChromium({ chromium });
  if (!result.ok) {
    process.stderr.write(`test-setup: ${result.message}\n`);
    process.exitCode = 1;
  }
}
