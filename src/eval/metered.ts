// The reviewer an eval case asks, seen from outside: every call's prompt and reply pass through
// unchanged, and what they cost is written down — the provider's token figures where it reported
// them, the gate's own estimate (review/tokens.ts) where it did not, kept apart so a report can say
// which is which. `--reach` asks nobody: its reviewer keeps the prompt and answers with a failure,
// which the round reads as "could not review" (a hold), never as a verdict. Pure: wraps the port.
import type { PromptMessages, Reviewer, ReviewReply } from "../ports/reviewer.js";
import { estimateTokens } from "../review/tokens.js";
import type { PanelMember } from "../reviewer-stage/panel.js";

/** One call: which reviewer, its tokens as reported (absent when the provider gave none) and as the
 * gate estimates them. */
export interface MeteredCall {
  readonly reviewer: string;
  readonly prompt: PromptMessages;
  readonly reported: { readonly in?: number; readonly out?: number };
  readonly estimated: { readonly in: number; readonly out: number };
}

/** The prompt's tokens as the gate estimates them: the text a command reviewer reads on stdin. */
export function promptTokens(prompt: PromptMessages): number {
  return estimateTokens(`${prompt.system}\n\n${prompt.user}`);
}

function meter(reviewer: Reviewer, label: string, calls: MeteredCall[]): Reviewer {
  return {
    provider: reviewer.provider,
    model: reviewer.model,
    label: reviewer.label,
    contextWindow: reviewer.contextWindow,
    async review(prompt) {
      const reply = await reviewer.review(prompt);
      const usage = reply.usage;
      calls.push({
        reviewer: label,
        prompt,
        reported: {
          ...(usage?.inputTokens !== undefined ? { in: usage.inputTokens } : {}),
          ...(usage?.outputTokens !== undefined ? { out: usage.outputTokens } : {}),
        },
        estimated: { in: promptTokens(prompt), out: reply.ok ? estimateTokens(reply.text) : 0 },
      });
      return reply;
    },
  };
}

/** The case's reviewers, each wrapped to record into `calls`. */
export function meteredReviewers(reviewers: readonly PanelMember[], calls: MeteredCall[]): PanelMember[] {
  return reviewers.map((m) => ({ label: m.label, reviewer: meter(m.reviewer, m.label, calls) }));
}

/** The failure `--reach` answers every call with: nothing was asked. */
export const NOT_ASKED: ReviewReply = Object.freeze({
  ok: false,
  failure: "command-failed",
  message: "eval --reach builds the prompts only; no reviewer was asked",
  latencyMs: 0,
  attempts: 0,
  warnings: [],
} as const);

/** A reviewer that asks nobody: it has the window and label of `like` and keeps each prompt. */
export function promptRecorder(
  like: Pick<Reviewer, "provider" | "model" | "label" | "contextWindow">,
): Reviewer {
  return {
    provider: like.provider,
    model: like.model,
    label: like.label,
    contextWindow: like.contextWindow,
    review: async () => NOT_ASKED,
  };
}
