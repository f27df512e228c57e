// The round's side of incremental rounds (src/reviewer-stage/file-reuse.ts): the conditions a file's verdict is
// keyed under, the verdicts the history keeps, and the history with this round's verdicts stored.
import { buildPrompt } from "../review/prompt.js";
import {
  type Binding,
  canonicalJson,
  type FileVerdicts,
  type History,
  notStored,
  reasonText,
  type StoredReason,
} from "../verdict/history.js";
import { conditionsKey, type KeptVerdict, verdictsByKey } from "./file-reuse.js";
import type { PanelMember } from "./panel.js";
import type { PromptBase } from "./single.js";

/** What the reviewer part needs to reuse per-file verdicts. */
export interface Incremental {
  /** conditionsKey of this round. */
  readonly conditions: string;
  /** The verdicts the history keeps, by file key. */
  readonly kept: ReadonlyMap<string, KeptVerdict>;
  /** force-review: ask about every file again. */
  readonly force: boolean;
  /** This round's number (what its own verdicts are kept under). */
  readonly round: number;
  /** A kept reason's text. */
  readonly reasonText: (id: string) => string;
}

/** A fence id source that is the same every time: the skeleton prompt must hash the same for the
 * same conditions (buildPrompt draws a random one). Counting, so text that holds one id still gets
 * a fence. */
function fixedFences(): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `reuse-key-fence-${n}`;
  };
}

/** Who judged a file, as its key's conditions name them. Alone (a panel of one), the reviewer's label
 * (provider, model and host), exactly as before panels, so a panel of one reuses and is reused as the
 * single reviewer. In a panel of two or more, the member's own label with its provider, model, host and
 * context window: two members never share a key, so one reviewer's approve of a file can never stand
 * for another's, even two members of the same model (their labels differ; the panel settings make
 * labels unique). The whole panel (every member, the policy) is in the settings fingerprint too, so
 * a panel that changes (a label or model swapped, a member added) reuses nothing. */
export function reviewerIdentity(member: PanelMember, panelSize: number): string {
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

/** The conditions a file's verdict is judged under this round. The earlier reasons and the withheld
 * names are left out: the first changes after every block (nothing could be reused after one), the
 * second lists other files, each of which has its own key or is checked by the gate itself. */
export function incrementalFor(input: {
  history: History;
  binding: Binding;
  /** reviewerIdentity of the reviewer asked. */
  reviewerLabel: string;
  base: PromptBase;
  round: number;
  force: boolean;
}): Incremental {
  const { earlierReasons: _earlier, withheld: _withheld, ...shaping } = input.base;
  const skeleton = buildPrompt({
    ...shaping,
    files: [],
    part: { number: 1, of: 1 },
    roundToken: "reusekeyroundtoken00000000000000",
    drawFenceId: fixedFences(),
  });
  const conditions = conditionsKey({
    reviewer: input.reviewerLabel,
    settings: input.binding.settings,
    contract: input.binding.contract,
    prompt: skeleton.text,
  });
  const { history } = input;
  return {
    conditions,
    kept: verdictsByKey(history.files),
    force: input.force,
    round: input.round,
    reasonText: (id) => reasonText(history, id) ?? notStored(id),
  };
}

/** The history with the file verdicts this round keeps (replacing the last round's) and the texts of
 * their reasons stored. Only on a history this round appends to: the store is the latest round's. */
export function withFileVerdicts(
  history: History,
  files: FileVerdicts | undefined,
  texts: ReadonlyMap<string, string>,
  round: number,
): History {
  const { files: _old, ...rest } = history;
  if (files === undefined || (files.approved.length === 0 && files.blocked.length === 0)) return rest;
  const known = new Set(history.reasons.map((r) => r.id));
  const added: StoredReason[] = [];
  for (const entry of files.blocked) {
    for (const id of entry.reasonIds) {
      if (known.has(id)) continue;
      const text = texts.get(id);
      if (text === undefined) continue;
      known.add(id);
      added.push({ id, text, round });
    }
  }
  // A block whose reason text is nowhere is dropped (its file is asked again), never kept unreadable.
  const blocked = files.blocked.filter((e) => e.reasonIds.every((id) => known.has(id)));
  return { ...rest, reasons: [...history.reasons, ...added], files: { approved: files.approved, blocked } };
}

/** This round's reviewer tokens as the providers reported them, for the running total. */
export function usageOf(calls: readonly { inputTokens?: number; outputTokens?: number }[]): {
  in: number;
  out: number;
  unreported: number;
} {
  let tokensIn = 0;
  let tokensOut = 0;
  let unreported = 0;
  for (const c of calls) {
    if (c.inputTokens === undefined && c.outputTokens === undefined) unreported += 1;
    tokensIn += c.inputTokens ?? 0;
    tokensOut += c.outputTokens ?? 0;
  }
  return { in: tokensIn, out: tokensOut, unreported };
}
