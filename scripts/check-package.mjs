// `npm run check-package`: proves the npm package as a user gets it. Packs the repository (prepack
// builds the CLI and the library into dist/, postpack removes them), installs the tarball into an
// empty project as a user would, from npm's cache where it can (--prefer-offline: `npm ci` cached the
// dependencies' tarballs, but not the registry's metadata that resolving a version range reads, so
// the first run may ask the registry for that), and fails unless
//   - at most MAX_PACKAGES packages are installed (verdict-gate and what its type declarations need),
//   - the installed `verdict-gate` starts: `--version` prints package.json's version, and `verdict`
//     reads a reply on stdin with the documented exit codes (0 approve, 3 blocked),
//   - the library imports by its package name and parses a reply,
//   - a TypeScript caller type-checks against the published declarations with nothing else installed
//     (no @types/node, skipLibCheck off), so every package the declarations import is a dependency.
// It takes as long as one build of the CLI and the library (a minute or more on two busy cores), so
// it is not part of `npm test`; __tests__/package/manifest.test.ts is the cheap half that is.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MAX_PACKAGES = 10;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const problems = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};

const work = mkdtempSync(path.join(os.tmpdir(), "verdict-gate-package-"));
try {
  const started = Date.now();
  const packed = JSON.parse(
    execFileSync(npm, ["pack", "--json", "--pack-destination", work], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }),
  )[0];
  const tarball = path.join(work, packed.filename);
  const packSeconds = (Date.now() - started) / 1000;

  const app = path.join(work, "app");
  mkdirSync(app);
  writeFileSync(
    path.join(app, "package.json"),
    `${JSON.stringify({ name: "app", private: true, type: "module" })}\n`,
  );
  execFileSync(npm, ["install", "--prefer-offline", "--no-audit", "--no-fund", "--omit=dev", tarball], {
    cwd: app,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const installed = Object.keys(
    JSON.parse(readFileSync(path.join(app, "node_modules", ".package-lock.json"), "utf8")).packages,
  )
    .filter((p) => p.startsWith("node_modules/"))
    .map((p) => p.slice("node_modules/".length))
    .sort();
  check(
    installed.length <= MAX_PACKAGES,
    `${installed.length} packages installed, more than ${MAX_PACKAGES}`,
  );

  const bin = path.join(app, "node_modules", ".bin", "verdict-gate");
  const version = spawnSync(bin, ["--version"], { cwd: app, encoding: "utf8" });
  check(
    version.status === 0 && version.stdout.includes(manifest.version),
    `verdict-gate --version: exit ${version.status}, ${JSON.stringify(version.stdout + version.stderr)}`,
  );
  const verdict = (reply) =>
    spawnSync(bin, ["verdict", "--json"], { cwd: app, input: reply, encoding: "utf8" });
  const approve = verdict("Looks right.\n===VERDICT=== APPROVE\n");
  check(
    approve.status === 0 && JSON.parse(approve.stdout || "{}").verdict === "APPROVE",
    `verdict-gate verdict on an approve: exit ${approve.status}, ${JSON.stringify(approve.stdout + approve.stderr)}`,
  );
  const block = verdict("BLOCKING: a.ts:1 — wrong\n===VERDICT=== REQUEST_CHANGES\n");
  check(
    block.status === 3 && JSON.parse(block.stdout || "{}").verdict === "REQUEST_CHANGES",
    `verdict-gate verdict on a block: exit ${block.status}, ${JSON.stringify(block.stdout + block.stderr)}`,
  );

  const library = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "--eval",
      'import { findVerdict } from "verdict-gate"; console.log(findVerdict("ok\\n===VERDICT=== APPROVE\\n"));',
    ],
    { cwd: app, encoding: "utf8" },
  );
  check(
    library.status === 0 && library.stdout.trim() === "APPROVE",
    `import "verdict-gate": exit ${library.status}, ${JSON.stringify(library.stdout + library.stderr)}`,
  );

  // A caller that touches the schemas (zod), the reply contract and the audit's types.
  writeFileSync(
    path.join(app, "caller.ts"),
    [
      'import { findVerdict, loadContract, type PullRequestAuditOptions } from "verdict-gate";',
      'const verdict: string | null = findVerdict("===VERDICT=== APPROVE");',
      'const contract = loadContract(\'{"intended_action": "x", "success_criteria": []}\', "c.json");',
      'const options: PullRequestAuditOptions = { repository: "o/r", number: 1, token: "t" };',
      "export { contract, options, verdict };",
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(app, "tsconfig.json"),
    `${JSON.stringify({
      compilerOptions: {
        module: "NodeNext",
        moduleResolution: "NodeNext",
        target: "ES2022",
        // DOM for URL, which zod's own declarations name; no @types/node, which ours must not need.
        lib: ["ES2023", "DOM"],
        types: [],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
      },
      files: ["caller.ts"],
    })}\n`,
  );
  const tsc = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
    { cwd: app, encoding: "utf8" },
  );
  check(tsc.status === 0, `a TypeScript caller does not type-check:\n${tsc.stdout}${tsc.stderr}`);

  console.log(
    JSON.stringify(
      {
        tarball: packed.filename,
        packedBytes: packed.size,
        unpackedBytes: packed.unpackedSize,
        files: packed.entryCount,
        packSeconds,
        installed: installed.length,
        packages: ["verdict-gate", ...installed.filter((p) => p !== "verdict-gate")],
        version: version.stdout.trim(),
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`The npm package fails ${problems.length} check(s):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log("The npm package installs light, runs, and type-checks.");
