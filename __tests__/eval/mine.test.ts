// `verdict-gate eval mine` on a repository with known fixes and reverts (mine-repo.ts builds it with
// git): exactly the expected cases, labels, fix commits and evidence; every candidate left out named
// with its reason; byte-identical on a second run; picks.json applied again; and nothing of the clone
// run (its config and attributes name a program at every turn) and nothing written outside --out.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCaptured } from "../support/cli-io.js";
import { hasSymlink, type MinedRepo, makeMinedRepo } from "./mine-repo.js";

let repo: MinedRepo;
let root: string;
let first: { code: number; out: string; err: string };
const mine = (args: string[]) =>
  runCaptured(["eval", "mine", ...args], { cwd: root, env: { PATH: process.env.PATH ?? "" } });

/** Every file under `dir`, by path, with its bytes. */
function tree(dir: string, prefix = ""): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const rel = prefix === "" ? name : `${prefix}/${name}`;
    if (lstatSync(full).isDirectory()) for (const [p, b] of tree(full, rel)) files.set(p, b);
    else files.set(rel, readFileSync(full));
  }
  return files;
}

const json = (file: string) => JSON.parse(readFileSync(file, "utf8"));

beforeAll(async () => {
  repo = makeMinedRepo();
  root = path.dirname(repo.dir);
  first = await mine([repo.dir, "--out", "set", "--max-clean", "10", "--repository", "octo/lib"]);
}, 240_000);
afterAll(() => repo.cleanup());

describe("eval mine on a history with known fixes and reverts", () => {
  it("finds exactly the two defects and the three clean changes", () => {
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/^5 cases \(2 defect, 1 of them by a revert; 3 clean\) written to /);
    const id = (name: string) => `octo-lib-${repo.sha[name]?.slice(0, 10)}`;
    const cases = readdirSync(path.join(root, "set"))
      .filter((n) => lstatSync(path.join(root, "set", n)).isDirectory())
      .sort();
    expect(cases).toEqual(
      [id("rangeChange"), id("slugChange"), id("binaryFix"), id("cleanFormat"), id("oddNames")].sort(),
    );
    const range = json(path.join(root, "set", id("rangeChange"), "case.json"));
    expect(range.label).toBe("defect");
    expect(range.source).toMatchObject({
      repository: "octo/lib",
      base: repo.sha.root,
      head: repo.sha.rangeChange,
      fix: repo.sha.rangeFix,
      license: "MIT",
      subject: "range: negative steps",
      fix_subject: "range: end is exclusive again",
      kind: "fix-named",
    });
    expect(range.defects).toEqual([
      {
        path: "src/range.js",
        lines: [8, 8],
        description: expect.stringContaining(repo.sha.rangeFix?.slice(0, 12) as string),
        evidence: [{ path: "src/range.js", text: "  for (let i = start; i <= end; i += step) {" }],
      },
    ]);
    const slug = json(path.join(root, "set", id("slugChange"), "case.json"));
    expect(slug.source).toMatchObject({
      head: repo.sha.slugChange,
      fix: repo.sha.slugRevert,
      kind: "revert",
    });
    expect(slug.defects[0].evidence).toEqual([
      {
        path: "src/slug.js",
        text: [
          "export function slugify(text) {",
          "  return text",
          "    .toLowerCase()",
          "    .replace(/[^a-z0-9]+/g, '-')",
          "    .replace(/^-|-$/g, '');",
          "}",
        ].join("\n"),
      },
    ]);
    for (const name of ["binaryFix", "cleanFormat", "oddNames"]) {
      const c = json(path.join(root, "set", id(name), "case.json"));
      expect([c.label, c.source.head, c.defects, c.source.fix]).toEqual([
        "clean",
        repo.sha[name],
        [],
        undefined,
      ]);
    }
    // The odd names are the head's, byte for byte, in change.diff and base/.
    expect(readFileSync(path.join(root, "set", id("oddNames"), "base", "src", "my file.js"), "utf8")).toMatch(
      /spaced1 = 1/,
    );
    expect(existsSync(path.join(root, "set", id("oddNames"), "base", "src", "ünïcode.js"))).toBe(true);
    expect(existsSync(path.join(root, "set", id("oddNames"), "base", ".eslintrc.js"))).toBe(true);
    // git's own defaults, whatever the clone's config says (diff.noprefix, core.quotePath=false).
    const diff = readFileSync(path.join(root, "set", id("oddNames"), "change.diff"), "utf8");
    expect(diff).toContain(
      'diff --git "a/src/\\303\\274n\\303\\257code.js" "b/src/\\303\\274n\\303\\257code.js"',
    );
    expect(diff).toContain("diff --git a/.eslintrc.js b/.eslintrc.js");
  });

  it("names every candidate it left out, with why", () => {
    const report = json(path.join(root, "set", "mine-report.json"));
    const s = repo.sha;
    expect(
      report.skipped.map((x: { commit: string; fix?: string; reason: string }) => [
        x.commit,
        x.fix ?? null,
        x.reason,
      ]),
    ).toEqual(
      [
        [s.binary, s.binaryFix, "src/logo.png: a binary file"],
        [s.root, null, "not a clean case: a root commit: it has no parent to compare with"],
        [s.gitignore, null, expect.stringMatching(/^not a clean case: ".gitignore": a .gitignore file/)],
        [s.huge, null, "not a clean case: data/big.txt: over 1048576 bytes"],
        [
          s.rangeChange,
          s.unlinked,
          "the fix changes no code line this change wrote (blame at the fix's parent)",
        ],
        [
          s.touchedLater,
          null,
          `not clean: lines it wrote were changed by ${s.mathFix?.slice(0, 12)} "math: fix the bug in math3"`,
        ],
        [s.symlink, null, "not a clean case: it changes a symlink or a submodule"],
        ["deadbeef12", s.bogusRef, "names no commit of the clone, or more than one"],
      ].sort((a, b) => (`${a[0]}\0${a[1] ?? ""}` < `${b[0]}\0${b[1] ?? ""}` ? -1 : 1)),
    );
    expect(report).toMatchObject({
      repository: "octo/lib",
      tip: s.tip,
      tip_date: "2024-06-01",
      commits: 17,
      references: 5,
      linked: 3,
      cases: { defect: 2, clean: 3, reverts: 1 },
      watched_days: { min: 365, median: 365, under_a_year: 0 },
    });
  });

  it("says in its README what the labels rest on and cannot know", () => {
    const readme = readFileSync(path.join(root, "set", "README.md"), "utf8");
    expect(readme).toContain("The labels come from commit messages.");
    expect(readme).toContain("A clean case may hold a bug nobody has fixed yet");
    expect(readme).toContain("1 of the 2 defects (50.0 %) were found by a revert.");
    expect(readme).toContain("Every clean case was watched for a full year after it was committed.");
  });

  it("runs nothing of the clone, follows no link and writes nothing outside --out", () => {
    expect(existsSync(repo.pwned)).toBe(false);
    expect(hasSymlink(path.join(root, "set"))).toBe(false);
    expect(readdirSync(root).sort()).toEqual(["clone", "home", "pwn.sh", "set"]);
  });

  it("writes the same set, byte for byte, on a second run", async () => {
    const again = await mine([repo.dir, "--out", "again", "--max-clean", "10", "--repository", "octo/lib"]);
    expect(again.code, again.err).toBe(0);
    const a = tree(path.join(root, "set"));
    const b = tree(path.join(root, "again"));
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [p, bytes] of a) expect(b.get(p)?.equals(bytes), p).toBe(true);
    expect(a.size).toBeGreaterThanOrEqual(20);
  }, 240_000);

  it("builds exactly the kept picks again, keeping picks.json as the person wrote it", async () => {
    const picksFile = path.join(root, "set", "picks.json");
    const picks = json(picksFile);
    const slug = picks.cases.find((c: { head: string }) => c.head === repo.sha.slugChange);
    slug.keep = false;
    slug.notes = "a revert for timing, not a bug";
    const text = `${JSON.stringify(picks, null, 2)}\n`;
    writeFileSync(picksFile, text);
    const r = await mine([repo.dir, "--out", "set", "--picks", "set/picks.json", "--repository", "octo/lib"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^4 cases \(1 defect, 0 of them by a revert; 3 clean\)/);
    expect(existsSync(path.join(root, "set", `octo-lib-${repo.sha.slugChange?.slice(0, 10)}`))).toBe(false);
    expect(readFileSync(picksFile, "utf8")).toBe(text);
    expect(json(path.join(root, "set", "mine-report.json")).options).toEqual({ picks: "picks.json" });
  }, 240_000);

  it("keeps to --since and --paths", async () => {
    const r = await mine([repo.dir, "--out", "narrow", "--since", "2022-02-15", "--paths", "src/slug.js"]);
    expect(r.code, r.err).toBe(0);
    const report = json(path.join(root, "narrow", "mine-report.json"));
    expect(report.built.map((b: { head: string; label: string }) => [b.head, b.label])).toEqual([
      [repo.sha.slugChange, "defect"],
    ]);
    expect(report.skipped).toContainEqual({
      commit: repo.sha.rangeChange,
      fix: repo.sha.rangeFix,
      ref: repo.sha.rangeChange?.slice(0, 9),
      reason: "outside --since/--until",
    });
  }, 240_000);
});

describe("what eval mine refuses (exit 2, nothing written)", () => {
  it.each([
    [["CLONE"], /name the set to write: --out SET-DIR/],
    [["--out", "x"], /name the clone to mine/],
    [["CLONE", "--out", "x", "--since", "last year"], /--since takes a date/],
    [["CLONE", "--out", "x", "--max-defects", "lots"], /--max-defects takes a whole number/],
    [
      ["CLONE", "--out", "x", "--picks", "p.json", "--since", "2022-01-01"],
      /with --picks the picks choose them/,
    ],
    [["CLONE", "--out", "x", "--repos", "r"], /--repos is for --picks/],
    // Missing parents are made (docs/eval-clone.test.ts mines into one), but never through a file.
    [["CLONE", "--out", "pwn.sh/no/x"], /\/pwn\.sh is not a directory/],
    [["CLONE", "--out", "x", "--paths", "[unclosed"], /--paths "\[unclosed"/],
  ])("eval mine %j", async (args, message) => {
    const r = await mine(args.map((a) => (a === "CLONE" ? repo.dir : a)));
    expect(r.code, r.out).toBe(2);
    expect(r.err).toMatch(message);
    expect(existsSync(path.join(root, "x"))).toBe(false);
  });

  it("an --out holding other files, a directory that is no clone, a shallow clone", async () => {
    mkdirSync(path.join(root, "mine-refusals", "someone"), { recursive: true });
    writeFileSync(path.join(root, "mine-refusals", "notes.txt"), "keep me\n");
    const foreign = await mine([repo.dir, "--out", "mine-refusals"]);
    expect(foreign.code).toBe(2);
    expect(foreign.err).toMatch(/holds notes\.txt, which is not part of a set/);
    expect(readFileSync(path.join(root, "mine-refusals", "notes.txt"), "utf8")).toBe("keep me\n");
    const notClone = await mine([path.join(root, "home"), "--out", "y"]);
    expect(notClone.code).toBe(2);
    expect(notClone.err).toMatch(/is not a git clone/);
    writeFileSync(path.join(repo.dir, ".git", "shallow"), `${repo.sha.rangeChange}\n`);
    try {
      const shallow = await mine([repo.dir, "--out", "y"]);
      expect(shallow.code).toBe(2);
      expect(shallow.err).toMatch(/is a shallow clone/);
    } finally {
      writeFileSync(path.join(repo.dir, ".git", "shallow"), "");
      // An empty shallow file still says shallow; remove it so later tests read the whole history.
      (await import("node:fs")).rmSync(path.join(repo.dir, ".git", "shallow"));
    }
    expect(existsSync(path.join(root, "y"))).toBe(false);
  });
});
