// npm's package-lock.json and npm-shrinkwrap.json, lockfileVersion 1 (npm 5–6: a nested
// `dependencies` tree), 2 (npm 7–8: `packages` plus the v1 tree for old clients) and 3 (npm 9+:
// `packages` only). Pure.

import { DuplicateKeyError, parseStrictJson } from "../util/strict-json.js";
import { classifySpec, parseIntegrity } from "./source.js";
import type { LockEntry, ParsedLockfile, Source } from "./types.js";
import { LockfileSyntaxError } from "./yaml-subset.js";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringField(entry: Json, field: string, where: string): string | undefined {
  const value = entry[field];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new LockfileSyntaxError(`${where}: "${field}" is not a string`);
  return value;
}

/** The name a `packages` key installs: the part after its last `node_modules/`. */
function nameFromKey(key: string): string {
  const at = key.lastIndexOf("node_modules/");
  return at >= 0 ? key.slice(at + "node_modules/".length) : key;
}

/** npm 7+: `packages`, keyed by install path. `base` is the lockfile's directory in the repository. */
function fromPackages(packages: Json, base: string): LockEntry[] {
  const entries: LockEntry[] = [];
  for (const [key, value] of Object.entries(packages)) {
    if (key === "") continue; // the project itself
    if (!isObject(value)) throw new LockfileSyntaxError(`packages[${JSON.stringify(key)}] is not an object`);
    const where = `packages[${JSON.stringify(key)}]`;
    const version = stringField(value, "version", where) ?? "";
    const resolved = stringField(value, "resolved", where);
    const integrity = parseIntegrity(stringField(value, "integrity", where));
    const installedAs = nameFromKey(key);
    const name = stringField(value, "name", where) ?? installedAs;
    let source: Source;
    if (!key.includes("node_modules/")) {
      // A workspace package's own folder, `packages/a`: the repository's code.
      source = { kind: "local", how: "workspace", path: key, base };
    } else if (value.link === true) {
      if (resolved === undefined) throw new LockfileSyntaxError(`${where}: a link without "resolved"`);
      source = { kind: "local", how: "link", path: resolved, base };
    } else if (value.inBundle === true) {
      source = { kind: "bundled" };
    } else if (resolved === undefined) {
      // `omit-lockfile-registry-resolved`: the configured registry, by name and version.
      source = { kind: "registry" };
    } else {
      source = classifySpec(resolved, base);
    }
    entries.push({
      key,
      name,
      version,
      source,
      spec: resolved ?? "",
      integrity,
      ...(installedAs !== name ? { aliases: [installedAs] } : {}),
    });
  }
  return entries;
}

/** npm 5–6: the nested `dependencies` tree. `version` holds the source itself for what is not a
 * registry package (`git+ssh://…#sha`, `file:../x`, `npm:real@1.0.0` for an alias). */
function fromDependencies(deps: Json, base: string, parent: string, entries: LockEntry[]): void {
  for (const [installedAs, value] of Object.entries(deps)) {
    const key = parent === "" ? installedAs : `${parent} > ${installedAs}`;
    if (!isObject(value))
      throw new LockfileSyntaxError(`dependencies[${JSON.stringify(key)}] is not an object`);
    const where = `dependencies[${JSON.stringify(key)}]`;
    const rawVersion = stringField(value, "version", where) ?? "";
    const resolved = stringField(value, "resolved", where);
    const integrity = parseIntegrity(stringField(value, "integrity", where));
    let name = installedAs;
    let version = rawVersion;
    let source: Source;
    const alias = /^npm:((?:@[^/@]+\/)?[^@]+)@(.+)$/.exec(rawVersion);
    if (alias !== null) {
      name = alias[1] as string;
      version = alias[2] as string;
    }
    if (value.bundled === true) {
      source = { kind: "bundled" };
    } else if (resolved !== undefined) {
      source = classifySpec(resolved, base);
    } else if (alias === null && /^[a-z+]+:|\/|#/.test(rawVersion)) {
      // A git, file or URL dependency: its version is where it comes from.
      source = classifySpec(rawVersion, base);
      version = "";
    } else {
      source = { kind: "registry" };
    }
    entries.push({
      key,
      name,
      version,
      source,
      spec: resolved ?? rawVersion,
      integrity,
      ...(installedAs !== name ? { aliases: [installedAs] } : {}),
    });
    const nested = value.dependencies;
    if (nested !== undefined) {
      if (!isObject(nested)) throw new LockfileSyntaxError(`${where}: "dependencies" is not an object`);
      fromDependencies(nested, base, key, entries);
    }
  }
}

/** Reads an npm lockfile. `base` is its directory in the repository ("" for the root). Throws
 * LockfileSyntaxError when the text is not one. */
export function parseNpmLock(text: string, base = ""): ParsedLockfile {
  let doc: unknown;
  try {
    // A repeated key is refused: npm keeps the last value, other readers the first, so one entry
    // could be checked here and another installed.
    doc = parseStrictJson(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw new LockfileSyntaxError(error.message);
    throw new LockfileSyntaxError(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(doc)) throw new LockfileSyntaxError("not a JSON object");
  const version = doc.lockfileVersion;
  if (version !== 1 && version !== 2 && version !== 3) {
    throw new LockfileSyntaxError(`lockfileVersion ${JSON.stringify(version)} is not 1, 2 or 3`);
  }
  const packages = doc.packages;
  const dependencies = doc.dependencies;
  if (packages !== undefined && !isObject(packages))
    throw new LockfileSyntaxError('"packages" is not an object');
  if (dependencies !== undefined && !isObject(dependencies))
    throw new LockfileSyntaxError('"dependencies" is not an object');
  if (version === 1 && packages !== undefined)
    throw new LockfileSyntaxError('lockfileVersion 1 with "packages"');
  if (version === 3 && dependencies !== undefined)
    throw new LockfileSyntaxError('lockfileVersion 3 with a v1 "dependencies" tree');
  const entries: LockEntry[] = [];
  // A v2 file carries both trees, `packages` for npm 7+ and `dependencies` for npm 6: a file whose
  // trees disagree would install one thing on one client and another on the other, so both are read.
  if (packages !== undefined) entries.push(...fromPackages(packages, base));
  if (dependencies !== undefined) fromDependencies(dependencies, base, "", entries);
  return { kind: "npm", version: String(version), entries };
}
