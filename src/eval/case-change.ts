// One case made into what a local round needs: the diff as git wrote it, the head rebuilt from base/
// with the diff applied (the criteria and the withheld-file checks read it), base files for the
// lockfile check, and the case's contract as the base commit's contract file. A case that cannot be
// made into one — no change.diff, a diff that is not one or does not apply to base/ — is an `error`
// result with this reason: counted in its class, never dropped. Pure.
import { createHash } from "node:crypto";
import { type AppliedTree, applyDiff } from "../diff/apply.js";
import { parseUnifiedDiff } from "../diff/parse.js";
import type { Diff } from "../diff/types.js";
import type { ContractFile } from "../ports/github.js";
import type { EvalCase } from "./case-schema.js";

/** The bytes of a case besides case.json (workspace/eval-set.ts reads them). */
export interface CaseBytes {
  readonly diff?: Uint8Array;
  readonly base: ReadonlyMap<string, Uint8Array>;
  readonly problem?: string;
}

export type CaseChange =
  | {
      readonly ok: true;
      readonly diff: Diff;
      readonly head: AppliedTree;
      readonly contract: ContractFile;
      readonly readBase: (path: string) => ContractFile;
    }
  | { readonly ok: false; readonly problem: string };

/** What carries `--policy` for a case that has no contract: a contract whose one criterion holds on
 * every tree (no path of a case is this one), so its criteria pass as skipped ones would. A contract
 * with no criterion would hold ("nothing was checked") and measure that instead of the reviewer. */
function policyCarrier(c: EvalCase): Record<string, unknown> {
  return {
    intended_action: `the change of eval case ${c.id}`,
    success_criteria: [
      {
        id: "eval-policy-only",
        type: "path_absent",
        description: "eval --policy: the case has no contract of its own",
        path: ".verdict-gate-eval/no-such-path",
      },
    ],
  };
}

/** The case's contract as a contract file at the base; none → missing (the criteria are skipped, as in
 * a round whose base has no contract file). With a `policy` (`eval --policy`) it replaces the case's
 * own; a case without a contract gets one that holds the policy and a criterion that always passes. */
export function caseContract(c: EvalCase, policy?: Readonly<Record<string, unknown>>): ContractFile {
  const contract = policy === undefined ? c.contract : { ...(c.contract ?? policyCarrier(c)), policy };
  if (contract === undefined) return { kind: "missing" };
  const text = `${JSON.stringify(contract, null, 2)}\n`;
  return { kind: "found", text, sha: createHash("sha256").update(text).digest("hex") };
}

/** A base file as the round's lockfile check reads it: from base/, missing when the diff adds it,
 * unreadable otherwise (the check then holds, saying so). */
function baseReader(diff: Diff, base: ReadonlyMap<string, Uint8Array>): (path: string) => ContractFile {
  return (path) => {
    const bytes = base.get(path);
    if (bytes !== undefined) {
      try {
        const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        return { kind: "found", text, sha: createHash("sha256").update(bytes).digest("hex") };
      } catch {
        return { kind: "unreadable", message: `base/${path} is not UTF-8 text` };
      }
    }
    if (diff.files.some((f) => f.path === path && f.status === "added")) return { kind: "missing" };
    return { kind: "unreadable", message: `the case has no base/${path}` };
  };
}

export function caseChange(
  c: EvalCase,
  bytes: CaseBytes,
  policy?: Readonly<Record<string, unknown>>,
): CaseChange {
  if (bytes.problem !== undefined) return { ok: false, problem: bytes.problem };
  if (bytes.diff === undefined) return { ok: false, problem: "the case has no change.diff" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.diff);
  } catch {
    return { ok: false, problem: "change.diff is not UTF-8 text" };
  }
  const diff = parseUnifiedDiff(text);
  if (diff.files.length === 0) return { ok: false, problem: "change.diff holds no file diff" };
  const applied = applyDiff(bytes.base, diff);
  if (!applied.ok) return { ok: false, problem: `change.diff does not apply to base/: ${applied.problem}` };
  return {
    ok: true,
    diff,
    head: applied.tree,
    contract: caseContract(c, policy),
    readBase: baseReader(diff, bytes.base),
  };
}
