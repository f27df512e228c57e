// What a bundle is made from, and whether the one in a directory is current: shared by
// scripts/bundle.mjs (which records it with every build and skips a current one with --if-stale) and
// scripts/local-cli.mjs (the CLI a clone runs, in a directory named by the same hash of its inputs).
// Every build records a hash of its inputs in OUT/.bundle-inputs: the sources, the pinned packages,
// the compiler settings and the build script. The same inputs give the same bytes (check-dist relies
// on it), so equal hashes mean a current bundle.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const PARTS = ["action", "cli", "lib"];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : [path.join(dir, d.name)]))
    .sort();
}

/** The hash of everything a build of the repository at `root` is made from: by default the bundle's
 * (scripts/bundle.mjs); scripts/local-cli.mjs names itself as the build script instead. */
export function inputsHash(root, script = "scripts/bundle.mjs") {
  const hash = createHash("sha256");
  const inputs = [
    ...files(path.join(root, "src")),
    ...["package.json", "package-lock.json", "tsconfig.json", "tsconfig.lib.json", script].map((f) =>
      path.join(root, f),
    ),
  ];
  for (const f of inputs) {
    hash.update(`${path.relative(root, f)}\0`);
    hash.update(readFileSync(f));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** The record a build of `parts` from today's inputs writes. */
export function stamp(root, parts) {
  return `${JSON.stringify({ parts: [...parts].sort(), inputs: inputsHash(root) })}\n`;
}

export const stampFile = (out) => path.join(out, ".bundle-inputs");

/** Whether `out` holds a build of `parts` from today's inputs. */
export function isCurrent(root, out, parts = PARTS) {
  const file = stampFile(out);
  return existsSync(file) && readFileSync(file, "utf8") === stamp(root, parts);
}
