// Every hash the reviewer stage finds an earlier answer by, computed here and nowhere else, from the
// parts of the prompt the answer was given to. A kept answer stands only for the question it answered:
// whatever a reviewer call showed — the file's patch, the task and instructions, the contract's
// conditions and hash, the settings, the reviewer, the withheld names with their change summaries, the
// earlier reasons shown with the file, the code the file brings as context (its surroundings, the
// definitions it calls, its callers), the base the patch is read against — is in the key of an
// approve, so when any of it changed the file is put to a reviewer again before the round can approve.
// A kept block needs less: it stands while its file and the reviewer's conditions are unchanged, so
// that asking again is never a way to shop for an approve.
//
// The keys:
// - reviewFingerprint / panelFingerprint: a whole round's question (every chunk's patches and the
//   whole prompt base), for reusing a whole verdict on the same head (whole-reuse.ts);
// - fileConditions + fileKeys: one file's question, for incremental rounds (file-reuse.ts): a block key
//   and an approve key per file.
// PROMPT_PARTS says, for every part of a prompt, which of these it enters; a part added to the prompt
// without a place here does not compile, and __tests__/reviewer-stage/keys.test.ts changes each part
// alone and proves an approve no longer stands unasked.

import { type ContextMaterial, keyedContext } from "../context/material.js";
import type { DiffFile } from "../diff/types.js";
import type { ReviewPlan } from "../review/plan.js";
import { buildPrompt, type EarlierReason, earlierReasonsFor, type PromptInput } from "../review/prompt.js";
import { canonicalJson, sha256Hex } from "../util/canonical-json.js";
import type { Binding } from "../verdict/history.js";
import { describePolicy, type PanelPolicy } from "../verdict/panel.js";

/** The prompt's parts that do not depend on the chunk, the round token or what this round reused. */
export type PromptBase = Omit<
  PromptInput,
  "files" | "part" | "roundToken" | "drawFenceId" | "otherFiles" | "promptLimit"
>;

/** Where each part of a reviewer call's prompt enters a kept file verdict's keys:
 * - `file`: the file itself (path, old path, status, patch), in both keys;
 * - `conditions`: both keys, through the prompt skeleton (the prompt built without any file);
 * - `approve`: an approve's key only — a kept block stands while its file is unchanged;
 * - `never`: in neither, for the reason given. */
export const PROMPT_PARTS = {
  files: "file",
  task: "conditions",
  instructions: "conditions",
  conditions: "conditions",
  includePrDescription: "conditions",
  authorClaims: "conditions",
  // Only those shown with the file: its own and those about the change as a whole (prompt.ts
  // earlierReasonsFor). A reason about another file is that file's question.
  earlierReasons: "approve",
  // Shown like earlier reasons: a kept block stands while its file is unchanged (a dismissal drops
  // the file verdicts its finding stood for: src/gate/dismissals.ts), an approve was given seeing them.
  dismissed: "approve",
  withheld: "approve",
  // The project's rules, read at the base: conditions like the task.
  guidelines: "conditions",
  // The contract's policy (read at the base): the prompt asks for what it needs, and the reply is read
  // under it, so a kept verdict stands only under the policy it was read under. (The contract's hash is
  // in every key too; this keeps the keys right for a policy that comes from anywhere else.)
  policy: "conditions",
  // Only what the file itself brings (material.ts keyedContext): the code around it, the definitions
  // it calls, its callers, as the head has them, by text (not line numbers). What another file brings
  // is that file's question, and so is code read from another changed file: when that changes, that
  // file is asked, shown its own callers. A call shows as much of the material as its room allows,
  // which depends on the neighbours it is sent with; the key covers all of it, so the same material
  // behind a kept approve is the same question whichever part a call had room for, and changed
  // material is asked again.
  context: "approve",
  // The room a call has for context (the reviewer's window): the reviewer is in every key already.
  promptLimit: "never",
  // Which of several calls this is, and how many: the same file is the same question in any call.
  part: "never",
  // Names of the files this call does not show and that kept their verdicts: they change with what each
  // round reuses, and they name files, they show nothing of them.
  otherFiles: "never",
  // A fresh secret every call: it binds the reply to the call, not the question.
  roundToken: "never",
  // Random fence ids, fixed for the skeleton.
  drawFenceId: "never",
} as const satisfies {
  readonly [K in keyof Required<PromptInput>]: "file" | "conditions" | "approve" | "never";
};

/** Bumped when what a block key covers changes: every earlier key then misses, and everything is asked.
 * Version 1 is also the key earlier versions stored approves under: found under it, an approve is
 * not reused (it covered less than an approve key does now), a block is. */
const BLOCK_KEY_VERSION = 1;
const APPROVE_KEY_VERSION = 2;

/** Everything a file's verdict is judged under this round, besides the file. */
export interface FileConditions {
  /** The reviewer, the settings, the contract and the prompt skeleton, hashed: a block's conditions. */
  readonly block: string;
  /** The block conditions with the withheld names and their change summaries: an approve's. */
  readonly approve: string;
  /** The earlier reasons this round shows, each with the file it is about: an approve's key has those
   * shown with its file. */
  readonly earlier: readonly EarlierReason[];
  /** The base commit, for a patch that does not name the blobs it is read against. */
  readonly base: string;
  /** The round's context material: an approve's key has what its file brings. */
  readonly context?: ContextMaterial;
}

/** A fence id source that is the same every time: the skeleton prompt must hash the same for the same
 * conditions (buildPrompt draws a random one). Counting, so text that holds one id still gets a fence. */
function fixedFences(): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `reuse-key-fence-${n}`;
  };
}

function pick(base: PromptBase, where: "conditions" | "approve"): Partial<PromptBase> {
  const picked: Record<string, unknown> = {};
  for (const [part, value] of Object.entries(base)) {
    if (PROMPT_PARTS[part as keyof typeof PROMPT_PARTS] === where) picked[part] = value;
  }
  return picked as Partial<PromptBase>;
}

/** The conditions a file's verdict is judged under this round. `reviewer` is reviewerIdentity. */
export function fileConditions(input: {
  reviewer: string;
  binding: Binding;
  base: PromptBase;
}): FileConditions {
  const skeleton = buildPrompt({
    ...pick(input.base, "conditions"),
    files: [],
    part: { number: 1, of: 1 },
    roundToken: "reusekeyroundtoken00000000000000",
    drawFenceId: fixedFences(),
  });
  const block = sha256Hex(
    canonicalJson({
      v: BLOCK_KEY_VERSION,
      reviewer: input.reviewer,
      settings: input.binding.settings,
      contract: input.binding.contract,
      prompt: skeleton.text,
    }),
  );
  const { earlierReasons, context, ...approveParts } = pick(input.base, "approve");
  const approve = sha256Hex(canonicalJson({ v: APPROVE_KEY_VERSION, block, ...approveParts }));
  return {
    block,
    approve,
    earlier: earlierReasons ?? [],
    base: input.binding.base,
    ...(context !== undefined ? { context } : {}),
  };
}

/** A file's key under `conditions`: 128 bits of SHA-256 over the conditions, the path, the old path of a
 * rename, the status and the patch text exactly as shown, in base64url. 128 bits because the author
 * writes the patch: a shorter key would let them search for two patches, one harmless and one not,
 * whose keys collide (a birthday search on 64 bits is within reach). */
export function fileKey(conditions: string, file: DiffFile): string {
  const hex = sha256Hex(
    canonicalJson({
      conditions,
      path: file.path,
      previousPath: file.previousPath ?? null,
      status: file.status,
      patch: file.patch,
    }),
  );
  return Buffer.from(hex.slice(0, 32), "hex").toString("base64url");
}

/** Whether a patch names the blobs it is read against (git's `index <old>..<new>` line): then the
 * base's side of the file is in the patch itself, and a moved base that leaves the patch as it was
 * asks the same question. A patch without one (GitHub's file list gives hunks only) is keyed to the
 * base commit as well. */
function namesItsBlobs(patch: string): boolean {
  return /^index [0-9a-f]{7,64}\.\.[0-9a-f]{7,64}/m.test(patch);
}

/** A file's two keys: the block key a kept block is found under, and the approve key a kept approve is. */
export interface FileKeys {
  readonly block: string;
  readonly approve: string;
}

export function fileKeys(conditions: FileConditions, file: DiffFile): FileKeys {
  const shown = earlierReasonsFor(conditions.earlier, [file]).map((r) => r.reason);
  const brought = keyedContext(conditions.context, file.path);
  const approveConditions = sha256Hex(
    canonicalJson({
      approve: conditions.approve,
      earlier: shown,
      base: namesItsBlobs(file.patch) ? null : conditions.base,
      // Only when the file brings any: a file without context keys exactly as before context existed.
      ...(brought.length > 0 ? { context: { mode: conditions.context?.mode, brought } } : {}),
    }),
  );
  return { block: fileKey(conditions.block, file), approve: fileKey(approveConditions, file) };
}

/** Who judged a file, as its key's conditions name them. Alone (a panel of one), the reviewer's label
 * (provider, model and host), exactly as before panels, so a panel of one reuses and is reused as the
 * single reviewer. In a panel of two or more, the member's own label with its provider, model, host and
 * context window: two members never share a key, so one reviewer's approve of a file can never stand
 * for another's, even two members of the same model (their labels differ; the panel settings make
 * labels unique). The whole panel (every member, the policy) is in the settings fingerprint too, so
 * a panel that changes (a label or model swapped, a member added) reuses nothing. */
export function reviewerIdentity(
  member: {
    label: string;
    reviewer: { label: string; provider: string; model: string; contextWindow: number };
  },
  panelSize: number,
): string {
  if (panelSize <= 1) return member.reviewer.label;
  const r = member.reviewer;
  return canonicalJson({
    member: member.label,
    reviewer: r.label,
    provider: r.provider,
    model: r.model,
    contextWindow: r.contextWindow,
  });
}

/** What the reviewer saw, as one hash: provider and model, the prompt without its per-round token, and
 * every chunk's diff. Equal fingerprints mean asking again would ask the same question. */
export function reviewFingerprint(label: string, base: PromptBase, plan: ReviewPlan): string {
  const chunks = plan.chunks.map((c) => c.files.map((f: DiffFile) => f.patch));
  return sha256Hex(canonicalJson({ label, base, chunks, notReviewed: plan.notReviewed.map((n) => n.path) }));
}

/** One reviewer's plan as the panel fingerprint reads it. */
interface PlannedMember {
  readonly member: { readonly label: string; readonly reviewer: { readonly label: string } };
  readonly plan: ReviewPlan;
  readonly fingerprint: string;
}

/** The question a panel is asked, as one hash: for one reviewer exactly its own fingerprint (a panel of
 * one reuses and is reused as the single reviewer), for more each reviewer's with its label, and the
 * policy (a quorum's approve is not a unanimous one's). */
export function panelFingerprint(plans: readonly PlannedMember[], policy: PanelPolicy): string {
  if (plans.length === 1) return (plans[0] as PlannedMember).fingerprint;
  return sha256Hex(
    canonicalJson({
      panel: describePolicy(policy),
      reviewers: plans.map((p) => ({ label: p.member.label, fingerprint: p.fingerprint })),
    }),
  );
}

/** The same question shown another prompt base (another pull request's earlier reasons,
 * whole-reuse.ts). */
export function panelFingerprintWith(
  plans: readonly PlannedMember[],
  base: PromptBase,
  policy: PanelPolicy,
): string {
  return panelFingerprint(
    plans.map((p) => ({ ...p, fingerprint: reviewFingerprint(p.member.reviewer.label, base, p.plan) })),
    policy,
  );
}
