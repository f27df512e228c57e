// Which commit the workspace has checked out, read from .git without running git (no PR code runs,
// and git itself need not be installed). Only what actions/checkout leaves behind is understood: a
// detached HEAD, or a ref that is a loose file or in packed-refs. Anything else is "unknown", which
// the round reports rather than guesses.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

const SHA = /^[0-9a-f]{40}$/;

/** The repository directory of a checkout: `.git`, or where a `.git` file points (a worktree, a
 * submodule). */
export function gitDir(workspace: string): string | undefined {
  const dotGit = path.join(workspace, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    // A worktree or submodule: ".git" is a file saying "gitdir: <path>".
    const pointer = /^gitdir:\s*(.+)\s*$/m.exec(readFileSync(dotGit, "utf8"));
    return pointer?.[1] !== undefined ? path.resolve(workspace, pointer[1]) : undefined;
  } catch {
    return undefined;
  }
}

export function workspaceHead(workspace: string): string | undefined {
  if (workspace === "") return undefined;
  const dir = gitDir(workspace);
  if (dir === undefined) return undefined;
  try {
    const head = readFileSync(path.join(dir, "HEAD"), "utf8").trim();
    if (SHA.test(head)) return head;
    const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
    if (ref === undefined || ref.includes("..")) return undefined;
    try {
      const loose = readFileSync(path.join(dir, ref), "utf8").trim();
      if (SHA.test(loose)) return loose;
    } catch {
      // Not a loose ref; look in packed-refs.
    }
    const packed = readFileSync(path.join(dir, "packed-refs"), "utf8");
    for (const line of packed.split("\n")) {
      const [sha, name] = line.trim().split(" ");
      if (name === ref && sha !== undefined && SHA.test(sha)) return sha;
    }
    return undefined;
  } catch {
    return undefined;
  }
}
