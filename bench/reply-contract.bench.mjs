// Reply-contract parser throughput (findVerdict from the bundled library) on 1, 10 and 100 MB replies,
// benign and adversarial, with a linearity figure per shape: seconds per MB at 100 MB over seconds per
// MB at 1 MB. A parser that backtracks catastrophically shows up here as a ratio far above 1 (a
// quadratic one would be near 100). BENCH_DIST points at another bundle (default: build/dist/).
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { log, median, packageBundleDir, seconds } from "./common.mjs";

const dist = packageBundleDir();
const { findVerdict, readFindings } = await import(pathToFileURL(path.join(dist, "lib", "index.js")).href);

const MB = 1024 * 1024;
const SIZES = [1, 10, 100];
const RUNS = { 1: 7, 10: 3, 100: 2 };

// A realistic review: headings, findings, a quoted diff in a fence, prose that mentions the verdict.
const REVIEW = [
  "## Review of the parser change",
  "",
  "- BLOCKING: src/verdict/reply-contract.ts:120 — the input is not checked before use",
  "- nit: `readVerdict` could name its layers; the verdict itself is fine.",
  "",
  "```diff",
  "@@ -10,7 +10,9 @@ export function parse(text: string) {",
  "-  const lines = text.split('\\n');",
  "+  const lines = splitLines(text); // Python's rules — \u2028 too",
  "```",
  "",
  "Overall the change reads well; I checked every hunk against the tests.",
  "",
].join("\n");

/** Fills `bytes` with `unit` repeated and decodes it as the CLI would (a flat string). */
const fill = (unit, bytes, tail = "") => Buffer.alloc(bytes, unit).toString("utf8") + tail;

const SHAPES = {
  // Benign: a long review ending in one clean approve marker (strict layer only).
  "benign, approve marker": (n) => fill(REVIEW, n, "\n===VERDICT=== APPROVE\n"),
  // Benign, with Windows line endings.
  "benign, CRLF, approve marker": (n) =>
    fill(REVIEW.replaceAll("\n", "\r\n"), n, "\r\n===VERDICT=== APPROVE\r\n"),
  // Benign: no marker at all, so the fence tracker and the weak layer read everything.
  "benign, no marker (weak layer)": (n) => fill(`${REVIEW}The VERDICT is below.\n`, n),
  // One enormous line of prose verdicts that fail at the word boundary, for the weak layer.
  "one line: prose verdict words": (n) => fill("VERDICT: APPROVEx ", n),
  // One enormous line: the marker's decoration prefix, then its equals run, then no marker word.
  "one line: marker prefix and equals": (n) => `${fill("#> -", n / 2)}${fill("=", n / 2)}x`,
  // One enormous line: a prose word, millions of spaces, no value (the reference's regex backtracks).
  "one line: spaces after the word": (n) => `VERDICT${fill(" ", n)}x`,
  // Millions of approve marker lines (AMBIGUOUS: repeated).
  "millions of approve marker lines": (n) => fill("===VERDICT=== APPROVE\n", n),
  // Millions of junk marker lines (AMBIGUOUS: outside the enum).
  "millions of junk marker lines": (n) => fill("==VERDICT== REJECT!\n", n),
  // Millions of prose approve lines (weak layer, one match per line).
  "millions of prose approve lines": (n) => fill("VERDICT: APPROVE\n", n),
  // Millions of empty lines cut by bare CRs (the line splitter's slow path, one call per line).
  "millions of empty lines (bare CR)": (n) => fill("\r", n),
  // Deep, unbalanced fences with prose verdicts between them.
  "deep unbalanced fences": (n) => fill("```\n````text\n~~~\n VERDICT: REQUEST_CHANGES\n```` \n", n),
};

function measure(name, make) {
  const rows = [];
  for (const size of SIZES) {
    const text = make(size * MB);
    globalThis.gc?.();
    findVerdict(text.slice(0, MB)); // warm the code paths on this shape
    const times = [];
    let verdict;
    for (let i = 0; i < RUNS[size]; i += 1) {
      const run = seconds(() => findVerdict(text));
      verdict = run.value;
      times.push(run.seconds);
    }
    const s = median(times);
    const mb = Buffer.byteLength(text) / MB;
    rows.push({ sizeMB: Number(mb.toFixed(2)), seconds: round(s), mbPerSecond: round(mb / s, 1), verdict });
    log(`  ${name} ${size} MB: ${(mb / s).toFixed(1)} MB/s (${verdict})`);
  }
  const perMB = rows.map((r) => r.seconds / r.sizeMB);
  return {
    rows,
    // Time per MB at 100 MB over time per MB at 1 MB: about 1 is linear; a quadratic parser is ~100.
    linearity100over1: round(perMB[2] / perMB[0], 2),
    linearity100over10: round(perMB[2] / perMB[1], 2),
  };
}

const round = (x, digits = 4) => Number(x.toFixed(digits));

const shapes = {};
for (const [name, make] of Object.entries(SHAPES)) {
  log(`reply-contract: ${name}`);
  shapes[name] = measure(name, make);
}

// Findings on the worst case for them: millions of BLOCKING lines, the first thousand parsed.
const blocking = fill("- BLOCKING: `src/a.ts:12-15` — the input is not checked\n", 100 * MB);
const findings = seconds(() => readFindings(blocking, 1000));

const worst = Math.max(...Object.values(shapes).map((s) => s.linearity100over1));
const slowest = Math.min(...Object.values(shapes).map((s) => s.rows[2].mbPerSecond));
const result = {
  // Other work on the machine slows every figure alike; the ratios stay meaningful, the MB/s less so.
  loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
  bundle: process.env.BENCH_DIST
    ? `${path.join(dist, "lib", "index.js")} (BENCH_DIST)`
    : "build/dist/lib/index.js",
  unit: "MB is 2^20 bytes of UTF-8",
  shapes,
  findings100MB: { seconds: round(findings.seconds), total: findings.value.total },
  summary: {
    worstLinearity100over1: worst,
    slowest100MBThroughputMBps: slowest,
    linear: worst < 3,
  },
};
process.stdout.write(`${JSON.stringify(result)}\n`);
