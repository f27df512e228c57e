// A finding's path is read exactly as the reviewer wrote it: a dotfile keeps its dot. An earlier reader
// trimmed `.` from both ends of an unquoted location, so `.github/workflows/publish.yaml:1` was reported
// as `github/workflows/publish.yaml:1` and `.eslintrc.js` as `eslintrc.js`: annotations and review
// threads pointed at no file, and eval's "caught at the defect" missed (issue 35). The spellings a
// path may be matched to the diff under (`./src/a.ts` is `src/a.ts`) are a separate, ordered list.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DiffFile } from "../../src/diff/types.js";
import { atDefect } from "../../src/eval/location.js";
import { annotationsFor } from "../../src/gate/annotations.js";
import { placeFindings } from "../../src/gate/review-comments.js";
import { findingPathSpellings, parseFindings } from "../../src/verdict/findings.js";

const one = (line: string) => {
  const found = parseFindings(line);
  expect(found).toHaveLength(1);
  return found[0];
};

describe("a finding's path, read exactly", () => {
  it.each([
    [".env", "BLOCKING: .env:3 — the secret is committed", ".env", 3],
    [".eslintrc.js", "BLOCKING: .eslintrc.js:3 — bad", ".eslintrc.js", 3],
    [
      ".github/…",
      "BLOCKING: .github/workflows/publish.yaml:1 — writes with a PR's token",
      ".github/workflows/publish.yaml",
      1,
    ],
    ["./src/a.ts", "BLOCKING: ./src/a.ts:12 — bad", "./src/a.ts", 12],
    ["a dotted directory inside", "BLOCKING: src/.config/x.json:2 — bad", "src/.config/x.json", 2],
    ["a path ending a sentence", "BLOCKING: .env. The secret is committed", ".env", undefined],
    ["a location ending a sentence", "BLOCKING: .npmrc:4. It points at another registry", ".npmrc", 4],
    ["bold around it", "BLOCKING: **.env:3** — bad", ".env", 3],
    ["backticks around it", "BLOCKING: `.github/workflows/ci.yml:7` — bad", ".github/workflows/ci.yml", 7],
    ["backticks around the path only", "BLOCKING: `.env`:3 — bad", ".env", 3],
    ["backticks around ./", "BLOCKING: `./src/a.ts:12` — bad", "./src/a.ts", 12],
  ])("%s", (_name, line, path, at) => {
    const f = one(line);
    expect(f?.path).toBe(path);
    expect(f?.line).toBe(at);
  });

  it("keeps any dotted relative path whole (property)", () => {
    const segment = fc.stringMatching(/^\.?[a-z0-9_-]{1,8}(\.[a-z]{1,4})?$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 9999 }),
        (segments, line) => {
          const path = segments.join("/");
          const f = one(`BLOCKING: ${path}:${line} — bad`);
          expect(f?.path).toBe(path);
          expect(f?.line).toBe(line);
          const quoted = one(`BLOCKING: \`${path}:${line}\` — bad`);
          expect(quoted?.path).toBe(path);
        },
      ),
    );
  });
});

describe("the spellings a finding's path is matched to the diff under", () => {
  it("tries the path as written first, then without ./, then without git's a/ or b/", () => {
    expect(findingPathSpellings(".env")).toEqual([".env"]);
    expect(findingPathSpellings("./src/a.ts")).toEqual(["./src/a.ts", "src/a.ts"]);
    expect(findingPathSpellings("b/src/a.ts")).toEqual(["b/src/a.ts", "src/a.ts"]);
    expect(findingPathSpellings(".github/x.yml")).toEqual([".github/x.yml"]);
    expect(findingPathSpellings("")).toEqual([]);
  });
});

describe("every reader that places a finding on the diff keeps the dot (the class)", () => {
  const dotfile: DiffFile = {
    path: ".github/workflows/publish.yaml",
    status: "modified",
    binary: false,
    additions: 1,
    deletions: 0,
    hunks: [
      {
        header: "@@ -1,0 +1,1 @@",
        oldStart: 1,
        oldLines: 0,
        newStart: 1,
        newLines: 1,
        lines: [{ kind: "add", text: "on: pull_request_target", newLine: 1 }],
      },
    ],
    patchOmitted: false,
    patch: "@@ -1,0 +1,1 @@\n+on: pull_request_target\n",
  };
  const reply = "BLOCKING: .github/workflows/publish.yaml:1 — runs with the base's secrets";

  it("an annotation lands on the dotfile", () => {
    const out = annotationsFor(parseFindings(reply), undefined, [dotfile]);
    expect(out.map((a) => [a.path, a.startLine])).toEqual([[".github/workflows/publish.yaml", 1]]);
  });

  it("a review comment lands on the dotfile's line", () => {
    const placed = placeFindings("verdict-gate", parseFindings(reply), [dotfile]);
    expect(placed[0]?.at).toEqual({ path: ".github/workflows/publish.yaml", line: 1 });
  });

  it("eval counts it caught at the defect", () => {
    const defect = {
      path: ".github/workflows/publish.yaml",
      lines: [1, 1] as [number, number],
      description: "x",
    };
    expect(atDefect(parseFindings(reply), [defect])).toBe(true);
  });

  it("a ./ path finds its file, as written first", () => {
    const placed = placeFindings(
      "verdict-gate",
      parseFindings("BLOCKING: ./.github/workflows/publish.yaml:1 — x"),
      [dotfile],
    );
    expect(placed[0]?.at?.path).toBe(".github/workflows/publish.yaml");
  });
});
