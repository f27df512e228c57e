// A change that is not a pull request on GitHub, as the round reads it (ports/change.ts): a diff, the
// contract file given for it, and the diff's old side for the lockfile check and the guidelines
// (`verdict-gate review`: the local git repository's blobs, cli/local-base.ts; an eval case: its
// base/). Its head is the working tree or the case's tree, which the round reads itself: a file is
// served only as the base has it, never as the head's (a base lockfile served as the head's would pass
// the check on the wrong file).
import type { Diff } from "../diff/types.js";
import { type ChangeSource, LOCAL_HEAD } from "../ports/change.js";
import type { ContractFile } from "../ports/github.js";

export interface LocalChange {
  readonly diff: Diff;
  readonly contract: ContractFile;
  /** The path the round asks the contract for. */
  readonly contractPath: string;
  /** Another file as the diff's old side has it, for the lockfile check and the guidelines. */
  readonly readBase?: (path: string) => ContractFile | Promise<ContractFile>;
}

export function localChange(change: LocalChange): ChangeSource {
  return {
    head: LOCAL_HEAD,
    // A local diff names no base commit: what its records would be bound to is its old side.
    base: "local diff",
    diff: async () => change.diff,
    atBase: async (path) => {
      if (path === change.contractPath) return change.contract;
      return (
        (await change.readBase?.(path)) ?? {
          kind: "unreadable",
          message: "a local review has no base commit to read it from",
        }
      );
    },
    atHead: async () => ({
      kind: "unreadable",
      message: "a local review reads the head's files from the working tree only",
    }),
  };
}
