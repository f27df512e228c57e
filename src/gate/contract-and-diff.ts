// The evaluation's first two steps, "Contract" and "Diff": the contract read at the base (a PR cannot
// weaken its own gate) with what the round judges on besides its head, and the change read at the head
// with what the gate withholds from the reviewer. Each returns a record the later steps read; both read
// the change through its source (a pull request on GitHub, or a diff on disk).
import type { Contract } from "../criteria/contract-schema.js";
import type { Diff } from "../diff/types.js";
import type { ChangeSource } from "../ports/change.js";
import type { PullRequestInfo } from "../ports/github.js";
import { READ_CAP_BYTES } from "../ports/tree.js";
import type { Binding } from "../verdict/history.js";
import { bindingOf, contractHash } from "./binding.js";
import type { JudgeContext, RoundContext } from "./context.js";
import { type CriteriaPartOutcome, readContract } from "./criteria-part.js";
import { type ReadGuidelines, readGuidelines } from "./guidelines.js";
import { type LockfilePartOutcome, lockfilePart } from "./lockfile-part.js";
import { type WithheldScope, withheldScope } from "./withheld.js";

/** Whether the checked-out tree is the PR's code: its head, or (pull_request) the test merge commit
 * GitHub checks out by default. A `pull_request_target` workflow that checks out the base would
 * otherwise have the criteria pass on the base branch's files. */
export function treeMismatch(ctx: RoundContext, pr: PullRequestInfo, head: string): string | undefined {
  if (ctx.workspaceHead === undefined) return undefined;
  const checkedOut = ctx.workspaceHead();
  if (checkedOut === undefined) {
    return `cannot tell which commit the workspace holds (no readable .git in it), so its files may not be the pull request's head ${head.slice(0, 12)}; check out the head with actions/checkout (see docs/workflows.md)`;
  }
  const accepted = new Set([head]);
  if (ctx.settings.eventName === "pull_request" && ctx.settings.eventSha !== undefined)
    accepted.add(ctx.settings.eventSha);
  if (pr.mergeCommitSha !== null) accepted.add(pr.mergeCommitSha);
  if (accepted.has(checkedOut)) return undefined;
  const which = checkedOut === pr.baseSha ? "the base commit" : "another commit";
  return `the workspace has ${which} ${checkedOut.slice(0, 12)} checked out, not the pull request's head ${head.slice(0, 12)}; check out the head (see docs/workflows.md)`;
}

/** The contract as read from the base commit, and what the round judges on besides its head. */
export interface BaseContract {
  contract: Contract | undefined;
  /** The criteria part already decided: no contract file, or one that cannot be used. */
  decided: CriteriaPartOutcome | undefined;
  binding: Binding;
  /** The project's rules the contract names (`review_guidelines`), read at the same base. */
  guidelines: ReadGuidelines;
}

/** The contract, from the base: the PR cannot weaken its own gate. */
export async function readContractAtBase(ctx: JudgeContext, source: ChangeSource): Promise<BaseContract> {
  const { settings, log } = ctx;
  log.info(`contract: ${settings.contractPath} at base ${source.base.slice(0, 12)}`);
  const file = await source.atBase(settings.contractPath);
  const { contract, outcome } = readContract(file, settings.contractPath);
  // A record made on another base, contract or settings does not count here.
  const binding = bindingOf(settings, source.base, contractHash(file));
  log.debug(`binding: base ${binding.base}, contract ${binding.contract}, settings ${binding.settings}`);
  // Read only when they would be shown: `context: none` is exactly the diff, and costs no request.
  const named = contract?.review_guidelines ?? [];
  const guidelines =
    named.length > 0 && settings.prompt.context !== "none"
      ? await readGuidelines(source, named)
      : { guidelines: [], notes: [] };
  return { contract, decided: outcome, binding, guidelines };
}

/** The change judged, and what the gate read at the head to decide what the reviewer is shown. */
export interface Change {
  diff: Diff;
  /** Why the checked-out tree is not the PR's code, if it is not. */
  mismatch: string | undefined;
  scope: WithheldScope;
  lockfiles: LockfilePartOutcome | undefined;
}

/** The change of the commit being gated, asked for by its SHA, not by the PR's number: an approve must
 * be about exactly the code the check run is posted on, whatever is pushed meanwhile. `mismatch`: why
 * the checked-out tree is not the change's, if it is not. */
export async function readChange(
  ctx: JudgeContext,
  source: ChangeSource,
  base: BaseContract,
  mismatch: () => string | undefined,
): Promise<Change> {
  ctx.log.info("diff: fetching");
  const diff = await source.diff();
  const notTheHead = mismatch();
  // What the gate withholds from the reviewer is decided by content at the head, not by name.
  const scope = await withheldScope(ctx, diff, source, notTheHead === undefined);
  // Changed lockfiles, checked against the base's copies (the reviewer does not read them); what they
  // add and change is named to the reviewer.
  const lockfiles = await lockfilePart({
    files: diff.files,
    content: scope.content,
    readBase: (path) => source.atBase(path, { maxBytes: READ_CAP_BYTES }),
    allowed: base.contract?.lockfile?.allowed_registries ?? [],
  });
  return { diff, mismatch: notTheHead, scope, lockfiles };
}
