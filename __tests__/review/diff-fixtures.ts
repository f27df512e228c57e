// Diff files for the review tests: built by hand with consistent hunks (or deliberately not), and as
// fast-check arbitraries for the plan and coverage properties.
import fc from "fast-check";
import type { Diff, DiffFile, DiffLine } from "../../src/diff/types.js";

export interface FileSpec {
  path: string;
  /** Undefined or absent: not a rename. */
  previousPath?: string | undefined;
  adds?: number;
  dels?: number;
  /** Characters per changed line (drives the token cost). */
  width?: number;
  binary?: boolean;
  patchOmitted?: boolean;
  /** Report one more addition than the patch shows (a files-API patch cut short). */
  undercount?: boolean;
  /** Text for the added lines instead of x's. */
  text?: string;
}

export function file(spec: FileSpec): DiffFile {
  const adds = spec.adds ?? 1;
  const dels = spec.dels ?? 0;
  const width = spec.width ?? 20;
  const lines: DiffLine[] = [];
  for (let i = 0; i < dels; i += 1) lines.push({ kind: "del", text: "y".repeat(width), oldLine: i + 1 });
  for (let i = 0; i < adds; i += 1) {
    lines.push({ kind: "add", text: spec.text ?? "x".repeat(width), newLine: i + 1 });
  }
  const header = `@@ -1,${dels} +1,${adds} @@`;
  const hunks =
    spec.binary || spec.patchOmitted || adds + dels === 0
      ? []
      : [{ header, oldStart: 1, oldLines: dels, newStart: 1, newLines: adds, lines }];
  const body =
    hunks.length > 0 ? [header, ...lines.map((l) => `${l.kind === "add" ? "+" : "-"}${l.text}`)] : [];
  const from = spec.previousPath ?? spec.path;
  const patch = [`diff --git a/${from} b/${spec.path}`, `--- a/${from}`, `+++ b/${spec.path}`, ...body].join(
    "\n",
  );
  return {
    path: spec.path,
    ...(spec.previousPath !== undefined ? { previousPath: spec.previousPath } : {}),
    status: spec.previousPath !== undefined ? "renamed" : "modified",
    binary: spec.binary ?? false,
    additions: adds + (spec.undercount ? 1 : 0),
    deletions: dels,
    hunks,
    patchOmitted: spec.patchOmitted ?? false,
    patch,
  };
}

export function diffOf(files: DiffFile[], extra: Partial<Diff> = {}): Diff {
  return { files, source: "unified", truncated: false, ...extra };
}

const names = fc.oneof(
  fc.constantFrom(
    "package-lock.json",
    "web/yarn.lock",
    "go.sum",
    "dist/index.js",
    "dist/index.js.map",
    "vendor/lib/x.go",
    ".github/workflows/ci.yml",
    "docs/guide.md",
    "src/entry/run-action.ts",
  ),
  fc
    .tuple(
      fc.constantFrom("src", "lib", "test", "docs", "a/b", "generated"),
      fc.stringMatching(/^[a-z]{1,6}$/),
      fc.constantFrom("ts", "js", "md", "lock", "js.map", "png", "py"),
    )
    .map(([dir, base, ext]) => `${dir}/${base}.${ext}`),
);

/** true with about the given probability, reproducibly (fast-check drives it). */
const sometimes = (p: number) => fc.integer({ min: 0, max: 99 }).map((n) => n < p * 100);

export const fileSpec: fc.Arbitrary<FileSpec> = fc.record(
  {
    path: names,
    previousPath: fc.option(names, { nil: undefined }),
    adds: fc.nat({ max: 30 }),
    dels: fc.nat({ max: 30 }),
    width: fc.nat({ max: 200 }),
    binary: sometimes(0.15),
    patchOmitted: sometimes(0.15),
    undercount: sometimes(0.1),
  },
  { requiredKeys: ["path"] },
);

/** Files with distinct paths, so each can be found by path in every list. */
export const files: fc.Arbitrary<DiffFile[]> = fc
  .uniqueArray(fileSpec, { selector: (s) => s.path, maxLength: 25 })
  .map((specs) => specs.map(file));

/** Head content that proves each path is what a default exclude's name claims: a minimal lockfile of
 * its kind, or a JSON source map. For tests of what happens once the content checks out. */
export function provenContent(
  paths: readonly string[],
): Map<string, { kind: "text"; text: string; from: "tree" }> {
  const text = (path: string): string => {
    if (path.endsWith("package-lock.json") || path.endsWith("npm-shrinkwrap.json"))
      return '{"lockfileVersion": 3, "packages": {}}\n';
    if (path.endsWith("pnpm-lock.yaml")) return "lockfileVersion: '9.0'\n";
    if (path.endsWith("yarn.lock")) return "# yarn lockfile v1\n";
    return '{"version":3,"sources":["a.ts"],"names":[],"mappings":"AAAA"}';
  };
  return new Map(paths.map((p) => [p, { kind: "text", text: text(p), from: "tree" }]));
}
