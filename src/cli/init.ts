// `verdict-gate init`: a starter workflow and a starter contract, written into a repository. It never
// overwrites: an existing file is somebody's configuration, and a gate's configuration replaced in
// silence is a gate that checks something else. Both files are checked first, so either both are
// written or neither is.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { closest } from "../util/closest.js";
import { describeError } from "../util/describe-error.js";
import { EXIT } from "../verdict/four-values.js";
import { parse } from "./args.js";
import { type Command, UsageError } from "./io.js";
import { starterContract } from "./templates/contract.js";
import { gateJobName } from "./templates/gate-job.js";
import { CONTRACT_PATH, DOCS_URL, WORKFLOW_PATH } from "./templates/project.js";
import {
  commandWindow,
  STARTER_DEFAULTS,
  STARTER_PROVIDERS,
  type StarterChoice,
  type StarterProvider,
  starterWorkflow,
} from "./templates/workflow.js";
import { topLevel } from "./top-level.js";

const USAGE = [
  "usage: verdict-gate init [--dir DIR] [--provider openai|anthropic|command] [--model NAME] [--command CMD]",
  "",
  `  writes ${WORKFLOW_PATH} and ${CONTRACT_PATH} at the top level of the git repository that holds`,
  "  DIR (default: the current directory), where GitHub reads workflows (outside a repository, into DIR",
  "  itself; a --dir below the top level is refused), and adds .verdict-gate/ to its .gitignore;",
  "  refuses (exit 2) if either file exists, writing nothing",
  `  --provider   the reviewer: openai (default, ${STARTER_DEFAULTS.openai.model}), anthropic (${STARTER_DEFAULTS.anthropic.model}), or command (claude -p)`,
  "  --model      another model for openai or anthropic",
  '  --command    another reviewer command for provider command (e.g. "codex exec --skip-git-repo-check -")',
].join("\n");

const OPTIONS = {
  dir: { type: "string" },
  provider: { type: "string" },
  model: { type: "string" },
  command: { type: "string" },
} as const;

function choice(values: Record<string, unknown>): StarterChoice {
  const provider =
    (values.provider as string | undefined) ?? (values.command !== undefined ? "command" : "openai");
  if (!(STARTER_PROVIDERS as readonly string[]).includes(provider)) {
    const guess = closest(provider, STARTER_PROVIDERS);
    throw new UsageError(
      `--provider: expects ${STARTER_PROVIDERS.join(", ")}; got ${JSON.stringify(provider)}` +
        (guess !== undefined
          ? `; did you mean ${guess}?`
          : " (Gemini, Ollama, OpenRouter and Azure OpenAI are reached through openai with their base-url: write the openai starter and change its step as docs/reviewers.md shows)"),
    );
  }
  const p = provider as StarterProvider;
  if (p === "command" && values.model !== undefined)
    throw new UsageError("--model is for openai or anthropic");
  if (p !== "command" && values.command !== undefined)
    throw new UsageError("--command needs --provider command");
  for (const name of ["model", "command"] as const) {
    const v = values[name] as string | undefined;
    if (v !== undefined && (v.trim() === "" || /[\r\n]/.test(v)))
      throw new UsageError(`--${name}: expects one line of text`);
  }
  return {
    provider: p,
    ...(values.model !== undefined ? { model: (values.model as string).trim() } : {}),
    ...(values.command !== undefined ? { command: (values.command as string).trim() } : {}),
  };
}

/** Where the starter goes: GitHub reads workflows only from `.github/workflows` at the top level of a
 * repository, so run from `src/` init writes at the top level (and says so), and a `--dir` inside a
 * repository but below its top level is refused: a workflow written there would never run. Outside
 * any git repository (a directory that becomes one later), the directory itself. */
function starterRoot(cwd: string, given: string | undefined): { dir: string; shown: string; note?: string } {
  const asked = path.resolve(cwd, given ?? ".");
  let isDir = false;
  try {
    isDir = statSync(asked).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new UsageError(`--dir ${given ?? "."}: not a directory`);
  const top = topLevel(asked);
  if (top === undefined || samePlace(top, asked))
    return { dir: asked, shown: given === undefined ? "" : path.relative(cwd, asked) };
  if (given !== undefined) {
    throw new UsageError(
      `--dir ${given}: ${asked} is inside the git repository ${top}, below its top level; GitHub reads workflows only from .github/workflows at the top level, so one written here would never run (--dir ${path.relative(cwd, top) || "."} writes it there)`,
      { brief: true },
    );
  }
  return {
    dir: top,
    shown: path.relative(cwd, top),
    note: `writing at the repository's top level ${top}: GitHub reads workflows only from .github/workflows there`,
  };
}

function samePlace(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

/** What .gitignore gets: verdict-gate's local files (an eval cache or a mined set kept in the clone)
 * are never committed. */
const IGNORED = ".verdict-gate/";
const IGNORE_BLOCK = `# verdict-gate's local files (eval caches, mined sets): never committed\n${IGNORED}\n`;

/** Adds `.verdict-gate/` to `dir`'s .gitignore: creates the file, or appends once; a file that
 * already ignores it (`.verdict-gate`, `/.verdict-gate/`, …) is left as it is. What was done, for the
 * output, or undefined when nothing was. A .gitignore that cannot be written is said, not fatal: the
 * starter files are written. */
function ignoreLocalFiles(dir: string, shown: string): string | undefined {
  const file = path.join(dir, ".gitignore");
  const named = path.join(shown, ".gitignore");
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = undefined;
  }
  if (text !== undefined) {
    const already = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .some((l) => /^\/?\.verdict-gate\/?(\*\*?)?$/.test(l));
    if (already) return undefined;
  }
  try {
    if (text === undefined) writeFileSync(file, IGNORE_BLOCK, { flag: "wx" });
    else appendFileSync(file, `${text === "" || text.endsWith("\n") ? "" : "\n"}${IGNORE_BLOCK}`);
  } catch (error) {
    return `could not add ${IGNORED} to ${named}: ${describeError(error)}`;
  }
  return text === undefined ? `wrote ${named} (ignoring ${IGNORED})` : `added ${IGNORED} to ${named}`;
}

export const initCommand: Command = {
  name: "init",
  summary: `write a starter workflow (${WORKFLOW_PATH}) and contract (${CONTRACT_PATH}); never overwrites`,
  usage: USAGE,
  async run(args, io) {
    const { values } = parse(args, OPTIONS, 0);
    const picked = choice(values);
    const given = values.dir as string | undefined;
    const root = starterRoot(io.cwd, given);
    const files = [
      { rel: WORKFLOW_PATH, text: starterWorkflow(picked) },
      { rel: CONTRACT_PATH, text: starterContract() },
    ];
    const existing = files.filter((f) => existsSync(path.join(root.dir, f.rel)));
    if (existing.length > 0) {
      io.err(
        `verdict-gate init: ${existing.map((f) => f.rel).join(" and ")} already exist${existing.length === 1 ? "s" : ""} in ${root.dir}; nothing was written (move ${existing.length === 1 ? "it" : "them"} aside to start afresh)\n`,
      );
      return EXIT.usage;
    }
    const written: string[] = [];
    for (const f of files) {
      const full = path.join(root.dir, f.rel);
      try {
        mkdirSync(path.dirname(full), { recursive: true });
        // `wx`: fail rather than overwrite a file that appeared since the check.
        writeFileSync(full, f.text, { flag: "wx" });
      } catch (error) {
        // A directory that cannot be written is the user's to fix (exit 2), said in words, with what
        // was written before it so that a second run's "already exists" is no surprise.
        for (const done of written) rmSync(path.join(root.dir, done), { force: true });
        throw new UsageError(
          `cannot write ${f.rel} in ${root.dir}: ${describeError(error)}; nothing was written`,
          { brief: true },
        );
      }
      written.push(f.rel);
    }
    const ignored = ignoreLocalFiles(root.dir, root.shown);
    if (root.note !== undefined) io.err(`verdict-gate init: ${root.note}\n`);
    const secret = STARTER_DEFAULTS[picked.provider].secret;
    io.out(
      [
        `wrote ${path.join(root.shown, WORKFLOW_PATH)}`,
        `wrote ${path.join(root.shown, CONTRACT_PATH)}`,
        ...(ignored !== undefined ? [ignored] : []),
        "",
        "next:",
        `  1. add the reviewer's key as a repository secret: gh secret set ${secret}`,
        `  2. edit ${CONTRACT_PATH}: say what changes are meant to do, and add criteria`,
        `     (${DOCS_URL}/contract.md). A \`label\` in \`requires\` is re-evaluated by this workflow's`,
        "     `labeled` event; for a `check_run`, `status` or `pr_merged` one, also add the dependencies",
        `     workflow (${DOCS_URL}/workflows.md#re-evaluating-dependencies), or the round waits until a push`,
        `  3. try it on a change before pushing (with ${secret} set; new files need git add -N first):`,
        `     git diff main | verdict-gate review${picked.provider === "command" ? ` --command "${picked.command ?? STARTER_DEFAULTS.command.command}" --context-window ${commandWindow(picked.command ?? STARTER_DEFAULTS.command.command ?? "")}` : ` --provider ${picked.provider} --model ${picked.model ?? STARTER_DEFAULTS[picked.provider].model}`}`,
        "  4. commit both files, open a pull request, then make the check named verdict-gate a required",
        `     status check in the branch's protection rules (${DOCS_URL}/statuses.md): the check, not the`,
        `     job "${gateJobName()}" listed beside it`,
        "",
      ].join("\n"),
    );
    return EXIT.approve;
  },
};
