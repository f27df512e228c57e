// The expression evaluator the workflow tests rely on, against the rules GitHub documents in
// "Evaluate expressions in workflows and actions". Each expectation here was also checked against
// @actions/expressions, GitHub's own evaluator.
import { describe, expect, it } from "vitest";
import { evaluate, interpolate } from "./expression.js";

const contexts = {
  github: { event: { pull_request: { number: 57, head: { sha: "abc" } } }, run_id: "9" },
  inputs: { pr: "57", empty: "" },
  matrix: {},
};

describe("the workflow expression evaluator", () => {
  it("gives the operand itself from || and &&, and null for a missing property", () => {
    expect(evaluate("inputs.empty || github.event.pull_request.number", contexts)).toBe(57);
    expect(evaluate("matrix.pr || inputs.pr", contexts)).toBe("57");
    expect(evaluate("inputs.pr && github.event.pull_request.head.sha", contexts)).toBe("abc");
    expect(evaluate("inputs.empty && 'never'", contexts)).toBe("");
    expect(evaluate("github.event.workflow_run.pull_requests[0].number", contexts)).toBeNull();
  });

  it("compares loosely: other types as numbers, strings ignoring case", () => {
    expect(evaluate("inputs.pr == github.event.pull_request.number", contexts)).toBe(true);
    expect(evaluate("'' == null", contexts)).toBe(true);
    expect(evaluate("'a' == 0", contexts)).toBe(false);
    expect(evaluate("'ABC' == 'abc'", contexts)).toBe(true);
    expect(evaluate("!inputs.empty", contexts)).toBe(true);
    expect(evaluate("GitHub.Event.Pull_Request.Number", contexts)).toBe(57);
  });

  it("binds && tighter than ||, and reads format() and fromJSON()", () => {
    expect(evaluate("false && 'a' || 'b'", contexts)).toBe("b");
    expect(evaluate("format('refs/pull/{0}/head', inputs.pr)", contexts)).toBe("refs/pull/57/head");
    expect(evaluate("format('{{{0}}}', 1)", contexts)).toBe("{1}");
    expect(evaluate("fromJSON('[57,58]')", contexts)).toEqual([57, 58]);
  });

  it("keeps the type of a value that is one expression, and writes the rest as text", () => {
    expect(interpolate(`\${{ fromJSON('[1]') }}`, contexts)).toEqual([1]);
    expect(interpolate(`verdict-gate-\${{ matrix.pr || github.event.pull_request.number }}`, contexts)).toBe(
      "verdict-gate-57",
    );
    expect(interpolate(`x-\${{ matrix.pr }}`, contexts)).toBe("x-");
  });

  it("refuses what it does not implement rather than reading it wrongly", () => {
    expect(() => evaluate("hashFiles('**')", contexts)).toThrow(/unsupported function/);
    expect(() => evaluate("1 < 2", contexts)).toThrow(/unsupported character/);
  });
});
