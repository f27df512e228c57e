// The miner for `verdict-gate eval` sets: real changes from local clones of public repositories,
// labelled `defect` (a later commit names the change as the one that introduced a bug) or `clean` (no
// fix or revert touched its lines within a year), written in the set format of eval/case.schema.json.
//
//   node scripts/eval-miner.mjs candidates --repo DIR [--rev REV] [--since DATE] [--json]
//       Commits whose messages name an introducing commit (a sha, a PR number, a Gerrit CL, a revert),
//       each with the introducing commit resolved, its size, and how many of the lines the fix changed
//       the introducing commit wrote (blame at the fix's parent): the pairs to read by hand.
//   node scripts/eval-miner.mjs clean --repo DIR --sizes 12,40,150 [--rev REV] [--since DATE]
//       [--until DATE] [--path PATH,...] [--exclude SHA,...] [--json]
//       For each size, the eligible commit nearest to it in changed lines that passes the clean rule
//       (among commits touching PATH when given).
//   node scripts/eval-miner.mjs check-clean --repo DIR --head SHA [--rev REV]
//       Whether one commit passes the clean rule, and which later commit fails it if not.
//   node scripts/eval-miner.mjs build --picks FILE --repos DIR [--out DIR] [--only ID,...] [--prune]
//       (Re)writes every picked case under --out (default: the picks file's folder) and set.json.
//
// --repos DIR holds the clones: DIR/owner+name/repo, DIR/owner+name, DIR/owner/name or DIR/name, bare
// or not. Every git call runs without the user's and the system's git configuration, so a diff is
// what `git diff --no-color --no-ext-diff -M base head` writes with git's defaults.
//
// The rules it applies (eval/sets/starter/README.md says why):
//   evidence  the lines the fix removed or modified in code files (tests, docs and changelogs left
//             out), as they read at the case's head: blame at the fix's parent names each line's origin
//             and blame at the head finds the same origin line there; a line written after the head is
//             not evidence. A fix hunk that only adds lines contributes the existing lines around its
//             insertion point (the line it follows, the one before that and the one after). Each run of
//             consecutive head lines is one evidence text, checked to occur verbatim in the head file;
//             a run of blank lines is left out.
//   eligible  (clean cases) not a merge; 1 to 15 files; 3 to 400 changed lines; no binary, vendored,
//             lock or generated file; at least half the changed lines in non-test source code; not a
//             revert, merge, release, bump, typo, formatting, lint, docs or chore commit by its subject.
//   clean     the commit is at least a year older than the clone's tip, and no non-merge commit that
//             descends from it, was committed within a year of it, touches one of its files and says
//             fix/bug/regression/revert/broke in its message changes a line the commit wrote (blame at
//             that commit's parent over its removed lines, and over the lines around a pure addition).
//   base/     the base version of every file the change modifies, deletes or renames, of every file
//             holding evidence, and of up to 30 other text files that mention (git grep -w) a name the
//             diff defines, changes or calls: same folder first, then most names; none over 100 KB,
//             vendored, generated, a lock file or hidden (.github/); at most 150 KB of such context;
//             the case's base/ at most 1.5 MB.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const MAX_BASE_BYTES = 1.5 * 1024 * 1024;
const MAX_CONTEXT_FILES = 30;
const MAX_CONTEXT_FILE_BYTES = 100 * 1024;
/** Context files together: enough to show callers and definitions, small enough for a set of 25 MB. */
const MAX_CONTEXT_BYTES = 150 * 1024;
const MAX_NAMES = 25;
/** A name found in more files than this says nothing about where the change's code lives. */
const MAX_FILES_PER_NAME = 120;
const YEAR_SECONDS = 365 * 24 * 3600;
/** The licenses issue 24 accepts; an expression is permissive when one of its OR-alternatives is. */
const PERMISSIVE = new Set(["MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC"]);

// ---------------------------------------------------------------------------------------------- git

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: os.devNull,
  GIT_PAGER: "cat",
  LC_ALL: "C",
};

/** Runs git in `repo`; a Buffer when `buffer`, else text. Throws with git's stderr unless `allowFail`. */
function git(repo, args, { buffer = false, allowFail = false } = {}) {
  try {
    const out = execFileSync("git", ["-C", repo, ...args], {
      env: GIT_ENV,
      maxBuffer: 1 << 30,
      stdio: ["ignore", "pipe", "pipe"],
    });
    return buffer ? out : out.toString("utf8");
  } catch (error) {
    if (allowFail) return null;
    const stderr = error.stderr ? error.stderr.toString() : "";
    throw new Error(`git ${args.join(" ")}: ${stderr.trim() || error.message}`);
  }
}

const revParse = (repo, rev) =>
  git(repo, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`], { allowFail: true })?.trim() || null;
const isAncestor = (repo, a, b) =>
  git(repo, ["merge-base", "--is-ancestor", a, b], { allowFail: true }) !== null;
const parentsOf = (repo, sha) =>
  git(repo, ["rev-list", "--parents", "-n", "1", sha]).trim().split(" ").slice(1);
const commitTime = (repo, sha) => Number(git(repo, ["show", "-s", "--format=%ct", sha]).trim());
const subjectOf = (repo, sha) => git(repo, ["show", "-s", "--format=%s", sha]).trim();
const messageOf = (repo, sha) => git(repo, ["show", "-s", "--format=%B", sha]);

/** The file at `rev`, or null when it is not there. */
function showFile(repo, rev, file) {
  return git(repo, ["show", `${rev}:${file}`], { buffer: true, allowFail: true });
}

function blobSize(repo, rev, file) {
  const out = git(repo, ["cat-file", "-s", `${rev}:${file}`], { allowFail: true });
  return out === null ? null : Number(out.trim());
}

/** Lines of a text, as a file's line numbers count them (a final newline ends the last line). */
function linesOf(text) {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

// --------------------------------------------------------------------------------------------- diffs

/**
 * A unified diff (git's format) as files with hunks. Paths come from the ---/+++ and rename lines;
 * a quoted path (git quotes unusual characters) is kept quoted, so callers can refuse it.
 */
function parseDiff(text) {
  const files = [];
  let file = null;
  let hunk = null;
  let oldLine = 0;
  let newLine = 0;
  const stripPrefix = (p, prefix) => (p === "/dev/null" ? null : p.startsWith(prefix) ? p.slice(2) : p);
  for (const line of text.split("\n")) {
    if (line.startsWith("diff --git ")) {
      const m = /^diff --git a\/(.*) b\/(.*)$/.exec(line);
      file = { oldPath: m ? m[1] : null, newPath: m ? m[2] : null, header: [line], hunks: [], binary: false };
      files.push(file);
      hunk = null;
      continue;
    }
    if (!file) continue;
    if (!hunk || !/^[ +\-\\]/.test(line)) {
      if (line.startsWith("@@ ")) {
        const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@([\s\S]*)$/.exec(line);
        hunk = {
          oldStart: Number(m[1]),
          oldLines: m[2] === undefined ? 1 : Number(m[2]),
          newStart: Number(m[3]),
          newLines: m[4] === undefined ? 1 : Number(m[4]),
          context: m[5].trim(),
          lines: [],
        };
        oldLine = hunk.oldStart;
        newLine = hunk.newStart;
        file.hunks.push(hunk);
        continue;
      }
      hunk = null;
      file.header.push(line);
      if (line.startsWith("--- ")) file.oldPath = stripPrefix(line.slice(4), "a/");
      else if (line.startsWith("+++ ")) file.newPath = stripPrefix(line.slice(4), "b/");
      else if (line.startsWith("rename from ")) file.oldPath = line.slice(12);
      else if (line.startsWith("rename to ")) file.newPath = line.slice(10);
      else if (line.startsWith("new file mode")) file.added = true;
      else if (line.startsWith("deleted file mode")) file.deleted = true;
      else if (line.startsWith("Binary files") || line === "GIT binary patch") file.binary = true;
      continue;
    }
    const kind = line[0];
    if (kind === "\\") continue;
    if (kind === "+") hunk.lines.push({ kind, text: line.slice(1), newLine: newLine++ });
    else if (kind === "-") hunk.lines.push({ kind, text: line.slice(1), oldLine: oldLine++ });
    else hunk.lines.push({ kind, text: line.slice(1), oldLine: oldLine++, newLine: newLine++ });
  }
  for (const f of files) {
    if (f.added) f.oldPath = null;
    if (f.deleted) f.newPath = null;
  }
  return files;
}

function diffText(repo, base, head, extra = []) {
  return git(repo, ["diff", "--no-color", "--no-ext-diff", "-M", ...extra, base, head]);
}

/** Added plus deleted lines, and files, of base → head (git's numstat; binaries count 0 lines). */
function diffSize(repo, base, head) {
  // -z: a rename is "added\tdeleted\t\0old\0new\0", any other file "added\tdeleted\tpath\0".
  const fields = git(repo, ["diff", "--numstat", "-z", "-M", base, head]).split("\0");
  let lines = 0;
  const perFile = [];
  for (let i = 0; i < fields.length; i++) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(fields[i]);
    if (!m) continue;
    let file = m[3];
    if (file === "") {
      i += 2;
      file = fields[i];
    }
    const n = (m[1] === "-" ? 0 : Number(m[1])) + (m[2] === "-" ? 0 : Number(m[2]));
    lines += n;
    perFile.push({ path: file, lines: n, binary: m[1] === "-" });
  }
  return { lines, files: perFile.length, perFile };
}

// ------------------------------------------------------------------------------------ file classes

const CODE_EXT = /\.(go|py|pyi|js|mjs|cjs|jsx|ts|mts|cts|tsx|rs|vue|svelte)$/;
const TEST_PATH =
  /(^|\/)(tests?|testing|__tests__|testdata|test-data|fixtures?|spec|specs|e2e|playground|benches|examples?)\/|_test\.go$|(^|\/)test_[^/]*\.py$|_test\.py$|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)conftest\.py$/;
const VENDORED_PATH =
  /(^|\/)(vendor|node_modules|third_party|third-party|bower_components|\.yarn|dist|build|coverage|\.tmp)\/|\.min\.[cm]?js$|\.map$|\.snap$|(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|go\.sum|Cargo\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|\.gitignore|\.gitattributes|\.gitmodules)$|\.log$/;
const GENERATED_TEXT =
  /Code generated .* DO NOT EDIT|@generated|\bautogenerated\b|auto-generated|generated (by|from) .{1,80}\b(do not|don.t) edit/i;

const isCode = (p) => CODE_EXT.test(p) && !VENDORED_PATH.test(p);
const isTest = (p) => TEST_PATH.test(p);

// ------------------------------------------------------------------------------------------ blame

/**
 * For each blamed line of `file` at `rev` (all of it without `ranges`): origin sha, origin path, origin
 * line. With `since`, blame stops there: older lines are given to that boundary commit.
 */
function blame(repo, rev, file, ranges, since) {
  const args = ["blame", "--line-porcelain"];
  for (const [a, b] of ranges ?? []) args.push("-L", `${a},${b}`);
  const out = git(repo, [...args, since ? `${since}..${rev}` : rev, "--", file], { allowFail: true });
  if (out === null) return null;
  const result = new Map();
  let current = null;
  for (const line of out.split("\n")) {
    const header = /^([0-9a-f]{40}) (\d+) (\d+)/.exec(line);
    if (header && !current) {
      current = { origin: header[1], originLine: Number(header[2]), line: Number(header[3]) };
      continue;
    }
    if (!current) continue;
    if (line.startsWith("filename ")) current.originPath = line.slice(9);
    else if (line.startsWith("\t")) {
      current.text = line.slice(1);
      result.set(current.line, current);
      current = null;
    }
  }
  return result;
}

const blameCache = new Map();
/** Whole-file blame at `rev`, keyed by origin, for finding an origin line again at that revision. */
function originIndex(repo, rev, file) {
  const key = `${repo}\0${rev}\0${file}`;
  if (!blameCache.has(key)) {
    const lines = blame(repo, rev, file);
    const index = new Map();
    for (const b of lines?.values() ?? []) index.set(`${b.origin}\0${b.originPath}\0${b.originLine}`, b.line);
    blameCache.set(key, index);
  }
  return blameCache.get(key);
}

/** Merges numbers into [first, last] runs of consecutive numbers. */
function runs(numbers) {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const out = [];
  for (const n of sorted) {
    const last = out.at(-1);
    if (last && n === last[1] + 1) last[1] = n;
    else out.push([n, n]);
  }
  return out;
}

/**
 * The lines a fix changed, in its first parent's coordinates, per file: removed lines, and for a hunk
 * that only adds, the lines around its insertion point. Only `paths` when given; else every text file
 * with `all`, and code files that are not tests without it.
 */
function fixTouchedLines(repo, fix, { paths = null, all = false } = {}) {
  const parent = parentsOf(repo, fix)[0];
  const files = parseDiff(git(repo, ["diff", "--no-color", "--no-ext-diff", "-M", "-U0", parent, fix]));
  const touched = [];
  for (const f of files) {
    if (!f.oldPath || f.binary) continue;
    const wanted = paths
      ? paths.includes(f.oldPath) || paths.includes(f.newPath)
      : all || (isCode(f.oldPath) && !isTest(f.oldPath));
    if (!wanted) continue;
    const lines = [];
    const parentText = showFile(repo, parent, f.oldPath);
    const length = parentText ? linesOf(parentText.toString("utf8")).length : 0;
    for (const h of f.hunks) {
      const removed = h.lines.filter((l) => l.kind === "-").map((l) => l.oldLine);
      if (removed.length > 0) lines.push(...removed);
      else {
        // "@@ -a,0 +b,n @@": the new lines go after old line a.
        for (let n = h.oldStart - 1; n <= h.oldStart + 1; n++) if (n >= 1 && n <= length) lines.push(n);
      }
    }
    if (lines.length > 0)
      touched.push({ path: f.oldPath, newPath: f.newPath, lines: [...new Set(lines)].sort((a, b) => a - b) });
  }
  return { parent, touched };
}

/** Blames the fix's touched lines at its parent (back to `since` when given): per file, each line's origin. */
function blameTouched(repo, parent, touched, since) {
  return touched.map((t) => ({
    ...t,
    blamed: blame(repo, parent, t.path, runs(t.lines), since) ?? new Map(),
  }));
}

// ---------------------------------------------------------------------------------------- evidence

/**
 * Evidence for a defect case: the fix's touched lines found again at the case's head. Returns
 * [{path, first, last, text}] per run of consecutive head lines, each text checked against the head.
 */
function evidenceAtHead(repo, head, fix, options) {
  const { parent, touched } = fixTouchedLines(repo, fix, options);
  const found = new Map(); // head path → Set of head line numbers
  const before = new Map(); // origin → whether it is the head or an ancestor of it
  for (const t of blameTouched(repo, parent, touched)) {
    for (const b of t.blamed.values()) {
      if (!before.has(b.origin)) before.set(b.origin, isAncestor(repo, b.origin, head));
      if (!before.get(b.origin)) continue; // written after the head: not there to see
      for (const headPath of new Set([t.path, b.originPath])) {
        if (blobSize(repo, head, headPath) === null) continue;
        const line = originIndex(repo, head, headPath).get(`${b.origin}\0${b.originPath}\0${b.originLine}`);
        if (line === undefined) continue;
        if (!found.has(headPath)) found.set(headPath, new Set());
        found.get(headPath).add(line);
        break;
      }
    }
  }
  const evidence = [];
  for (const [file, numbers] of [...found].sort(([a], [b]) => a.localeCompare(b))) {
    const headLines = linesOf(showFile(repo, head, file).toString("utf8"));
    const headText = headLines.join("\n");
    for (const [first, last] of runs([...numbers])) {
      const text = headLines.slice(first - 1, last).join("\n");
      if (text.trim() === "") continue; // blank lines show a reviewer nothing
      if (!headText.includes(text))
        throw new Error(`evidence in ${file} ${first}-${last} is not in the head`);
      evidence.push({ path: file, first, last, text });
    }
  }
  return evidence;
}

// ---------------------------------------------------------------------------------------- license

function classifyLicense(text) {
  if (/Apache License/i.test(text) && /Version 2\.0/.test(text)) return "Apache-2.0";
  if (/Permission is hereby granted, free of charge/i.test(text)) return "MIT";
  if (/Redistribution and use in source and binary forms/i.test(text))
    return /Neither the name|names of (its|the) contributors may be used/i.test(text)
      ? "BSD-3-Clause"
      : "BSD-2-Clause";
  if (/Permission to use, copy, modify,? and\/or distribute this software for any purpose/i.test(text))
    return "ISC";
  if (/This is free and unencumbered software released into the public domain/i.test(text))
    return "Unlicense";
  return null;
}

/** The SPDX expression of the repository's license at `rev`, read from its top-level license files. */
function licenseAt(repo, rev) {
  const names = git(repo, ["ls-tree", "--name-only", rev])
    .split("\n")
    .filter((n) => /^(licen[cs]e|copying|unlicense)([.\-_].*)?$/i.test(n))
    .sort();
  const ids = [];
  for (const name of names) {
    const text = showFile(repo, rev, name)?.toString("utf8") ?? "";
    const dual =
      /dual-licensed under the MIT license or the UNLICENSE/i.test(text) ||
      /either of the MIT or Unlicense/i.test(text);
    const id = dual ? "Unlicense OR MIT" : classifyLicense(text);
    if (id && !ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) return null;
  if (ids.includes("Unlicense OR MIT")) return "Unlicense OR MIT";
  if (ids.length === 2 && ids.includes("MIT") && ids.includes("Apache-2.0")) return "MIT OR Apache-2.0";
  return ids.length === 1 ? ids[0] : ids.join(" AND ");
}

const isPermissive = (spdx) =>
  spdx
    ?.split(" OR ")
    .some((alt) => alt.split(" AND ").every((id) => PERMISSIVE.has(id.replace(/[()]/g, "")))) === true;

// ------------------------------------------------------------------------------------- base files

const KEYWORDS = new Set(
  (
    "if else for while switch case return break continue func function def class type const let var new " +
    "delete typeof instanceof await async yield import from export default struct interface enum impl fn " +
    "match loop where self super this true false null nil None True False undefined print println printf " +
    "sprintf errorf len cap make append panic recover copy close string int bool float error range map " +
    "list dict set tuple str bytes isinstance getattr setattr hasattr super raise assert expect describe " +
    "test it require Some Ok Err Box Vec Option Result String format write unwrap clone into from_str " +
    "with not and or in is lambda pass try catch finally throw throws defer go select chan package " +
    "public private protected static void main init Error Errorf Println Printf Sprintf New Fatal Fatalf"
  ).split(" "),
);

/** Names the diff defines (weight 3), changes inside (hunk headers, 2) or calls (1), best first. */
function namesOfDiff(files) {
  const weights = new Map();
  const order = [];
  const add = (name, w) => {
    if (!name || name.length < 4 || KEYWORDS.has(name) || KEYWORDS.has(name.toLowerCase())) return;
    if (!weights.has(name)) order.push(name);
    weights.set(name, Math.max(weights.get(name) ?? 0, w));
  };
  const definitions = [
    /\bfunc\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/g,
    /\btype\s+([A-Za-z_]\w*)\s+(?:struct|interface|func|map|\[|[A-Za-z_*])/g,
    /\b(?:def|class)\s+([A-Za-z_]\w*)/g,
    /\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)/g,
    /\b(?:interface|enum|trait|struct)\s+([A-Za-z_$][\w$]*)/g,
    /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*[:=]/g,
    /\bfn\s+([A-Za-z_]\w*)/g,
    /^\s*(?:(?:public|private|protected|static|async|get|set|override|readonly)\s+)*([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?::[^{]*)?\{\s*$/g,
  ];
  const call = /([A-Za-z_$][\w$]*)\s*(?:::<[^>]*>)?\(/g;
  for (const f of files) {
    for (const h of f.hunks) {
      for (const re of definitions) for (const m of h.context.matchAll(re)) add(m[1], 2);
      for (const l of h.lines) {
        if (l.kind === " ") continue;
        for (const re of definitions) for (const m of l.text.matchAll(re)) add(m[1], 3);
      }
    }
  }
  for (const f of files)
    for (const h of f.hunks)
      for (const l of h.lines) if (l.kind !== " ") for (const m of l.text.matchAll(call)) add(m[1], 1);
  return order
    .map((name, i) => ({ name, weight: weights.get(name), i }))
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .slice(0, MAX_NAMES)
    .map(({ name, weight }) => ({ name, weight }));
}

/** Up to MAX_CONTEXT_FILES files of the base that mention the diff's names, within the byte budget. */
function contextFiles(repo, base, files, taken, budget) {
  const dirs = new Set(
    files
      .flatMap((f) => [f.oldPath, f.newPath])
      .filter(Boolean)
      .map((p) => path.posix.dirname(p)),
  );
  const score = new Map();
  for (const { name, weight } of namesOfDiff(files)) {
    const out = git(repo, ["grep", "-I", "-l", "-w", "-F", "-e", name, base, "--"], { allowFail: true });
    const hits = (out ?? "")
      .split("\n")
      .filter(Boolean)
      .map((l) => l.slice(base.length + 1));
    if (hits.length > MAX_FILES_PER_NAME) continue;
    for (const p of hits) score.set(p, (score.get(p) ?? 0) + weight);
  }
  const ranked = [...score]
    // Not vendored, generated or hidden (.github/, .changeset/): the repository's own code and tests.
    .filter(([p]) => !taken.has(p) && !VENDORED_PATH.test(p) && !p.startsWith('"') && !/(^|\/)\./.test(p))
    .map(([p, s]) => ({ p, s, near: dirs.has(path.posix.dirname(p)) ? 1 : 0 }))
    .sort((a, b) => b.near - a.near || b.s - a.s || a.p.localeCompare(b.p));
  const chosen = [];
  let used = 0;
  for (const { p } of ranked) {
    if (chosen.length >= MAX_CONTEXT_FILES) break;
    const size = blobSize(repo, base, p);
    if (size === null || size > MAX_CONTEXT_FILE_BYTES || used + size > budget) continue;
    if (!/^100(644|755) blob /.test(git(repo, ["ls-tree", base, "--", p]))) continue; // a symlink or submodule
    const head = showFile(repo, base, p).subarray(0, 2000).toString("utf8");
    if (GENERATED_TEXT.test(head)) continue;
    chosen.push(p);
    used += size;
  }
  return chosen;
}

// ------------------------------------------------------------------------------------ clean rule

const FIX_WORDS = /\b(fix(es|ed|ing)?|bugs?|bugfix\w*|regress\w*|revert\w*|broke|broken|breaks?)\b/i;

/**
 * Whether `sha` passes the clean rule in the history of `tip`: null when it does, else the reason
 * (a later fix-like commit that changed lines it wrote, or too young a commit).
 */
function cleanProblem(repo, sha, tip) {
  const time = commitTime(repo, sha);
  if (commitTime(repo, tip) - time < YEAR_SECONDS) return "younger than a year before the clone's tip";
  const parent = parentsOf(repo, sha)[0];
  const files = git(repo, ["diff", "--name-only", "-M", parent, sha]).split("\n").filter(Boolean);
  const horizon = new Date((time + YEAR_SECONDS) * 1000).toISOString();
  const later = git(repo, [
    "log",
    "--ancestry-path",
    "--no-merges",
    `--before=${horizon}`,
    "--format=%H%x1f%B%x1e",
    `${sha}..${tip}`,
    "--",
    ...files,
  ])
    .split("\x1e")
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => r.split("\x1f"));
  for (const [later_sha, message] of later) {
    if (!FIX_WORDS.test(message)) continue;
    const { parent: p, touched } = fixTouchedLines(repo, later_sha, { all: true });
    // Blame no further back than the commit's parent: only whether a line is the commit's own matters.
    for (const t of blameTouched(repo, p, touched, parent))
      for (const b of t.blamed.values())
        if (b.origin === sha)
          return `lines it wrote changed by ${later_sha.slice(0, 12)} "${message.split("\n")[0]}"`;
  }
  return null;
}

// ------------------------------------------------------------------------------------- candidates

const PHRASE =
  /introduced (?:in|by|with)|regress(?:ion|ed)?|caused by|\bbroke\b|broken (?:by|in|since)|breakage|\bFixes: [0-9a-f]{7,}|This reverts commit|follow-?up (?:to|of|for)|bug (?:in|from) (?:#|CL|commit|[0-9a-f]{7})/gi;

/** PR numbers and Gerrit CL numbers → the commit that landed them, from one pass over the history. */
function landingIndex(repo, rev) {
  const prs = new Map();
  const cls = new Map();
  const out = git(repo, ["log", rev, "--format=%H%x1f%s%x1f%b%x1e"]);
  for (const record of out.split("\x1e")) {
    const [sha, subject, body] = record.trim().split("\x1f");
    if (!sha) continue;
    const squash = /\(#(\d+)\)\s*$/.exec(subject ?? "");
    const merge = /^Merge pull request #(\d+) /.exec(subject ?? "");
    for (const m of [squash, merge]) if (m && !prs.has(m[1])) prs.set(m[1], sha);
    const reviewed = /Reviewed-on: https?:\/\/go-review\.googlesource\.com\/(?:c\/[^/\s]+\/\+\/)?(\d+)/.exec(
      body ?? "",
    );
    if (reviewed && !cls.has(reviewed[1])) cls.set(reviewed[1], sha);
  }
  return { prs, cls };
}

/** References to earlier work near each phrase of `message`: shas, PR numbers, CL numbers. */
function referencesNear(message) {
  const refs = [];
  for (const m of message.matchAll(PHRASE)) {
    const start = Math.max(0, m.index - 120);
    let window = message.slice(start, m.index + m[0].length + 220);
    window = window.replace(
      /Reviewed-on:.*|Change-Id:.*|GitHub-Last-Rev:.*|GitHub-Pull-Request:.*|Co-authored-by:.*/g,
      "",
    );
    for (const r of window.matchAll(/\b([0-9a-f]{7,40})\b/g))
      if (/[a-f]/.test(r[1])) refs.push({ kind: "sha", ref: r[1], phrase: m[0] });
    for (const r of window.matchAll(/(?:(?<!\w)#|\/pull\/)(\d{1,6})\b/g))
      refs.push({ kind: "pr", ref: r[1], phrase: m[0] });
    for (const r of window.matchAll(
      /\b(?:CLs?|golang\.org\/cl\/|go-review\.googlesource\.com\/(?:c\/[^/\s]+\/\+\/)?)\s*(\d{3,7})\b/g,
    ))
      refs.push({ kind: "cl", ref: r[1], phrase: m[0] });
    for (const r of window.matchAll(/\band (\d{4,7})\b/g)) refs.push({ kind: "cl", ref: r[1], phrase: m[0] });
  }
  const seen = new Set();
  return refs.filter((r) => !seen.has(`${r.kind}:${r.ref}`) && seen.add(`${r.kind}:${r.ref}`));
}

/** How many of the fix's touched lines the introducing change wrote (a merge: any commit it brought in). */
function blameLink(repo, fix, intro) {
  const parents = parentsOf(repo, intro);
  const introduced = new Set(
    parents.length > 1
      ? git(repo, ["rev-list", `${parents[0]}..${intro}`])
          .split("\n")
          .filter(Boolean)
      : [intro],
  );
  const { parent, touched } = fixTouchedLines(repo, fix);
  let total = 0;
  let hit = 0;
  for (const t of blameTouched(repo, parent, touched))
    for (const b of t.blamed.values()) {
      total++;
      if (introduced.has(b.origin)) hit++;
    }
  return { hit, total };
}

function candidates(opts) {
  const repo = opts.repo;
  const rev = opts.rev ?? "HEAD";
  const index = landingIndex(repo, rev);
  const args = ["log", rev, "-i", "-E", "--format=%H%x1f%P%x1f%ct%x1f%B%x1e"];
  args.push(
    "--grep=introduced (in|by|with)|regress|caused by|broke|breakage|Fixes: [0-9a-f]{7}|This reverts commit|follow-?up (to|of|for)",
  );
  if (opts.since) args.push(`--since=${opts.since}`);
  const out = [];
  for (const record of git(repo, args).split("\x1e")) {
    const [sha, parents, time, message] = record.trim().split("\x1f");
    if (!sha) continue;
    const subject = message.split("\n")[0];
    const own = /\(#(\d+)\)\s*$/.exec(subject)?.[1];
    for (const r of referencesNear(message)) {
      let intro = null;
      if (r.kind === "sha") intro = revParse(repo, r.ref);
      else if (r.kind === "pr" && r.ref !== own) intro = index.prs.get(r.ref) ?? null;
      else if (r.kind === "cl") intro = index.cls.get(r.ref) ?? null;
      if (!intro || intro === sha || !isAncestor(repo, intro, sha)) continue;
      const introParents = parentsOf(repo, intro);
      if (introParents.length === 0) continue;
      let size;
      let link;
      try {
        size = diffSize(repo, introParents[0], intro);
        link = blameLink(repo, sha, intro);
      } catch (error) {
        process.stderr.write(`${sha.slice(0, 12)} -> ${intro.slice(0, 12)}: skipped: ${error.message}\n`);
        continue;
      }
      out.push({
        fix: sha,
        fixDate: new Date(Number(time) * 1000).toISOString().slice(0, 10),
        fixSubject: subject,
        revert: /This reverts commit/.test(message) || /^Revert\b/i.test(subject),
        fixIsMerge: parents.split(" ").length > 1,
        ref: `${r.kind}:${r.ref}`,
        phrase: r.phrase,
        intro,
        introSubject: subjectOf(repo, intro),
        introIsMerge: introParents.length > 1,
        introFiles: size.files,
        introLines: size.lines,
        blame: `${link.hit}/${link.total}`,
      });
    }
  }
  if (opts.json) process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  else
    for (const c of out)
      process.stdout.write(
        `${c.fix.slice(0, 12)} ${c.fixDate} ${c.revert ? "REVERT " : ""}${c.fixSubject}\n` +
          `    ${c.phrase} ${c.ref} -> ${c.intro.slice(0, 12)}${c.introIsMerge ? " (merge)" : ""} files=${c.introFiles} lines=${c.introLines} blame=${c.blame} ${c.introSubject}\n`,
      );
}

// ------------------------------------------------------------------------------------ clean search

/** Subjects of commits that are not source changes worth reviewing (conventional-commit types included). */
const NOT_A_CHANGE =
  /^(revert|merge)\b|^(docs?|chore|style|ci|build|tests?)(\([^)]*\))?!?:|\b(release|bump|typo|reformat|format with|formatting|lint|flake8|changelog|docstring)\b/i;

/** Why a commit is not an eligible case (size, kind of files, kind of change), or null. */
function ineligible(repo, sha, message) {
  const parents = parentsOf(repo, sha);
  if (parents.length !== 1) return "not a single-parent commit";
  if (NOT_A_CHANGE.test(message.split("\n")[0]))
    return "a revert, merge, release, docs, chore, typo or formatting commit";
  const size = diffSize(repo, parents[0], sha);
  if (size.files < 1 || size.files > 15) return `${size.files} files`;
  if (size.lines < 3 || size.lines > 400) return `${size.lines} changed lines`;
  if (size.perFile.some((f) => f.binary || VENDORED_PATH.test(f.path) || f.path.includes('"')))
    return "binary, vendored or lock files";
  const code = size.perFile.filter((f) => isCode(f.path) && !isTest(f.path)).reduce((n, f) => n + f.lines, 0);
  if (code === 0 || code * 2 < size.lines) return "mostly not source code";
  for (const f of size.perFile) {
    const text = showFile(repo, sha, f.path);
    if (text && GENERATED_TEXT.test(text.subarray(0, 2000).toString("utf8")))
      return `generated file ${f.path}`;
  }
  return null;
}

/** Non-merge commits of `tip` older than a year before it, each with its changed lines, from one git log. */
function cleanPool(repo, tip, opts) {
  // Dates are compared here rather than with git's --since: histories that merged in older projects
  // (subtrees) make git stop walking at their first old commit.
  const yearBefore = commitTime(repo, tip) - YEAR_SECONDS;
  const until = opts.until ? Math.min(Date.parse(opts.until) / 1000, yearBefore) : yearBefore;
  const since = opts.since ? Date.parse(opts.since) / 1000 : 0;
  const args = ["log", tip, "--no-merges", "--format=%x1e%H%x1f%ct%x1f%s"];
  if (opts.path) args.push("--", ...opts.path.split(","));
  const exclude = (opts.exclude ?? "").split(",").filter(Boolean);
  const wanted = (header) => {
    const [sha, time] = header.split("\x1f");
    return sha && Number(time) >= since && Number(time) <= until && !exclude.some((e) => sha.startsWith(e));
  };
  // A snapshot may lack its largest blobs, and one missing blob fails a whole `git log --numstat`:
  // then each commit is measured on its own and the ones git cannot measure are left out.
  const at = args.includes("--") ? args.indexOf("--") : args.length;
  let records = git(repo, [...args.slice(0, at), "--numstat", "-M", ...args.slice(at)], { allowFail: true });
  if (records === null) {
    records = "";
    for (const record of git(repo, args).split("\x1e")) {
      if (!wanted(record.trim())) continue;
      const sha = record.trim().split("\x1f")[0];
      const rows = git(repo, ["show", "--numstat", "-M", "--format=", sha], { allowFail: true });
      if (rows !== null) records += `\x1e${record.trim()}\n${rows}`;
    }
  }
  const pool = [];
  for (const record of records.split("\x1e")) {
    const [header, ...rows] = record.split("\n");
    if (!header || !wanted(header)) continue;
    const [sha, , subject] = header.split("\x1f");
    let lines = 0;
    for (const row of rows.filter(Boolean)) {
      const [a, d] = row.split("\t");
      lines += (a === "-" ? 0 : Number(a)) + (d === "-" ? 0 : Number(d));
    }
    pool.push({ sha, subject, lines });
  }
  return pool;
}

function cleanSearch(opts) {
  const repo = opts.repo;
  const tip = revParse(repo, opts.rev ?? "HEAD");
  const pool = cleanPool(repo, tip, opts);
  const chosen = [];
  const taken = new Set();
  for (const target of String(opts.sizes ?? "")
    .split(",")
    .filter(Boolean)
    .map(Number)) {
    const near = pool
      .filter((c) => !taken.has(c.sha))
      .sort((a, b) => Math.abs(a.lines - target) - Math.abs(b.lines - target) || a.sha.localeCompare(b.sha));
    for (const c of near.slice(0, Number(opts.tries ?? 60))) {
      if (ineligible(repo, c.sha, messageOf(repo, c.sha)) || cleanProblem(repo, c.sha, tip)) continue;
      taken.add(c.sha);
      chosen.push({ target, head: c.sha, lines: c.lines, subject: c.subject });
      break;
    }
  }
  if (opts.json) process.stdout.write(`${JSON.stringify(chosen, null, 2)}\n`);
  else for (const c of chosen) process.stdout.write(`${c.target}\t${c.head}\t${c.lines}\t${c.subject}\n`);
}

function checkClean(opts) {
  const tip = revParse(opts.repo, opts.rev ?? "HEAD");
  const head = revParse(opts.repo, opts.head);
  const problem =
    ineligible(opts.repo, head, messageOf(opts.repo, head)) ?? cleanProblem(opts.repo, head, tip);
  process.stdout.write(`${head} ${problem ? `fails: ${problem}` : "passes the clean rule"}\n`);
  if (problem) process.exitCode = 3;
}

// ------------------------------------------------------------------------------------------ build

function findClone(reposDir, repository) {
  const [owner, name] = repository.split("/");
  for (const dir of [`${owner}+${name}/repo`, `${owner}+${name}`, `${owner}/${name}`, name, `${name}.git`]) {
    const full = path.join(reposDir, dir);
    if (existsSync(full) && git(full, ["rev-parse", "--git-dir"], { allowFail: true }) !== null) return full;
  }
  throw new Error(`no clone of ${repository} under ${reposDir}`);
}

const caseId = (pick) =>
  pick.id ??
  `${pick.repository.replace("/", "-")}-${pick.head.slice(0, 10)}`.toLowerCase().replace(/[^a-z0-9-]+/g, "-");

/** Applies change.diff to the base files in a scratch folder and compares every result with the head. */
function verifyApplies(repo, head, baseFiles, diff, changed) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "eval-miner-"));
  try {
    for (const [p, bytes] of baseFiles) {
      mkdirSync(path.join(dir, path.dirname(p)), { recursive: true });
      writeFileSync(path.join(dir, p), bytes);
    }
    writeFileSync(path.join(dir, ".change.diff"), diff);
    execFileSync("git", ["apply", "--whitespace=nowarn", ".change.diff"], {
      cwd: dir,
      env: GIT_ENV,
      stdio: "pipe",
    });
    for (const f of changed) {
      if (!f.newPath) continue;
      const want = showFile(repo, head, f.newPath);
      const got = readFileSync(path.join(dir, f.newPath));
      if (!want.equals(got)) throw new Error(`${f.newPath}: base + change.diff differs from the head`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The defect's location in the head: the evidence run containing the pick's `locate` text when given;
 * else the evidence that lies on lines the change wrote (else all of it), in the file with most of it.
 */
function locate(evidence, files, text) {
  if (text) {
    const run = evidence.find((e) => e.text.includes(text));
    if (!run) throw new Error(`no evidence contains ${JSON.stringify(text)}`);
    return { path: run.path, lines: [run.first, run.last] };
  }
  const added = new Map();
  for (const f of files) {
    if (!f.newPath) continue;
    const set = new Set(f.hunks.flatMap((h) => h.lines.filter((l) => l.kind === "+").map((l) => l.newLine)));
    added.set(f.newPath, set);
  }
  const onChange = evidence.filter((e) => {
    const set = added.get(e.path);
    if (!set) return false;
    for (let n = e.first; n <= e.last; n++) if (set.has(n)) return true;
    return false;
  });
  const pool = onChange.length > 0 ? onChange : evidence;
  const byPath = new Map();
  for (const e of pool) byPath.set(e.path, (byPath.get(e.path) ?? 0) + e.last - e.first + 1);
  const [best] = [...byPath].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  const mine = pool.filter((e) => e.path === best);
  return { path: best, lines: [Math.min(...mine.map((e) => e.first)), Math.max(...mine.map((e) => e.last))] };
}

function buildCase(pick, reposDir, outDir) {
  const repo = findClone(reposDir, pick.repository);
  const head = revParse(repo, pick.head);
  if (!head) throw new Error(`${pick.head} is not a commit of ${pick.repository}`);
  const base = pick.base ? revParse(repo, pick.base) : parentsOf(repo, head)[0];
  if (!base) throw new Error(`${head} has no parent`);
  const license = licenseAt(repo, head);
  if (!isPermissive(license)) throw new Error(`license ${license ?? "unknown"} is not permissive`);

  const diff = diffText(repo, base, head);
  const files = parseDiff(diff);
  const raw = git(repo, ["diff", "--raw", "-M", base, head]);
  if (/^:\d+ (120000|160000)|^:(120000|160000)/m.test(raw))
    throw new Error("the change touches a symlink or submodule");
  for (const f of files) {
    if (f.binary) throw new Error(`binary change in ${f.newPath ?? f.oldPath}`);
    for (const p of [f.oldPath, f.newPath])
      if (p && (p.startsWith('"') || VENDORED_PATH.test(p))) throw new Error(`unusable path ${p}`);
  }

  const label = pick.label;
  let defects = [];
  let evidence = [];
  if (label === "defect") {
    const fix = revParse(repo, pick.fix);
    if (!fix || !isAncestor(repo, head, fix))
      throw new Error(`fix ${pick.fix} does not descend from the head`);
    evidence = evidenceAtHead(repo, head, fix, { paths: pick.evidence_paths ?? null });
    if (evidence.length === 0) throw new Error("the fix changed no line that exists at the head");
    const where = pick.path ? { path: pick.path, lines: pick.lines } : locate(evidence, files, pick.locate);
    defects = [
      {
        path: where.path,
        lines: where.lines,
        description: pick.description,
        evidence: evidence.map(({ path: p, text }) => ({ path: p, text })),
      },
    ];
    const headText = showFile(repo, head, where.path);
    if (!headText) throw new Error(`${where.path} is not in the head`);
    const length = linesOf(headText.toString("utf8")).length;
    if (where.lines[0] < 1 || where.lines[1] < where.lines[0] || where.lines[1] > length)
      throw new Error(`lines ${where.lines} fall outside ${where.path} (${length} lines)`);
  } else if (label === "clean") {
    const tip = revParse(repo, pick.tip ?? "HEAD");
    const problem = ineligible(repo, head, messageOf(repo, head)) ?? cleanProblem(repo, head, tip);
    if (problem) throw new Error(`not clean: ${problem}`);
  } else throw new Error(`label ${label}`);

  // base/: what the change modifies, deletes or renames, then evidence files, then context.
  const baseFiles = new Map();
  let used = 0;
  const take = (p) => {
    if (baseFiles.has(p)) return;
    const bytes = showFile(repo, base, p);
    if (bytes === null) throw new Error(`${p} is not in the base`);
    baseFiles.set(p, bytes);
    used += bytes.length;
  };
  for (const f of files) if (f.oldPath) take(f.oldPath);
  const changedOld = new Set(files.map((f) => f.oldPath).filter(Boolean));
  const changedNew = new Set(files.map((f) => f.newPath).filter(Boolean));
  for (const e of evidence) if (!changedNew.has(e.path)) take(e.path);
  if (used > MAX_BASE_BYTES) throw new Error(`base files alone are ${used} bytes`);
  const budget = Math.min(MAX_CONTEXT_BYTES, MAX_BASE_BYTES - used);
  for (const p of contextFiles(
    repo,
    base,
    files,
    new Set([...baseFiles.keys(), ...changedOld, ...changedNew]),
    budget,
  ))
    take(p);
  verifyApplies(repo, head, baseFiles, diff, files);

  const id = caseId(pick);
  const caseJson = {
    id,
    label,
    source: {
      repository: pick.repository,
      base,
      head,
      license,
      ...(label === "defect" ? { fix: revParse(repo, pick.fix) } : {}),
      url: `https://github.com/${pick.repository}/commit/${head}`,
      subject: subjectOf(repo, head),
      ...(label === "defect" ? { fix_subject: subjectOf(repo, pick.fix) } : {}),
    },
    defects,
    ...(pick.notes ? { notes: pick.notes } : {}),
  };
  const dir = path.join(outDir, id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "base"), { recursive: true });
  writeFileSync(path.join(dir, "case.json"), `${JSON.stringify(caseJson, null, 2)}\n`);
  writeFileSync(path.join(dir, "change.diff"), diff);
  for (const [p, bytes] of [...baseFiles].sort(([a], [b]) => a.localeCompare(b))) {
    mkdirSync(path.join(dir, "base", path.dirname(p)), { recursive: true });
    writeFileSync(path.join(dir, "base", p), bytes);
  }
  return { id, files: baseFiles.size, bytes: used + Buffer.byteLength(diff), evidence: evidence.length };
}

function build(opts) {
  const picksFile = opts.picks;
  const picks = JSON.parse(readFileSync(picksFile, "utf8"));
  const outDir = opts.out ?? path.dirname(picksFile);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, "set.json"),
    `${JSON.stringify({ name: picks.name, description: picks.description }, null, 2)}\n`,
  );
  const only = opts.only ? new Set(opts.only.split(",")) : null;
  const ids = new Set();
  let failures = 0;
  for (const pick of picks.cases) {
    const id = caseId(pick);
    if (ids.has(id)) throw new Error(`two picks make case ${id}`);
    ids.add(id);
    if (only && !only.has(id)) continue;
    try {
      const r = buildCase(pick, opts.repos, outDir);
      process.stdout.write(
        `${r.id}\t${pick.label}\t${r.files} base files\t${r.bytes} bytes\t${r.evidence} evidence\n`,
      );
    } catch (error) {
      failures++;
      process.stderr.write(`${id}: dropped: ${error.message}\n`);
    }
  }
  for (const entry of readdirSync(outDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || ids.has(entry.name)) continue;
    if (opts.prune) rmSync(path.join(outDir, entry.name), { recursive: true, force: true });
    else process.stderr.write(`${entry.name}: not in the picks (--prune removes it)\n`);
  }
  if (failures > 0) process.exitCode = 1;
}

// ------------------------------------------------------------------------------------------- main

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const opts = {};
  for (let i = 0; i < rest.length; i++) {
    const m = /^--([a-z-]+)$/.exec(rest[i]);
    if (!m) throw new Error(`unexpected argument ${rest[i]}`);
    const key = m[1];
    if (key === "json" || key === "prune") opts[key] = true;
    else {
      if (i + 1 >= rest.length) throw new Error(`--${key} needs a value`);
      opts[key] = rest[++i];
    }
  }
  return { command, opts };
}

const USAGE = `usage: node scripts/eval-miner.mjs candidates --repo DIR [--rev REV] [--since DATE] [--json]
       node scripts/eval-miner.mjs clean --repo DIR --sizes N,N,... [--rev REV] [--since DATE] [--until DATE] [--path PATH,...] [--exclude SHA,...] [--json]
       node scripts/eval-miner.mjs check-clean --repo DIR --head SHA [--rev REV]
       node scripts/eval-miner.mjs build --picks FILE --repos DIR [--out DIR] [--only ID,...] [--prune]
`;

try {
  const { command, opts } = parseArgs(process.argv.slice(2));
  if (command === "candidates" && opts.repo) candidates(opts);
  else if (command === "clean" && opts.repo && opts.sizes) cleanSearch(opts);
  else if (command === "check-clean" && opts.repo && opts.head) checkClean(opts);
  else if (command === "build" && opts.picks && opts.repos) build(opts);
  else {
    process.stderr.write(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  process.stderr.write(
    `eval-miner: ${error instanceof Error ? (process.env.EVAL_MINER_DEBUG ? error.stack : error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
}
