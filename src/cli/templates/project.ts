// Where users get verdict-gate from: the `uses:` reference of the action and the address of the
// contract's JSON Schema. One place, because the starter files `init` writes, the README and the docs
// must all name the same thing (a test checks that they do).

/** The action as a workflow step names it (the moving major tag). */
export const ACTION_REF = "verdict-gate/verdict-gate@v1";

/** The contract's JSON Schema, as a starter contract's `$schema` names it for editors. */
export const SCHEMA_URL =
  "https://raw.githubusercontent.com/verdict-gate/verdict-gate/v1/verdict-contract.schema.json";

/** The documentation, for links printed outside this repository (init's next steps). */
export const DOCS_URL = "https://github.com/verdict-gate/verdict-gate/blob/v1/docs";

/** Where `init` writes, relative to the repository root. The workflow's name matches the one the
 * docs and the end-to-end events use. */
export const WORKFLOW_PATH = ".github/workflows/verdict-gate.yml";
export const CONTRACT_PATH = ".github/verdict-contract.json";
