// Whether a reviewer command can start at all, asked before the round instead of learned from a hold:
// a program that is not on PATH, or a script named by a path that does not lead to it, is a mistake in
// the configuration (exit 2 in a terminal, a failed step in the action), not "the reviewer could not
// review". The usual one: the command runs in an empty temporary directory (compose/reviewer.ts says
// why), so `./rev.sh` or `sh rev.sh`, written for the directory a person stands in, finds nothing.
// And what it names, for the reviewer's label: the script an interpreter runs (`sh rev.sh` is
// `rev.sh`), else the program — never an argument after it, which may carry a key.
import { createHash } from "node:crypto";
import { accessSync, constants, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";

/** Programs whose first operand is a script file they run. */
const INTERPRETERS = new Set([
  "sh",
  "bash",
  "dash",
  "zsh",
  "ksh",
  "fish",
  "node",
  "nodejs",
  "python",
  "python3",
  "python2",
  "ruby",
  "perl",
  "php",
]);

/** Options after which an interpreter runs code given inline, not a script file: `-c`, `-e`, `-m`,
 * alone or in a cluster (`bash -lc`), and node's long spellings. */
const INLINE = /^(?:-[A-Za-z]*[cem][A-Za-z]*|-p|--eval|--print|-)$/;

/** An operand that names a file: a path, or a name with an extension (`rev.sh`, `review.py`). Anything
 * else may be an option's value (`python -W ignore x.py`), so it is never taken for the script. */
const FILE_LIKE = /\/|\.[A-Za-z0-9]{1,8}$/;

function base(word: string): string {
  return path.basename(word.replace(/\\/g, "/"));
}

/** The script an interpreter command runs (`sh -x rev.sh` → `rev.sh`), or undefined. */
export function scriptOf(argv: readonly string[]): string | undefined {
  const program = base(argv[0] ?? "").replace(/\.exe$/i, "");
  if (!INTERPRETERS.has(program)) return undefined;
  for (const arg of argv.slice(1)) {
    if (INLINE.test(arg)) return undefined;
    if (!arg.startsWith("-")) return FILE_LIKE.test(arg) ? arg : undefined;
  }
  return undefined;
}

/** What the reviewer's label and messages call the command: its script's name, else its program's. */
export function commandName(argv: readonly string[]): string {
  const script = scriptOf(argv);
  return base(script ?? argv[0] ?? "");
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function executable(file: string): boolean {
  if (!isFile(file)) return false;
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where the program would be found on PATH, as execvp looks (PATHEXT on Windows). */
function onPath(program: string, env: Readonly<Record<string, string | undefined>>): boolean {
  const dirs = (env.PATH ?? env.Path ?? "").split(path.delimiter).filter((d) => d !== "");
  const exts =
    process.platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT;.COM").split(";")] : [""];
  return dirs.some((dir) =>
    exts.some((ext) => (process.platform === "win32" ? isFile : executable)(path.join(dir, program + ext))),
  );
}

export interface ProgramCheck {
  /** The directory the command runs in (the empty temporary one). */
  readonly cwd: string;
  /** The environment it runs with (its PATH). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where the person stands, from a terminal: a relative path is suggested from there as an absolute
   * one. Absent in the action, where a path into the checkout would run the pull request's code. */
  readonly callerCwd?: string;
  /** The pull request's checkout (the action's workspace): nothing in it may be run (see below). */
  readonly checkout?: string;
}

const EMPTY_DIR = "the reviewer command runs in an empty temporary directory";
const IN_THE_ACTION =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
  "install the reviewer in an earlier step, outside the checkout (working-directory: ${{ runner.temp }}), and name it by its absolute path or put it on PATH: a script in the checkout is the pull request's code, which the gate never runs";

function relativeFix(word: string, check: ProgramCheck): string {
  if (check.callerCwd === undefined) return IN_THE_ACTION;
  const there = path.resolve(check.callerCwd, word);
  return isFile(there)
    ? `give its absolute path: ${there}`
    : `give its absolute path (it is not at ${there} either)`;
}

function real(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

function within(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** Where execvp would find a bare program name on PATH, or undefined. */
function foundOnPath(program: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? "").split(path.delimiter).filter((d) => d !== "");
  for (const dir of dirs) {
    const file = path.join(dir, program);
    if (executable(file)) return file;
  }
  return undefined;
}

/** Why the command would run a file of the pull request's checkout, or undefined. The workflow names
 * the command, but `command: $GITHUB_WORKSPACE/scripts/review.sh`, `node /…/workspace/x.js`, or a PATH
 * that holds the checkout's `node_modules/.bin` would each run code the pull request wrote — with the
 * reviewer's key in its environment. Any word of the command that names a path inside the checkout,
 * and a program PATH finds there, is refused (a false refusal costs a workflow edit). */
export function runsCheckoutCode(argv: readonly string[], check: ProgramCheck): string | undefined {
  if (check.checkout === undefined || check.checkout === "") return undefined;
  const roots = [path.resolve(check.checkout), real(check.checkout)];
  const inside = (file: string) => roots.some((root) => within(file, root) || within(real(file), root));
  const program = argv[0] ?? "";
  const located = program.includes("/") ? undefined : foundOnPath(program, check.env);
  if (located !== undefined && inside(located)) {
    return `the reviewer program \`${program}\` is found on PATH at ${located}, inside the pull request's checkout: that is the pull request's code, which the gate never runs; ${IN_THE_ACTION}`;
  }
  for (const word of argv) {
    // A path may follow `--opt=`; every absolute-looking part of a word is checked.
    for (const part of word.split("=")) {
      if (!path.isAbsolute(part)) continue;
      if (inside(part)) {
        return `the reviewer command names ${part}, inside the pull request's checkout: that is the pull request's code, which the gate never runs; ${IN_THE_ACTION}`;
      }
    }
  }
  return undefined;
}

/** Why the command cannot start, in words that say what to write instead; undefined when it can. */
export function commandNotFound(argv: readonly string[], check: ProgramCheck): string | undefined {
  const program = argv[0];
  if (program === undefined) return undefined;
  const checkoutCode = runsCheckoutCode(argv, check);
  if (checkoutCode !== undefined) return checkoutCode;
  if (program.includes("/") || (process.platform === "win32" && program.includes("\\"))) {
    if (!path.isAbsolute(program)) {
      return `${EMPTY_DIR}, so the relative path ${program} finds nothing there: ${relativeFix(program, check)}`;
    }
    if (!isFile(program)) return `the reviewer program ${program} does not exist: fix the path`;
    if (process.platform !== "win32" && !executable(program)) {
      return `the reviewer program ${program} is not executable: chmod +x it, or run it with its interpreter (sh ${program})`;
    }
  } else if (!onPath(program, check.env)) {
    return `the reviewer program \`${program}\` is not on PATH: install it (claude -p: npm install --global @anthropic-ai/claude-code; codex exec: npm install --global @openai/codex), or give its absolute path`;
  }
  const script = scriptOf(argv);
  if (script !== undefined && !isFile(path.resolve(check.cwd, script))) {
    if (!path.isAbsolute(script)) {
      return `${EMPTY_DIR}, so the script ${script} that \`${base(program)}\` would run is not there: ${relativeFix(script, check)}`;
    }
    return `the reviewer script ${script} does not exist: fix the path`;
  }
  return undefined;
}

/** The files a command runs that a person may be editing — its program when named by a path, and the
 * script its interpreter runs — each by the hash of its bytes (or why it cannot be read), so a result
 * kept for the command stands only for these bytes (eval/configuration.ts). A program found on PATH
 * (`claude`, `node`) is an installed tool, named by its name only. */
export function commandFiles(
  argv: readonly string[],
  cwd: string,
): { file: string; sha256?: string; unreadable?: string }[] {
  const program = argv[0];
  const named = [
    ...(program !== undefined && (program.includes("/") || program.includes("\\")) ? [program] : []),
    ...[scriptOf(argv)].filter((s): s is string => s !== undefined),
  ];
  return named.map((word) => {
    const file = path.resolve(cwd, word);
    try {
      return { file, sha256: createHash("sha256").update(readFileSync(file)).digest("hex") };
    } catch (error) {
      return { file, unreadable: error instanceof Error ? error.message : String(error) };
    }
  });
}
