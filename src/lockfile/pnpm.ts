// pnpm's pnpm-lock.yaml, lockfileVersion 5.x (pnpm 6–7: keys `/name/version`), 6.x (pnpm 8: keys
// `/name@version`) and 9.x (pnpm 9+: keys `name@version`, with `snapshots`). Each package's
// `resolution` says where its code comes from: `{integrity}` alone is the configured registry,
// `{tarball}` a URL, `{type: git, repo, commit}` a repository, `{type: directory}` a path. Workspace
// links live only under `importers` (`version: link:../b`), relative to their importer. Pure.
import path from "node:path";
import { defined } from "../util/defined.js";
import { classifySpec, parseIntegrity } from "./source.js";
import type { LockEntry, ParsedLockfile, Source } from "./types.js";
import { asMap, asString, LockfileSyntaxError, readYamlSubset, type YamlMap } from "./yaml-subset.js";

/** Name and version from a package key, when the key carries them. */
function fromKey(key: string, major: number): { name: string; version: string } {
  const k = key.startsWith("/") ? key.slice(1) : key;
  if (major === 5) {
    if (!key.startsWith("/")) return { name: "", version: "" };
    const last = k.lastIndexOf("/");
    if (last <= 0) return { name: "", version: "" };
    return { name: k.slice(0, last), version: k.slice(last + 1).split("_")[0] as string };
  }
  const at = k.indexOf("@", k.startsWith("@") ? 1 : 0);
  if (at <= 0) return { name: "", version: "" };
  const version = k.slice(at + 1).replace(/\(.*$/, "");
  // `foo@https://…`, `foo@file:…`: the key's "version" is the source, not a version.
  return { name: k.slice(0, at), version: version.includes(":") ? "" : version };
}

function resolutionSource(resolution: YamlMap, base: string, where: string): Source {
  const type = asString(resolution.get("type"));
  const tarball = asString(resolution.get("tarball"));
  if (type === "git" || (type === undefined && resolution.has("repo"))) {
    const repo = asString(resolution.get("repo"));
    const commit = asString(resolution.get("commit"));
    if (repo === undefined) throw new LockfileSyntaxError(`${where}: a git resolution without a repo`);
    const pinned = commit !== undefined && /^[0-9a-f]{40}$/i.test(commit) ? commit.toLowerCase() : undefined;
    const git = classifySpec(repo, base);
    if (git.kind !== "git" && git.kind !== "url") return { kind: "unknown", spec: `git repo ${repo}` };
    return { kind: "git", url: git.url, ...defined({ commit: pinned }) };
  }
  if (type === "directory") {
    const directory = asString(resolution.get("directory"));
    if (directory === undefined)
      throw new LockfileSyntaxError(`${where}: a directory resolution without a directory`);
    return { kind: "local", how: "directory", path: directory, base };
  }
  if (type !== undefined) return { kind: "unknown", spec: `type: ${type}` };
  if (tarball !== undefined) return classifySpec(tarball, base);
  if (resolution.has("integrity")) return { kind: "registry" };
  return { kind: "unknown", spec: "a resolution with neither integrity, tarball nor type" };
}

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies"] as const;

/** `link:` dependencies of one importer (a workspace folder, `.` for the root). */
function links(importer: YamlMap, dir: string, base: string, entries: LockEntry[]): void {
  for (const field of DEPENDENCY_FIELDS) {
    const deps = importer.get(field);
    if (deps === undefined || deps === "") continue;
    const map = asMap(deps);
    if (map === undefined) throw new LockfileSyntaxError(`importer ${dir}: ${field} is not a mapping`);
    for (const [name, value] of map) {
      // 5.x: `name: version`; 6+: `name: {specifier, version}`.
      const version = asString(value) ?? asString(asMap(value)?.get("version"));
      if (version === undefined) throw new LockfileSyntaxError(`importer ${dir}: ${name} has no version`);
      if (!version.startsWith("link:")) continue;
      entries.push({
        key: `importers[${dir}].${name}`,
        name,
        version: "",
        source: {
          kind: "local",
          how: "link",
          path: version.slice("link:".length),
          base: path.posix.normalize(path.posix.join(base === "" ? "." : base, dir)).replace(/^\.$/, ""),
        },
        spec: version,
        integrity: new Map(),
      });
    }
  }
}

/** Reads a pnpm lockfile. `base` is its directory in the repository ("" for the root). */
export function parsePnpmLock(text: string, base = ""): ParsedLockfile {
  const doc = readYamlSubset(text);
  const lockfileVersion = asString(doc.get("lockfileVersion"));
  if (lockfileVersion === undefined || !/^(5|6|7|9)\.\d+$/.test(lockfileVersion)) {
    throw new LockfileSyntaxError(
      `lockfileVersion ${JSON.stringify(lockfileVersion ?? null)} is not one the gate reads (5.x, 6.x, 9.x)`,
    );
  }
  const major = Number(lockfileVersion.split(".")[0]);
  const entries: LockEntry[] = [];
  const packages = doc.get("packages");
  const packageMap = packages === undefined || packages === "" ? new Map() : asMap(packages);
  if (packageMap === undefined) throw new LockfileSyntaxError("packages is not a mapping");
  for (const [key, value] of packageMap) {
    const where = `packages[${JSON.stringify(key)}]`;
    const entry = asMap(value);
    if (entry === undefined) throw new LockfileSyntaxError(`${where} is not a mapping`);
    const resolution = asMap(entry.get("resolution"));
    if (resolution === undefined) throw new LockfileSyntaxError(`${where} has no resolution`);
    const derived = fromKey(key, major);
    const name = asString(entry.get("name")) ?? derived.name;
    const version = asString(entry.get("version")) ?? derived.version;
    entries.push({
      key,
      name: name === "" ? key : name,
      version,
      source: resolutionSource(resolution, base, where),
      spec: key,
      integrity: parseIntegrity(asString(resolution.get("integrity"))),
    });
  }
  const importers = doc.get("importers");
  if (importers !== undefined && importers !== "") {
    const map = asMap(importers);
    if (map === undefined) throw new LockfileSyntaxError("importers is not a mapping");
    for (const [dir, importer] of map) {
      const imp = asMap(importer);
      if (imp === undefined) throw new LockfileSyntaxError(`importer ${dir} is not a mapping`);
      links(imp, dir, base, entries);
    }
  } else {
    links(doc, ".", base, entries);
  }
  return { kind: "pnpm", version: lockfileVersion, entries };
}
