// The starter eval set (eval/sets/starter, issue 24): every case.json fits eval/case.schema.json; the
// set is as large and as varied as the issue asks; and every defect's evidence and lines are where the
// case says, in the head, which is the case's base/ files with change.diff applied (by `git apply`,
// once per case, before the tests).
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const execFileAsync = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const SET = path.join(ROOT, "eval/sets/starter");
const SCHEMA = JSON.parse(readFileSync(path.join(ROOT, "eval/case.schema.json"), "utf8"));
// Strict: the schema itself must use no keyword ajv does not know and leave no type implicit.
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(SCHEMA);

interface Evidence {
  path: string;
  text: string;
}
interface Defect {
  path: string;
  lines: [number, number];
  description: string;
  evidence?: Evidence[];
}
interface Case {
  id: string;
  label: "defect" | "clean";
  source: { repository: string; base: string; head: string; license: string; fix?: string; url?: string };
  defects?: Defect[];
  notes?: string;
}
interface Loaded {
  dir: string;
  json: Case;
  fixSubject: string;
  diff: string;
}

const PERMISSIVE = new Set(["MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC"]);
const LANGUAGES: Record<string, string> = {
  go: "Go",
  py: "Python",
  js: "JavaScript/TypeScript",
  mjs: "JavaScript/TypeScript",
  cjs: "JavaScript/TypeScript",
  jsx: "JavaScript/TypeScript",
  ts: "JavaScript/TypeScript",
  tsx: "JavaScript/TypeScript",
  rs: "Rust",
};

const cases: Loaded[] = readdirSync(SET, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => {
    const dir = path.join(SET, e.name);
    const raw = JSON.parse(readFileSync(path.join(dir, "case.json"), "utf8"));
    return {
      dir,
      json: raw as Case,
      fixSubject: typeof raw.source?.fix_subject === "string" ? raw.source.fix_subject : "",
      diff: readFileSync(path.join(dir, "change.diff"), "utf8"),
    };
  });
const defects = cases.filter((c) => c.json.label === "defect");

/** A revert is marked in the notes, or the fix's subject says it reverts. */
const isRevert = (c: Loaded) => /^revert/i.test(c.json.notes ?? "") || /\brevert/i.test(c.fixSubject);

/** The paths change.diff writes: its `+++ b/` lines and a renamed file's new name. */
const changedPaths = (diff: string) =>
  [...diff.matchAll(/^(?:\+\+\+ b\/|rename to )(.+)$/gm)]
    .map((m) => m[1])
    .filter((p): p is string => p !== undefined);

let work = "";
/** The head version of a case's file: applied from change.diff when the change touches it, else the base's. */
const headFile = (c: Loaded, file: string) => {
  const applied = path.join(work, path.basename(c.dir), file);
  if (existsSync(applied)) return readFileSync(applied, "utf8");
  return readFileSync(path.join(c.dir, "base", file), "utf8");
};

/** The base paths a diff reads: a modified or deleted file's `--- a/` path, a renamed file's old name. */
const basePaths = (diff: string) => [
  ...new Set(
    [...diff.matchAll(/^(?:--- a\/|rename from )(.+)$/gm)]
      .map((m) => m[1])
      .filter((p): p is string => p !== undefined),
  ),
];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "starter-set-"));
  // Only the files a diff reads are copied; git apply runs for several cases at once.
  const apply = (c: Loaded) => {
    const dir = path.join(work, path.basename(c.dir));
    mkdirSync(dir, { recursive: true });
    for (const file of basePaths(c.diff)) cpSync(path.join(c.dir, "base", file), path.join(dir, file));
    return execFileAsync("git", ["apply", "--whitespace=nowarn", path.join(c.dir, "change.diff")], {
      cwd: dir,
      // No repository above the scratch folder may claim it: git apply works on plain files here.
      env: { ...process.env, GIT_CEILING_DIRECTORIES: work },
    });
  };
  const queue = [...cases];
  const worker = async () => {
    for (let c = queue.shift(); c !== undefined; c = queue.shift()) await apply(c);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the starter set's cases", () => {
  it("each case.json fits eval/case.schema.json, and its id is its folder's name", () => {
    for (const c of cases) {
      expect(validate(c.json) ? [] : validate.errors, c.dir).toEqual([]);
      expect(c.json.id).toBe(path.basename(c.dir));
    }
  });

  it("the schema rejects a field it does not name and a clean case with defects", () => {
    const clean = cases.find((c) => c.json.label === "clean")?.json;
    expect(clean).toBeDefined();
    expect(validate({ ...clean, extra: 1 })).toBe(false);
    expect(validate({ ...clean, defects: [{ path: "a.go", lines: [1, 1], description: "x" }] })).toBe(false);
  });

  // What the format leaves to a set's author (another set may name its commits otherwise), the
  // starter set holds itself to: full commit names, and a fix only where there is a defect.
  it("names every commit in full, and a fix only for a defect", () => {
    for (const c of cases) {
      expect(c.json.source.base, c.json.id).toMatch(/^[0-9a-f]{40}$/);
      expect(c.json.source.head, c.json.id).toMatch(/^[0-9a-f]{40}$/);
      if (c.json.label === "clean") expect(c.json.source.fix, c.json.id).toBeUndefined();
    }
  });

  it("has at least 60 cases, more than 30 of each label, from at least 6 permissively licensed repositories", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(defects.length).toBeGreaterThan(30);
    expect(cases.length - defects.length).toBeGreaterThan(30);
    expect(new Set(cases.map((c) => c.json.source.repository)).size).toBeGreaterThanOrEqual(6);
    for (const c of cases) {
      const alternatives = c.json.source.license.split(" OR ");
      expect(
        alternatives.some((a) => PERMISSIVE.has(a)),
        `${c.json.id}: ${c.json.source.license}`,
      ).toBe(true);
    }
  });

  it("spans at least three languages, by the extensions of the files the changes touch", () => {
    const languages = new Set(
      cases.flatMap((c) =>
        changedPaths(c.diff)
          .map((p) => LANGUAGES[path.extname(p).slice(1)])
          .filter((l) => l !== undefined),
      ),
    );
    expect(languages.size).toBeGreaterThanOrEqual(3);
  });

  it("has reverts as at most a quarter of its defects, and every defect names its fix", () => {
    expect(defects.filter(isRevert).length * 4).toBeLessThanOrEqual(defects.length);
    for (const c of defects) expect(c.json.source.fix, c.json.id).toMatch(/^[0-9a-f]{40}$/);
  });

  it("has the base version of every file the change modifies, deletes or renames", () => {
    for (const c of cases) {
      const old = [...c.diff.matchAll(/^--- a\/(.+)$/gm)].map((m) => m[1] ?? "");
      for (const file of old)
        expect(existsSync(path.join(c.dir, "base", file)), `${c.json.id}: ${file}`).toBe(true);
    }
  });
});

describe("the starter set's defects, in the head", () => {
  it("every evidence text occurs verbatim in the head version of its file", () => {
    for (const c of defects)
      for (const d of c.json.defects ?? [])
        for (const e of d.evidence ?? [])
          expect(headFile(c, e.path).includes(e.text), `${c.json.id}: ${e.path}: ${e.text}`).toBe(true);
  });

  it("every defect's lines fall inside its file in the head", () => {
    for (const c of defects)
      for (const d of c.json.defects ?? []) {
        const lines = headFile(c, d.path).split("\n");
        const count = lines.at(-1) === "" ? lines.length - 1 : lines.length;
        const [first, last] = d.lines;
        expect(first, c.json.id).toBeGreaterThanOrEqual(1);
        expect(first, c.json.id).toBeLessThanOrEqual(last);
        expect(last, `${c.json.id}: ${d.path} has ${count} lines`).toBeLessThanOrEqual(count);
      }
  });
});
