// Annotations meet the diff's paths in one Unicode form: a finding or a failed criterion naming a file
// in NFC lands on the file the diff spells in NFD, under the diff's own spelling.
import { describe, expect, test } from "vitest";
import type { ContractReport } from "../../src/criteria/report.js";
import type { DiffFile } from "../../src/diff/types.js";
import { annotationsFor } from "../../src/gate/annotations.js";

const nfc = "config/caf\u00e9.yml";
const nfd = "config/cafe\u0301.yml";
const file: DiffFile = {
  path: nfd,
  status: "modified",
  binary: false,
  additions: 1,
  deletions: 0,
  hunks: [],
  patchOmitted: false,
  patch: "",
};

describe("annotations", () => {
  test("a finding and a failed criterion naming the NFC spelling land on the NFD file, as the diff spells it", () => {
    const checked = {
      verdict: "FAIL",
      reason: "",
      intended_action: "x",
      unverifiable_claims: [],
      checks: [
        {
          id: "no-debug",
          type: "diff_added_absent",
          description: "",
          status: "fail",
          reason: "1 added line matches",
          evidence: { first_match: { path: nfc, line: 3, column: 1, text: "debug: true" } },
        },
      ],
    } as ContractReport;
    const out = annotationsFor(
      [{ severity: "medium", path: nfc, line: 2, reason: "debug left on", raw: "" }],
      checked,
      [file],
    );
    expect(out.map((a) => [a.path, a.startLine])).toEqual([
      [nfd, 2],
      [nfd, 3],
    ]);
  });
  test("a path the diff does not touch, in any form, is not annotated", () => {
    expect(
      annotationsFor(
        [{ severity: "medium", path: "Config/caf\u00e9.yml", line: 1, reason: "x", raw: "" }],
        undefined,
        [file],
      ),
    ).toEqual([]);
  });
});
