// `verdict-gate check`, in-process through the command frame: exit codes (0 PASS, 3 FAIL, 4 FLAG, 2
// invalid contract or usage), the table and the JSON, --diff, --evidence and --verify-evidence.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { UsageError } from "../../src/cli/io.js";
import { MAX_DIFF_BYTES, readDiff } from "../../src/cli/read-diff.js";
import { bundleHash } from "../../src/criteria/evidence/bundle-hash.js";
import { capturingIO, runCaptured } from "../support/cli-io.js";

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-check-"));
  mkdirSync(path.join(dir, "tree"));
  writeFileSync(
    path.join(dir, "tree", "incidents.md"),
    "# Q3\n## Incident 1\n## Incident 2\n## Incident 3\n",
  );
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function contract(criteria: unknown[], more: Record<string, unknown> = {}, name = "contract.json"): string {
  writeFileSync(
    path.join(dir, name),
    JSON.stringify({ intended_action: "Summarize the incidents", success_criteria: criteria, ...more }),
  );
  return name;
}

async function check(
  args: string[],
  options: { stdin?: string; tty?: boolean; env?: Record<string, string>; piped?: boolean } = {},
) {
  return runCaptured(["check", ...args], {
    readStdin: async () => Buffer.from(options.stdin ?? "", "utf8"),
    ...(options.piped === undefined ? {} : { stdinPiped: options.piped }),
    stdoutIsTTY: options.tty ?? false,
    env: options.env ?? {},
    cwd: dir,
  });
}

const exists = { id: "c1", type: "file_exists", path: "incidents.md", description: "summary written" };
const three = {
  id: "c2",
  type: "pattern_count_gte",
  path: "incidents.md",
  pattern: "^## Incident",
  min_count: 3,
};
const four = { ...three, id: "c3", min_count: 4 };

describe("exit codes", () => {
  test("PASS exits 0", async () => {
    const r = await check([contract([exists, three]), "--base-path", "tree"]);
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(r.out).toMatch(/^PASS {2}all 2 criteria passed\n/);
  });

  test("FAIL exits 3", async () => {
    expect((await check([contract([exists, four]), "--base-path", "tree"])).code).toBe(3);
  });

  test("FLAG exits 4: an unverifiable claim", async () => {
    expect(
      (await check([contract([exists], { unverifiable_claims: ["tone"] }), "--base-path", "tree"])).code,
    ).toBe(4);
  });

  test("FLAG exits 4: an escape is an error, never a pass", async () => {
    symlinkSync("/etc/passwd", path.join(dir, "tree", "passwd"));
    const r = await check([
      contract([{ id: "x", type: "file_contains", path: "passwd", pattern: "root" }]),
      "--base-path",
      "tree",
    ]);
    expect(r.code).toBe(4);
    expect(r.out).toContain("points outside the tree");
  });

  test("FLAG exits 4: nothing checkable", async () => {
    expect((await check([contract([]), "--base-path", "tree"])).code).toBe(4);
  });

  test("the base path defaults to the working directory", async () => {
    expect((await check([contract([{ ...exists, path: "tree/incidents.md" }])])).code).toBe(0);
  });
});

describe("invalid contracts and usage exit 2", () => {
  test("an invalid contract names the file, the criterion and the field", async () => {
    const r = await check([
      contract([{ id: "c9", type: "pattern_count_gte", path: "a", pattern: "(x)\\1", min_count: 1 }]),
      "--base-path",
      "tree",
    ]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(
      /^verdict-gate check: contract\.json: success_criteria\[0\] \(id "c9"\): field "pattern": /,
    );
  });

  test("malformed JSON", async () => {
    writeFileSync(path.join(dir, "bad.json"), "{ nope");
    const r = await check(["bad.json"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("bad.json: contract: not valid JSON");
  });

  test("a contract file that does not exist", async () => {
    const r = await check(["missing.json"]);
    expect(r).toMatchObject({ code: 2, out: "" });
    expect(r.err).toContain("cannot read the contract missing.json: there is no such file or directory");
  });

  test("a base path that is not a directory", async () => {
    const r = await check([contract([exists]), "--base-path", "nowhere"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--base-path nowhere");
  });

  test("no contract argument, and no default contract in the tree", async () => {
    const r = await check([]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `no contract: there is no .github/verdict-contract.json in ${dir}; name one (verdict-gate check FILE, or --contract FILE)`,
    );
    expect(r.err).toContain("usage: verdict-gate check [CONTRACT | --contract FILE]");
  });

  test("an unknown flag", async () => {
    expect((await check([contract([exists]), "--jsno"])).code).toBe(2);
  });

  test("two contracts", async () => {
    expect((await check(["a.json", "b.json"])).code).toBe(2);
    const both = await check(["a.json", "--contract", "b.json"]);
    expect(both.code).toBe(2);
    expect(both.err).toContain('two contracts: "a.json" and --contract "b.json"; name one');
  });

  test("--verify-evidence with a contract", async () => {
    const r = await check([contract([exists]), "--verify-evidence", "x.json"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--verify-evidence takes no contract");
  });

  test("a contract that is not UTF-8", async () => {
    writeFileSync(path.join(dir, "latin1.json"), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    const r = await check(["latin1.json"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("latin1.json: contract: not UTF-8 text");
  });

  test("--evidence - is refused (standard output carries the report)", async () => {
    const r = await check([contract([exists]), "--evidence", "-"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--evidence needs a file name");
  });

  test("an unwritable evidence path", async () => {
    const r = await check([contract([exists]), "--base-path", "tree", "--evidence", "no/such/dir/e.json"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("cannot write the evidence bundle");
  });
});

describe("output", () => {
  test("the table lists every criterion with its status and reason", async () => {
    const r = await check([
      contract([exists, four], { unverifiable_claims: ["tone is right"] }),
      "--base-path",
      "tree",
    ]);
    expect(r.out).toBe(
      [
        "FAIL  1 of 2 criteria failed: c3: /^## Incident/ matches 3 times in incidents.md (needs 4)",
        "intended action: Summarize the incidents",
        "",
        "  status  id  type               reason",
        "  pass    c1  file_exists        incidents.md exists (47 bytes)",
        "  FAIL    c3  pattern_count_gte  /^## Incident/ matches 3 times in incidents.md (needs 4)",
        "",
        "unverifiable claims (each holds the verdict at FLAG until a person judges it):",
        "  - tone is right",
        "",
      ].join("\n"),
    );
  });

  test("colour only on a terminal, and never with NO_COLOR", async () => {
    const name = contract([exists]);
    expect((await check([name, "--base-path", "tree"], { tty: true })).out).toContain(
      "\u001b[32mPASS\u001b[0m",
    );
    expect(
      (await check([name, "--base-path", "tree"], { tty: true, env: { NO_COLOR: "1" } })).out,
    ).not.toContain("\u001b[");
    expect((await check([name, "--base-path", "tree"], { tty: false })).out).not.toContain("\u001b[");
  });

  test("control characters from the tree never reach the terminal", async () => {
    // git quotes a name with an escape character; the name it stands for still holds one.
    const diff =
      'diff --git "a/x\\033[2J" "b/x\\033[2J"\n--- "a/x\\033[2J"\n+++ "b/x\\033[2J"\n@@ -0,0 +1 @@\n+a\n';
    writeFileSync(path.join(dir, "d.diff"), diff);
    writeFileSync(path.join(dir, "x\u001b[2J"), "a\n");
    const scope = contract([{ id: "s", type: "diff_paths_within", globs: ["src/**"] }]);
    const r = await check([scope, "--diff", "d.diff"], { tty: true });
    expect(r.code).toBe(3);
    expect(r.out).not.toContain("\u001b[2J");
    expect(r.out).toContain("\\u001b[2J");
    // The same name raw is not git's writing: refused, and the refusal escapes it too.
    writeFileSync(path.join(dir, "raw.diff"), diff.replaceAll('"', "").replaceAll("\\033", "\u001b"));
    const raw = await check([scope, "--diff", "raw.diff"], { tty: true });
    expect(raw.code).toBe(2);
    expect(raw.err).not.toContain("\u001b[2J");
    expect(raw.err).toContain("\\u001b[2J");
  });

  test("--json prints the report", async () => {
    const r = await check([contract([exists, four]), "--base-path", "tree", "--json"]);
    const json = JSON.parse(r.out);
    expect(json).toMatchObject({
      contract: "contract.json",
      verdict: "FAIL",
      reason: expect.stringContaining("c3"),
      unverifiable_claims: [],
      checks: [
        {
          id: "c1",
          type: "file_exists",
          status: "pass",
          evidence: { path: "incidents.md", found: "file", size: 47 },
        },
        {
          id: "c3",
          type: "pattern_count_gte",
          status: "fail",
          evidence: { count: 3, required: 4, first_match: { line: 2 } },
        },
      ],
    });
    expect(r.code).toBe(3);
  });
});

describe("--diff", () => {
  const diffText = [
    "diff --git a/src/a.ts b/src/a.ts",
    "--- a/src/a.ts",
    "+++ b/src/a.ts",
    "@@ -1 +1,2 @@",
    " keep",
    "+// TODO: later",
    "",
  ].join("\n");
  const todo = { id: "todo", type: "diff_added_absent", pattern: "TODO" };
  /** The tree as the diff's new side has it: a diff is checked only in the tree it is the change of. */
  const treeOf = (diff: string) => {
    mkdirSync(path.join(dir, "src"), { recursive: true });
    writeFileSync(
      path.join(dir, "src", "a.ts"),
      `keep\n${diff.includes("TODO") ? "// TODO: later" : "// done: later"}\n`,
    );
  };
  beforeEach(() => treeOf(diffText));

  test("reads a unified diff from a file", async () => {
    writeFileSync(path.join(dir, "pr.diff"), diffText);
    const r = await check([contract([todo]), "--diff", "pr.diff", "--json"]);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.out).checks[0].evidence.first_match).toMatchObject({ path: "src/a.ts", line: 2 });
  });

  test("reads a diff under git's mnemonic prefixes by git's names, so paths globs see the file", async () => {
    const scoped = { ...todo, paths: ["src/**"] };
    const mnemonic = diffText.replaceAll("a/src", "i/src").replaceAll("b/src", "w/src");
    expect((await check([contract([scoped]), "--diff", "-"], { stdin: mnemonic })).code).toBe(3);
    const noPrefix = diffText.replaceAll("a/src", "src").replaceAll("b/src", "src");
    expect((await check([contract([scoped]), "--diff", "-"], { stdin: noPrefix })).code).toBe(3);
  });

  test("refuses (exit 2) a header no prefix git writes can read, naming it", async () => {
    const custom = diffText.replaceAll("a/src", "SRC/src").replaceAll("b/src", "DST/src");
    const r = await check([contract([todo]), "--diff", "-"], { stdin: custom });
    expect(r).toMatchObject({ code: 2, out: "" });
    expect(r.err).toContain(
      'the diff from standard input is malformed, so nothing was checked: the header at line 1 ("diff --git SRC/src/a.ts DST/src/a.ts") cannot be read with certainty',
    );
  });

  test("refuses (exit 2) a hunk whose counts do not add up, naming the file and the hunk", async () => {
    const r = await check([contract([todo]), "--diff", "-"], {
      stdin: diffText.replace("@@ -1 +1,2 @@", "@@ -1 +1,5 @@"),
    });
    expect(r).toMatchObject({ code: 2, out: "" });
    expect(r.err).toContain(
      'src/a.ts: hunk "@@ -1 +1,5 @@" at line 4 promises 1 old and 5 new line(s), but 1 and 2 follow',
    );
  });

  test("reads it from standard input with -", async () => {
    expect((await check([contract([todo]), "--diff", "-"], { stdin: diffText })).code).toBe(3);
    treeOf("done");
    expect(
      (await check([contract([todo]), "--diff", "-"], { stdin: diffText.replace("TODO", "done") })).code,
    ).toBe(0);
  });

  test("reads standard input within the byte limit, as verdict does", async () => {
    const asked: (number | undefined)[] = [];
    const r = await runCaptured(["check", contract([todo]), "--diff", "-"], {
      readStdin: async (max) => {
        asked.push(max);
        return Buffer.from(diffText, "utf8");
      },
      cwd: dir,
    });
    expect(r.code).toBe(3);
    expect(asked).toEqual([MAX_DIFF_BYTES]);
  });

  describe("without --diff, a piped diff is read as review reads it (issue 35)", () => {
    test("`git diff HEAD~1 | verdict-gate check --contract real.json` judges the piped diff", async () => {
      const r = await check(["--contract", contract([todo]), "--json"], { stdin: diffText, piped: true });
      expect(r.code).toBe(3);
      const checks = (JSON.parse(r.out) as { checks: { id: string; status: string; reason: string }[] })
        .checks;
      expect(checks).toEqual([expect.objectContaining({ id: "todo", status: "fail" })]);
      expect(r.out).not.toContain("no diff was given");
      treeOf("done");
      const clean = await check([contract([todo])], { stdin: diffText.replace("TODO", "done"), piped: true });
      expect(clean.code).toBe(0);
    });

    test("a piped input that is not a diff is refused as review refuses it (exit 2)", async () => {
      const r = await check([contract([todo])], { stdin: "hello\n", piped: true });
      expect(r).toMatchObject({ code: 2, out: "" });
      expect(r.err).toContain("the input from standard input holds no file diffs");
    });

    test("nothing piped (a terminal, /dev/null): standard input is never read, and the criteria say how to give a diff", async () => {
      const r = await runCaptured(["check", contract([todo]), "--json"], {
        readStdin: async () => {
          throw new Error("standard input must not be read");
        },
        stdinPiped: false,
        cwd: dir,
      });
      expect(r.code).toBe(4);
      expect(r.out).toContain(
        "this criterion judges the change, and no diff was given (pipe one in, or use --diff FILE)",
      );
    });

    test("an empty pipe is no diff, said in the criteria: never a pass", async () => {
      const r = await check([contract([todo]), "--json"], { stdin: "", piped: true });
      expect(r.code).toBe(4);
      expect(r.out).toContain(
        "no diff was given (standard input was empty; pipe one in, or use --diff FILE)",
      );
    });
  });

  test("empty input is refused (exit 2), never read as a change that passes every diff criterion", async () => {
    const r = await check([contract([todo]), "--diff", "-"], { stdin: "" });
    expect(r).toMatchObject({ code: 2, out: "" });
    expect(r.err).toContain("the diff from standard input is empty");
  });

  test("input that is not a diff is refused (exit 2), from a file or standard input", async () => {
    writeFileSync(path.join(dir, "notes.txt"), "just some notes\n");
    const fromFile = await check([contract([todo]), "--diff", "notes.txt"]);
    expect(fromFile).toMatchObject({ code: 2, out: "" });
    expect(fromFile.err).toContain("the input from notes.txt holds no file diffs");
    const fromStdin = await check([contract([todo]), "--diff", "-"], { stdin: "hello\n" });
    expect(fromStdin.code).toBe(2);
    expect(fromStdin.err).toContain("holds no file diffs");
  });

  test("a diff file that cannot be read is exit 2", async () => {
    const r = await check([contract([todo]), "--diff", "missing.diff"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--diff missing.diff: cannot read it: there is no such file or directory");
  });

  test("the shared reader refuses input over the limit, from standard input or a file", async () => {
    const asked: (number | undefined)[] = [];
    const { io } = capturingIO({
      cwd: dir,
      readStdin: async (max) => {
        asked.push(max);
        return Buffer.from(diffText.repeat(4), "utf8");
      },
    });
    await expect(readDiff(io, "-", { pipe: "p", maxBytes: 64 })).rejects.toThrow(UsageError);
    await expect(readDiff(io, "-", { pipe: "p", maxBytes: 64 })).rejects.toThrow(/over the 64-byte limit/);
    expect(asked).toEqual([64, 64]);
    writeFileSync(path.join(dir, "big.diff"), diffText.repeat(4));
    await expect(readDiff(io, "big.diff", { pipe: "p", maxBytes: 64 })).rejects.toThrow(
      /over the 64-byte limit/,
    );
    expect((await readDiff(io, "big.diff", { pipe: "p" })).diff.files).toHaveLength(4);
  });

  test("without --diff, diff criteria cannot run: FLAG", async () => {
    const r = await check([contract([todo])]);
    expect(r.code).toBe(4);
    expect(r.out).toContain("no diff was given (pipe one in, or use --diff FILE)");
  });
});

describe("--evidence and --verify-evidence", () => {
  test("writes a bundle that verifies intact, with the same exit code", async () => {
    const name = contract([exists, three]);
    const made = await check([name, "--base-path", "tree", "--evidence", "evidence.json"]);
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/evidence: evidence\.json \(bundle_hash [0-9a-f]{64}\)/);
    const bundle = JSON.parse(readFileSync(path.join(dir, "evidence.json"), "utf8"));
    expect(bundle.format).toBe("verdict-gate-evidence/1");
    const verified = await check(["--verify-evidence", "evidence.json"]);
    expect(verified.code).toBe(0);
    expect(verified.out).toContain("intact: every hash matches");
    const json = JSON.parse((await check(["--verify-evidence", "evidence.json", "--json"])).out);
    expect(json).toMatchObject({
      verdict: "PASS",
      intact: true,
      problems: [],
      bundle_hash: bundle.bundle_hash,
      recorded_verdict: "PASS",
    });
  });

  test("--json with --evidence names the bundle", async () => {
    const r = await check([contract([exists]), "--base-path", "tree", "--evidence", "e.json", "--json"]);
    expect(JSON.parse(r.out).evidence_bundle).toMatchObject({
      file: "e.json",
      bundle_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  test("a tampered bundle fails verification with exit 3", async () => {
    await check([contract([exists, three]), "--base-path", "tree", "--evidence", "evidence.json"]);
    const file = path.join(dir, "evidence.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"verdict":"PASS"', '"verdict":"FAIL"'));
    const r = await check(["--verify-evidence", "evidence.json"]);
    expect(r.code).toBe(3);
    expect(r.out).toContain("NOT INTACT");
    expect(r.out).toContain("bundle_hash does not match");
  });

  test("a bundle with a repeated key is exit 2, naming it: a reader would see one value, the verifier use another", async () => {
    await check([contract([exists]), "--base-path", "tree", "--evidence", "evidence.json"]);
    const file = path.join(dir, "evidence.json");
    // The first bundle_hash is what a person reads; JSON.parse would keep the second.
    writeFileSync(file, readFileSync(file, "utf8").replace("{", `{"bundle_hash":"${"0".repeat(64)}",`));
    const r = await check(["--verify-evidence", "evidence.json"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('duplicate key "bundle_hash" at /bundle_hash (line 1, column');
  });

  test("a bundle that is not JSON is exit 2", async () => {
    writeFileSync(path.join(dir, "x.json"), "nope");
    const r = await check(["--verify-evidence", "x.json"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("x.json is not JSON");
  });
});

describe("--verify-evidence proves only what it can: --bundle-hash", () => {
  /** Collects a bundle, then edits its recorded report and recomputes every hash, as anyone can. */
  async function resealed(): Promise<{ recorded: string; forged: string }> {
    await check([contract([exists, four]), "--base-path", "tree", "--evidence", "evidence.json"]);
    const file = path.join(dir, "evidence.json");
    const bundle = JSON.parse(readFileSync(file, "utf8"));
    const recorded: string = bundle.bundle_hash;
    const { bundle_hash: _old, ...body } = bundle;
    body.report = { ...body.report, reason: "forged" };
    const forged = bundleHash(body);
    writeFileSync(file, JSON.stringify({ ...body, bundle_hash: forged }));
    return { recorded, forged };
  }

  test("a self-consistent tampered bundle with the recorded hash pinned: FAIL (exit 3), naming both", async () => {
    const { recorded, forged } = await resealed();
    const r = await check(["--verify-evidence", "evidence.json", "--bundle-hash", recorded]);
    expect(r.code).toBe(3);
    expect(r.out).toContain("NOT INTACT");
    expect(r.out).toContain(
      `the bundle hashes to ${forged}, not to ${recorded}, the bundle_hash recorded when it was collected`,
    );
    const json = JSON.parse(
      (await check(["--verify-evidence", "evidence.json", "--bundle-hash", recorded.toUpperCase(), "--json"]))
        .out,
    );
    expect(json).toMatchObject({
      verdict: "FAIL",
      intact: false,
      bundle_hash_pinned: true,
      expected_bundle_hash: recorded,
    });
  });

  test("without --bundle-hash, an intact bundle is said to be only self-consistent", async () => {
    await resealed();
    const r = await check(["--verify-evidence", "evidence.json"]);
    expect(r.out).toContain("intact: every hash matches");
    expect(r.out).toContain("only self-consistent");
    expect(r.out).toContain("--bundle-hash");
    const json = JSON.parse((await check(["--verify-evidence", "evidence.json", "--json"])).out);
    expect(json).toMatchObject({ intact: true, bundle_hash_pinned: false, expected_bundle_hash: null });
  });

  test("the untouched bundle with its recorded hash: the note gives way to the pin", async () => {
    const made = await check([
      contract([exists, three]),
      "--base-path",
      "tree",
      "--evidence",
      "e.json",
      "--json",
    ]);
    const recorded = JSON.parse(made.out).evidence_bundle.bundle_hash as string;
    const r = await check(["--verify-evidence", "e.json", "--bundle-hash", recorded]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("pinned: the bundle_hash is the one given with --bundle-hash");
    expect(r.out).not.toContain("only self-consistent");
    expect(
      JSON.parse((await check(["--verify-evidence", "e.json", "--bundle-hash", recorded, "--json"])).out),
    ).toMatchObject({ verdict: "PASS", bundle_hash_pinned: true });
  });

  test("--bundle-hash must be 64 hex digits, and goes with --verify-evidence only (exit 2)", async () => {
    const bad = await check(["--verify-evidence", "e.json", "--bundle-hash", "abc"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--bundle-hash expects the 64 hex digits");
    const alone = await check([contract([exists]), "--bundle-hash", "0".repeat(64)]);
    expect(alone.code).toBe(2);
    expect(alone.err).toContain("--bundle-hash goes with --verify-evidence");
  });
});

describe("the contract and the tree, found as `review` finds them", () => {
  test("--contract FILE names the contract, like CONTRACT", async () => {
    const name = contract([exists, three]);
    const flagged = await check(["--contract", name, "--base-path", "tree", "--json"]);
    const positional = await check([name, "--base-path", "tree", "--json"]);
    expect(flagged.code, flagged.err).toBe(0);
    expect(JSON.parse(flagged.out)).toEqual(JSON.parse(positional.out));
  });

  test("run from a subdirectory of a repository, it reads the default contract and the tree at the top level", async () => {
    const repo = path.join(dir, "repo");
    mkdirSync(path.join(repo, ".git"), { recursive: true });
    mkdirSync(path.join(repo, ".github"));
    mkdirSync(path.join(repo, "src", "deep"), { recursive: true });
    writeFileSync(path.join(repo, "incidents.md"), "## Incident 1\n");
    writeFileSync(
      path.join(repo, ".github", "verdict-contract.json"),
      JSON.stringify({ intended_action: "x", success_criteria: [exists] }),
    );
    for (const cwd of [repo, path.join(repo, "src", "deep")]) {
      const r = await runCaptured(["check", "--json"], { cwd });
      expect(r.code, r.err).toBe(0);
      expect(r.err).toBe("");
      expect(JSON.parse(r.out).checks[0]).toMatchObject({ id: "c1", status: "pass" });
    }
  });

  test("outside a git repository with no --base-path, it says which directory the criteria read", async () => {
    const name = contract([exists]);
    const r = await check([name]);
    expect(r.code).toBe(3);
    expect(r.err).toBe(
      `verdict-gate check: note: not inside a git repository, so the criteria read the current directory ${dir} (--base-path DIR names another)\n`,
    );
    expect((await check([name, "--base-path", "tree"])).err).toBe("");
  });
});
