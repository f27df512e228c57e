// Reading the pieces every lockfile shares: a resolved reference (URL, git, path), a registry tarball
// URL's shape, an integrity string, and whether a path stays inside the repository. Pure.
import path from "node:path";
import { defined } from "../util/defined.js";
import type { Source } from "./types.js";

const FULL_COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/i;

/** `git+ssh://…` → `ssh://…`; the shorthands (`github:x/y`, npm v1's `x/y#sha`) → https URLs; `git@host:x`
 * (scp-like) → `ssh://git@host/x`. The commit is taken from the fragment (`#<sha>` or Berry's
 * `#commit=<sha>`) when it is a full one; a branch or a tag moves, so it pins nothing. */
function gitSource(spec: string): Source {
  const hash = spec.indexOf("#");
  let url = hash >= 0 ? spec.slice(0, hash) : spec;
  const fragment = hash >= 0 ? spec.slice(hash + 1) : "";
  const shorthand = /^(github|gitlab|bitbucket):(.+)$/.exec(url);
  if (shorthand !== null) {
    const host = { github: "github.com", gitlab: "gitlab.com", bitbucket: "bitbucket.org" }[
      shorthand[1] as "github" | "gitlab" | "bitbucket"
    ];
    url = `https://${host}/${shorthand[2]}`;
  }
  url = url.replace(/^git\+/, "");
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    const scp = /^(?:([^/@:]+)@)?([^/:]+):(.+)$/.exec(url);
    if (scp !== null) url = `ssh://${scp[1] !== undefined ? `${scp[1]}@` : ""}${scp[2]}/${scp[3]}`;
  }
  let commit: string | undefined;
  for (const part of fragment.split("&")) {
    const value = part.startsWith("commit=") ? part.slice("commit=".length) : part;
    if (FULL_COMMIT.test(value)) commit = value.toLowerCase();
  }
  return commit !== undefined ? { kind: "git", url, commit } : { kind: "git", url };
}

function looksLikeGit(spec: string): boolean {
  if (/^(git\+[a-z]+|git|github|gitlab|bitbucket|gist):/i.test(spec)) return true;
  if (/^[^/@:\s]+@[^/:\s]+:(?!\/\/)/.test(spec)) return true; // git@github.com:x/y.git
  if (/^https?:\/\//i.test(spec)) {
    const [url, fragment = ""] = spec.split("#", 2);
    return /\.git\/?$/i.test(url ?? "") || /(^|&)(commit|head|tag|semver)=/.test(fragment);
  }
  // npm v1's `owner/repo#ref` shorthand for GitHub.
  return /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+(#.*)?$/.test(spec) && spec.includes("#");
}

/** A resolved reference as a lockfile writes it, classified. `base` is the directory (in the
 * repository, `/`-separated, "" for the root) that a relative path in it is relative to. */
export function classifySpec(spec: string, base: string): Source {
  const s = spec.trim();
  if (looksLikeGit(s)) return gitSource(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+#/.test(s) ? `github:${s}` : s);
  if (/^https?:\/\//i.test(s)) return { kind: "url", url: s };
  const local = /^(file|link|portal|workspace|exec):(.*)$/.exec(s);
  if (local !== null) return { kind: "local", how: local[1] as string, path: local[2] as string, base };
  return { kind: "unknown", spec: s };
}

export interface RegistryTarball {
  /** The registry: origin and path before `/<name>/-/`, e.g. `https://registry.npmjs.org`. */
  readonly registry: string;
  /** The package whose tarball it is, by the URL. */
  readonly name: string;
  /** The version by the file name, or undefined when the file is not `<name>-<version>.tgz`. */
  readonly version?: string;
}

/** An npm registry's tarball URL, `<registry>/<name>/-/<unscoped name>-<version>.tgz` (the shape every
 * npm-compatible registry serves, Artifactory and Verdaccio included); undefined for any other URL. A
 * query string makes it not one: a server may answer a query with any file. */
export function registryTarball(url: string): RegistryTarball | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  if (parsed.search !== "" || parsed.username !== "" || parsed.password !== "") return undefined;
  const m = /^(.*?)\/((?:@[^/]+(?:\/|%2f))?[^/@]+)\/-\/([^/]+)\.tgz$/i.exec(parsed.pathname);
  if (m === null) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(m[2] as string);
  } catch {
    return undefined;
  }
  const unscoped = name.startsWith("@") ? name.slice(name.indexOf("/") + 1) : name;
  const file = m[3] as string;
  const version = file.startsWith(`${unscoped}-`) ? file.slice(unscoped.length + 1) : undefined;
  return {
    registry: normalizeRegistry(`${parsed.protocol}//${parsed.host}${m[1] as string}`),
    name,
    ...defined({ version }),
  };
}

/** A registry or an allowed prefix, comparable: lower-case scheme and host, no trailing slash, and the
 * public npm registry under one name (registry.yarnpkg.com serves npm's packages). */
export function normalizeRegistry(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.replace(/\/+$/, "");
  }
  const host =
    parsed.host.toLowerCase() === "registry.yarnpkg.com" ? "registry.npmjs.org" : parsed.host.toLowerCase();
  return `${parsed.protocol.toLowerCase()}//${host}${parsed.pathname.replace(/\/+$/, "")}`;
}

/** Whether `url` lies under the allowed `prefix` (both normalised), at a path-segment boundary:
 * `https://npm.example.com` allows `https://npm.example.com/x`, not `https://npm.example.com.evil/x`. */
export function underPrefix(url: string, prefix: string): boolean {
  const u = normalizeRegistry(url.replace(/^git\+/, ""));
  const p = normalizeRegistry(prefix.replace(/^git\+/, ""));
  return u === p || u.startsWith(`${p}/`);
}

/** The public npm registry, the baseline for a lockfile the base commit does not have. */
export const PUBLIC_NPM_REGISTRY = "https://registry.npmjs.org";

/** An SRI string (`sha512-<base64> sha1-<base64>`) → algorithm → hex digest. Unknown tokens are
 * ignored; an empty or unreadable string gives an empty map, which the check reads as "no integrity". */
export function parseIntegrity(sri: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (sri === undefined) return out;
  for (const token of sri.trim().split(/\s+/)) {
    const m = /^(sha1|sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})(\?.*)?$/.exec(token);
    if (m === null) continue;
    const hex = Buffer.from(m[2] as string, "base64").toString("hex");
    if (hex !== "") out.set(m[1] as string, hex);
  }
  return out;
}

/** The path a local reference points at, inside the repository (`/`-separated, "" for the root), or
 * undefined when it leaves it: absolute, `~`-home, a drive letter, `file://`, or `..` past the root.
 * Code linked from inside the repository is the repository's own (and reviewed when it changes);
 * code from outside it is code nobody reviewed. */
export function insideRepository(base: string, reference: string): string | undefined {
  let ref = reference.trim();
  if (ref.startsWith("//") || base.includes("\0")) return undefined;
  // Yarn Berry writes `~/` for the project root, which is where yarn.lock sits.
  if (ref === "~" || ref.startsWith("~/")) {
    ref = ref.slice(1).replace(/^\//, "");
    base = "";
  }
  if (ref.startsWith("/") || ref.startsWith("\\") || /^[A-Za-z]:/.test(ref) || ref.includes("\0"))
    return undefined;
  const joined = path.posix.normalize(path.posix.join(base === "" ? "." : base, ref.replace(/\\/g, "/")));
  if (joined === ".." || joined.startsWith("../") || path.posix.isAbsolute(joined)) return undefined;
  return joined === "." ? "" : joined.replace(/\/$/, "");
}
