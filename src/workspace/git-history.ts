// The git history `eval mine` reads (src/eval/mine/history.ts's port), from a clone it does not trust.
// A clone's own .git/config can run programs (core.fsmonitor, a diff driver's textconv or command, a
// signature program under log.showSignature, hooks) and can change what git prints (diff.noprefix,
// diff.algorithm, core.quotePath, blame.ignoreRevsFile), so git never reads it: every command runs on
// a scratch bare repository, made here, whose objects/info/alternates borrows the clone's objects and
// nothing else — no config, no hooks, no attributes, no refs beyond the commit ids asked about. Git
// itself runs with a fixed environment (LC_ALL=C, no pager, no system or user configuration, HOME and
// XDG_CONFIG_HOME in the scratch directory, no terminal prompt, no replace refs) and the arguments
// that keep anything from running (`-c core.hooksPath=/dev/null`, no external diff, no textconv), so
// the same clone gives the same bytes on any machine. No network: the scratch repository has no
// remote, and a clone missing objects (shallow, partial) is refused rather than fetched from.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { GitFailed, type GitPort } from "../eval/mine/history.js";

/** A clone that cannot be mined, said in words (exit 2). */
export class CloneError extends Error {
  override readonly name = "CloneError";
}

/** Bytes of one git answer at most: a whole-history log of a large repository fits. */
const MAX_OUTPUT = 1 << 30;

/** The arguments that keep git from running anything a repository names, before every command. */
const SAFE_ARGS = [
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "core.attributesFile=/dev/null",
  "-c",
  "log.showSignature=false",
  "-c",
  "protocol.allow=never",
  "-c",
  "color.ui=false",
  "--no-pager",
];

function environment(home: string): NodeJS.ProcessEnv {
  // Nothing of the caller's environment but PATH: GIT_DIR, GIT_INDEX_FILE, GIT_CONFIG_PARAMETERS or
  // GIT_EXTERNAL_DIFF from outside would point git elsewhere or run something.
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    LC_ALL: "C",
    LANG: "C",
    TZ: "UTC",
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_ATTR_NOSYSTEM: "1",
    GIT_PAGER: "cat",
    PAGER: "cat",
    GIT_TERMINAL_PROMPT: "0",
    GIT_NO_REPLACE_OBJECTS: "1",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_NO_LAZY_FETCH: "1",
  };
}

function describe(error: unknown): string {
  const e = error as { stderr?: Buffer; message?: string };
  const stderr = e.stderr?.toString("utf8").trim();
  return stderr !== undefined && stderr !== ""
    ? stderr.split("\n").slice(0, 3).join("; ")
    : String(e.message ?? error);
}

/** Where a clone keeps its objects, found from files alone (git is never run inside the clone): a
 * bare repository, a work tree's .git directory, or the gitdir a .git file names (a linked
 * worktree), through its commondir. */
function objectsOf(clone: string): { gitDir: string; objects: string } {
  let root: string;
  try {
    root = realpathSync(clone);
    if (!statSync(root).isDirectory()) throw new CloneError(`${clone} is not a directory`);
  } catch (error) {
    if (error instanceof CloneError) throw error;
    throw new CloneError(`${clone} cannot be read: ${(error as { code?: string }).code ?? String(error)}`);
  }
  let gitDir: string | undefined;
  const dotGit = path.join(root, ".git");
  if (existsSync(path.join(root, "objects")) && existsSync(path.join(root, "HEAD"))) gitDir = root;
  else if (existsSync(dotGit) && statSync(dotGit).isDirectory()) gitDir = dotGit;
  else if (existsSync(dotGit)) {
    const named = /^gitdir: (.+)$/m.exec(readText(dotGit))?.[1]?.trim();
    if (named !== undefined) gitDir = path.resolve(root, named);
  }
  if (gitDir === undefined)
    throw new CloneError(`${clone} is not a git clone (no .git, and not a bare repository)`);
  const common = path.join(gitDir, "commondir");
  const commonDir = existsSync(common) ? path.resolve(gitDir, readText(common).trim()) : gitDir;
  const objects = path.join(commonDir, "objects");
  if (!existsSync(objects)) throw new CloneError(`${clone} has no objects directory`);
  if (existsSync(path.join(commonDir, "shallow")))
    throw new CloneError(
      `${clone} is a shallow clone: its history is cut, so fixes cannot be traced (git fetch --unshallow)`,
    );
  return { gitDir, objects };
}

function readText(file: string): string {
  return readFileSync(file, "utf8");
}

export interface OpenedHistory {
  readonly git: GitPort;
  /** The commit the clone's HEAD names. */
  readonly tip: string;
  /** Removes the scratch repository. */
  close(): void;
}

/** The clone's HEAD, from its files: a ref (loose, or in packed-refs) or a detached commit id. */
function headOf(gitDir: string, commonDir: string): string | undefined {
  const head = readText(path.join(gitDir, "HEAD")).trim();
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref: (refs\/[^\s]+)$/.exec(head)?.[1];
  if (ref === undefined || ref.split("/").includes("..")) return undefined;
  for (const dir of [gitDir, commonDir]) {
    const loose = path.join(dir, ref);
    if (existsSync(loose) && statSync(loose).isFile()) {
      const sha = readText(loose).trim();
      if (/^[0-9a-f]{40,64}$/.test(sha)) return sha;
    }
  }
  const packed = path.join(commonDir, "packed-refs");
  if (!existsSync(packed)) return undefined;
  for (const line of readText(packed).split("\n")) {
    const m = /^([0-9a-f]{40,64}) (.+)$/.exec(line);
    if (m && m[2] === ref) return m[1];
  }
  return undefined;
}

/** Opens `clone` for reading through a scratch repository; `rev` (default: the clone's HEAD) is the
 * history's tip. */
export function openHistory(clone: string, rev?: string): OpenedHistory {
  const { gitDir, objects } = objectsOf(clone);
  const commonDir = path.dirname(objects);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "verdict-gate-mine-"));
  const env = environment(scratch);
  const repo = path.join(scratch, "history.git");
  const run = (args: readonly string[], mayFail = false): Buffer | undefined => {
    try {
      return execFileSync("git", [...SAFE_ARGS, "--git-dir", repo, ...args], {
        env,
        cwd: scratch,
        maxBuffer: MAX_OUTPUT,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      if (mayFail && (error as { status?: number }).status !== null) return undefined;
      throw new GitFailed(`git ${args.slice(0, 3).join(" ")}: ${describe(error)}`);
    }
  };
  try {
    execFileSync("git", [...SAFE_ARGS, "init", "--bare", "--quiet", "--template=", repo], {
      env,
      cwd: scratch,
      stdio: ["ignore", "pipe", "pipe"],
    });
    writeFileSync(path.join(repo, "objects", "info", "alternates"), `${objects}\n`, { flag: "w" });
    const named = rev ?? headOf(gitDir, commonDir);
    if (named === undefined) throw new CloneError(`${clone}: its HEAD names no commit`);
    const tip = run(["rev-parse", "--verify", "--quiet", `${named}^{commit}`], true)
      ?.toString("utf8")
      .trim();
    if (tip === undefined || tip === "")
      throw new CloneError(`${clone}: ${rev ?? "HEAD"} is not a commit whose objects the clone holds`);
    return {
      git: { run: (args, options) => run(args, options?.mayFail === true) },
      tip,
      close: () => rmSync(scratch, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    if (error instanceof CloneError) throw error;
    throw new CloneError(`${clone}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
