// The round's context step: what the reviewer is shown besides the diff (src/context/), gathered from
// the checked-out tree when it holds the pull request's head and nowhere else: a tree of another
// commit would show the reviewer code the change does not have, as if it had it. Reads through the
// tree port, on the round's clock; what it did and did not gather is said in the summary.
import { type Gathered, type GatherReport, gatherContext } from "../context/gather.js";
import type { ContextMode } from "../context/material.js";
import type { Diff } from "../diff/types.js";
import { type ScopeOptions, scopeFiles, withheldByName } from "../review/scope.js";
import type { RoundContext } from "./context.js";

export type ContextStep =
  | { readonly kind: "none" }
  | { readonly kind: "gathered"; readonly gathered: Gathered }
  | { readonly kind: "unavailable"; readonly why: string };

/** The context of a round in `mode`: none asked, gathered, or why it could not be. `mismatch` is why the
 * tree is not the head, if it is not. */
export async function contextStep(
  ctx: Pick<RoundContext, "openTree" | "now">,
  input: { mode: ContextMode; diff: Diff; scope: ScopeOptions; mismatch: string | undefined },
): Promise<ContextStep> {
  if (input.mode === "none") return { kind: "none" };
  if (input.mismatch !== undefined) return { kind: "unavailable", why: input.mismatch };
  const opened = ctx.openTree();
  if ("error" in opened)
    return { kind: "unavailable", why: `the checked-out tree cannot be read: ${opened.error}` };
  // The files the reviewer may be shown: in scope, with a patch a text reviewer can read.
  const files = scopeFiles(input.diff.files, input.scope).inScope.filter(
    (f) => !f.binary && !f.patchOmitted && f.malformed === undefined,
  );
  const gathered = await gatherContext({
    mode: input.mode,
    files,
    changed: input.diff.files,
    tree: opened,
    withheld: withheldByName(input.scope),
    now: () => ctx.now().getTime(),
  });
  return { kind: "gathered", gathered };
}

const STOPS: Readonly<Record<NonNullable<GatherReport["search"]>["stop"], string>> = {
  complete: "found what it looked for",
  "all-files": "read every file it could",
  files: "stopped at its bound on files",
  bytes: "stopped at its bound on bytes",
  time: "stopped at its time bound",
};

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024).toLocaleString("en-US")} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The summary's line on the round's context. */
export function contextNote(step: ContextStep): string | undefined {
  if (step.kind === "none") return undefined;
  if (step.kind === "unavailable") return `Context: none shown besides the diff: ${step.why}.`;
  const r = step.gathered.report;
  const parts = [`Context (${r.mode}): gathered from the head for ${r.files} changed file(s)`];
  if (r.search !== undefined) {
    const s = r.search;
    // A bound met inside a file says which file and how far: the rest of it was not read.
    const inside =
      s.cut !== undefined
        ? ` inside ${s.cut.path}, at line ${s.cut.line.toLocaleString("en-US")} of ${s.cut.lines.toLocaleString("en-US")}`
        : "";
    parts.push(
      `the search for definitions and callers read ${s.visited.toLocaleString("en-US")} of ${s.tracked.toLocaleString("en-US")} tracked files (${s.from === "index" ? "git's index" : s.from === "walk" ? "a walk of the tree" : "the changed files only"}, ${megabytes(s.bytes)}) and ${STOPS[s.stop]}${inside}: ${s.definitions} definition(s), ${s.callers} caller(s)`,
    );
  }
  if (r.skipped.length > 0) {
    parts.push(`none from ${r.skipped.map((s) => `${s.path} (${s.why})`).join("; ")}`);
  }
  return `${parts.join("; ")}.`;
}
