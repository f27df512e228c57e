// The pure parts of incremental rounds: a file's key, which file a block's reason names, and what is
// kept after a round.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  earlierAbout,
  filesOfReason,
  namedPath,
  nextVerdicts,
  splitForReuse,
  verdictsByKey,
} from "../../src/reviewer-stage/file-reuse.js";
import { type FileConditions, fileConditions, fileKey, fileKeys } from "../../src/reviewer-stage/keys.js";
import { file } from "../review/diff-fixtures.js";

const A = file({ path: "src/a.ts", adds: 2 });
const B = file({ path: "src/b.ts", adds: 2 });

describe("a file's key", () => {
  it("is 128 bits in base64url, and changes with any byte of the patch, the path or the conditions", () => {
    const key = fileKey("c", A);
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(fileKey("c", A)).toBe(key);
    expect(fileKey("d", A)).not.toBe(key);
    expect(fileKey("c", { ...A, path: "src/z.ts" })).not.toBe(key);
    expect(fileKey("c", { ...A, previousPath: "src/old.ts" })).not.toBe(key);
    fc.assert(
      fc.property(fc.nat({ max: A.patch.length - 1 }), fc.integer({ min: 1, max: 0xffff }), (at, code) => {
        const ch = String.fromCharCode(code);
        fc.pre(A.patch[at] !== ch);
        const changed = `${A.patch.slice(0, at)}${ch}${A.patch.slice(at + 1)}`;
        expect(fileKey("c", { ...A, patch: changed })).not.toBe(key);
      }),
    );
  });
});

describe("which file a reason names", () => {
  it("reads the location a BLOCKING line starts with, as reviewers decorate it", () => {
    expect(namedPath("src/a.ts:12 — null check")).toBe("src/a.ts");
    expect(namedPath("src/a.ts:12-15 — null check")).toBe("src/a.ts");
    expect(namedPath("`src/a.ts:3` — null check")).toBe("src/a.ts");
    expect(namedPath("b/src/a.ts:3 — null check")).toBe("b/src/a.ts");
    expect(namedPath(".github/workflows/x.yml:3 — null check")).toBe(".github/workflows/x.yml");
    expect(namedPath("src/a.ts — (no reason given)")).toBe("src/a.ts");
    expect(namedPath("the error handling is wrong")).toBeUndefined();
  });

  it("matches a named path as written first, then as the diff spells it", () => {
    expect(filesOfReason("b/src/b.ts:1 — bad", [A, B])).toEqual([B]);
    expect(filesOfReason("./src/b.ts:1 — bad", [A, B])).toEqual([B]);
    // A real directory named `a` is the file as written, never another one.
    const nested = { ...B, path: "a/src/b.ts" };
    expect(filesOfReason("a/src/b.ts:1 — bad", [B, nested])).toEqual([nested]);
    const dot = { ...B, path: ".github/ci.yml" };
    expect(earlierAbout([{ reason: ".github/ci.yml:2 — bad" }], [A, dot])[0]?.file).toBe(".github/ci.yml");
  });

  it("stands for the file it names, or the whole chunk when it names none of the chunk's files", () => {
    expect(filesOfReason("src/b.ts:1 — bad", [A, B])).toEqual([B]);
    expect(filesOfReason("src/other.ts:1 — bad", [A, B])).toEqual([A, B]);
    expect(filesOfReason("bad design", [A, B])).toEqual([A, B]);
  });
});

describe("what a round keeps", () => {
  const chunk = { index: 0, files: [A, B], tokens: 10 };
  const conditions: FileConditions = fileConditions({
    reviewer: "openai gpt-test",
    binding: { base: "b".repeat(40), contract: "none", settings: "5".repeat(64) },
    base: { includePrDescription: false },
  });
  const keys = new Map([
    [A, fileKeys(conditions, A)],
    [B, fileKeys(conditions, B)],
  ]);

  it("keeps an approve for every file of the chunk, and nothing for a hold", () => {
    const kept = nextVerdicts(3, [], [{ chunk, answer: { kind: "approve" } }], keys);
    expect(kept).toEqual({
      approved: [{ round: 3, keys: `${keys.get(A)?.approve}${keys.get(B)?.approve}` }],
      blocked: [],
    });
    expect(nextVerdicts(3, [], [{ chunk, answer: { kind: "other" } }], keys)).toEqual({
      approved: [],
      blocked: [],
    });
  });

  it("keeps a block for the file its reason names only; the other file is asked again", () => {
    const kept = nextVerdicts(
      2,
      [],
      [{ chunk, answer: { kind: "block", reasons: [{ id: "1".repeat(32), text: "src/a.ts:1 — bad" }] } }],
      keys,
    );
    expect(kept.blocked).toEqual([{ round: 2, key: keys.get(A)?.block, reasonIds: ["1".repeat(32)] }]);
    expect(kept.approved).toEqual([]);
    const next = splitForReuse([chunk], conditions, verdictsByKey(kept), false);
    expect(next.asked).toEqual([B]);
  });

  it("counts a key kept as both approved and blocked (an edited history) as blocked", () => {
    const key = keys.get(A)?.block as string;
    const byKey = verdictsByKey({
      approved: [{ round: 1, keys: key }],
      blocked: [{ round: 1, key, reasonIds: ["2".repeat(32)] }],
    });
    expect(byKey.get(key)?.kind).toBe("block");
  });
});

describe("earlierAbout", () => {
  const files = [{ path: "src/a.ts" }, { path: "src/new.ts", previousPath: "src/old.ts" }];
  it("names the diff's file a reason is about, under a panel's label too, and no file otherwise", () => {
    const tagged = earlierAbout(
      [
        { round: 1, reason: "src/a.ts:3 — no timeout" },
        { round: 1, reason: "[beta] `src/old.ts:9` — callers not updated" },
        { round: 2, reason: "Tests: none added" },
        { round: 2, reason: "src/gone.ts:1 — reverted since" },
      ],
      files,
    );
    expect(tagged.map((r) => r.file)).toEqual(["src/a.ts", "src/new.ts", undefined, undefined]);
  });
});
