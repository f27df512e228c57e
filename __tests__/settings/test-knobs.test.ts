// The test knobs are read at the entry points only, and never in silence: every knob that is set is
// announced, used or not. What the action and the CLI do with the notices is checked end to end
// (__tests__/e2e/statuses.test.ts, the approve round).
import { describe, expect, it } from "vitest";
import { readTestKnobs, TEST_KNOB } from "../../src/settings/test-knobs.js";

describe("test knobs", () => {
  it("keep the names the test suite sets", () => {
    expect(TEST_KNOB).toEqual({
      backoffUnit: "VERDICT_GATE_BACKOFF_UNIT_MS",
      githubTimeout: "VERDICT_GATE_GITHUB_TIMEOUT_MS",
    });
  });

  it("change nothing and say nothing when none is set", () => {
    expect(readTestKnobs({ PATH: "/usr/bin" })).toEqual({ timing: {}, notices: [] });
  });

  it("hand each knob to the GitHub client and announce it", () => {
    const { timing, notices } = readTestKnobs({
      VERDICT_GATE_BACKOFF_UNIT_MS: "5",
      VERDICT_GATE_GITHUB_TIMEOUT_MS: "1500",
    });
    expect(timing).toEqual({ backoffUnitMs: 5, timeoutMs: 1500 });
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatch(
      /^VERDICT_GATE_BACKOFF_UNIT_MS=5 is set: a test knob .*unset it outside tests$/,
    );
    expect(notices[1]).toMatch(/^VERDICT_GATE_GITHUB_TIMEOUT_MS=1500 is set: a test knob .*1500 ms/);
  });

  it("ignore a malformed value, and still say it is set", () => {
    for (const value of ["", "fast", "-5", "12345", "1e3"]) {
      const { timing, notices } = readTestKnobs({ VERDICT_GATE_BACKOFF_UNIT_MS: value });
      expect(timing, value).toEqual({});
      expect(notices, value).toHaveLength(1);
      expect(notices[0]).toMatch(/^VERDICT_GATE_BACKOFF_UNIT_MS is set to .*, which is ignored/);
    }
    // A deadline under 100 ms would time out every request: refused, as before.
    expect(readTestKnobs({ VERDICT_GATE_GITHUB_TIMEOUT_MS: "50" }).timing).toEqual({});
  });
});
