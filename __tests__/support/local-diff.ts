// Diffs as `git diff` writes them for a tree a test builds: a local round (`review`, `check` with a
// diff) refuses a diff that is not the change of the tree it reads (src/cli/diff-tree.ts), so a test's
// diff names the blob its tree really has. `addFile` writes the file and returns its section.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** git's (SHA-1) blob id of `content`. */
export function blobId(content: string | Uint8Array): string {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

/** The section `git diff` writes for a new text file `file` holding `content`. */
export function newFileDiff(file: string, content: string): string {
  const ends = content.endsWith("\n");
  const lines = (ends ? content.slice(0, -1) : content).split("\n");
  return (
    `diff --git a/${file} b/${file}\nnew file mode 100644\nindex 0000000..${blobId(content).slice(0, 7)}\n` +
    `--- /dev/null\n+++ b/${file}\n@@ -0,0 +1${lines.length === 1 ? "" : `,${lines.length}`} @@\n` +
    `${lines.map((l) => `+${l}`).join("\n")}\n${ends ? "" : "\\ No newline at end of file\n"}`
  );
}

/** Writes `file` under `dir` and returns the section of a diff that adds it. */
export function addFile(dir: string, file: string, content: string): string {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
  return newFileDiff(file, content);
}
