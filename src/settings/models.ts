// The models the project names wherever a person must pick one: the starter `init` writes, the
// settings' "required" messages, the examples in the docs. One place, so that a retirement is one edit;
// __tests__/docs/models.test.ts reads the pinned SDKs' model lists and Anthropic's deprecation table
// and fails when a model named here or in the docs is deprecated or unknown there (the Sonnet default
// of an earlier release stayed the default after its end of life had been announced).

/** The default model of each API provider: the newest general model its pinned SDK lists (Anthropic's
 * Sonnet line, the reviewer's price and speed class; OpenAI's newest GPT). */
export const DEFAULT_MODEL = Object.freeze({
  openai: "gpt-5.4",
  anthropic: "claude-sonnet-5-5",
} as const);
