// The round an eval case runs (src/eval/run.ts asks it of each case): the local round `review` runs
// (local-round.ts), on the case's head as an in-memory tree, its diff as the change and its contract as
// the base's, with the contract's `requires` pending and never asked (conditional-on); and what each
// of its results depends on, the bytes of a command reviewer's files included.
import { type Configuration, evalConfiguration } from "../eval/configuration.js";
import type { CaseReviewers, CaseRound } from "../eval/run.js";
import type { ContractFile } from "../ports/github.js";
import { parseCommandLine } from "../providers/command-line.js";
import { commandFiles } from "../providers/command-program.js";
import type { RoundSettings } from "../settings/settings.js";
import { VERSION } from "../util/version.js";
import { memoryTree } from "../workspace/memory-tree.js";
import { runLocalRound } from "./local-round.js";

/** The gate's own files (`eval --gate DIR`): its contract, for a case that brings none, and the review
 * guidelines that contract names, read from the gate's checkout rather than the case's base/. */
export interface GateFiles {
  readonly contract: ContractFile;
  readonly guidelines: ReadonlyMap<string, ContractFile>;
}

export function caseRound(settings: RoundSettings, gate?: GateFiles): CaseRound {
  return ({ change, reviewers, log }) =>
    runLocalRound({
      settings,
      reviewers,
      change: {
        diff: change.diff,
        contract: gate !== undefined && change.contract.kind === "missing" ? gate.contract : change.contract,
        contractPath: settings.contractPath,
        readBase:
          gate === undefined ? change.readBase : (path) => gate.guidelines.get(path) ?? change.readBase(path),
      },
      tree: memoryTree({ files: change.head.files, unknown: change.head.unknown }),
      log,
      dependencies: "not-queried",
    });
}

/** Everything a case's result depends on besides the case, for the cache (eval/configuration.ts);
 * `cwd` is where a relative program or script would be found. */
export function caseConfiguration(
  settings: RoundSettings,
  reviewers: CaseReviewers,
  cwd: string,
): Configuration {
  return evalConfiguration(
    settings,
    settings.reviewers.members.map((r, i) => ({
      made: reviewers[i]?.reviewer ?? { label: "", contextWindow: 0 },
      files:
        r.provider === "command" && r.command !== undefined
          ? commandFiles(parseCommandLine(r.command), cwd)
          : [],
    })),
    VERSION,
    "not-queried",
  );
}
