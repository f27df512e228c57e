// "Caught at the defect", decided by where a finding points: in a labelled file, within 3 lines of a
// labelled line, a range counting when any of its lines is near; anything else is a block elsewhere.
import { describe, expect, it } from "vitest";
import type { Defect } from "../../src/eval/case-schema.js";
import { atDefect, findingAtDefect, NEAR_LINES } from "../../src/eval/location.js";

const defect: Defect = { path: "lib/range.js", lines: [10, 12], description: "off by one" };

describe("a finding at the defect", () => {
  it.each([
    [7, true],
    [6, false],
    [10, true],
    [12, true],
    [15, true],
    [16, false],
  ])("line %i of the labelled file, for lines 10–12: %s", (line, near) => {
    expect(NEAR_LINES).toBe(3);
    expect(findingAtDefect({ path: "lib/range.js", line }, defect)).toBe(near);
  });

  it("counts a range when any line of it is within 3, whichever way it is written", () => {
    expect(findingAtDefect({ path: "lib/range.js", line: 1, endLine: 7 }, defect)).toBe(true);
    expect(findingAtDefect({ path: "lib/range.js", line: 1, endLine: 6 }, defect)).toBe(false);
    expect(findingAtDefect({ path: "lib/range.js", line: 30, endLine: 15 }, defect)).toBe(true);
  });

  it("is never a finding in another file, with no line, or naming no file", () => {
    expect(findingAtDefect({ path: "lib/pages.js", line: 11 }, defect)).toBe(false);
    expect(findingAtDefect({ path: "range.js", line: 11 }, defect)).toBe(false);
    expect(findingAtDefect({ path: "lib/range.js" }, defect)).toBe(false);
    expect(findingAtDefect({ path: "", line: 11 }, defect)).toBe(false);
  });

  it("compares names as the gate does: one Unicode form, case kept", () => {
    const accented: Defect = { path: "caf\u00e9/menu.py", lines: [3, 3], description: "x" };
    expect(findingAtDefect({ path: "cafe\u0301/menu.py", line: 3 }, accented)).toBe(true);
    expect(findingAtDefect({ path: "Lib/range.js", line: 11 }, defect)).toBe(false);
  });

  it("is at the defect when any finding is near any labelled defect", () => {
    const other: Defect = { path: "lib/pages.js", lines: [2, 2], description: "y" };
    expect(
      atDefect(
        [
          { path: "lib/range.js", line: 40 },
          { path: "lib/pages.js", line: 5 },
        ],
        [defect, other],
      ),
    ).toBe(true);
    expect(atDefect([{ path: "lib/range.js", line: 40 }], [defect, other])).toBe(false);
    expect(atDefect([], [defect])).toBe(false);
  });
});
