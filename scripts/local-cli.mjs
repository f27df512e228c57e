// The CLI as a clone runs it (bin/verdict-gate.js): every file of src/ compiled on its own by
// TypeScript's transpileModule into build/local/HASH/, where HASH is the hash of the inputs
// (scripts/bundle-inputs.mjs), and run by Node from there, its packages found in the clone's
// node_modules. No bundling and no type-checking (`npm run build` type-checks; the npm package's CLI
// is the ncc bundle `prepack` builds, and the tests run that one): a few seconds where the bundle
// took a minute or more (bench/cli-build.bench.mjs measures both).
//
// `node scripts/local-cli.mjs` builds it when it is not current and prints the entry's path. Two
// launchers that start at once both build, each into a directory of its own, and the first rename
// wins: a directory named by its inputs is complete or absent, never half written, and a CLI
// that is running keeps its files (lazy imports) until a later build clears builds over an hour old.
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inputsHash } from "./bundle-inputs.mjs";

/** Where the builds live, under the clone's root. */
export const LOCAL_DIR = path.join("build", "local");
/** A build's entry, relative to its directory. */
const ENTRY = path.join("entry", "cli.js");
/** Builds other than the current one are removed once they are this old (a CLI started from one may
 * still be running and load a module from it lazily). */
const KEEP_OLD_MS = 60 * 60 * 1000;

/** The directory the CLI of today's inputs is built into. */
export function localBuildDir(root) {
  return path.join(root, LOCAL_DIR, inputsHash(root, "scripts/local-cli.mjs").slice(0, 16));
}

/** The entry of today's build when it is complete, else undefined. */
export function currentLocalCli(root) {
  const entry = path.join(localBuildDir(root), ENTRY);
  return existsSync(entry) ? entry : undefined;
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sources(full);
    return d.name.endsWith(".ts") && !d.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** A module that finds a file beside itself (`new URL("../../node_modules/…", import.meta.url)`, the
 * form ncc copies as an asset) finds it from its source's place: the emitted file sits elsewhere, so
 * the relative URL is rewritten to reach the same file. */
function rebaseAssets(code, sourceDir, outDir) {
  return code.replace(
    /new URL\((["'])(\.{1,2}\/[^"']+)\1, import\.meta\.url\)/g,
    (_whole, quote, relative) => {
      const target = path.resolve(sourceDir, relative);
      const rebased = path.relative(outDir, target).split(path.sep).join("/");
      return `new URL(${quote}${rebased.startsWith(".") ? rebased : `./${rebased}`}${quote}, import.meta.url)`;
    },
  );
}

/** Compiles src/ into `out`: one .js and one source map per .ts. Throws with every file's syntax
 * errors (transpileModule reports only those; types are `npm run build`'s). */
export async function transpile(root, out) {
  const { default: ts } = await import(
    pathToFileURL(path.join(root, "node_modules", "typescript", "lib", "typescript.js")).href
  );
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  if (config.error !== undefined)
    throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  const { options } = ts.convertCompilerOptionsFromJson(config.config.compilerOptions, root);
  // ES modules outright: transpileModule sees one file and cannot tell that NodeNext means ESM here
  // (package.json "type": "module"), as src/tsconfig.json says for ncc.
  const compilerOptions = {
    ...options,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    sourceMap: true,
    declaration: false,
    noEmit: false,
  };
  const src = path.join(root, "src");
  const problems = [];
  for (const file of sources(src)) {
    const relative = path.relative(src, file);
    const target = path.join(out, relative.replace(/\.ts$/, ".js"));
    const result = ts.transpileModule(readFileSync(file, "utf8"), {
      compilerOptions,
      fileName: file,
      reportDiagnostics: true,
    });
    for (const d of result.diagnostics ?? []) {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      problems.push(
        `src/${relative}${at ? `:${at.line + 1}:${at.character + 1}` : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      );
    }
    mkdirSync(path.dirname(target), { recursive: true });
    const code = rebaseAssets(result.outputText, path.dirname(file), path.dirname(target)).replace(
      /\/\/# sourceMappingURL=.*$/m,
      `//# sourceMappingURL=${path.basename(target)}.map`,
    );
    writeFileSync(target, code);
    // The map names the source where it is, so a stack trace reads src/…/file.ts, line and column.
    const map = JSON.parse(result.sourceMapText);
    map.sources = [path.relative(path.dirname(target), file).split(path.sep).join("/")];
    map.file = path.basename(target);
    writeFileSync(`${target}.map`, JSON.stringify(map));
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
}

/** Removes the builds other than `keep` that are older than KEEP_OLD_MS, and leftovers of builds that
 * never finished. */
function clearOld(root, keep) {
  const dir = path.join(root, LOCAL_DIR);
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (full === keep) continue;
    const age = Date.now() - (statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > KEEP_OLD_MS) rmSync(full, { recursive: true, force: true });
  }
}

/** Today's build's entry, building it first when it is not there. */
export async function buildLocalCli(root) {
  const existing = currentLocalCli(root);
  if (existing !== undefined) return existing;
  const final = localBuildDir(root);
  const staging = `${final}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await transpile(root, staging);
    try {
      renameSync(staging, final);
    } catch (error) {
      // Another launcher finished the same build first: its files are the same.
      if (!existsSync(path.join(final, ENTRY))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  clearOld(root, final);
  return path.join(final, ENTRY);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  try {
    console.log(await buildLocalCli(root));
  } catch (error) {
    console.error(`local-cli: ${error.message}`);
    process.exitCode = 1;
  }
}
