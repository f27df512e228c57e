// The round's core (src/gate/) reaches the world only through its ports: the wiring that binds the
// real GitHub client, the reviewers and the workspace lives beside the entry points (src/main.ts,
// src/bind-github.ts, src/bind-reviewer.ts, src/bind-panel.ts, src/workspace-head.ts, src/cli/). This reads the imports
// of every file in src/gate, and of every module they load in turn, and fails on the first one that
// would let the round touch the runner, the network, a provider SDK or the disk itself.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve("src");
const GATE = path.join(SRC, "gate");

interface Import {
  specifier: string;
  /** `import type` / `export type`: erased at build time, so it loads nothing. */
  typeOnly: boolean;
}

/** The module specifiers a TypeScript source names: static imports and re-exports (with or without
 * bindings) and dynamic `import("…")`. Comments are dropped first so a commented-out import neither
 * hides nor fakes one. */
function importsOf(source: string): Import[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const found: Import[] = [];
  const statement = /(?:^|;|\n)\s*(import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/g;
  for (const m of code.matchAll(statement)) {
    found.push({ specifier: m[3] as string, typeOnly: m[2] !== undefined });
  }
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    found.push({ specifier: m[1] as string, typeOnly: false });
  }
  return found;
}

/** Packages and builtins the core may load: pure computation, no I/O. Anything else the round reaches
 * must come through a port; a new pure package is added here by someone who read it. */
const PURE_PACKAGES = new Set(["zod", "re2js", "picomatch", "node:crypto", "node:zlib", "node:path"]);

/** Why a bare specifier is outside the core, or undefined when it is allowed. */
function forbiddenPackage(specifier: string): string | undefined {
  if (PURE_PACKAGES.has(specifier)) return undefined;
  if (specifier.startsWith("@actions/")) return "the runner's toolkit (bind it in src/actions-runner.ts)";
  if (specifier.startsWith("@octokit/")) return "the GitHub client (bind it in src/bind-github.ts)";
  if (specifier.startsWith("@anthropic-ai/") || specifier === "openai") return "a provider SDK";
  if (specifier.startsWith("node:") || !specifier.includes("/"))
    return "I/O or a package not known to be pure";
  return "a package not known to be pure";
}

/** Why a module of this repository is outside the core, or undefined when it may be loaded. */
function forbiddenModule(file: string): string | undefined {
  const rel = path.relative(SRC, file).split(path.sep).join("/");
  if (rel.startsWith("github/")) return "a GitHub adapter (src/github/ implements the port)";
  if (rel.startsWith("cli/") || rel === "main.ts" || rel === "cli.ts" || rel === "index.ts")
    return "an entry point";
  if (/^bind-.*\.ts$/.test(rel) || rel === "workspace-head.ts" || rel === "actions-runner.ts")
    return "wiring at the edge";
  return undefined;
}

function resolve(from: string, specifier: string): string {
  return path.resolve(path.dirname(from), specifier.replace(/\.js$/, ".ts"));
}

/** Every module the core loads, with the chain that loads it, and every violation on the way. */
function reach(): { loaded: Map<string, string[]>; violations: string[] } {
  const loaded = new Map<string, string[]>();
  const violations: string[] = [];
  const rel = (f: string) => path.relative(process.cwd(), f);
  const visit = (file: string, chain: string[]) => {
    if (loaded.has(file)) return;
    loaded.set(file, chain);
    for (const { specifier, typeOnly } of importsOf(readFileSync(file, "utf8"))) {
      const at = [...chain, rel(file)].join(" → ");
      if (!specifier.startsWith(".")) {
        const why = typeOnly ? undefined : forbiddenPackage(specifier);
        if (why !== undefined) violations.push(`${at} imports ${specifier}: ${why}`);
        continue;
      }
      const target = resolve(file, specifier);
      // A type from an adapter still ties the core to it: src/gate names no adapter even for types.
      const why = forbiddenModule(target);
      if (why !== undefined && (!typeOnly || file.startsWith(GATE)))
        violations.push(`${at} imports ${rel(target)}: ${why}`);
      if (!typeOnly) visit(target, [...chain, rel(file)]);
    }
  };
  for (const name of readdirSync(GATE)) if (name.endsWith(".ts")) visit(path.join(GATE, name), []);
  return { loaded, violations };
}

describe("src/gate depends only on ports, pure modules and types", () => {
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
    expect(forbiddenModule(path.join(SRC, "bind-github.ts"))).toMatch(/edge/);
    // The panel binds real reviewers (their keys, hosts and commands): wiring too.
    expect(forbiddenModule(path.join(SRC, "bind-panel.ts"))).toMatch(/edge/);
    expect(forbiddenModule(path.join(SRC, "main.ts"))).toMatch(/entry point/);
    expect(forbiddenModule(path.join(SRC, "actions-runner.ts"))).toMatch(/edge/);
    expect(forbiddenModule(path.join(SRC, "verdict", "four-values.ts"))).toBeUndefined();
  });

  it("loads no adapter, SDK, runner library or I/O builtin, directly or through another module", () => {
    const { loaded, violations } = reach();
    // The walk saw the round and what it is built from, not an empty directory.
    expect(loaded.has(path.join(GATE, "round.ts"))).toBe(true);
    expect(loaded.has(path.join(SRC, "verdict", "four-values.ts"))).toBe(true);
    expect(violations).toEqual([]);
  });
});

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

describe("the action reaches the runner through one port", () => {
  it("loads @actions/core in actions-runner.ts alone: the round and main.ts see only the Runner port", () => {
    const loaders = sources().filter((file) =>
      importsOf(readFileSync(path.join(SRC, file), "utf8")).some(
        (i) => i.specifier === "@actions/core" && !i.typeOnly,
      ),
    );
    expect(loaders).toEqual(["actions-runner.ts"]);
  });
});
