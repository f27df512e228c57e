// The deterministic check of a lockfile the reviewer does not read. A lockfile decides what code is
// installed and run, so a change to it is checked against the base commit's copy:
// - every new or changed entry's code stays where the base's already came from: the configured
//   registry, or a registry the base's lockfile resolves tarballs from, or a prefix the contract lists
//   (`lockfile.allowed_registries`); a registry tarball must be the entry's own package and version
//   (`lodash` must not resolve to `evil/-/evil-1.0.0.tgz` on the same registry);
// - a git repository, a plain tarball URL, or a path outside the repository is a block unless the
//   contract allows it (git also only when pinned to a full commit);
// - every registry or tarball entry carries an integrity hash, and one whose version is unchanged keeps
//   its hash (a new hash for the same version means other bytes under the same name);
// - what cannot be told (a reference the reader does not know, hashes of different algorithms) holds.
// An entry exactly as the base had it is not re-judged: the pull request did not add it. Pure.
import {
  insideRepository,
  normalizeRegistry,
  PUBLIC_NPM_REGISTRY,
  registryTarball,
  underPrefix,
} from "./source.js";
import type { LockEntry, ParsedLockfile, Source } from "./types.js";

export type ProblemRule =
  | "registry"
  | "other-package"
  | "tarball"
  | "git"
  | "unpinned-git"
  | "outside"
  | "unknown-source"
  | "no-integrity"
  | "integrity-changed"
  | "integrity-incomparable";

export interface LockfileProblem {
  /** A block is a change the contract does not allow; a hold is something the check cannot tell. */
  readonly severity: "block" | "hold";
  readonly rule: ProblemRule;
  readonly text: string;
}

export interface LockfileCheck {
  readonly path: string;
  /** Entries new or changed against the base (the ones judged). */
  readonly changed: number;
  readonly problems: readonly LockfileProblem[];
  /** Where registry tarballs may come from: the base's registries, or the public npm registry when the
   * base has no such lockfile, plus the contract's list. */
  readonly registries: readonly string[];
}

export interface LockfileCheckInput {
  /** The lockfile's path at the head, for reasons. */
  readonly path: string;
  readonly head: ParsedLockfile;
  /** The base commit's copy; undefined when the base has none there (a new lockfile). */
  readonly base?: ParsedLockfile;
  /** The contract's `lockfile.allowed_registries`: URL prefixes any source may come from. */
  readonly allowed?: readonly string[];
}

function sourceKey(source: Source): string {
  switch (source.kind) {
    case "registry":
    case "bundled":
      return source.kind;
    case "url":
      return `url ${source.url}`;
    case "git":
      return `git ${source.url}#${source.commit ?? ""}`;
    case "local":
      return `local ${source.how} ${source.base} ${source.path}`;
    case "unknown":
      return `unknown ${source.spec}`;
  }
}

function integrityKey(integrity: ReadonlyMap<string, string>): string {
  return [...integrity]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([a, d]) => `${a}-${d}`)
    .join(" ");
}

const identity = (e: LockEntry) => `${e.name}\0${sourceKey(e.source)}`;
const fingerprint = (e: LockEntry) => `${identity(e)}\0${e.version}\0${integrityKey(e.integrity)}`;
const nameVersion = (e: LockEntry) => `${e.name}@${e.version}`;
const who = (e: LockEntry) => (e.version !== "" ? `${e.name}@${e.version}` : e.name);
const short = (hex: string) => `${hex.slice(0, 12)}…`;
/** Names and URLs come from the pull request: a reason stays readable (and the history small) however
 * long they are. */
const REASON_CHARS = 600;
const clip = (text: string, most = REASON_CHARS) =>
  text.length > most ? `${text.slice(0, most - 1)}…` : text;

function hashed(source: Source): boolean {
  return source.kind === "registry" || source.kind === "url";
}

/** How a head entry's hashes compare with the base's for the same name and version. */
function compareIntegrity(
  head: ReadonlyMap<string, string>,
  base: readonly ReadonlyMap<string, string>[],
):
  | { kind: "same" }
  | { kind: "changed"; algorithm: string; from: string; to: string }
  | { kind: "incomparable" } {
  let changed: { kind: "changed"; algorithm: string; from: string; to: string } | undefined;
  for (const candidate of base) {
    const common = [...head.keys()].filter((a) => candidate.has(a));
    if (common.length === 0) continue;
    const differing = common.find((a) => candidate.get(a) !== head.get(a));
    if (differing === undefined) return { kind: "same" };
    changed ??= {
      kind: "changed",
      algorithm: differing,
      from: candidate.get(differing) as string,
      to: head.get(differing) as string,
    };
  }
  return changed ?? { kind: "incomparable" };
}

export function checkLockfile(input: LockfileCheckInput): LockfileCheck {
  const { head, base, path } = input;
  const allowed = (input.allowed ?? []).map(normalizeRegistry);
  const baseEntries = base?.entries ?? [];
  const registries = new Set<string>();
  for (const e of baseEntries) {
    if (e.source.kind !== "url") continue;
    const tarball = registryTarball(e.source.url);
    if (tarball !== undefined) registries.add(tarball.registry);
  }
  if (base === undefined) registries.add(normalizeRegistry(PUBLIC_NPM_REGISTRY));
  const unchanged = new Set(baseEntries.map(fingerprint));
  const trusted = new Set(baseEntries.map(identity));
  const baseHashes = new Map<string, ReadonlyMap<string, string>[]>();
  for (const e of baseEntries) {
    if (!hashed(e.source) || e.version === "" || e.integrity.size === 0) continue;
    const list = baseHashes.get(nameVersion(e)) ?? [];
    list.push(e.integrity);
    baseHashes.set(nameVersion(e), list);
  }
  const allowedBy = (url: string) => allowed.some((prefix) => underPrefix(url, prefix));
  const baseline =
    base === undefined
      ? "the public npm registry (the base commit has no such lockfile)"
      : "the base lockfile's registries";
  const problems: LockfileProblem[] = [];
  const block = (rule: ProblemRule, e: LockEntry, text: string) =>
    problems.push({ severity: "block", rule, text: clip(`${path}: ${who(e)} ${text}`) });
  const hold = (rule: ProblemRule, e: LockEntry, text: string) =>
    problems.push({ severity: "hold", rule, text: clip(`${path}: ${who(e)} ${text}`) });
  let changed = 0;
  for (const e of head.entries) {
    if (e.source.kind === "bundled" || unchanged.has(fingerprint(e))) continue;
    changed += 1;
    const source = e.source;
    if (!trusted.has(identity(e))) {
      switch (source.kind) {
        case "registry":
          break;
        case "url": {
          const tarball = registryTarball(source.url);
          if (tarball === undefined) {
            if (!allowedBy(source.url)) {
              block(
                "tarball",
                e,
                `comes from the tarball URL ${source.url}, not from a registry (${baseline} or the contract's lockfile.allowed_registries)`,
              );
            }
            break;
          }
          if (!registries.has(tarball.registry) && !allowedBy(source.url)) {
            block(
              "registry",
              e,
              `resolves to ${source.url}, on ${tarball.registry}, which is not one of ${baseline} (${[...registries].join(", ") || "none"}) or the contract's lockfile.allowed_registries`,
            );
          }
          const names = [e.name, ...(e.aliases ?? [])];
          if (!names.includes(tarball.name)) {
            block(
              "other-package",
              e,
              `resolves to ${source.url}, the tarball of another package (${tarball.name})`,
            );
          } else if (e.version !== "" && tarball.version !== e.version) {
            block(
              "other-package",
              e,
              `resolves to ${source.url}, the tarball of another version (${tarball.version ?? "unknown"})`,
            );
          }
          break;
        }
        case "git":
          if (!allowedBy(source.url)) {
            block(
              "git",
              e,
              `comes from the git repository ${source.url}, not from a registry; the contract's lockfile.allowed_registries can allow it`,
            );
          } else if (source.commit === undefined) {
            block(
              "unpinned-git",
              e,
              `comes from ${source.url} without a full commit hash: a branch or tag can move`,
            );
          }
          break;
        case "local":
          if (insideRepository(source.base, source.path) === undefined) {
            block(
              "outside",
              e,
              `comes from ${source.how}:${source.path}, outside the repository: code nobody reviewed`,
            );
          }
          break;
        case "unknown":
          hold(
            "unknown-source",
            e,
            `comes from ${JSON.stringify(source.spec)}, a source the gate cannot read`,
          );
          break;
      }
    }
    if (!hashed(source)) continue;
    if (e.integrity.size === 0) {
      block("no-integrity", e, "has no integrity hash: nothing pins which bytes are installed");
      continue;
    }
    const before = baseHashes.get(nameVersion(e));
    if (e.version === "" || before === undefined) continue;
    const compared = compareIntegrity(e.integrity, before);
    if (compared.kind === "changed") {
      block(
        "integrity-changed",
        e,
        `changed its integrity (${compared.algorithm} ${short(compared.from)} → ${short(compared.to)}) while its version did not: other bytes under the same name and version`,
      );
    } else if (compared.kind === "incomparable") {
      hold(
        "integrity-incomparable",
        e,
        `has hashes the base's cannot be compared with (base ${before.map((m) => [...m.keys()].join("+")).join(", ")}, head ${[...e.integrity.keys()].join("+")}): a person must confirm the version's bytes did not change`,
      );
    }
  }
  // One problem once: npm's v2 files carry each package in two trees.
  const unique = [...new Map(problems.map((p) => [p.text, p])).values()];
  return { path, changed, problems: unique, registries: [...registries, ...allowed] };
}

/** Names and versions a lockfile change adds, changes and removes, e.g. `adds evil@1.0.0; changes
 * lodash 4.17.20 → 4.17.21; removes left-pad`. No check can tell a package a lockfile adds from the same
 * registry from a legitimate one (that takes the registry's metadata); the reviewer can, next to the
 * package.json it sees, so the prompt carries this line. At most `limit` names, then a count. */
export function lockfileChanges(head: ParsedLockfile, base: ParsedLockfile | undefined, limit = 40): string {
  const versions = (lock: ParsedLockfile | undefined) => {
    const out = new Map<string, Set<string>>();
    for (const e of lock?.entries ?? []) {
      if (e.source.kind === "local" || e.source.kind === "bundled") continue;
      const set = out.get(e.name) ?? new Set<string>();
      set.add(e.version);
      out.set(e.name, set);
    }
    return out;
  };
  const before = versions(base);
  const after = versions(head);
  const list = (set: Set<string>) =>
    [...set]
      .filter((v) => v !== "")
      .sort()
      .join(", ") || "?";
  const adds: string[] = [];
  const changes: string[] = [];
  const removes: string[] = [];
  for (const [name, now] of [...after].sort(([a], [b]) => a.localeCompare(b))) {
    const was = before.get(name);
    if (was === undefined) adds.push(`${name}@${list(now)}`);
    else if (list(was) !== list(now)) changes.push(`${name} ${list(was)} → ${list(now)}`);
  }
  for (const name of [...before.keys()].sort()) if (!after.has(name)) removes.push(name);
  let budget = limit;
  const take = (items: string[]) => {
    const shown = items.slice(0, Math.max(0, budget));
    budget -= shown.length;
    return shown.join(", ") + (items.length > shown.length ? ` and ${items.length - shown.length} more` : "");
  };
  const parts = [
    adds.length > 0 ? `adds ${take(adds)}` : "",
    changes.length > 0 ? `changes ${take(changes)}` : "",
    removes.length > 0 ? `removes ${take(removes)}` : "",
  ].filter((p) => p !== "");
  return clip(parts.length > 0 ? parts.join("; ") : "no package added, changed or removed", 2_000);
}
