// Where a reviewer's key is sent. The key goes to one host, named in every message, and never over
// plain http to anything but this machine: a `base-url` of http://gateway.internal with a real key would
// put the key on the wire in clear text. A keyless local endpoint (Ollama on another host of a
// self-hosted runner's network) may use http.

/** A reviewer setting that cannot work; thrown when the reviewer is created, before any call. */
export class ReviewerConfigError extends Error {
  override readonly name = "ReviewerConfigError";
}

export interface Endpoint {
  /** The base URL handed to the SDK. */
  readonly url: string;
  /** host[:port], for messages and the label. */
  readonly host: string;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export function endpoint(
  provider: string,
  baseUrl: string | undefined,
  fallback: string,
  apiKey: string,
): Endpoint {
  const raw = baseUrl?.trim() ? baseUrl.trim() : fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ReviewerConfigError(`${provider} reviewer: base-url ${JSON.stringify(raw)} is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ReviewerConfigError(`${provider} reviewer: base-url must be http(s), got ${url.protocol}`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new ReviewerConfigError(
      `${provider} reviewer: base-url must not contain credentials; pass the key in api-key`,
    );
  }
  if (url.protocol === "http:" && apiKey !== "" && !isLoopback(url.hostname)) {
    throw new ReviewerConfigError(
      `${provider} reviewer: refusing to send the API key over plain http to ${url.host}; use https, or an empty api-key for a keyless local endpoint`,
    );
  }
  return { url: raw.replace(/\/+$/, ""), host: url.host };
}
