// Who may satisfy a requirement, as the contract says it: `app` on a check_run, `creator` on a status,
// `added_by` on a label. Validated like every other field: a misspelt value is refused, never read as
// "anyone".
import { describe, expect, test } from "vitest";
import { ContractError } from "../../src/criteria/contract-error.js";
import { loadContract } from "../../src/criteria/load.js";
import schema from "../../verdict-contract.schema.json" with { type: "json" };

const contract = (requires: unknown[]) =>
  JSON.stringify({ intended_action: "Ship it", success_criteria: [], requires });

function rejection(requires: unknown[]): string {
  try {
    loadContract(contract(requires), "c.json");
  } catch (error) {
    expect(error).toBeInstanceOf(ContractError);
    return (error as Error).message;
  }
  throw new Error("accepted");
}

describe("requirement sources", () => {
  test("a label must be added by a writer other than the author unless the contract says anyone", () => {
    const loaded = loadContract(
      contract([
        { id: "a", type: "label", name: "qa" },
        { id: "b", type: "label", name: "docs", added_by: "anyone" },
      ]),
      "c.json",
    );
    expect(loaded.requires.map((r) => (r.type === "label" ? r.added_by : null))).toEqual([
      "writer",
      "anyone",
    ]);
    expect(rejection([{ id: "a", type: "label", name: "qa", added_by: "maintainers" }])).toMatch(
      /requires\[0\] \(id "a"\): field "added_by"/,
    );
  });

  test("a check_run may pin an app by its slug, a status a creator by login; malformed pins are refused", () => {
    const loaded = loadContract(
      contract([
        { id: "e2e", type: "check_run", name: "e2e", app: "github-actions" },
        { id: "st", type: "status", context: "deploy", creator: "deploy-bot[bot]" },
      ]),
      "c.json",
    );
    expect(loaded.requires).toMatchObject([{ app: "github-actions" }, { creator: "deploy-bot[bot]" }]);
    expect(rejection([{ id: "e2e", type: "check_run", name: "e2e", app: "GitHub Actions" }])).toMatch(
      /field "app": must be a GitHub App's slug/,
    );
    expect(rejection([{ id: "st", type: "status", context: "deploy", creator: "" }])).toMatch(
      /field "creator": must be a GitHub login/,
    );
    // A pin belongs to its own type: a label has no app.
    expect(rejection([{ id: "a", type: "label", name: "qa", app: "github-actions" }])).toMatch(
      /field "app": unknown field/,
    );
  });

  test("the JSON Schema editors use carries the same fields", () => {
    const text = JSON.stringify(schema);
    for (const field of ['"added_by"', '"app"', '"creator"']) expect(text).toContain(field);
    expect(text).toContain('"enum":["writer","anyone"]');
  });
});
