// The token must never reach a log line or an error message, even when GitHub (or a proxy, or a
// misconfigured mirror) echoes it back in a body. Every text that leaves src/github goes through this.

export type Redact = (text: string) => string;

export const REDACTED = "***";

/** A redactor for these secrets, in their raw and URL-encoded forms. Empty and very short values are
 * ignored: redacting "a" would shred every message without protecting anything. */
export function redactor(secrets: readonly string[]): Redact {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
  }
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const form of ordered) out = out.split(form).join(REDACTED);
    return out;
  };
}
