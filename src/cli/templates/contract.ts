// The starter contract `verdict-gate init` writes: criteria that hold in almost any repository and
// catch what no reviewer should have to (conflict markers, private keys, a committed .env file),
// so the first pull request can approve — in a repository with images too: its content criteria pass
// over binary files (`binary_files: "skip"`), naming them — and the `$schema` line that gives an editor completion and
// validation while the team adds its own. docs/contract.md lists every criterion type.
import { SCHEMA_URL } from "./project.js";

export function starterContract(): string {
  const contract = {
    $schema: SCHEMA_URL,
    intended_action:
      "Pull requests to this repository fix bugs or add features without breaking existing behaviour. Replace this with what your changes are meant to do; the reviewer checks the diff against it.",
    success_criteria: [
      {
        id: "no-conflict-markers",
        type: "diff_added_absent",
        pattern: "^(<<<<<<<|>>>>>>>)( |$)",
        // Images and other binary files have no lines to match: passed over, and named in the reason.
        binary_files: "skip",
        description: "No merge conflict markers are added.",
      },
      {
        id: "no-private-keys",
        type: "diff_added_absent",
        pattern: "-----BEGIN [A-Z ]*PRIVATE KEY-----",
        binary_files: "skip",
        description: "No private keys are added.",
      },
      {
        id: "no-dotenv",
        type: "path_absent",
        path: ".env",
        description: "No .env file (local secrets) is committed.",
      },
    ],
    unverifiable_claims: [],
    requires: [],
  };
  return `${JSON.stringify(contract, null, 2)}\n`;
}
