// The change a round judges, wherever it lives: a pull request's head and base on GitHub (gate/round.ts
// reads it through the GitHub port's pull requests), or a diff and a tree on disk (`verdict-gate
// review` and each `eval` case: src/workspace/local-change.ts). The evaluation (gate/evaluation.ts)
// reads the change through this and nothing else.
import type { Diff } from "../diff/types.js";
import type { ContractFile } from "./github.js";

export interface ChangeSource {
  /** The commit judged: the check run goes on it. A local diff is no commit: LOCAL_HEAD. */
  readonly head: string;
  /** What the change is judged against: the base commit, or (a local diff) the old side its blobs
   * name. It binds every record made on it (gate/binding.ts). */
  readonly base: string;
  /** The change: the unified diff, or a file list when it cannot be used. */
  diff(): Promise<Diff>;
  /** A file as the base has it: the contract (a pull request cannot weaken its own gate), the project's
   * guidelines, a changed lockfile's old side. Over `maxBytes` (default: the contract's cap) it is
   * unreadable. */
  atBase(path: string, options?: { maxBytes?: number }): Promise<ContractFile>;
  /** A file as the head has it, for when the checked-out tree cannot be read. */
  atHead(path: string, options?: { maxBytes?: number }): Promise<ContractFile>;
}

/** The head of a local diff, which is not a commit: reported as none (head_sha null, "local diff"). */
export const LOCAL_HEAD = "0".repeat(40);
