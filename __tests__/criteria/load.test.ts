// Loading a contract: what loads (verdictkit's own example among it), and every rejection, each
// message naming the file, the criterion and the field.
import { describe, expect, it, test } from "vitest";
import { ContractError } from "../../src/criteria/contract-error.js";
import { ContractSchema, severityPolicyOf } from "../../src/criteria/contract-schema.js";
import { CRITERION_TYPES } from "../../src/criteria/criterion-schema.js";
import { CONTRACT_MAX_BYTES, loadContract } from "../../src/criteria/load.js";
import { REQUIREMENT_TYPES } from "../../src/criteria/requirement-schema.js";

const base = { intended_action: "Summarize the Q3 incident reports into incidents.md" };

function rejection(value: unknown): string {
  try {
    loadContract(typeof value === "string" ? value : JSON.stringify(value), "contracts/q3.json");
  } catch (error) {
    expect(error).toBeInstanceOf(ContractError);
    return (error as Error).message;
  }
  throw new Error("the contract loaded");
}

function criteria(...items: unknown[]): Record<string, unknown> {
  return { ...base, success_criteria: items };
}

describe("contracts that load", () => {
  test("verdictkit's README example, as verdictkit writes it", () => {
    const contract = loadContract(
      JSON.stringify({
        task_id: "research-042",
        agent_id: "agent-7f3a",
        intended_action: "Summarize the Q3 incident reports into incidents.md",
        success_criteria: [
          { id: "c1", type: "file_exists", path: "incidents.md", description: "summary file was written" },
          {
            id: "c2",
            type: "pattern_count_gte",
            path: "incidents.md",
            pattern: "^## Incident",
            min_count: 3,
            description: "covers at least 3 incidents",
          },
        ],
        unverifiable_claims: ["tone is executive-appropriate"],
        scope: { paths: ["incidents.md"] },
        principal: "unknown",
      }),
      "q3.json",
    );
    expect(contract.success_criteria).toHaveLength(2);
    expect(contract.unverifiable_claims).toEqual(["tone is executive-appropriate"]);
  });

  test("defaults: description, claims, requires and their timeouts", () => {
    const contract = loadContract(
      JSON.stringify({
        $schema: "./verdict-contract.schema.json",
        ...criteria({ id: "c", type: "file_exists", path: "a" }),
        requires: [
          { id: "ci", type: "check_run", name: "build" },
          { id: "st", type: "status", context: "ci/legacy", timeout_minutes: 5 },
          { id: "dep", type: "pr_merged", repo: "octo/lib", number: 12 },
          { id: "ok", type: "label", name: "approved-by-security" },
        ],
      }),
      "c.json",
    );
    expect(contract.success_criteria[0]).toMatchObject({ description: "" });
    expect(contract.unverifiable_claims).toEqual([]);
    expect(contract.requires.map((r) => r.timeout_minutes)).toEqual([60, 5, 1440, 1440]);
  });

  test("a byte order mark before the JSON is ignored", () => {
    expect(loadContract(`\uFEFF${JSON.stringify(criteria())}`, "c.json").success_criteria).toEqual([]);
  });

  test("diff criteria with their defaults", () => {
    const c = loadContract(
      JSON.stringify(criteria({ id: "d", type: "diff_added_contains", pattern: "x" })),
      "c.json",
    );
    expect(c.success_criteria[0]).toMatchObject({ min_count: 1 });
  });
});

describe("rejections name the file, the criterion and the field", () => {
  test("malformed JSON, with line and column", () => {
    const message = rejection(
      '{\n  "intended_action": "x",\n  "success_criteria": [\n    {"id": "a",}\n  ]\n}',
    );
    expect(message).toBe(
      "contracts/q3.json: contract: not valid JSON: a trailing comma before `}`: JSON allows no comma after the last item (line 4, column 15)",
    );
  });

  test("a repeated key, which JSON.parse would let win in silence, naming the key, pointer, line and column", () => {
    const text = [
      "{",
      '  "intended_action": "x",',
      '  "success_criteria": [',
      '    { "id": "f", "type": "path_absent", "path": "f.txt", "path": "nothing-here" }',
      "  ]",
      "}",
    ].join("\n");
    expect(rejection(text)).toBe(
      'contracts/q3.json: contract: ambiguous JSON: duplicate key "path" at /success_criteria/0/path (line 4, column 58): readers disagree on which of the two values counts, so the JSON does not mean what it shows',
    );
  });

  test("not an object", () => {
    expect(rejection("[]")).toBe(
      "contracts/q3.json: contract: a contract must be a JSON object, got an array",
    );
  });

  test("unknown criterion type, listing the known ones", () => {
    const message = rejection(criteria({ id: "c1", type: "file_exist", path: "a" }));
    expect(message).toContain(
      'contracts/q3.json: success_criteria[0] (id "c1"): field "type": unknown criterion type "file_exist"',
    );
    expect(message).toContain("expected one of: file_exists, file_nonempty,");
  });

  test("missing type", () => {
    expect(rejection(criteria({ id: "c1", path: "a" }))).toMatch(
      /^contracts\/q3\.json: success_criteria\[0\] \(id "c1"\): field "type": missing; every criterion needs a type/,
    );
  });

  test("missing id", () => {
    expect(rejection(criteria({ type: "file_exists", path: "a" }))).toBe(
      'contracts/q3.json: success_criteria[0] (no id): field "id": missing (required: a string)',
    );
  });

  test("empty id", () => {
    expect(rejection(criteria({ id: "", type: "file_exists", path: "a" }))).toBe(
      'contracts/q3.json: success_criteria[0] (no id): field "id": must not be empty',
    );
  });

  test("a criterion that is not an object", () => {
    expect(rejection(criteria("file_exists"))).toBe(
      'contracts/q3.json: success_criteria[0] (no id): expected an object, got the string "file_exists"',
    );
  });

  test("duplicate ids, among criteria and across criteria and requires", () => {
    const message = rejection({
      ...criteria({ id: "a", type: "file_exists", path: "p" }, { id: "a", type: "dir_exists", path: "p" }),
      requires: [{ id: "a", type: "label", name: "x" }],
    });
    expect(message.split("\n")).toEqual([
      'contracts/q3.json: success_criteria[1] (id "a"): field "id": duplicate id "a" (first used by success_criteria[0])',
      'contracts/q3.json: requires[0] (id "a"): field "id": duplicate id "a" (first used by success_criteria[0])',
    ]);
  });

  test("bad field types", () => {
    expect(
      rejection(criteria({ id: "n", type: "pattern_count_gte", path: "p", pattern: "x", min_count: "3" })),
    ).toBe(
      'contracts/q3.json: success_criteria[0] (id "n"): field "min_count": expected a number, got the string "3"',
    );
    expect(rejection(criteria({ id: "n", type: "line_count_gte", path: "p", min_count: 1.5 }))).toBe(
      'contracts/q3.json: success_criteria[0] (id "n"): field "min_count": expected an integer, got number 1.5',
    );
    expect(rejection(criteria({ id: "n", type: "file_contains", path: 7, pattern: "x" }))).toBe(
      'contracts/q3.json: success_criteria[0] (id "n"): field "path": expected a string, got number 7',
    );
  });

  test("a count that cannot fail (min_count 0) is refused", () => {
    expect(
      rejection(criteria({ id: "n", type: "pattern_count_gte", path: "p", pattern: "x", min_count: 0 })),
    ).toBe(
      'contracts/q3.json: success_criteria[0] (id "n"): field "min_count": must be at least 1, got number 0',
    );
  });

  test("an empty pattern, which matches every line, is refused for every pattern criterion", () => {
    for (const type of ["file_contains", "pattern_count_gte", "diff_added_absent", "diff_added_contains"]) {
      expect(rejection(criteria({ id: "e", type, path: "p", pattern: "", min_count: 1 }))).toContain(
        'success_criteria[0] (id "e"): field "pattern": must not be empty',
      );
    }
  });

  test("missing required fields of a type", () => {
    expect(rejection(criteria({ id: "f", type: "file_contains", path: "p" }))).toBe(
      'contracts/q3.json: success_criteria[0] (id "f"): field "pattern": missing (required: a string)',
    );
  });

  test("unknown fields in a criterion and at the top level", () => {
    const message = rejection({
      ...criteria({ id: "c", type: "file_exists", path: "p", patern: "x" }),
      extra: 1,
    });
    expect(message.split("\n")).toEqual([
      'contracts/q3.json: success_criteria[0] (id "c"): field "patern": unknown field; allowed here: id, type, description, path',
      'contracts/q3.json: contract: field "extra": unknown field; allowed here: $schema, task_id, agent_id, principal, intended_action, scope, success_criteria, unverifiable_claims, requires, lockfile, policy, review_guidelines',
    ]);
  });

  test("a near miss of a field or a type gets a did-you-mean, as a mistyped command does", () => {
    const message = rejection({
      intended_action: "x",
      success_criteria: [
        { id: "a", type: "file_contains", path: "p", patern: "x", description: "d" },
        { id: "b", type: "diff_require_change", description: "d" },
      ],
      requires: [{ id: "r", type: "lable", name: "ok" }],
    });
    expect(message.split("\n")).toEqual([
      'contracts/q3.json: success_criteria[0] (id "a"): field "pattern": missing (required: a string)',
      'contracts/q3.json: success_criteria[0] (id "a"): field "patern": unknown field; did you mean "pattern"?; allowed here: id, type, description, path, pattern',
      `contracts/q3.json: success_criteria[1] (id "b"): field "type": unknown criterion type "diff_require_change"; did you mean "diff_requires_change"?; expected one of: ${CRITERION_TYPES.join(", ")}`,
      `contracts/q3.json: requires[0] (id "r"): field "type": unknown requirement type "lable"; did you mean "label"?; expected one of: ${REQUIREMENT_TYPES.join(", ")}`,
    ]);
    // Far from every known word: no guess, which would send a person to the wrong field.
    expect(rejection(criteria({ id: "c", type: "file_exists", path: "p", colour: "x" }))).not.toContain(
      "did you mean",
    );
  });

  test("a pattern RE2 cannot compile (backreference, lookaround)", () => {
    expect(rejection(criteria({ id: "re", type: "file_contains", path: "p", pattern: "(a)\\1" }))).toMatch(
      /^contracts\/q3\.json: success_criteria\[0\] \(id "re"\): field "pattern": .*invalid escape sequence.*RE2 syntax/,
    );
    expect(rejection(criteria({ id: "la", type: "diff_added_absent", pattern: "foo(?=bar)" }))).toContain(
      'success_criteria[0] (id "la"): field "pattern": ',
    );
  });

  test("an invalid glob names its index", () => {
    expect(rejection(criteria({ id: "g", type: "diff_paths_within", globs: ["ok/**", "[x"] }))).toBe(
      'contracts/q3.json: success_criteria[0] (id "g"): field "globs[1]": invalid glob "[x": a [ has no closing ] (write \\[ for a literal [)',
    );
  });

  test("an empty glob list", () => {
    expect(rejection(criteria({ id: "g", type: "diff_paths_within", globs: [] }))).toBe(
      'contracts/q3.json: success_criteria[0] (id "g"): field "globs": must hold at least 1 item',
    );
  });

  test("a table name that is not an identifier", () => {
    expect(
      rejection(
        criteria({ id: "t", type: "sqlite_table_has_rows", path: "a.db", table: 'x"; DROP TABLE y; --' }),
      ),
    ).toBe(
      'contracts/q3.json: success_criteria[0] (id "t"): field "table": must be a plain identifier (letters, digits, _; not starting with a digit)',
    );
  });

  test("requires: unknown type, bad repo, bad number, bad timeout", () => {
    expect(rejection({ ...criteria(), requires: [{ id: "r", type: "ci" }] })).toBe(
      'contracts/q3.json: requires[0] (id "r"): field "type": unknown requirement type "ci"; expected one of: check_run, status, pr_merged, label',
    );
    expect(
      rejection({ ...criteria(), requires: [{ id: "r", type: "pr_merged", repo: "nope", number: 0 }] }).split(
        "\n",
      ),
    ).toEqual([
      'contracts/q3.json: requires[0] (id "r"): field "repo": must be OWNER/NAME',
      'contracts/q3.json: requires[0] (id "r"): field "number": must be at least 1, got number 0',
    ]);
    expect(
      rejection({ ...criteria(), requires: [{ id: "r", type: "label", name: "x", timeout_minutes: 0 }] }),
    ).toBe(
      'contracts/q3.json: requires[0] (id "r"): field "timeout_minutes": must be at least 1, got number 0',
    );
    expect(rejection({ ...criteria(), requires: [{ id: "r", type: "status" }] })).toBe(
      'contracts/q3.json: requires[0] (id "r"): field "context": missing (required: a string)',
    );
    expect(
      rejection({
        ...criteria(),
        requires: [{ id: "__proto__", type: "label", name: "qa", timeout_minutes: 5 }],
      }),
    ).toMatch(/requires\[0\].*field "id": `__proto__` cannot be an id/);
  });

  test("missing intended_action and success_criteria", () => {
    expect(rejection({}).split("\n")).toEqual([
      'contracts/q3.json: contract: field "intended_action": missing (required: a string)',
      'contracts/q3.json: contract: field "success_criteria": missing (required: an array)',
    ]);
  });

  test("an unverifiable claim must be a string", () => {
    expect(rejection({ ...criteria(), unverifiable_claims: [1] })).toBe(
      'contracts/q3.json: contract: field "unverifiable_claims[0]": expected a string, got number 1',
    );
  });

  test("a contract larger than the cap is refused without parsing", () => {
    expect(rejection(" ".repeat(CONTRACT_MAX_BYTES + 1))).toContain("contracts/q3.json: contract: is ");
  });

  test("many problems are listed, then counted", () => {
    const many = criteria(...Array.from({ length: 30 }, (_, i) => ({ id: `c${i}`, type: "nope" })));
    const lines = rejection(many).split("\n");
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe("contracts/q3.json: … and 10 more problems");
  });

  test("the error carries the source and each problem for callers", () => {
    try {
      loadContract(JSON.stringify(criteria({ id: "x", type: "file_exists" })), "c.json");
    } catch (error) {
      expect(error).toMatchObject({
        source: "c.json",
        problems: [
          { where: 'success_criteria[0] (id "x")', field: "path", message: "missing (required: a string)" },
        ],
      });
    }
  });
});

test("a JSON syntax error gives the line and column even where JSON.parse gives no position", () => {
  const cases: [string, RegExp][] = [
    // The comma itself, not the `}` where V8 noticed it ("Expected double-quoted property name").
    [
      '{\n  "intended_action": "x",\n}',
      /not valid JSON: a trailing comma before `}`: .* \(line 2, column 25\)$/m,
    ],
    ['{\n"intended_action": tru}', /not valid JSON: .* \(line 2, column 23\)$/m],
    [
      '{\n  "intended_action": "x"',
      /not valid JSON: the text ends before the JSON does: .* \(line 2, column 25\)$/m,
    ],
    ["", /not valid JSON: the text ends before the JSON does: .* \(line 1, column 1\)$/m],
    [
      '{\n  // the task\n  "intended_action": "x"\n}',
      /not valid JSON: a comment: JSON has none .* \(line 2, column 3\)$/m,
    ],
    [
      "{\n  'intended_action': \"x\"\n}",
      /not valid JSON: single quotes: JSON names and strings take double quotes \(line 2, column 3\)$/m,
    ],
    [
      '{"success_criteria": [1, 2,]}',
      /not valid JSON: a trailing comma before `]`: .* \(line 1, column 27\)$/m,
    ],
  ];
  for (const [text, expected] of cases) {
    let message = "";
    try {
      loadContract(text, "c.json");
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message, JSON.stringify(text)).toMatch(expected);
    // The text itself is not quoted back: the position says where to look.
    expect(message).not.toContain("is not valid JSON");
  }
});

describe("the contract's policy", () => {
  const base = { intended_action: "x", success_criteria: [] };
  const load = (policy: unknown) => ContractSchema.safeParse({ ...base, policy });

  it("defaults to what the gate always blocked on, with notes not posted", () => {
    const parsed = load({});
    expect(parsed.success && parsed.data.policy).toEqual({
      block_on: ["high", "medium"],
      notes: { post: false, max: 10 },
    });
    expect(severityPolicyOf(ContractSchema.parse(base))).toBeUndefined();
  });

  it.each([
    [{ block_on: [] }, /at least "high"/],
    [{ block_on: ["low"] }, /must block on high, medium too/],
    [{ block_on: ["high", "critical"] }],
    [{ notes: { post: true, max: 0 } }],
    [{ notes: { post: true, max: 51 } }],
    [{ notes: { posted: true } }],
    [{ blocks_on: ["high"] }],
  ])("refuses %j", (policy, message?: RegExp) => {
    const parsed = load(policy);
    expect(parsed.success).toBe(false);
    if (message !== undefined) expect(parsed.error?.issues.map((i) => i.message).join("; ")).toMatch(message);
  });
});
