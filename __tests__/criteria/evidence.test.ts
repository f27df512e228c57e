// Evidence: collect a content-addressed bundle, verify it without the tree, detect any tampering, and
// never let a truncated artifact re-run as a pass.
import fc from "fast-check";
import initSqlJs from "sql.js";
import { describe, expect, test } from "vitest";
import type { ContractInput } from "../../src/criteria/contract-schema.js";
import { type Artifact, DEFAULT_CAPS, type EvidenceBundle } from "../../src/criteria/evidence/bundle.js";
import { bundleHash } from "../../src/criteria/evidence/bundle-hash.js";
import { collectEvidence } from "../../src/criteria/evidence/collect.js";
import { verifyEvidence } from "../../src/criteria/evidence/verify.js";
import type { Diff } from "../../src/diff/types.js";
import { canonicalJson, canonicalSha256, sha256Hex } from "../../src/util/canonical-json.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { contractOf, makeTree, type Node } from "./fixture-tree.js";

type Criteria = ContractInput["success_criteria"];

async function database(): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run("CREATE TABLE events(x); INSERT INTO events VALUES (1), (2);");
  const bytes = db.export();
  db.close();
  return bytes;
}

const diff: Diff = {
  source: "unified",
  truncated: false,
  files: [
    {
      path: "src/a.ts",
      status: "modified",
      binary: false,
      additions: 1,
      deletions: 0,
      patchOmitted: false,
      patch: "diff --git a/src/a.ts b/src/a.ts\n…",
      hunks: [
        {
          header: "@@ -0,0 +1 @@",
          oldStart: 0,
          oldLines: 0,
          newStart: 1,
          newLines: 1,
          lines: [{ kind: "add", text: "const a = 1;", newLine: 1 }],
        },
      ],
    },
  ],
};

const everyKind: Criteria = [
  { id: "exists", type: "file_exists", path: "incidents.md" },
  { id: "nonempty", type: "file_nonempty", path: "incidents.md" },
  { id: "contains", type: "file_contains", path: "incidents.md", pattern: "^## Incident" },
  { id: "count", type: "pattern_count_gte", path: "incidents.md", pattern: "^## Incident", min_count: 2 },
  { id: "lines", type: "line_count_gte", path: "incidents.md", min_count: 3 },
  { id: "dir", type: "dir_exists", path: "docs" },
  { id: "json", type: "json_valid", path: "data.json" },
  { id: "rows", type: "sqlite_table_has_rows", path: "app.db", table: "events" },
  { id: "absent", type: "path_absent", path: "secrets.env" },
  { id: "todo", type: "diff_added_absent", pattern: "TODO" },
  { id: "scope", type: "diff_paths_within", globs: ["src/**"] },
];

async function tree(): Promise<Record<string, Node>> {
  return {
    "incidents.md": "# Q3\n## Incident 1\n## Incident 2\n",
    "docs/readme.md": "docs",
    "data.json": '{"a": [1, 2, 3]}',
    "app.db": await database(),
  };
}

async function collect(
  criteria: Criteria,
  nodes: Record<string, Node>,
  caps = DEFAULT_CAPS,
  d: Diff | undefined = diff,
) {
  const { root } = makeTree(nodes, { "outside.txt": "secret" });
  return collectEvidence(contractOf(criteria), { tree: openTree(root), diff: d }, caps);
}

/** A bundle as a file would hold it. */
const roundTrip = (bundle: unknown): EvidenceBundle => JSON.parse(JSON.stringify(bundle)) as EvidenceBundle;

/** Recomputes every hash after an edit: what a forger who knows the format would do. */
function reseal(bundle: EvidenceBundle): EvidenceBundle {
  const artifacts: Record<string, Artifact> = {};
  for (const [key, a] of Object.entries(bundle.artifacts)) {
    if (a.op === "read") {
      const bytes = Buffer.from(a.content, "base64");
      const sha = sha256Hex(bytes);
      const n = bytes.length;
      artifacts[key] = {
        ...a,
        size: n,
        bytes_read: n,
        content_bytes: n,
        content_sha256: sha,
        sha256: sha,
        truncated: false,
      };
    } else {
      const { sha256: _old, ...payload } = a;
      artifacts[key] = { ...payload, sha256: canonicalSha256(payload) } as Artifact;
    }
  }
  const { bundle_hash: _h, ...body } = { ...bundle, artifacts };
  return { ...body, bundle_hash: bundleHash(body) };
}

describe("collect and verify", () => {
  test("a bundle of every kind of artifact verifies intact and re-runs to the same verdict", async () => {
    const bundle = await collect(everyKind, await tree());
    expect(bundle.report.verdict).toBe("PASS");
    expect(Object.keys(bundle.artifacts)).toEqual(
      expect.arrayContaining([
        "diff",
        "entry:incidents.md",
        "read:incidents.md",
        "list:docs",
        "json:data.json",
        "rows:app.db#events",
        "entry:secrets.env",
      ]),
    );
    const rows = bundle.artifacts["rows:app.db#events"];
    expect(rows).toMatchObject({ op: "rows", result: { kind: "rows", rows: 2 } });
    const result = await verifyEvidence(roundTrip(bundle));
    expect(result).toMatchObject({ intact: true, problems: [], verdict: "PASS", differences: [] });
    expect(result.report?.checks.map((c) => c.status)).toEqual(everyKind.map(() => "pass"));
  });

  test("file artifacts carry the bytes and their sha256; the raw patch text is left out of the diff", async () => {
    const bundle = await collect(everyKind, await tree());
    const read = bundle.artifacts["read:incidents.md"];
    const text = "# Q3\n## Incident 1\n## Incident 2\n";
    expect(read).toMatchObject({
      op: "read",
      size: text.length,
      bytes_read: text.length,
      content: Buffer.from(text).toString("base64"),
      sha256: sha256Hex(Buffer.from(text)),
      truncated: false,
    });
    expect(JSON.stringify(bundle.artifacts.diff)).not.toContain("diff --git");
  });

  test("the same tree and contract give the same bundle, byte for byte", async () => {
    const nodes = await tree();
    const a = await collect(everyKind, nodes);
    const b = await collect(everyKind, nodes);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(canonicalJson(roundTrip(a))).toBe(canonicalJson(a));
  });

  test("an escape is recorded as an error and re-runs as the same error", async () => {
    const bundle = await collect([{ id: "x", type: "file_exists", path: "link" }], {
      link: { symlink: "../outside.txt" },
    });
    expect(bundle.report.checks[0]?.status).toBe("error");
    expect(bundle.artifacts["entry:link"]).toMatchObject({ op: "error", of: "entry" });
    const result = await verifyEvidence(roundTrip(bundle));
    expect(result).toMatchObject({ intact: true, verdict: "FLAG", differences: [] });
    expect(result.report?.checks[0]?.reason).toBe(bundle.report.checks[0]?.reason);
  });

  test("a failed contract verifies as FAIL", async () => {
    const bundle = await collect([{ id: "x", type: "file_exists", path: "nope" }], {});
    expect(await verifyEvidence(roundTrip(bundle))).toMatchObject({ intact: true, verdict: "FAIL" });
  });
});

describe("truncated artifacts never re-run as a pass they cannot support", () => {
  const small = { ...DEFAULT_CAPS, artifact_bytes: 16 };

  test("a match beyond the kept prefix: PASS against the tree, FLAG against the bundle", async () => {
    const bundle = await collect(
      [{ id: "late", type: "file_contains", path: "f.md", pattern: "^needle$" }],
      {
        "f.md": `${"hay\n".repeat(10)}needle\n`,
      },
      small,
    );
    expect(bundle.report.verdict).toBe("PASS");
    expect(bundle.artifacts["read:f.md"]).toMatchObject({ content_bytes: 16, truncated: true });
    const result = await verifyEvidence(roundTrip(bundle));
    expect(result).toMatchObject({ intact: true, verdict: "FLAG" });
    expect(result.differences).toEqual([expect.stringContaining("late: recorded pass, re-run error")]);
  });

  test("a match within the kept prefix still re-runs as a pass", async () => {
    const bundle = await collect(
      [{ id: "early", type: "file_contains", path: "f.md", pattern: "^needle$" }],
      {
        "f.md": `needle\n${"hay\n".repeat(10)}`,
      },
      small,
    );
    expect(await verifyEvidence(roundTrip(bundle))).toMatchObject({ intact: true, verdict: "PASS" });
  });

  test("parsed JSON over the artifact cap is left out and re-runs as an error", async () => {
    const bundle = await collect(
      [{ id: "j", type: "json_valid", path: "a.json" }],
      { "a.json": `[${"1,".repeat(20)}1]` },
      small,
    );
    expect(bundle.artifacts["json:a.json"]).toMatchObject({ omitted: true });
    expect(await verifyEvidence(roundTrip(bundle))).toMatchObject({ intact: true, verdict: "FLAG" });
  });

  test("another Unicode spelling and a case-twin are recorded and re-run to the same fails", async () => {
    const bundle = await collect(
      [
        { id: "nfd", type: "path_absent", path: "caf\u00e9.yml" },
        { id: "case", type: "path_absent", path: "secrets.env" },
      ],
      { "cafe\u0301.yml": "", "Secrets.env": "" },
    );
    expect(bundle.report.checks.map((c) => c.status)).toEqual(["fail", "fail"]);
    expect(bundle.artifacts["entry:secrets.env"]).toMatchObject({ result: { caseTwin: "Secrets.env" } });
    const result = await verifyEvidence(roundTrip(bundle));
    expect(result).toMatchObject({ intact: true, verdict: "FAIL", differences: [] });
  });

  test("a resealed JSON artifact whose text repeats a key re-runs as an error, naming the key", async () => {
    const bundle = await collect([{ id: "j", type: "json_valid", path: "a.json" }], { "a.json": '{"a": 1}' });
    const artifact = bundle.artifacts["json:a.json"] as Extract<Artifact, { op: "json" }>;
    const forged = reseal({
      ...bundle,
      artifacts: {
        ...bundle.artifacts,
        "json:a.json": { ...artifact, result: { kind: "parsed", json: '{"a":1,"a":2}', size: 8 } },
      },
    });
    const result = await verifyEvidence(roundTrip(forged));
    expect(result).toMatchObject({ intact: true, verdict: "FLAG" });
    expect(result.report?.checks[0]?.reason).toContain('duplicate key "a" at /a');
  });

  test("past the bundle's total budget, content is left out and the criteria re-run as errors", async () => {
    const caps = { ...DEFAULT_CAPS, total_bytes: "one line\n".length };
    const bundle = await collect(
      [
        { id: "a", type: "line_count_gte", path: "a.txt", min_count: 1 },
        { id: "b", type: "line_count_gte", path: "b.txt", min_count: 1 },
      ],
      { "a.txt": "one line\n", "b.txt": "another\n" },
      caps,
    );
    expect(bundle.artifacts["read:b.txt"]).toMatchObject({ content_bytes: 0, truncated: true });
    const result = await verifyEvidence(roundTrip(bundle));
    expect(result.verdict).toBe("FLAG");
    expect(result.report?.checks.map((c) => c.status)).toEqual(["pass", "error"]);
  });

  test("a diff over the budget is left out; the diff criteria re-run as errors", async () => {
    const bundle = await collect(
      [{ id: "t", type: "diff_added_absent", pattern: "TODO" }],
      {},
      { ...DEFAULT_CAPS, total_bytes: 10 },
    );
    expect(bundle.artifacts.diff).toMatchObject({ omitted: true });
    expect(await verifyEvidence(roundTrip(bundle))).toMatchObject({ intact: true, verdict: "FLAG" });
  });
});

describe("tampering is detected", () => {
  async function sample(): Promise<EvidenceBundle> {
    return roundTrip(await collect(everyKind, await tree()));
  }

  test("one changed byte of a file's content", async () => {
    const bundle = await sample();
    const read = bundle.artifacts["read:incidents.md"] as Extract<Artifact, { op: "read" }>;
    const bytes = Buffer.from(read.content, "base64");
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const forged = {
      ...bundle,
      artifacts: { ...bundle.artifacts, "read:incidents.md": { ...read, content: bytes.toString("base64") } },
    };
    const result = await verifyEvidence(forged);
    expect(result).toMatchObject({ intact: false, verdict: "FAIL" });
    expect(result.problems).toEqual(
      expect.arrayContaining([
        "bundle_hash does not match the bundle's content",
        "read:incidents.md: content does not match content_sha256",
      ]),
    );
  });

  test("a changed hash", async () => {
    const bundle = await sample();
    const entry = bundle.artifacts["entry:incidents.md"] as Artifact;
    const forged = {
      ...bundle,
      artifacts: { ...bundle.artifacts, "entry:incidents.md": { ...entry, sha256: "0".repeat(64) } },
    };
    expect((await verifyEvidence(forged)).problems).toContain(
      "entry:incidents.md: does not match its sha256",
    );
  });

  test("a changed bundle_hash", async () => {
    const bundle = await sample();
    expect(await verifyEvidence({ ...bundle, bundle_hash: "f".repeat(64) })).toMatchObject({
      intact: false,
      problems: ["bundle_hash does not match the bundle's content"],
    });
  });

  test("a changed recorded verdict or contract", async () => {
    const bundle = await sample();
    expect((await verifyEvidence({ ...bundle, report: { ...bundle.report, verdict: "FAIL" } })).intact).toBe(
      false,
    );
    expect(
      (await verifyEvidence({ ...bundle, contract: { ...bundle.contract, intended_action: "else" } })).intact,
    ).toBe(false);
  });

  test("an artifact filed under another key", async () => {
    const bundle = await sample();
    const { "entry:secrets.env": moved, ...rest } = bundle.artifacts;
    const forged = reseal({ ...bundle, artifacts: { ...rest, "entry:other.env": moved as Artifact } });
    expect((await verifyEvidence(forged)).problems).toContain(
      "entry:other.env: filed under the wrong key (its content says entry:secrets.env)",
    );
  });

  test("a resealed forgery cannot lift a recorded FAIL: the verdict is the worse of recorded and re-run", async () => {
    const bundle = roundTrip(
      await collect([{ id: "c", type: "file_contains", path: "a.md", pattern: "needle" }], {
        "a.md": "hay\n",
      }),
    );
    expect(bundle.report.verdict).toBe("FAIL");
    const read = bundle.artifacts["read:a.md"] as Extract<Artifact, { op: "read" }>;
    const content = Buffer.from("needle\n").toString("base64");
    const forged = reseal({
      ...bundle,
      artifacts: { ...bundle.artifacts, "read:a.md": { ...read, content } },
    });
    const result = await verifyEvidence(forged);
    expect(result.intact).toBe(true);
    expect(result.report?.verdict).toBe("PASS");
    expect(result.verdict).toBe("FAIL");
  });

  test("a removed artifact, resealed, re-runs as an error (FLAG), never a pass", async () => {
    const bundle = await sample();
    const { "read:incidents.md": _gone, ...rest } = bundle.artifacts;
    const result = await verifyEvidence(reseal({ ...bundle, artifacts: rest }));
    expect(result.intact).toBe(true);
    expect(result.verdict).toBe("FLAG");
    expect(result.report?.checks.find((c) => c.id === "contains")?.reason).toContain(
      "read:incidents.md is not in the evidence bundle",
    );
  });

  test("not a bundle, or a malformed one", async () => {
    expect(await verifyEvidence({ hello: 1 })).toMatchObject({ intact: false, verdict: "FAIL" });
    expect(await verifyEvidence(null)).toMatchObject({ intact: false, verdict: "FAIL" });
    const bundle = await sample();
    const result = await verifyEvidence({ ...bundle, artifacts: { x: { op: "read" } } });
    expect(result).toMatchObject({ intact: false, verdict: "FAIL" });
    expect(result.problems[0]).toContain("malformed bundle at artifacts.x");
  });

  test("any single changed character that changes the content is detected", async () => {
    const text = JSON.stringify(await sample());
    const original = canonicalJson(JSON.parse(text));
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: text.length - 1 }),
        fc.constantFrom(...'0123456789abcdefxyz"{}[],:'),
        async (at, ch) => {
          const mutated = `${text.slice(0, at)}${ch}${text.slice(at + 1)}`;
          let value: unknown;
          try {
            value = JSON.parse(mutated);
          } catch {
            return;
          }
          if (canonicalJson(value) === original) return;
          expect((await verifyEvidence(value)).intact).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("only a pinned bundle_hash catches a resealed bundle", () => {
  async function forgedPass(): Promise<{ bundle: EvidenceBundle; forged: EvidenceBundle }> {
    const bundle = roundTrip(
      await collect([{ id: "c", type: "file_contains", path: "a.md", pattern: "needle" }], {
        "a.md": "hay\n",
      }),
    );
    const read = bundle.artifacts["read:a.md"] as Extract<Artifact, { op: "read" }>;
    const content = Buffer.from("needle\n").toString("base64");
    // A forger who rewrites the content, the recorded report and every hash: self-consistent.
    const forged = reseal({
      ...bundle,
      report: { ...bundle.report, verdict: "PASS", checks: [] },
      artifacts: { ...bundle.artifacts, "read:a.md": { ...read, content } },
    });
    return { bundle, forged };
  }

  test("without the recorded hash, a resealed bundle is intact but not pinned", async () => {
    const { forged } = await forgedPass();
    const result = await verifyEvidence(forged);
    expect(result).toMatchObject({ intact: true, hashPinned: false, verdict: "PASS" });
  });

  test("with the hash recorded at collection, the same forgery is a FAIL naming both hashes", async () => {
    const { bundle, forged } = await forgedPass();
    const result = await verifyEvidence(forged, { expectedBundleHash: bundle.bundle_hash });
    expect(result).toMatchObject({ intact: false, hashPinned: true, verdict: "FAIL" });
    expect(result.problems).toEqual([
      `the bundle hashes to ${forged.bundle_hash}, not to ${bundle.bundle_hash}, the bundle_hash recorded when it was collected`,
    ]);
    expect(result.reason).toContain(bundle.bundle_hash);
    expect(result.reason).toContain(forged.bundle_hash);
  });

  test("the untouched bundle verifies against its recorded hash", async () => {
    const { bundle } = await forgedPass();
    const result = await verifyEvidence(bundle, { expectedBundleHash: bundle.bundle_hash });
    expect(result).toMatchObject({ intact: true, hashPinned: true, problems: [], verdict: "FAIL" });
  });

  test('a "__proto__" key added to the recorded report changes the bundle_hash', async () => {
    const { bundle } = await forgedPass();
    const text = JSON.stringify(bundle).replace('"report":{', '"report":{"__proto__":{"verdict":"PASS"},');
    const result = await verifyEvidence(JSON.parse(text), { expectedBundleHash: bundle.bundle_hash });
    expect(result.intact).toBe(false);
  });
});
