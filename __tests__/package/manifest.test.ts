// The npm package is light: the CLI and the library are bundles that carry their code, so the package
// depends only on what its published type declarations import (a TypeScript caller's compiler must
// find those), and every path package.json names exists in a build. `npm run check-package` proves
// the same on a real `npm pack` and install; this is the cheap half that runs with the suite.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageBundleDir } from "../support/package-bundle.js";

interface Manifest {
  engines: { node: string };
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  files: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync("package.json", "utf8")) as Manifest;

/** A path package.json gives under dist/, found in the full build instead. */
function built(packagePath: string): string {
  const relative = path.posix.normalize(packagePath);
  expect(relative.startsWith("dist/"), `${packagePath} is under dist/`).toBe(true);
  return path.join(packageBundleDir, relative.slice("dist/".length));
}

/** The packages a TypeScript caller's compiler must resolve: the bare specifiers (and `reference
 * types`) of every declaration file reachable from `entry`. Files the entry never reaches are in the
 * package but never read, since `exports` allows no deep imports. */
function declarationPackages(entry: string): string[] {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  const specifier =
    /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']|reference\s+types=["']([^"']+)["']/gm;
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(specifier)) {
      const spec = (m[1] ?? m[2]) as string;
      if (spec.startsWith(".")) {
        queue.push(path.resolve(path.dirname(file), spec.replace(/\.js$/, ".d.ts")));
      } else if (spec.startsWith("node:") || m[2] === "node") {
        packages.add("@types/node");
      } else {
        const parts = spec.split("/");
        packages.add(spec.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string));
      }
    }
  }
  return [...packages].sort();
}

describe("the npm package", () => {
  it("names a bin, a library and its types that a build produces, inside `files`", () => {
    const root = manifest.exports["."] as Record<string, string>;
    // The bin is a committed launcher (launcher.test.ts) that runs the CLI a build puts in dist/cli.
    for (const bin of Object.values(manifest.bin)) {
      expect(existsSync(bin), bin).toBe(true);
      expect(
        manifest.files.some((f) => path.posix.normalize(bin).startsWith(`${f}/`)),
        `${bin} is in files`,
      ).toBe(true);
    }
    const paths = ["dist/cli/index.js", root.import as string, root.types as string];
    for (const p of paths) {
      expect(existsSync(built(p)), p).toBe(true);
      const normal = path.posix.normalize(p);
      expect(
        manifest.files.some((f) => normal === f || normal.startsWith(`${f}/`)),
        `${p} is in files`,
      ).toBe(true);
    }
  });

  it("depends on exactly the packages its type declarations import, and nothing else at install", () => {
    const types = (manifest.exports["."] as Record<string, string>).types as string;
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(declarationPackages(built(types)));
    expect(manifest.peerDependencies ?? {}).toEqual({});
    expect(manifest.optionalDependencies ?? {}).toEqual({});
  });

  it("pins each dependency of the declarations to the version the bundles are built with", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
      packages: Record<string, { version?: string }>;
    };
    for (const [name, range] of Object.entries(manifest.dependencies ?? {}))
      expect(range, name).toBe(lock.packages[`node_modules/${name}`]?.version);
  });

  it("installs nothing whose engines leave out a Node it supports: `npm ci` on Node 20 warns of nothing", () => {
    // npm's own reading of a range (semver), not ours. content-type 3 wants Node 22 while the
    // package says >=20; the lockfile pins 2.1.0 through `overrides` (the same parse, Node 18 and up).
    const semver = createRequire(import.meta.url)("semver") as {
      satisfies(version: string, range: string): boolean;
      minVersion(range: string): { version: string } | null;
    };
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
      packages: Record<string, { dev?: boolean; engines?: { node?: string } }>;
    };
    const supported = semver.minVersion(manifest.engines.node)?.version as string;
    /** The oldest Node the development tools run on (vite and vitest: ^20.19.0 || >=22.12.0). */
    const tools = "20.19.0";
    let checked = 0;
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = entry.engines?.node;
      if (where === "" || range === undefined) continue;
      checked += 1;
      for (const node of entry.dev === true ? [tools, process.version] : [supported, process.version])
        expect(semver.satisfies(node, range), `${where} wants Node ${range}, not ${node}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(50);
  });
});
