// Token counts before a call, without a tokenizer (the action ships no model vocabularies). The estimate
// is deliberately high: three UTF-8 bytes per token, where real tokenizers average about four for code
// and English. Over-counting splits a diff into one chunk more than needed (a little cost); under-counting
// sends a prompt bigger than the window, which a server like Ollama cuts silently (a review of half a
// diff that looks like a review of all of it).

/** UTF-8 bytes per token assumed by the estimate. */
export const BYTES_PER_TOKEN = 3;

export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, "utf8") / BYTES_PER_TOKEN);
}
