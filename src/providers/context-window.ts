// How many tokens a model reads at once, so the gate can warn before a prompt is cut. The cautionary
// tale: a team spent two days on what looked like hallucinations; Ollama's default 2k–4k window had
// silently truncated a ~6k-token prompt, with no error. Nobody is told when a server drops the start of
// a prompt, so the gate counts: a warning above 80% of the window, before the call (estimated) and after
// it (as reported), and `call.ts` holds a reply whose reported input is far below what was sent.
//
// The table, by longest matching prefix of the lowercased model name (a vendor path such as OpenRouter's
// `openai/gpt-4o` or Gemini's `models/gemini-2.5-pro` is stripped first). Sources, as published by the
// vendors when this was written:
// - OpenAI model pages (platform.openai.com/docs/models): gpt-5 family 400,000, point releases
//   (gpt-5.1, 5.2, …) assumed the same; the `-chat` variants 128,000;
//   gpt-4.1 family 1,047,576; gpt-4o and gpt-4o-mini 128,000; gpt-4-turbo 128,000; gpt-4 8,192;
//   gpt-4-32k 32,768; gpt-3.5-turbo 16,385; o1, o3, o3-mini, o4-mini 200,000; o1-mini, o1-preview
//   128,000.
// - Anthropic models overview (docs.anthropic.com): every Claude 3, 3.5, 3.7 and 4.x model 200,000
//   (the 1M beta needs a header the gate does not send); claude-2.0 and claude-instant 100,000.
// - Google Gemini models (ai.google.dev/gemini-api/docs/models): gemini-1.5-pro 2,097,152; gemini-1.5-flash
//   and every gemini-2.x model 1,048,576.
// - Meta Llama 3.1 / 3.2 / 3.3 model cards: 131,072. DeepSeek API docs: deepseek-chat and
//   deepseek-reasoner 65,536 (the lower of the published figures). Qwen2.5 model cards: 32,768 without
//   YaRN scaling.
// A table entry is what the model supports; a server may serve less (vLLM's --max-model-len, Ollama's
// num_ctx), so an Ollama endpoint gets Ollama's default instead, and anything unknown (an Azure
// deployment name, a local fine-tune) gets a conservative 8,192. Set `context-window` to the real value.
//
// A `command` reviewer is another matter: what it runs is a program, not a model name, and the programs
// people run are agent CLIs that read far more than 8,192 tokens. Assuming 8,192 for them held a
// 450-line new file as over-budget and split a 300-file change into 150 calls. So a command the table
// does not know gets COMMAND_DEFAULT_WINDOW, the least of what the common ones read today: `claude -p`
// (Claude models, 200,000; the pinned Anthropic SDK prices context in tiers of 0–200k and 200k–1M, the
// larger one behind a beta header) and `codex exec` (the GPT-5 family, 400,000). A command that runs a
// local model must say so with `context-window` (docs/reviewers.md); `ollama` itself gets Ollama's
// default, since `ollama run` cuts a long prompt in silence.

import { figure } from "../report/figures.js";

/** Ollama's default num_ctx was 2,048 for most of its history (later raised to 4,096, or more with
 * enough VRAM). Assume the smallest: a prompt it would cut is what the warning exists for. */
export const OLLAMA_DEFAULT_WINDOW = 2_048;

/** For models the table does not know: small enough that a warning fires before most local servers cut. */
export const UNKNOWN_MODEL_WINDOW = 8_192;

/** For a `command` reviewer the table does not know: what `claude -p` and `codex exec` read at least. */
export const COMMAND_DEFAULT_WINDOW = 200_000;

/** Warn when a prompt fills more than this share of the window. */
export const WINDOW_WARNING_SHARE = 0.8;

export const CONTEXT_WINDOWS: Readonly<Record<string, number>> = Object.freeze({
  "gpt-5": 400_000,
  "gpt-5-chat": 128_000,
  "gpt-5.1-chat": 128_000,
  "gpt-5.2-chat": 128_000,
  "gpt-5.3-chat": 128_000,
  "gpt-4.1": 1_047_576,
  "gpt-4.5": 128_000,
  "gpt-4o": 128_000,
  "chatgpt-4o": 128_000,
  "gpt-4-turbo": 128_000,
  "gpt-4-1106": 128_000,
  "gpt-4-0125": 128_000,
  "gpt-4-32k": 32_768,
  "gpt-4": 8_192,
  "gpt-3.5-turbo": 16_385,
  o1: 200_000,
  "o1-mini": 128_000,
  "o1-preview": 128_000,
  o3: 200_000,
  "o4-mini": 200_000,
  claude: 200_000,
  "claude-2.0": 100_000,
  "claude-instant": 100_000,
  "gemini-1.5-pro": 2_097_152,
  "gemini-1.5-flash": 1_048_576,
  "gemini-2": 1_048_576,
  "llama-3.1": 131_072,
  "llama-3.2": 131_072,
  "llama-3.3": 131_072,
  "meta-llama-3.1": 131_072,
  "deepseek-chat": 65_536,
  "deepseek-reasoner": 65_536,
  "qwen2.5": 32_768,
});

export interface ContextWindow {
  readonly tokens: number;
  /** Where the figure came from, for the warning text: the setting, a table prefix, or a default. */
  readonly source: "setting" | "table" | "ollama-default" | "unknown-default" | "command-default";
  /** The table prefix that matched, when the source is the table. */
  readonly matched?: string;
}

/** `http://localhost:11434/v1`, `http://ollama:11434/v1`, `https://ollama.example.com/v1`. */
export function looksLikeOllama(baseUrl: string | undefined): boolean {
  if (baseUrl === undefined) return false;
  try {
    const url = new URL(baseUrl);
    return url.port === "11434" || url.hostname.toLowerCase().includes("ollama");
  } catch {
    return false;
  }
}

function tableEntry(model: string): { prefix: string; tokens: number } | undefined {
  const name = (model.toLowerCase().split("/").pop() ?? "").trim();
  let best: { prefix: string; tokens: number } | undefined;
  for (const [prefix, tokens] of Object.entries(CONTEXT_WINDOWS)) {
    if (name.startsWith(prefix) && (best === undefined || prefix.length > best.prefix.length)) {
      best = { prefix, tokens };
    }
  }
  return best;
}

/** The window to check prompts against: the user's setting, else Ollama's default for an Ollama
 * endpoint (whatever the model could do, the server serves num_ctx), else the table, else 8,192 for a
 * model and COMMAND_DEFAULT_WINDOW for a command reviewer (`program`: the program it starts). */
export function contextWindowFor(options: {
  model: string;
  baseUrl?: string;
  configured?: number;
  program?: string;
}): ContextWindow {
  if (options.configured !== undefined && options.configured > 0) {
    return { tokens: options.configured, source: "setting" };
  }
  if (looksLikeOllama(options.baseUrl) || options.program?.toLowerCase() === "ollama")
    return { tokens: OLLAMA_DEFAULT_WINDOW, source: "ollama-default" };
  const entry = tableEntry(options.model);
  if (entry !== undefined) return { tokens: entry.tokens, source: "table", matched: entry.prefix };
  if (options.program !== undefined) return { tokens: COMMAND_DEFAULT_WINDOW, source: "command-default" };
  return { tokens: UNKNOWN_MODEL_WINDOW, source: "unknown-default" };
}

/** Where a window's figure came from, in words for a warning or a hold. */
export function describeWindow(window: ContextWindow): string {
  switch (window.source) {
    case "setting":
      return "the configured context-window";
    case "table":
      return `the built-in figure for ${window.matched ?? "this model"}`;
    case "ollama-default":
      return "Ollama's default num_ctx, which Ollama enforces by silently cutting the prompt";
    case "unknown-default":
      return "a conservative default for a model the gate does not know";
    case "command-default":
      return "the default for a command reviewer: what `claude -p` and `codex exec` read at least";
  }
}

/** A warning when `tokens` exceeds 80% of the window, else undefined. */
export function contextWarning(options: {
  tokens: number;
  window: ContextWindow;
  model: string;
  /** Whether `tokens` is the gate's estimate (before the call) or the provider's report (after). */
  measured: "estimated" | "reported";
}): string | undefined {
  const { tokens, window, model, measured } = options;
  if (tokens <= window.tokens * WINDOW_WARNING_SHARE) return undefined;
  const share = Math.round((tokens / window.tokens) * 100);
  return (
    `the prompt to ${model} is ${measured === "estimated" ? "about " : ""}${figure(tokens)} ` +
    `input tokens (${measured}), ${figure(share)}% of a ${figure(window.tokens)}-token context ` +
    `window (${describeWindow(window)}); a server that truncates silently would cut it. Set \`context-window\` ` +
    "to the window the server really serves, or lower `max-diff-tokens` to split the diff further."
  );
}
