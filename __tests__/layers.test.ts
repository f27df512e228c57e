// The layers of src/, by folder. The core (the round, the reviewer stage, what the reviewer is shown,
// the contract's criteria, the verdict, the diff, lockfiles, reports, commands, the eval's scoring,
// the ports, settings and utilities) never touches the world: it reaches GitHub, the reviewers, the disk and the runner only
// through the interfaces in src/ports/. The edge wires those ports: the entry points (src/entry/,
// src/cli/), the composition (src/compose/) and the adapters (src/github/, src/providers/,
// src/workspace/). This reads the imports of every core file, and of every module they load in turn,
// and fails on the first one that would let the core load the edge, a provider SDK, the runner's
// toolkit or an I/O builtin. A new folder must be named here, on one side or the other. And no folder
// loads, through any chain of value imports, a folder that loads it back.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = path.resolve("src");

/** The folders of the core, and of the edge with what each is. Every source file lives in one. */
const CORE = [
  "gate",
  "reviewer-stage",
  "review",
  "context",
  "criteria",
  "verdict",
  "diff",
  "lockfile",
  "report",
  "commands",
  "eval",
  "ports",
  "settings",
  "util",
] as const;
const EDGE: Readonly<Record<string, string>> = {
  entry: "an entry point",
  cli: "an entry point (the CLI's commands)",
  compose: "wiring at the edge",
  github: "a GitHub adapter (src/github/ implements the port)",
  providers: "a reviewer provider (src/providers/ implements the port)",
  workspace: "the workspace adapter (the disk)",
};
/** Core folders that may not name the edge even for a type: the round and its reviewer stage. */
const STRICT = new Set(["gate", "reviewer-stage"]);

interface Import {
  specifier: string;
  /** `import type` / `export type`: erased at build time, so it loads nothing. */
  typeOnly: boolean;
}

/** The module specifiers a TypeScript source names: static imports and re-exports (with or without
 * bindings) and dynamic `import("…")`, read by TypeScript's own parser, so a comment neither hides nor
 * fakes one (a regular expression once read the \`/**\` of a glob in a line comment as a block
 * comment's start and lost util/glob.ts's import of another folder). `import { type A }` loads its
 * module under verbatimModuleSyntax, so only `import type` and `export type` count as types. */
function importsOf(source: string): Import[] {
  const file = ts.createSourceFile("source.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Import[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly === true });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const parsed = new Map<string, Import[]>();
/** A file's imports, parsed once for every test here. */
function importsOfFile(file: string): Import[] {
  let found = parsed.get(file);
  if (found === undefined) {
    found = importsOf(readFileSync(file, "utf8"));
    parsed.set(file, found);
  }
  return found;
}

/** Packages and builtins the core may load: pure computation, no I/O. Anything else the round reaches
 * must come through a port; a new pure package is added here by someone who read it. */
const PURE_PACKAGES = new Set(["zod", "re2js", "picomatch", "node:crypto", "node:zlib", "node:path"]);

/** Why a bare specifier is outside the core, or undefined when it is allowed. */
function forbiddenPackage(specifier: string): string | undefined {
  if (PURE_PACKAGES.has(specifier)) return undefined;
  if (specifier.startsWith("@actions/"))
    return "the runner's toolkit (wire it in src/compose/actions-runner.ts)";
  if (specifier.startsWith("@octokit/")) return "the GitHub client (wire it in src/compose/github.ts)";
  if (specifier.startsWith("@anthropic-ai/") || specifier === "openai") return "a provider SDK";
  if (specifier.startsWith("node:") || !specifier.includes("/"))
    return "I/O or a package not known to be pure";
  return "a package not known to be pure";
}

/** The top folder of a file under src/ ("" for a loose file). */
function folderOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep);
  return rel.length > 1 ? (rel[0] as string) : "";
}

/** Why a module of this repository is outside the core, or undefined when the core may load it. */
function forbiddenModule(file: string): string | undefined {
  const folder = folderOf(file);
  if (folder === "") return "a loose file of src/ (give it a layer's folder)";
  return EDGE[folder];
}

function resolve(from: string, specifier: string): string {
  return path.resolve(path.dirname(from), specifier.replace(/\.js$/, ".ts"));
}

/** Every TypeScript file under src/, relative to it. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : e.name.endsWith(".ts")
        ? [path.relative(SRC, path.join(dir, e.name)).split(path.sep).join("/")]
        : [],
  );
}

/** Every module the core loads, with the chain that loads it, and every violation on the way. */
function reach(): { loaded: Map<string, string[]>; violations: string[] } {
  const loaded = new Map<string, string[]>();
  const violations: string[] = [];
  const rel = (f: string) => path.relative(process.cwd(), f);
  const visit = (file: string, chain: string[]) => {
    if (loaded.has(file)) return;
    loaded.set(file, chain);
    for (const { specifier, typeOnly } of importsOfFile(file)) {
      const at = [...chain, rel(file)].join(" → ");
      if (!specifier.startsWith(".")) {
        const why = typeOnly ? undefined : forbiddenPackage(specifier);
        if (why !== undefined) violations.push(`${at} imports ${specifier}: ${why}`);
        continue;
      }
      const target = resolve(file, specifier);
      // A type from an adapter still ties the round to it: src/gate and src/reviewer-stage name no
      // edge module even for types.
      const why = forbiddenModule(target);
      if (why !== undefined && (!typeOnly || STRICT.has(folderOf(file))))
        violations.push(`${at} imports ${rel(target)}: ${why}`);
      if (!typeOnly) visit(target, [...chain, rel(file)]);
    }
  };
  const core = new Set<string>(CORE);
  for (const file of sources()) if (core.has(file.split("/")[0] as string)) visit(path.join(SRC, file), []);
  return { loaded, violations };
}

describe("every source file has a layer", () => {
  it("lives in a folder named as core or edge, none loose in src/", () => {
    const named = new Set<string>([...CORE, ...Object.keys(EDGE)]);
    const homeless = sources().filter((f) => !named.has(f.includes("/") ? (f.split("/")[0] as string) : ""));
    expect(homeless).toEqual([]);
    // Every named folder exists: a renamed one must be renamed here too.
    const folders = new Set(sources().map((f) => f.split("/")[0]));
    expect([...named].filter((n) => !folders.has(n))).toEqual([]);
  });
});

describe("the core depends only on ports, pure modules and types", () => {
  it("reads imports of every kind, and not from comments", () => {
    const found = importsOf(
      [
        'import * as core from "@actions/core";',
        'import type { Octokit } from "@octokit/rest";',
        "import {\n  a,\n  b,\n} from './multi-line.js';",
        'export { x } from "./re-export.js";',
        'export type { Y } from "./type-export.js";',
        'import "./side-effect.js";',
        'const lazy = await import("node:fs");',
        '// import { gone } from "@anthropic-ai/sdk";',
        '/* import { gone } from "openai"; */',
        "// a glob like `docs/**` in a line comment, then a real import:",
        'import { nameKey } from "../criteria/path-name.js";',
      ].join("\n"),
    );
    expect(found).toEqual([
      { specifier: "@actions/core", typeOnly: false },
      { specifier: "@octokit/rest", typeOnly: true },
      { specifier: "./multi-line.js", typeOnly: false },
      { specifier: "./re-export.js", typeOnly: false },
      { specifier: "./type-export.js", typeOnly: true },
      { specifier: "./side-effect.js", typeOnly: false },
      { specifier: "node:fs", typeOnly: false },
      { specifier: "../criteria/path-name.js", typeOnly: false },
    ]);
  });

  it("names what each kind of adapter is", () => {
    expect(forbiddenPackage("@actions/core")).toMatch(/runner/);
    expect(forbiddenPackage("@actions/github")).toMatch(/runner/);
    expect(forbiddenPackage("@octokit/plugin-retry")).toMatch(/GitHub client/);
    expect(forbiddenPackage("@anthropic-ai/sdk")).toMatch(/provider SDK/);
    expect(forbiddenPackage("openai")).toMatch(/provider SDK/);
    expect(forbiddenPackage("node:fs")).toBeDefined();
    expect(forbiddenPackage("node:child_process")).toBeDefined();
    expect(forbiddenPackage("zod")).toBeUndefined();
    expect(forbiddenModule(path.join(SRC, "github", "client.ts"))).toMatch(/adapter/);
    expect(forbiddenModule(path.join(SRC, "providers", "openai.ts"))).toMatch(/provider/);
    expect(forbiddenModule(path.join(SRC, "workspace", "fs-tree.ts"))).toMatch(/disk/);
    expect(forbiddenModule(path.join(SRC, "compose", "github.ts"))).toMatch(/edge/);
    // The panel makes real reviewers (their keys, hosts and commands): wiring too.
    expect(forbiddenModule(path.join(SRC, "compose", "panel.ts"))).toMatch(/edge/);
    expect(forbiddenModule(path.join(SRC, "entry", "run-action.ts"))).toMatch(/entry point/);
    expect(forbiddenModule(path.join(SRC, "cli", "review.ts"))).toMatch(/entry point/);
    expect(forbiddenModule(path.join(SRC, "compose", "actions-runner.ts"))).toMatch(/edge/);
    expect(forbiddenModule(path.join(SRC, "loose.ts"))).toMatch(/loose/);
    expect(forbiddenModule(path.join(SRC, "ports", "tree.ts"))).toBeUndefined();
    expect(forbiddenModule(path.join(SRC, "verdict", "four-values.ts"))).toBeUndefined();
  });

  it("loads no adapter, SDK, runner library or I/O builtin, directly or through another module", () => {
    const { loaded, violations } = reach();
    // The walk saw the round and what it is built from, not an empty directory.
    expect(loaded.has(path.join(SRC, "gate", "round.ts"))).toBe(true);
    expect(loaded.has(path.join(SRC, "reviewer-stage", "single.ts"))).toBe(true);
    expect(loaded.has(path.join(SRC, "verdict", "four-values.ts"))).toBe(true);
    expect(violations).toEqual([]);
  });
});

describe("the action reaches the runner through one port", () => {
  it("loads @actions/core in compose/actions-runner.ts alone: the round and the action see only the Runner port", () => {
    const loaders = sources().filter((file) =>
      importsOfFile(path.join(SRC, file)).some((i) => i.specifier === "@actions/core" && !i.typeOnly),
    );
    expect(loaders).toEqual(["compose/actions-runner.ts"]);
  });
});

/** The folders of src/ as a graph: an edge from one to another for each module of the first that loads
 * one of the second (types erased), with the files that make it. */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sources()) {
    const from = file.split("/")[0] as string;
    for (const { specifier, typeOnly } of importsOfFile(path.join(SRC, file))) {
      if (typeOnly || !specifier.startsWith(".")) continue;
      const target = path
        .relative(SRC, resolve(path.join(SRC, file), specifier))
        .split(path.sep)
        .join("/");
      const to = target.split("/")[0] as string;
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), `${file} → ${target}`]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle's edges: an edge from A to B is on one when B reaches A again. */
function edgesOnCycles(graph: Map<string, Map<string, string[]>>): string[] {
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (from === to) return true;
    if (seen.has(from)) return false;
    seen.add(from);
    return [...(graph.get(from)?.keys() ?? [])].some((next) => reaches(next, to, seen));
  };
  const found: string[] = [];
  for (const [from, edges] of graph)
    for (const [to, files] of edges)
      if (reaches(to, from)) found.push(`${from} → ${to} (${files.join("; ")})`);
  return found;
}

describe("the folders load each other one way", () => {
  it("finds a cycle where there is one", () => {
    const graph = new Map([
      ["a", new Map([["b", ["a/x.ts → b/y.ts"]]])],
      ["b", new Map([["c", ["b/y.ts → c/z.ts"]]])],
      ["c", new Map([["a", ["c/z.ts → a/x.ts"]]])],
      ["d", new Map([["a", ["d/w.ts → a/x.ts"]]])],
    ]);
    expect(edgesOnCycles(graph)).toEqual([
      "a → b (a/x.ts → b/y.ts)",
      "b → c (b/y.ts → c/z.ts)",
      "c → a (c/z.ts → a/x.ts)",
    ]);
  });

  it("has no cycle of value imports between folders: each folder stands on the ones below it", () => {
    // Once util/glob.ts loaded criteria/path-name.ts, reviewer-stage/whole-reuse.ts gate/binding.ts,
    // and compose/local-round.ts the CLI's stand-in pull request: each a folder that could not be
    // understood, or moved, without the one above it.
    const graph = folderGraph();
    expect(graph.get("gate")?.has("reviewer-stage")).toBe(true);
    expect(edgesOnCycles(graph)).toEqual([]);
  });
});

/** Every module `file` loads through value imports, with the chain that first loads it. */
function valueClosure(file: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (at: string, chain: string) => {
    for (const { specifier, typeOnly } of importsOfFile(at)) {
      if (typeOnly || !specifier.startsWith(".")) continue;
      const target = resolve(at, specifier);
      const key = path.relative(SRC, target).split(path.sep).join("/");
      if (found.has(key)) continue;
      found.set(key, `${chain} → ${key}`);
      visit(target, `${chain} → ${key}`);
    }
  };
  visit(path.join(SRC, file), file);
  return found;
}

describe("a local round", () => {
  it("loads nothing that reads or writes a pull request's stored history or check run", () => {
    // `review` and `eval` run the round on a local change: no history to read, no check run to post.
    // Once it ended through publish.ts, which loaded round-history.ts for its row builders.
    const loaded = valueClosure("gate/local-round.ts");
    expect(loaded.has("gate/evaluation.ts")).toBe(true);
    expect(loaded.has("gate/history-rows.ts")).toBe(true);
    const remote = ["gate/publish.ts", "gate/round-history.ts", "gate/head-runs.ts", "gate/round.ts"];
    expect(remote.flatMap((f) => (loaded.has(f) ? [loaded.get(f)] : []))).toEqual([]);
  });
});
