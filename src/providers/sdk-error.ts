// Turns what the OpenAI and Anthropic SDKs throw into a named failure. Both SDKs share one error shape
// (status, headers, the parsed error body), and the classes are passed in rather than matched by name,
// so a bundler that renames classes cannot turn a rate limit into an "unknown error". Every message
// names the provider, the host and the status, with the provider's own words cut to a readable length.

import { defined } from "../util/defined.js";
import type { AttemptOutcome } from "./call.js";
import { replyTooLarge } from "./reply-cap.js";
import { retryAfterMs } from "./retry.js";

/** The error classes of one SDK (both SDKs export these names). */
export interface SdkErrors {
  readonly APIError: abstract new (...args: never[]) => Error;
  readonly APIConnectionError: abstract new (...args: never[]) => Error;
  readonly APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  readonly APIUserAbortError: abstract new (...args: never[]) => Error;
}

interface ApiErrorShape {
  status?: number;
  headers?: { get(name: string): string | null };
  error?: unknown;
  message: string;
  cause?: unknown;
}

const DETAIL_LIMIT = 300;

/** A provider's words, on one line and not too long for a check-run title or a log line. */
export function providerDetail(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > DETAIL_LIMIT ? `${flat.slice(0, DETAIL_LIMIT)}…` : flat;
}

/** The `{error:{type|code, message}}` (OpenAI) or `{type:"error", error:{type, message}}` (Anthropic)
 * body of an error response, as far as it can be read. */
function errorBody(body: unknown): { kind?: string; message?: string } {
  if (typeof body !== "object" || body === null) return {};
  const outer = body as Record<string, unknown>;
  const inner = (typeof outer.error === "object" && outer.error !== null ? outer.error : outer) as Record<
    string,
    unknown
  >;
  const kind = [inner.type, inner.code].find((v) => typeof v === "string" && v !== "") as string | undefined;
  const message = typeof inner.message === "string" ? inner.message : undefined;
  return defined({ kind, message });
}

/** The low-level reason of a network error (ECONNRESET, ECONNREFUSED, ENOTFOUND, "terminated"). */
function networkCause(error: unknown): string {
  const seen = new Set<unknown>();
  let current: unknown = error;
  const parts: string[] = [];
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") parts.push(code);
    else if (current.message && parts.length === 0) parts.push(current.message);
    current = (current as { cause?: unknown }).cause;
  }
  return [...new Set(parts)].join(" / ") || "connection failed";
}

const NETWORK_CODES =
  /ECONNRESET|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|UND_ERR|ENETUNREACH|EHOSTUNREACH|terminated|other side closed|socket/i;

/** The failure for a thrown SDK error. `aborted` says our time limit fired. */
export function classifySdkError(error: unknown, classes: SdkErrors, target: string): AttemptOutcome {
  // First: an SDK wraps what its fetch throws as a connection error, which would be retried.
  const big = replyTooLarge(error);
  if (big !== undefined) {
    const size = big.declared ? `declared ${big.seen} bytes` : `more than ${big.limit} bytes arrived`;
    return {
      ok: false,
      failure: "too-large",
      message: `${target}: the reply is larger than the ${big.limit} bytes the gate reads of one (${size}); the read was stopped and nothing of it used`,
      retryable: false,
    };
  }
  if (error instanceof classes.APIUserAbortError || error instanceof classes.APIConnectionTimeoutError) {
    return { ok: false, failure: "timeout", message: `${target}: the request timed out`, retryable: false };
  }
  if (error instanceof classes.APIConnectionError) {
    return {
      ok: false,
      failure: "network",
      message: `${target}: network error (${networkCause(error)})`,
      retryable: true,
    };
  }
  if (error instanceof classes.APIError) {
    const e = error as unknown as ApiErrorShape;
    const status = e.status;
    if (status === undefined) {
      return {
        ok: false,
        failure: "bad-response",
        message: `${target}: ${providerDetail(e.message)}`,
        retryable: false,
      };
    }
    const body = errorBody(e.error);
    const requestId = e.headers?.get("x-request-id") ?? e.headers?.get("request-id") ?? undefined;
    const wait = retryAfterMs(e.headers);
    const message =
      `${target}: HTTP ${status}${body.kind ? ` ${body.kind}` : ""}` +
      (body.message ? `: ${providerDetail(body.message)}` : "") +
      (requestId ? ` (request id ${requestId})` : "");
    const common = { ok: false as const, message, ...defined({ retryAfterMs: wait }) };
    // GitHub-style secondary limits use 403 with retry-after; a bare 403 is a key without access.
    if (status === 429 || (status === 403 && wait !== undefined)) {
      return { ...common, failure: "rate-limited", retryable: true };
    }
    if (status === 401 || status === 403) return { ...common, failure: "auth", retryable: false };
    if (status === 408) return { ...common, failure: "timeout", retryable: true };
    if (status === 409 || status >= 500) return { ...common, failure: "http", retryable: true };
    return { ...common, failure: "http", retryable: false };
  }
  // Thrown outside the SDK's request wrapper: a JSON body cut or malformed (SyntaxError), or the
  // connection dropping while the body was read (undici's "terminated").
  if (error instanceof SyntaxError) {
    return {
      ok: false,
      failure: "bad-response",
      message: `${target}: the response is not valid JSON (${providerDetail(error.message)})`,
      retryable: false,
    };
  }
  if (error instanceof Error && NETWORK_CODES.test(`${error.message} ${networkCause(error)}`)) {
    return {
      ok: false,
      failure: "network",
      message: `${target}: network error while reading the response (${networkCause(error)})`,
      retryable: true,
    };
  }
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    ok: false,
    failure: "bad-response",
    message: `${target}: ${providerDetail(what)}`,
    retryable: false,
  };
}
