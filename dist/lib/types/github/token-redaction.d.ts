export type Redact = (text: string) => string;
export declare const REDACTED = "***";
/** A redactor for these secrets, in their raw and URL-encoded forms. Empty and very short values are
 * ignored: redacting "a" would shred every message without protecting anything. */
export declare function redactor(secrets: readonly string[]): Redact;
