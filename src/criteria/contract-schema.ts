// The contract file (verdictkit's names, plus `requires`): what the change intends, the criteria that
// check it, the claims nobody can check, and the dependencies outside the PR. Unknown fields are
// rejected everywhere: a misspelt optional field (`exclude_path`) would otherwise be dropped in silence
// and the gate would check less than its author believes.
import { z } from "zod";
import {
  blockOnProblem,
  DEFAULT_BLOCK_ON,
  DEFAULT_NOTES_MAX,
  SEVERITIES,
  type Severity,
  type SeverityPolicy,
} from "../verdict/severity-policy.js";
import { CriterionSchema } from "./criterion-schema.js";
import { RequirementSchema } from "./requirement-schema.js";

/** A URL prefix a lockfile source may come from: absolute, with a host, and nothing after the path (a
 * query or fragment would never match a prefix the way a reader expects). */
function isSourcePrefix(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    ["https:", "http:", "ssh:", "git+https:", "git+ssh:"].includes(url.protocol) &&
    url.host !== "" &&
    url.search === "" &&
    url.hash === ""
  );
}

export const LockfilePolicySchema = z
  .strictObject({
    allowed_registries: z
      .array(
        z
          .string()
          .refine(isSourcePrefix, {
            message:
              "write an absolute URL prefix with a host and no query, e.g. https://npm.example.com/ or https://github.com/my-org/",
          })
          .describe(
            "A URL prefix: a registry, or a host and path that tarballs or git repositories may come from.",
          ),
      )
      .default([])
      .describe(
        "Sources a changed lockfile entry may resolve to besides the registries the base commit's lockfile already uses. Matched at a path boundary; git sources must also pin a full commit.",
      ),
  })
  .describe("How changed npm, pnpm and Yarn lockfiles are checked (they are not shown to the reviewer).");

/** The most notes one round posts (a review's comments on lines are capped at 50 anyway). */
export const MAX_NOTES = 50;

export const SeverityPolicySchema = z
  .strictObject({
    block_on: z
      .array(z.enum(SEVERITIES as unknown as [Severity, ...Severity[]]))
      .default([...DEFAULT_BLOCK_ON])
      .superRefine((blockOn, ctx) => {
        const problem = blockOnProblem(blockOn);
        if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
      })
      .describe(
        'The severities of the reviewer\'s findings that block the pull request: "high", "high" and "medium" (the default, what the gate always blocked on), or all three. A threshold: a severity blocks only with every more severe one.',
      ),
    notes: z
      .strictObject({
        post: z
          .boolean()
          .default(false)
          .describe(
            "Ask the reviewer for findings below block_on too, and post them as review comments marked as notes (never as requested changes).",
          ),
        max: z
          .number()
          .int()
          .min(1)
          .max(MAX_NOTES)
          .default(DEFAULT_NOTES_MAX)
          .describe(
            "The most notes one round posts; a note already posted on an unchanged line is not posted again.",
          ),
      })
      .default({ post: false, max: DEFAULT_NOTES_MAX })
      .describe("What happens to the findings below block_on."),
  })
  .describe(
    "Which of the reviewer's findings block. Read at the base commit like the rest of the contract. Without a policy, every BLOCKING line blocks, exactly as before policies existed.",
  );

/** How many guideline files a contract may name: each is one read at the base, and all of them share
 * one bound in the prompt. */
export const GUIDELINE_FILES = 8;

/** A path inside the repository, `/`-separated, that cannot name anything outside it. */
function isRepositoryPath(value: string): boolean {
  if (value.includes("\\") || value.includes("\0") || value.startsWith("/") || /^[A-Za-z]:/.test(value))
    return false;
  const segments = value.split("/").filter((s) => s !== "" && s !== ".");
  return segments.length > 0 && !segments.includes("..");
}

export const ContractSchema = z
  .strictObject({
    $schema: z.string().optional().describe("The JSON Schema an editor validates this file against."),
    task_id: z.string().optional().describe("verdictkit: the task this contract belongs to."),
    agent_id: z.string().optional().describe("verdictkit: who carries the task out."),
    principal: z.string().optional().describe("verdictkit: on whose behalf."),
    intended_action: z.string().min(1).describe("What the change is meant to do, in one or two sentences."),
    scope: z
      .json()
      .optional()
      .describe("verdictkit: informational scope; enforce it with path_absent or diff_paths_within."),
    success_criteria: z
      .array(CriterionSchema)
      .describe("Deterministic criteria: all must pass for the contract to PASS."),
    unverifiable_claims: z
      .array(z.string().min(1))
      .default([])
      .describe("Claims no criterion can check: each one holds the verdict at FLAG for a person to judge."),
    requires: z
      .array(RequirementSchema)
      .default([])
      .describe("Dependencies outside this pull request, each with a timeout."),
    lockfile: LockfilePolicySchema.optional(),
    policy: SeverityPolicySchema.optional(),
    review_guidelines: z
      .array(
        z
          .string()
          .refine(isRepositoryPath, {
            message: "write a path inside the repository, like AGENTS.md or docs/style.md",
          })
          .describe("A file's path in the repository, read at the base commit."),
      )
      .max(GUIDELINE_FILES)
      .default([])
      .describe(
        "The project's own rules for changes (AGENTS.md, CONTRIBUTING.md, a style guide): read from the base commit, so a pull request cannot rewrite them, and shown to the reviewer with the review task (not under `context: none`). Bounded in size.",
      ),
  })
  .superRefine((contract, ctx) => {
    // Duplicate ids make a reason ambiguous ("c2 failed": which c2?) and let an evidence bundle pair a
    // result with the wrong criterion.
    const seen = new Map<string, string>();
    const note = (key: "success_criteria" | "requires", index: number, value: string) => {
      const first = seen.get(value);
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: [key, index, "id"],
          message: `duplicate id ${JSON.stringify(value)} (first used by ${first})`,
        });
      } else {
        seen.set(value, `${key}[${index}]`);
      }
    };
    for (const [i, c] of contract.success_criteria.entries()) note("success_criteria", i, c.id);
    for (const [i, r] of contract.requires.entries()) note("requires", i, r.id);
  })
  .describe(
    "A verdict-gate contract: the deterministic criteria a pull request must meet, verdictkit-compatible.",
  );

export type Contract = z.infer<typeof ContractSchema>;
export type ContractInput = z.input<typeof ContractSchema>;

/** The contract's policy as the reviewer stage reads it, or undefined: no policy, the gate decides as
 * before policies existed. */
export function severityPolicyOf(contract: Contract | undefined): SeverityPolicy | undefined {
  const policy = contract?.policy;
  if (policy === undefined) return undefined;
  return { blockOn: [...policy.block_on], notes: { post: policy.notes.post, max: policy.notes.max } };
}
