// The round an eval case runs (src/eval/run.ts asks it of each case): the local round `review` runs
// (local-round.ts), on the case's head as an in-memory tree, its diff as the change and its contract as
// the base's, with the contract's `requires` pending and never asked (conditional-on).
import { LOCAL_HEAD } from "../cli/recorded-github.js";
import type { CaseRound } from "../eval/run.js";
import type { Settings } from "../settings/settings.js";
import { memoryTree } from "../workspace/memory-tree.js";
import { runLocalRound } from "./local-round.js";

export function caseRound(settings: Settings): CaseRound {
  return ({ change, reviewers, log }) =>
    runLocalRound({
      settings,
      reviewers,
      change: {
        diff: change.diff,
        contract: change.contract,
        contractPath: settings.contractPath,
        head: LOCAL_HEAD,
        readBase: change.readBase,
      },
      tree: memoryTree({ files: change.head.files, unknown: change.head.unknown }),
      log,
      dependencies: "not-queried",
    });
}
