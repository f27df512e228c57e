// The external id of the gate's check runs (src/github/external-id.ts): what a run remembers, read back
// exactly, and nothing read out of an id that is not the gate's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { externalIdOf, parseExternalId } from "../../src/github/external-id.js";

describe("the gate's external id", () => {
  it("reads back what it wrote", () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 999_999_999 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 2 ** 52 }), { nil: undefined }),
        fc.option(fc.stringMatching(/^[0-9a-z]{1,40}$/), { nil: undefined }),
        (pr, history, nonce) => {
          const id = {
            ...(pr !== undefined ? { pr } : {}),
            ...(history !== undefined ? { history } : {}),
            ...(nonce !== undefined ? { nonce } : {}),
          };
          expect(parseExternalId(externalIdOf(id))).toEqual(id);
        },
      ),
    );
  });

  it("reads an earlier release's id", () => {
    expect(parseExternalId("verdict-gate:pr:7")).toEqual({ pr: 7 });
  });

  it("reads nothing out of anyone else's id", () => {
    for (const id of [
      null,
      "",
      "build-1234",
      "verdict-gate:pr:07",
      "verdict-gate:pr:7:x:1",
      "verdict-gate:pr:7:h:",
      "xverdict-gate:pr:7",
      "verdict-gate:pr:7\n",
    ])
      expect(parseExternalId(id), String(id)).toBeNull();
  });
});
