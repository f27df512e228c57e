// Yarn 2+ ("berry") yarn.lock: YAML with a `__metadata` block, one entry per resolution —
//
//   __metadata:
//     version: 8
//     cacheKey: 10c0
//
//   "lodash@npm:^4.17.21":
//     version: 4.17.21
//     resolution: "lodash@npm:4.17.21"
//     checksum: 10c0/d8cbea07…
//
// The resolution says where the code comes from: `npm:` is the configured registry (unless it carries
// an `__archiveUrl`), `workspace:`/`link:`/`portal:`/`file:`/`exec:` a path, `patch:` another
// resolution plus a patch file, and a URL a tarball or a git repository. Pure.
import { classifySpec, insideRepository, parseIntegrity } from "./source.js";
import type { LockEntry, ParsedLockfile, Source } from "./types.js";
import { asMap, asString, LockfileSyntaxError, readYamlSubset } from "./yaml-subset.js";
import { splitSpecifier } from "./yarn-classic.js";

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new LockfileSyntaxError(`bad percent-encoding in ${JSON.stringify(text.slice(0, 80))}`);
  }
}

/** `a=1&b=2` after a reference's `::`. */
function params(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    out.set(eq < 0 ? part : part.slice(0, eq), eq < 0 ? "" : decode(part.slice(eq + 1)));
  }
  return out;
}

/** The workspace a `::locator=` names, as a directory relative to the project root. */
function locatorBase(locator: string | undefined, root: string): string {
  if (locator === undefined) return root;
  const ws = /@workspace:(.*)$/.exec(locator);
  if (ws === null) return root;
  return insideRepository(root, ws[1] as string) ?? "\0outside";
}

/** Where one resolution's code comes from, and the extra local paths it needs (a patch file). */
function sourceOf(reference: string, root: string, depth = 0): { source: Source; patches: Source[] } {
  if (depth > 4) throw new LockfileSyntaxError("patch: resolutions nested too deep");
  const sep = reference.indexOf("::");
  const head = sep >= 0 ? reference.slice(0, sep) : reference;
  const p = params(sep >= 0 ? reference.slice(sep + 2) : "");
  const protocol = /^([a-z+]+):/.exec(head)?.[1];
  switch (protocol) {
    case "npm": {
      const archive = p.get("__archiveUrl");
      return {
        source: archive !== undefined ? { kind: "url", url: archive } : { kind: "registry" },
        patches: [],
      };
    }
    case "workspace":
    case "link":
    case "portal":
    case "file":
    case "exec":
      return {
        source: {
          kind: "local",
          how: protocol,
          path: head.slice(protocol.length + 1),
          base: locatorBase(p.get("locator"), root),
        },
        patches: [],
      };
    case "patch": {
      // patch:<url-encoded inner descriptor>#<patch files, `&`-joined>::version=…&hash=…&locator=…
      const body = head.slice("patch:".length);
      const hash = body.lastIndexOf("#");
      if (hash < 0) throw new LockfileSyntaxError(`a patch: resolution without its patch file: ${reference}`);
      const inner = splitSpecifier(decode(body.slice(0, hash)));
      if (inner === undefined)
        throw new LockfileSyntaxError(`cannot read the patched package in ${reference}`);
      const innerSource = sourceOf(inner.range, root, depth + 1);
      const patches: Source[] = [...innerSource.patches];
      for (const file of decode(body.slice(hash + 1)).split("&")) {
        // Yarn's own compatibility patches (`optional!builtin<compat/typescript>`) ship inside Yarn.
        if (/^(optional!)?(builtin|~builtin)<[^>]+>$/.test(file)) continue;
        patches.push({ kind: "local", how: "patch", path: file, base: locatorBase(p.get("locator"), root) });
      }
      return { source: innerSource.source, patches };
    }
    default:
      return { source: classifySpec(head, root), patches: [] };
  }
}

/** The fields Yarn 2+ writes in an entry. Another is refused rather than ignored: a `resolved` or an
 * `integrity` is Yarn 1's, and a file one reader takes for Yarn 2+ and another for Yarn 1 could install
 * what neither check saw. */
const FIELDS = new Set([
  "version",
  "resolution",
  "dependencies",
  "peerDependencies",
  "dependenciesMeta",
  "peerDependenciesMeta",
  "bin",
  "checksum",
  "languageName",
  "linkType",
  "conditions",
]);

/** Reads a Yarn 2+ lockfile. `base` is its directory in the repository ("" for the root). */
export function parseYarnBerry(text: string, base = ""): ParsedLockfile {
  const doc = readYamlSubset(text);
  const metadata = asMap(doc.get("__metadata"));
  const version = asString(metadata?.get("version"));
  if (metadata === undefined || version === undefined || !/^\d+$/.test(version)) {
    throw new LockfileSyntaxError("no __metadata.version: not a Yarn 2+ lockfile");
  }
  const cacheKey = asString(metadata.get("cacheKey")) ?? "";
  const entries: LockEntry[] = [];
  for (const [key, value] of doc) {
    if (key === "__metadata") continue;
    const entry = asMap(value);
    if (entry === undefined) throw new LockfileSyntaxError(`entry ${JSON.stringify(key)} is not a mapping`);
    for (const field of entry.keys()) {
      if (!FIELDS.has(field)) {
        throw new LockfileSyntaxError(
          `entry ${JSON.stringify(key)}: a field Yarn 2+ does not write: ${JSON.stringify(field)}`,
        );
      }
    }
    const resolution = asString(entry.get("resolution"));
    if (resolution === undefined)
      throw new LockfileSyntaxError(`entry ${JSON.stringify(key)} has no resolution`);
    const locator = splitSpecifier(resolution);
    if (locator === undefined)
      throw new LockfileSyntaxError(`cannot read the resolution ${JSON.stringify(resolution)}`);
    const { source, patches } = sourceOf(locator.range, base);
    const checksum = asString(entry.get("checksum"));
    const integrity = new Map<string, string>();
    if (checksum !== undefined) {
      // `10c0/<hex>` (Yarn 4) or a bare hex digest under the file's cacheKey (Yarn 2–3). The digest is
      // of Yarn's own archive, which depends on the cache key: digests under different keys are
      // different algorithms, never compared as equal or unequal.
      const m = /^(?:([0-9a-z]+)\/)?([0-9a-f]{64,128})$/i.exec(checksum);
      if (m === null) throw new LockfileSyntaxError(`entry ${JSON.stringify(key)}: unreadable checksum`);
      integrity.set(`yarn-cache-${m[1] ?? cacheKey}`, (m[2] as string).toLowerCase());
    }
    const installedAs = [
      ...new Set(
        key
          .split(/,\s*/)
          .map((d) => splitSpecifier(d)?.name)
          .filter((n): n is string => n !== undefined && n !== locator.name),
      ),
    ];
    const common = {
      key,
      name: locator.name,
      version: asString(entry.get("version")) ?? "",
      spec: resolution,
      ...(installedAs.length > 0 ? { aliases: installedAs } : {}),
    };
    entries.push({ ...common, source, integrity });
    for (const patch of patches) {
      entries.push({
        ...common,
        key: `${key} (patch)`,
        source: patch,
        spec: `${resolution} (patch)`,
        integrity: parseIntegrity(undefined),
      });
    }
  }
  return { kind: "yarn-berry", version, entries };
}
