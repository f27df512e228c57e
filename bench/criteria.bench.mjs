// The contract engine over a large tree, against the floor of reading it: checking a contract of
// 50,000 criteria (one per file, 1 GiB in all) and collecting its evidence, each timed against
// `sha256sum` reading the same files in the same run, warm cache for all. The ratio says what the
// engine costs beyond reading and hashing the bytes it must look at.
//
// Measures the bundled library (`$BENCH_DIST/lib/index.js`, default build/dist/) and the bundled CLI. The tree
// is generated under the system temp directory and removed afterwards. BENCH_CRITERIA_FILES and
// BENCH_CRITERIA_BYTES scale it down for a quick run.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { log, median, packageBundleDir, secondsAsync } from "./common.mjs";

const FILES = Number(process.env.BENCH_CRITERIA_FILES ?? 50_000);
const TOTAL_BYTES = Number(process.env.BENCH_CRITERIA_BYTES ?? 2 ** 30);
const RUNS = Number(process.env.BENCH_CRITERIA_RUNS ?? 3);
const PER_DIR = 100;
const dist = packageBundleDir();
const lib = await import(pathToFileURL(path.join(dist, "lib", "index.js")).href);

/** Lines of ordinary prose, padded to about `bytes`, with a marker line near the end so a per-line
 * scan must read most of the file before it matches. */
function textFile(i, bytes, marker) {
  const lines = [`# Report ${i}`];
  let size = lines[0].length + 1;
  let n = 0;
  while (size < bytes - 80) {
    const line = `${n % 17 === 0 ? `## Section ${n}: ` : ""}line ${n} of file ${i}: the quick brown fox jumps over the lazy dog ${n * 7}`;
    lines.push(line);
    size += line.length + 1;
    n += 1;
  }
  lines.push(marker);
  return `${lines.join("\n")}\n`;
}

function jsonFile(i, bytes) {
  const items = [];
  let size = 2;
  while (size < bytes - 64) {
    const item = { id: items.length, file: i, name: `item ${items.length}`, tags: ["a", "b"], ok: true };
    items.push(item);
    size += JSON.stringify(item).length + 1;
  }
  return JSON.stringify(items);
}

/** One file and the criterion that reads it, cycling through the content criteria. */
function entry(i, bytes) {
  const dir = `d${String(Math.floor(i / PER_DIR)).padStart(4, "0")}`;
  const kind = i % 5;
  const rel = `${dir}/f${i}.${kind === 4 ? "json" : "md"}`;
  switch (kind) {
    case 0:
      return {
        rel,
        body: textFile(i, bytes, "## Conclusion"),
        criterion: { type: "file_contains", path: rel, pattern: "^## Conclusion$" },
      };
    case 1:
      return {
        rel,
        body: textFile(i, bytes, "TODO: nothing"),
        criterion: { type: "pattern_count_gte", path: rel, pattern: "^## Section \\d+", min_count: 3 },
      };
    case 2:
      return {
        rel,
        body: textFile(i, bytes, "end"),
        criterion: { type: "line_count_gte", path: rel, min_count: 10 },
      };
    case 3:
      return {
        rel,
        body: textFile(i, bytes, "TODO: later"),
        criterion: { type: "file_contains", path: rel, pattern: "\\b(TODO|FIXME)\\b" },
      };
    default:
      return { rel, body: jsonFile(i, bytes), criterion: { type: "json_valid", path: rel } };
  }
}

// Other work on the machine slows both sides of each ratio, but not always equally: record it.
const loadBefore = os.loadavg()[0];
const work = mkdtempSync(path.join(os.tmpdir(), "vg-bench-criteria-"));
try {
  const root = path.join(work, "tree");
  const per = Math.floor(TOTAL_BYTES / FILES);
  log(`generating ${FILES} files, ~${per} bytes each, under ${root}`);
  const criteria = [];
  const list = [];
  let bytes = 0;
  for (let i = 0; i < FILES; i += 1) {
    const { rel, body, criterion } = entry(i, per);
    if (i % PER_DIR === 0) mkdirSync(path.join(root, path.dirname(rel)), { recursive: true });
    writeFileSync(path.join(root, rel), body);
    bytes += Buffer.byteLength(body);
    criteria.push({ id: `c${i}`, ...criterion });
    list.push(rel);
  }
  const contractText = JSON.stringify({ intended_action: "benchmark", success_criteria: criteria });
  writeFileSync(path.join(work, "contract.json"), contractText);
  writeFileSync(path.join(work, "files.list"), `${list.join("\0")}\0`);

  const sha256sum = () =>
    execFileSync("sh", ["-c", "xargs -0 -a ../files.list sha256sum > /dev/null"], {
      cwd: root,
      stdio: "inherit",
    });
  log("warming the page cache");
  sha256sum();

  const floor = [];
  for (let r = 0; r < RUNS; r += 1) floor.push((await secondsAsync(async () => sha256sum())).seconds);
  log(`sha256sum: ${floor.map((s) => s.toFixed(2)).join(", ")} s`);

  const loaded = await secondsAsync(async () => lib.loadContract(contractText, "contract.json"));
  const contract = loaded.value;
  log(`loaded the contract (${criteria.length} criteria) in ${loaded.seconds.toFixed(2)} s`);

  const checks = [];
  let report;
  for (let r = 0; r < RUNS; r += 1) {
    const timed = await secondsAsync(() => lib.checkContract(contract, { tree: lib.openTree(root) }));
    checks.push(timed.seconds);
    report = timed.value;
  }
  log(`check: ${checks.map((s) => s.toFixed(2)).join(", ")} s, verdict ${report.verdict}`);

  const collects = [];
  let bundle;
  for (let r = 0; r < RUNS; r += 1) {
    bundle = undefined;
    globalThis.gc?.();
    const timed = await secondsAsync(() => lib.collectEvidence(contract, { tree: lib.openTree(root) }));
    collects.push(timed.seconds);
    bundle = timed.value;
  }
  const bundleBytes = Buffer.byteLength(JSON.stringify(bundle));
  log(
    `collect: ${collects.map((s) => s.toFixed(2)).join(", ")} s, bundle ${(bundleBytes / 2 ** 20).toFixed(1)} MiB`,
  );

  const verified = await secondsAsync(() => lib.verifyEvidence(JSON.parse(JSON.stringify(bundle))));
  log(
    `verify: ${verified.seconds.toFixed(2)} s, intact ${verified.value.intact}, verdict ${verified.value.verdict}`,
  );

  const cliStart = process.hrtime.bigint();
  const cli = spawnSync(
    process.execPath,
    [path.join(dist, "cli", "index.js"), "check", "contract.json", "--base-path", "tree", "--json"],
    {
      cwd: work,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const cliSeconds = Number(process.hrtime.bigint() - cliStart) / 1e9;
  log(`CLI check: ${cliSeconds.toFixed(2)} s, exit ${cli.status}`);

  const sha = median(floor);
  const check = median(checks);
  const collect = median(collects);
  const result = {
    files: FILES,
    bytes,
    criteria: criteria.length,
    verdict: report.verdict,
    passed: report.checks.filter((c) => c.status === "pass").length,
    sha256sum_seconds: sha,
    check_seconds: check,
    collect_seconds: collect,
    check_ratio: check / sha,
    collect_ratio: collect / sha,
    check_mib_per_second: bytes / 2 ** 20 / check,
    sha256sum_mib_per_second: bytes / 2 ** 20 / sha,
    contract_load_seconds: loaded.seconds,
    verify_seconds: verified.seconds,
    verify_intact: verified.value.intact,
    verify_verdict: verified.value.verdict,
    bundle_mib: bundleBytes / 2 ** 20,
    cli_check_seconds: cliSeconds,
    cli_exit: cli.status,
    runs: RUNS,
    load_average: { before: loadBefore, after: os.loadavg()[0] },
    samples: { sha256sum: floor, check: checks, collect: collects },
    note: "warm page cache; one criterion per file (file_contains, pattern_count_gte, line_count_gte, json_valid); ratios are engine time / sha256sum time over the same files",
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
