// The gate as a checkout configures it, for `eval --gate DIR`: the inputs of the step (or the call of
// the reusable workflow) that runs verdict-gate in DIR's workflow, and the contract file and review
// guidelines at DIR. The gate-change workflow measures a pull request's base and head this way, so
// what is measured is what the gate would decide with each — the model, the task, the context mode,
// the scope, the contract and its guidelines and policy — each read from the commit it belongs to (a
// pull request cannot pick its own baseline). Only the inputs that change a judgement are read; what
// cannot be known from the file (an expression, `${{ vars.MODEL }}`) is refused, not guessed. Pure:
// the workflows come in parsed (src/workspace/gate-config.ts reads them).
import { canonicalSha256 } from "../util/canonical-json.js";

/** The inputs that change what a round decides, by their action input names. */
export const JUDGEMENT_INPUTS = [
  "provider",
  "model",
  "base-url",
  "command",
  "reviewers",
  "panel-policy",
  "review-task",
  "review-instructions",
  "context",
  "include",
  "exclude",
  "default-excludes",
  "max-diff-tokens",
  "max-round-tokens",
  "context-window",
  "max-output-tokens",
  "reviewer-timeout-seconds",
  "reviewer-retries",
  "reviewer-concurrency",
  "round-deadline-minutes",
  "contract",
] as const;

/** The inputs that say where the reviewer's key is sent and what program runs with it: a pull request
 * may not change them and have its own configuration run before it merges. */
export const KEY_INPUTS = ["provider", "base-url", "command", "reviewers"] as const;

export type GateInputs = Readonly<Partial<Record<(typeof JUDGEMENT_INPUTS)[number], string>>>;

export class GateConfigError extends Error {
  override readonly name = "GateConfigError";
}

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => v !== null && typeof v === "object" && !Array.isArray(v);

/** `uses:` of a step that runs the gate's action, or of a job that calls the reusable workflow. */
const GATE_ACTION = /^[\w.-]+\/verdict-gate(@|$)|^\.\/?$|^\.\/\.verdict-gate-action$/;
const GATE_WORKFLOW = /^[\w.-]+\/verdict-gate\/\.github\/workflows\/verdict-gate\.ya?ml@/;

/** Each place a workflow runs the gate: where, and its `with:`. */
export function gateUses(workflow: unknown, file: string): { where: string; with: Mapping }[] {
  if (!isMapping(workflow) || !isMapping(workflow.jobs)) return [];
  const found: { where: string; with: Mapping }[] = [];
  for (const [id, job] of Object.entries(workflow.jobs)) {
    if (!isMapping(job)) continue;
    if (typeof job.uses === "string" && GATE_WORKFLOW.test(job.uses))
      found.push({ where: `${file} job ${id}`, with: isMapping(job.with) ? job.with : {} });
    for (const [i, step] of (Array.isArray(job.steps) ? job.steps : []).entries())
      if (isMapping(step) && typeof step.uses === "string" && GATE_ACTION.test(step.uses))
        found.push({ where: `${file} job ${id} step ${i + 1}`, with: isMapping(step.with) ? step.with : {} });
  }
  return found;
}

/** The judgement inputs one use sets, as the runner would pass them (text). */
function judgementOf(use: { where: string; with: Mapping }): GateInputs {
  const out: Record<string, string> = {};
  for (const name of JUDGEMENT_INPUTS) {
    const value = use.with[name];
    if (value === undefined || value === null) continue;
    if (typeof value === "object")
      throw new GateConfigError(`${use.where}: input ${name} is not a single value`);
    const text = String(value);
    if (text.includes("${{"))
      throw new GateConfigError(
        `${use.where}: input ${name} is an expression (${text.trim().slice(0, 60)}), which eval cannot know before the workflow runs; write the value in the workflow`,
      );
    out[name] = text;
  }
  return out;
}

/** The gate's judgement inputs from the workflows that run it (parsed, by file name). Every place
 * that runs the gate must set the same ones: a repository whose pull requests are judged under two
 * configurations has no one configuration to measure. */
export function gateInputs(workflows: readonly { file: string; doc: unknown }[]): {
  readonly inputs: GateInputs;
  readonly where: string;
} {
  const uses = workflows.flatMap((w) => gateUses(w.doc, w.file));
  const first = uses[0];
  if (first === undefined)
    throw new GateConfigError(
      `no workflow runs verdict-gate (a step with uses: verdict-gate/verdict-gate@…, or a job calling its reusable workflow) in ${workflows.map((w) => w.file).join(", ") || "no workflow file"}`,
    );
  const inputs = judgementOf(first);
  for (const use of uses.slice(1)) {
    const other = judgementOf(use);
    const differ = JUDGEMENT_INPUTS.find((name) => (other[name] ?? "") !== (inputs[name] ?? ""));
    if (differ !== undefined)
      throw new GateConfigError(
        `${first.where} and ${use.where} set ${differ} differently: name the workflow to measure with --gate-workflow`,
      );
  }
  return { inputs, where: first.where };
}

/** Why the head's configuration may not be run before it merges: it changes where the key goes. */
export function keyChange(base: GateInputs, head: GateInputs): string | undefined {
  const changed = KEY_INPUTS.filter((name) => (base[name] ?? "") !== (head[name] ?? ""));
  if (changed.length === 0) return undefined;
  return `the pull request changes ${changed.join(", ")}: where the reviewer's key is sent, or what runs with it. A configuration that does so is not run before it merges; measure it after, or on a branch of this repository's own`;
}

/** A hash of the gate's files as eval reads them (contract, guidelines), for the cache's key. */
export function gateDigest(files: Readonly<Record<string, string | null>>): string {
  return canonicalSha256(files);
}
