// How much of a reviewer's HTTP reply the gate reads. GitHub caps its own answers (and the GitHub client
// refuses past 64 MiB, github/bounded-fetch.ts); a reviewer's were not capped: a 100 MB reply was read
// and parsed whole (1.2 GiB and about ten seconds) before the round held on it. Now the body is counted
// as it arrives and the read stops at the cap, the connection closed: the reply is a `too-large`
// failure, and the round holds naming the cap. A command reviewer's output has the same kind of cap
// (command.ts).

/** The least cap: a reply of a model's whole output budget fits many times over. */
export const MIN_REPLY_BYTES = 4 * 1024 * 1024;

/** Bytes a token may take on the wire at most, in the JSON the providers send: 4 bytes of UTF-8, each
 * escaped as `\uXXXX` pairs at worst, and the reasoning text some servers return beside the answer. */
const BYTES_PER_TOKEN = 32;

/** The cap for a reviewer allowed `maxOutputTokens` (unknown: the least cap). */
export function replyCapBytes(maxOutputTokens: number | undefined): number {
  return Math.max(MIN_REPLY_BYTES, (maxOutputTokens ?? 0) * BYTES_PER_TOKEN);
}

/** Thrown into the SDK's read of a body past the cap; found again by `replyTooLarge`. */
export class ReplyTooLargeError extends Error {
  override readonly name = "ReplyTooLargeError";
  constructor(
    readonly limit: number,
    /** What the server declared (content-length), or what had arrived when the read stopped. */
    readonly seen: number,
    readonly declared: boolean,
  ) {
    super(`the reply is larger than the ${limit} bytes the gate reads`);
  }
}

/** The cap's error, wherever an SDK wrapped it (its own error's `cause`, a few levels deep). */
export function replyTooLarge(error: unknown): ReplyTooLargeError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === "object"; depth += 1) {
    if (current instanceof ReplyTooLargeError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** `inner` with every response body capped at `limit` bytes: a declared length over it is refused
 * before a byte is read; an undeclared one is read until it passes the cap, then the read fails with
 * ReplyTooLargeError and the connection is cancelled. */
export function cappedFetch(limit: number, inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (Number.isFinite(declared) && declared > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new ReplyTooLargeError(limit, declared, true);
    }
    if (response.body === null) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          // Erroring the stream cancels its source: the socket is closed, nothing more is read.
          if (seen > limit) controller.error(new ReplyTooLargeError(limit, seen, false));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
