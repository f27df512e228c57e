// The parser against git itself: every file and every added or deleted line that
// `git diff --numstat -z` counts is accounted for under git's own name, on both ways the gate reads
// a change (the unified diff, and a GitHub file list built as GitHub builds it), with git quoting
// names fully (core.quotepath=true, GitHub's setting) and not at all (false).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_BLOB, fileFromPatch, parseUnifiedDiff } from "../../src/diff/parse.js";
import type { DiffFile } from "../../src/diff/types.js";
import {
  blobs,
  createHostileRepo,
  HOSTILE_NAMES,
  type HostileRepo,
  literal,
  type NumstatEntry,
  parseNameStatus,
  parseNumstat,
} from "./hostile-repo.js";

let repo: HostileRepo;
beforeAll(() => {
  repo = createHostileRepo();
});
afterAll(() => repo.remove());

function shownLines(file: DiffFile): { additions: number; deletions: number } {
  const all = file.hunks.flatMap((h) => h.lines);
  return {
    additions: all.filter((l) => l.kind === "add").length,
    deletions: all.filter((l) => l.kind === "del").length,
  };
}

/** git's rename detection on (GitHub's way: an empty file removed and one added pair up as a rename)
 * and off (each stands alone). */
const CONFIGS = [
  { quotepath: true, renames: "-M" },
  { quotepath: false, renames: "-M" },
  { quotepath: true, renames: "--no-renames" },
  { quotepath: false, renames: "--no-renames" },
] as const;
type Config = (typeof CONFIGS)[number];

function gitDiff(config: Config, ...args: string[]): string {
  return repo.git(["-c", `core.quotepath=${config.quotepath}`, "diff", config.renames, ...args]);
}

function oracle(config: Config): { numstat: NumstatEntry[]; status: Map<string, string> } {
  return {
    numstat: parseNumstat(gitDiff(config, "--numstat", "-z", repo.base, repo.head)),
    status: parseNameStatus(gitDiff(config, "--name-status", "-z", repo.base, repo.head)),
  };
}

const STATUS: Record<string, string> = { A: "added", D: "removed", M: "modified", R: "renamed" };

describe.each(CONFIGS)("the unified diff of git (core.quotepath=$quotepath, $renames)", (config) => {
  it("holds every file git counts, under git's name, with git's line counts, and nothing else", () => {
    const text = gitDiff(config, repo.base, repo.head);
    const diff = parseUnifiedDiff(text);
    const { numstat, status } = oracle(config);
    expect(diff.files.filter((f) => f.malformed !== undefined)).toEqual([]);
    expect(diff.files.map((f) => f.path).sort()).toEqual(numstat.map((e) => e.path).sort());
    for (const entry of numstat) {
      const file = diff.files.find((f) => f.path === entry.path);
      expect(file, JSON.stringify(entry.path)).toBeDefined();
      if (file === undefined) continue;
      expect(file.previousPath, JSON.stringify(entry.path)).toBe(entry.from);
      expect(file.status, JSON.stringify(entry.path)).toBe(STATUS[status.get(entry.path) ?? ""]);
      if (entry.additions === null) {
        expect(file.binary, JSON.stringify(entry.path)).toBe(true);
      } else {
        expect(file.binary).toBe(false);
        expect(file.patchOmitted, JSON.stringify(entry.path)).toBe(false);
        expect({ additions: file.additions, deletions: file.deletions }).toEqual({
          additions: entry.additions,
          deletions: entry.deletions,
        });
        expect(shownLines(file)).toEqual({ additions: entry.additions, deletions: entry.deletions });
      }
    }
    // The names that fooled the parser before are each their own file.
    for (const name of HOSTILE_NAMES) expect(diff.files.filter((f) => f.path === name)).toHaveLength(1);
    expect(diff.files.find((f) => f.path === "package-lock.json")).toBeUndefined();
  });

  it("keeps every section verbatim, so the sections rebuild the whole diff", () => {
    const text = gitDiff(config, repo.base, repo.head);
    expect(
      `${parseUnifiedDiff(text)
        .files.map((f) => f.patch)
        .join("\n")}\n`,
    ).toBe(text);
  });
});

describe.each(CONFIGS)(
  "a GitHub file list built from git (core.quotepath=$quotepath, $renames)",
  (config) => {
    it("accounts for every file and line under git's name; a file without a patch is not seen unless it needs no review", () => {
      const { numstat, status } = oracle(config);
      const before = blobs(repo, repo.base);
      const after = blobs(repo, repo.head);
      let seenLines = 0;
      let countedLines = 0;
      for (const entry of numstat) {
        const letter = status.get(entry.path) ?? "";
        const paths = entry.from === undefined ? [entry.path] : [entry.from, entry.path];
        const section = gitDiff(config, repo.base, repo.head, "--", ...paths.map(literal));
        // GitHub's `patch` is the hunk part of the file's section; binary files have none.
        const at = section.indexOf("\n@@ ");
        const patch =
          at < 0 || entry.additions === null ? undefined : section.slice(at + 1).replace(/\n$/, "");
        const additions = entry.additions ?? 0;
        const deletions = entry.deletions ?? 0;
        const file = fileFromPatch({
          filename: entry.path,
          ...(entry.from !== undefined ? { previous_filename: entry.from } : {}),
          status: STATUS[letter] ?? "modified",
          additions,
          deletions,
          changes: additions + deletions,
          ...(patch !== undefined ? { patch } : {}),
          sha: letter === "D" ? (before.get(entry.path) ?? null) : (after.get(entry.path) ?? null),
        });
        const name = JSON.stringify(entry.path);
        expect(file.path, name).toBe(entry.path);
        expect(file.malformed, name).toBeUndefined();
        // The header the gate writes for the reviewer reads back as the same name.
        expect(
          parseUnifiedDiff(file.patch).files.map((f) => [f.path, f.malformed]),
          name,
        ).toEqual([[entry.path, undefined]]);
        countedLines += additions + deletions;
        if (patch !== undefined) {
          expect(file.patchOmitted, name).toBe(false);
          expect(shownLines(file), name).toEqual({ additions, deletions });
          seenLines += additions + deletions;
          continue;
        }
        const needsNoReview =
          additions + deletions === 0 &&
          ((letter === "R" && entry.from !== undefined) ||
            ((letter === "A" || letter === "D") &&
              file.path !== "" &&
              (letter === "D" ? before : after).get(entry.path) === EMPTY_BLOB));
        expect(file.patchOmitted, name).toBe(!needsNoReview);
      }
      expect(seenLines).toBe(countedLines);
      // The rule above is not vacuous: each kind of patchless file occurs.
      const kinds = numstat.map((e) => e.path);
      expect(kinds).toEqual(expect.arrayContaining(["bin/postinstall-helper", "script.sh", "empty-added"]));
      if (config.renames === "-M") expect(kinds).toEqual(expect.arrayContaining(["pure to.txt"]));
      else expect(kinds).toEqual(expect.arrayContaining(["empty-gone", "pure from.txt"]));
    });

    it("does not let a binary file, a mode change or a submodule-like entry count as seen", () => {
      const listed = (filename: string, status = "added") =>
        fileFromPatch({ filename, status, additions: 0, deletions: 0, changes: 0, sha: "f".repeat(40) });
      expect(listed("bin/postinstall-helper").patchOmitted).toBe(true);
      expect(listed("script.sh", "modified").patchOmitted).toBe(true);
      expect(listed("bin/postinstall-helper").omittedWhy).toMatch(
        /binary content, a mode change or a submodule/,
      );
    });
  },
);
