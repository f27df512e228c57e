// A diff applied to its base in memory (src/diff/apply.ts), against git: the head it rebuilds is the
// head git committed, byte for byte, for every kind of change git writes (renames with and without
// edits, mode changes, CR LF lines, files without a final newline, empty files), and for random edits
// of random files; what a unified diff cannot carry (a binary change, a symlink) is unknown, never
// guessed; and a diff that does not fit its base is refused with a reason, never half applied.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyDiff } from "../../src/diff/apply.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { createHostileRepo, type HostileRepo } from "./hostile-repo.js";

/** Every regular file of a commit, by path, read with one `git cat-file --batch`. */
function filesAt(
  git: (args: readonly string[], input?: string) => Buffer,
  commit: string,
): Map<string, Uint8Array> {
  const entries = git(["ls-tree", "-r", "-z", commit])
    .toString("utf8")
    .split("\0")
    .filter((r) => r !== "")
    .map((r) => {
      const tab = r.indexOf("\t");
      const [mode, , id] = r.slice(0, tab).split(" ") as [string, string, string];
      return { mode, id, path: r.slice(tab + 1) };
    })
    .filter((e) => e.mode === "100644" || e.mode === "100755");
  const out = git(["cat-file", "--batch"], `${entries.map((e) => e.id).join("\n")}\n`);
  const files = new Map<string, Uint8Array>();
  let at = 0;
  for (const e of entries) {
    const header = out.subarray(at, out.indexOf(10, at)).toString("utf8");
    const size = Number(header.split(" ")[2]);
    const start = out.indexOf(10, at) + 1;
    files.set(e.path, new Uint8Array(out.subarray(start, start + size)));
    at = start + size + 1;
  }
  return files;
}

describe("a diff applied to its base, against git's own head", () => {
  let repo: HostileRepo;
  const git = (args: readonly string[], input?: string) =>
    execFileSync("git", args, {
      cwd: repo.dir,
      ...(input !== undefined ? { input } : {}),
      maxBuffer: 64 * 1024 * 1024,
    });
  beforeAll(() => {
    repo = createHostileRepo();
  });
  afterAll(() => repo.remove());

  it.each([["-M"], ["--no-renames"]])(
    "rebuilds every text file of the head byte for byte (git diff %s)",
    (renames) => {
      const base = filesAt(git, repo.base);
      const head = filesAt(git, repo.head);
      const diff = parseUnifiedDiff(
        git(["-c", "core.quotepath=true", "diff", renames, repo.base, repo.head]).toString("utf8"),
      );
      const applied = applyDiff(base, diff);
      if (!applied.ok) throw new Error(applied.problem);
      const { files, unknown } = applied.tree;
      const binary = new Set(diff.files.filter((f) => f.binary).map((f) => f.path));
      for (const [p, bytes] of head) {
        if (binary.has(p)) {
          expect(unknown.get(p), p).toMatch(/binary change/);
          continue;
        }
        expect(Buffer.from(files.get(p) ?? new Uint8Array([1, 2, 3])).equals(Buffer.from(bytes)), p).toBe(
          true,
        );
      }
      // Nothing the head does not have: the removed and renamed-away files are gone.
      for (const p of files.keys()) expect(head.has(p), p).toBe(true);
      // The symlinks are not files this tree can hold.
      expect(unknown.get("link-added")).toMatch(/symlink/);
      expect(unknown.get("link-changed")).toMatch(/symlink/);
      expect(files.has("gone.txt")).toBe(false);
      expect(files.has("old name.txt")).toBe(false);
    },
  );
});

describe("random edits of random files, against git", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-apply-"));
  const git = (args: readonly string[]) =>
    execFileSync("git", args, {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
    });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Few distinct lines, so git's hunks overlap, merge and repeat context; any final newline or none.
  const text = fc
    .tuple(fc.array(fc.constantFrom("a", "b", "c", "", "  d", "e\r"), { maxLength: 24 }), fc.boolean())
    .map(([lines, final]) => (lines.length === 0 ? "" : `${lines.join("\n")}${final ? "\n" : ""}`));

  it("rebuilds each head exactly (30 files a round, 5 rounds)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { minLength: 30, maxLength: 30 }), (pairs) => {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir);
        git(["init", "-q"]);
        const base = new Map<string, Uint8Array>();
        pairs.forEach(([before], i) => {
          writeFileSync(path.join(dir, `f${i}.txt`), before);
          base.set(`f${i}.txt`, new TextEncoder().encode(before));
        });
        git(["add", "-A"]);
        for (const [i, [, after]] of pairs.entries()) writeFileSync(path.join(dir, `f${i}.txt`), after);
        const diff = parseUnifiedDiff(git(["diff", "--no-color"]));
        const applied = applyDiff(base, diff);
        if (!applied.ok) throw new Error(applied.problem);
        pairs.forEach(([, after], i) => {
          expect(new TextDecoder().decode(applied.tree.files.get(`f${i}.txt`))).toBe(after);
        });
      }),
      { numRuns: 5 },
    );
  });
});

const MODIFY = `diff --git a/src/a.js b/src/a.js
index 1111111..2222222 100644
--- a/src/a.js
+++ b/src/a.js
@@ -1,3 +1,3 @@
 one
-two
+TWO
 three
`;

const bytes = (s: string) => new TextEncoder().encode(s);

describe("a diff that does not fit its base", () => {
  it("is refused when a context or deleted line differs, naming the file, the line and both texts", () => {
    const r = applyDiff(new Map([["src/a.js", bytes("one\n2\nthree\n")]]), parseUnifiedDiff(MODIFY));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problem).toMatch(/src\/a\.js: .*line 2 to read "two", but base\/ has "2"/);
  });

  it("is refused when the file it changes is not in base/", () => {
    const r = applyDiff(new Map(), parseUnifiedDiff(MODIFY));
    expect(!r.ok && r.problem).toMatch(/changes src\/a\.js, which base\/ does not have/);
  });

  it("is refused when it adds a file base/ already has", () => {
    const added =
      "diff --git a/n.txt b/n.txt\nnew file mode 100644\nindex 0000000..3333333\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+x\n";
    const r = applyDiff(new Map([["n.txt", bytes("old\n")]]), parseUnifiedDiff(added));
    expect(!r.ok && r.problem).toMatch(/adds n\.txt, which base\/ already has/);
  });

  it("is refused when the base's last line has a newline the diff says it lacks, and the other way round", () => {
    const noNewline = `diff --git a/t b/t\nindex 1111111..2222222 100644\n--- a/t\n+++ b/t\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n`;
    expect(applyDiff(new Map([["t", bytes("x\n")]]), parseUnifiedDiff(noNewline)).ok).toBe(false);
    expect(applyDiff(new Map([["t", bytes("x")]]), parseUnifiedDiff(noNewline))).toEqual({
      ok: true,
      tree: { files: new Map([["t", bytes("y\n")]]), unknown: new Map() },
    });
    const withNewline = `diff --git a/t b/t\nindex 1111111..2222222 100644\n--- a/t\n+++ b/t\n@@ -1 +1 @@\n-x\n+y\n`;
    expect(applyDiff(new Map([["t", bytes("x")]]), parseUnifiedDiff(withNewline)).ok).toBe(false);
  });

  it("is refused when it is malformed, and when base/ holds bytes that are not UTF-8 where a hunk applies", () => {
    const cut = MODIFY.replace(" three\n", "");
    expect(
      applyDiff(new Map([["src/a.js", bytes("one\ntwo\nthree\n")]]), parseUnifiedDiff(cut)),
    ).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/malformed/),
    });
    const latin1 = new Uint8Array([0x6f, 0x6e, 0x65, 0x0a, 0xe9, 0x0a]);
    expect(applyDiff(new Map([["src/a.js", latin1]]), parseUnifiedDiff(MODIFY))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/not UTF-8/),
    });
  });
});
