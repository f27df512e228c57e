// GitHub's guidance for the endpoints that create content: "wait at least one second between each
// request", or risk a secondary rate limit. Every other end-to-end test runs the action with its timings
// shrunk to 5 ms a second (harness.ts), so that the suite is fast; this one runs it at the production
// timings, as a runner does, and measures the gaps between its writes where GitHub would: at the API.
import { afterEach, describe, expect, it } from "vitest";
import { startWorld, type World } from "./world.js";

let world: World | undefined;
afterEach(async () => {
  world?.api.assertClean();
  await world?.close();
  world = undefined;
});

/** The loopback server stamps a request when its headers arrive; a busy test process can stamp one a
 * little late and so shorten the next gap by as much. The bound still tells a second from 5 ms. */
const SECOND_AT_THE_API_MS = 900;

describe("write spacing at production timings", () => {
  it("a round's writes reach GitHub at least a second apart; its reads are not held back", async () => {
    world = await startWorld({ bundle: true });
    const run = await world.run({ timings: "production" });
    expect(run.code, run.log).toBe(0);
    expect(run.outputs.status, run.log).toBe("approve");
    const writes = world.api.requests.filter((r) => r.method !== "GET");
    // The check run created, completed, and the history comment: a round writes at least three times.
    expect(
      writes.map((r) => r.route).length,
      JSON.stringify(writes.map((r) => r.route)),
    ).toBeGreaterThanOrEqual(3);
    const gaps = writes
      .slice(1)
      .map((w, i) => w.receivedAt - (writes[i] as { receivedAt: number }).receivedAt);
    for (const gap of gaps)
      expect(gap, `gaps between writes: ${gaps.join(", ")} ms`).toBeGreaterThanOrEqual(SECOND_AT_THE_API_MS);
    // Reads are not spaced: some two of them arrive closer together than a write may.
    const reads = world.api.requests.filter((r) => r.method === "GET");
    const readGaps = reads
      .slice(1)
      .map((r, i) => r.receivedAt - (reads[i] as { receivedAt: number }).receivedAt);
    expect(Math.min(...readGaps), `gaps between reads: ${readGaps.join(", ")} ms`).toBeLessThan(
      SECOND_AT_THE_API_MS,
    );
  });
});
