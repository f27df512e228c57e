// The call's time limit is the reviewer's: loading the provider's SDK (prepare) happens before the
// clock starts, and a failure to load is still the attempt's failure, reported as before.
import { describe, expect, it } from "vitest";
import type { Attempt } from "../../src/providers/call.js";
import { httpReviewer } from "../../src/providers/http-reviewer.js";

const WHERE = { host: "127.0.0.1:9", target: "openai reviewer at 127.0.0.1:9", window: { tokens: 128_000 } };
const PROMPT = { system: "s", user: "u" };
const approve: Attempt = async () => ({
  ok: true,
  text: "===VERDICT=== APPROVE",
  usage: { inputTokens: 1, outputTokens: 1 },
});

describe("httpReviewer", () => {
  it("does not count a slow SDK load against the reviewer's time limit", async () => {
    // As the providers do: the attempt awaits the same load that prepare starts.
    let sdk: Promise<void> | undefined;
    const load = () => {
      sdk ??= new Promise((resolve) => setTimeout(resolve, 150));
      return sdk;
    };
    const reviewer = httpReviewer(
      "openai",
      { model: "m", apiKey: "", timeoutMs: 40, retries: 0 },
      WHERE as never,
      async (prompt, signal) => {
        await load();
        return approve(prompt, signal);
      },
      load,
    );
    const reply = await reviewer.review(PROMPT);
    expect(reply.ok).toBe(true);
  });

  it("leaves a failed load to the attempt, which fails the call (never a reply)", async () => {
    const loaded = Promise.reject(new Error("cannot load the SDK"));
    loaded.catch(() => undefined);
    const reviewer = httpReviewer(
      "openai",
      { model: "m", apiKey: "", timeoutMs: 1_000, retries: 0 },
      WHERE as never,
      async () => {
        await loaded;
        throw new Error("unreachable");
      },
      () => loaded,
    );
    const reply = await reviewer.review(PROMPT);
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.message).toContain("cannot load the SDK");
  });
});
