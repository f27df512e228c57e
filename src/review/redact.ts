// Keeps reviewer keys out of every message the gate writes. Providers echo keys back: OpenAI's 401 says
// "Incorrect API key provided: sk-abc12***…7890", a proxy may reflect a whole header, a CLI may print
// its config. So a message loses the key itself, and any word sharing eight or more consecutive
// characters with it (which catches the masked forms). Each secret is also looked for in its URL-encoded
// form (encodeURIComponent, with upper- and lower-case hex), as it appears in a clone URL, a query
// string or a form body a proxy reflects: a key holding `+`, `/` or `=` shares no run of eight
// characters with its encoded form. Over-redacting costs a less helpful message;
// under-redacting publishes a credential in a public check run. Pure.

export const REDACTED = "[redacted]";

/** Shortest run of a secret's characters treated as a leak of it. */
const LEAK_RUN = 8;

const WORD = /[^\s"'`<>()[\]{},;]+/g;

/** Each secret and its URL-encoded forms, longest first (so an encoded form is replaced whole). */
function urlForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    forms.add(secret);
    const encoded = encodeURIComponent(secret);
    forms.add(encoded);
    forms.add(encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** `text` with every secret (raw or URL-encoded), and every word that contains 8+ consecutive
 * characters of one, replaced. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const usable = urlForms(secrets.filter((s) => s.length >= 4));
  if (usable.length === 0 || text === "") return text;
  let result = text;
  for (const secret of usable) result = result.split(secret).join(REDACTED);
  const runs = new Set<string>();
  for (const secret of usable) {
    const n = Math.min(LEAK_RUN, secret.length);
    for (let i = 0; i + n <= secret.length; i += 1) runs.add(secret.slice(i, i + n));
  }
  const lengths = [...new Set([...runs].map((r) => r.length))];
  return result.replace(WORD, (word) => {
    for (const n of lengths) {
      for (let i = 0; i + n <= word.length; i += 1) {
        if (runs.has(word.slice(i, i + n))) return REDACTED;
      }
    }
    return word;
  });
}
