// The gate's configuration as a checkout holds it, read for `eval --gate DIR` (src/eval/gate.ts says
// what is read and why): the workflow files under .github/workflows that run verdict-gate, the
// contract file they name, and the review guidelines the contract names. DIR may be a pull request's
// head, so every read is confined: a file must be a regular file whose real path is inside DIR (a
// symlink to /etc/passwd is refused, not followed), at most 1 MB. Nothing in DIR runs.
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { GateConfigError, type GateInputs, gateDigest, gateInputs } from "../eval/gate.js";
import type { ContractFile } from "../ports/github.js";

/** A file of the gate's read at most. */
const MAX_FILE_BYTES = 1024 * 1024;
const DEFAULT_CONTRACT = ".github/verdict-contract.json";
const WORKFLOWS = ".github/workflows";

export interface GateOnDisk {
  readonly inputs: GateInputs;
  /** Where the gate runs (a workflow's job or step), for messages. */
  readonly where: string;
  readonly contractPath: string;
  readonly contract: ContractFile;
  /** The review guidelines the contract names, by path. */
  readonly guidelines: ReadonlyMap<string, ContractFile>;
  /** A hash of the contract and guidelines as read (the cache's key must change with them). */
  readonly digest: string;
}

/** A repository path inside `root`, read whole; missing, or unreadable with why. */
function confined(root: string, relative: string): ContractFile {
  if (relative === "" || path.isAbsolute(relative) || relative.split(/[\\/]/).some((s) => s === ".."))
    return { kind: "unreadable", message: `${relative} is not a path inside the repository` };
  const full = path.join(root, relative);
  let real: string;
  try {
    real = realpathSync(full);
  } catch (error) {
    return (error as { code?: string }).code === "ENOENT"
      ? { kind: "missing" }
      : { kind: "unreadable", message: `${relative}: ${(error as { code?: string }).code ?? String(error)}` };
  }
  if (!real.startsWith(`${realpathSync(root)}${path.sep}`) || lstatSync(full).isSymbolicLink())
    return {
      kind: "unreadable",
      message: `${relative} is a link; the gate's files are read, never followed`,
    };
  const stats = lstatSync(real);
  if (!stats.isFile()) return { kind: "unreadable", message: `${relative} is not a regular file` };
  if (stats.size > MAX_FILE_BYTES)
    return { kind: "unreadable", message: `${relative} is over ${MAX_FILE_BYTES} bytes` };
  const bytes = readFileSync(real);
  return {
    kind: "found",
    text: bytes.toString("utf8"),
    sha: createHash("sha256").update(bytes).digest("hex"),
  };
}

function workflows(root: string, named: string | undefined): { file: string; doc: unknown }[] {
  let files: string[];
  if (named !== undefined) files = [named];
  else {
    try {
      files = readdirSync(path.join(root, WORKFLOWS))
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => `${WORKFLOWS}/${f}`);
    } catch {
      files = [];
    }
  }
  return files.flatMap((file) => {
    const read = confined(root, file);
    if (read.kind !== "found") {
      if (named !== undefined)
        throw new GateConfigError(`${file}: ${read.kind === "missing" ? "no such file" : read.message}`);
      return [];
    }
    try {
      return [{ file, doc: parse(read.text) as unknown }];
    } catch (error) {
      throw new GateConfigError(
        `${file} is not YAML: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      );
    }
  });
}

/** The guideline paths a contract's text names, when it names any (an invalid contract names none:
 * the round itself reports it). */
function guidelinePaths(contract: ContractFile): string[] {
  if (contract.kind !== "found") return [];
  try {
    const value = JSON.parse(contract.text) as { review_guidelines?: unknown };
    return Array.isArray(value.review_guidelines)
      ? value.review_guidelines.filter((p): p is string => typeof p === "string")
      : [];
  } catch {
    return [];
  }
}

/** The gate as `dir` configures it. Throws GateConfigError when it cannot be read as one. */
export function readGate(dir: string, workflowFile?: string): GateOnDisk {
  const { inputs, where } = gateInputs(workflows(dir, workflowFile));
  const contractPath = inputs.contract ?? DEFAULT_CONTRACT;
  const contract = confined(dir, contractPath);
  if (contract.kind === "unreadable")
    throw new GateConfigError(`the contract ${contractPath}: ${contract.message}`);
  const guidelines = new Map(guidelinePaths(contract).map((p) => [p, confined(dir, p)] as const));
  const text = (f: ContractFile) => (f.kind === "found" ? f.text : null);
  const digest = gateDigest({
    [contractPath]: text(contract),
    ...Object.fromEntries([...guidelines].map(([p, f]) => [`guideline:${p}`, text(f)])),
  });
  return { inputs, where, contractPath, contract, guidelines, digest };
}
