// A contract's `requires`: what must hold outside this pull request before it may be approved (the IFF
// of verdict4). Parsed and validated here; evaluated by the rounds code, which turns all-hold into YES,
// any-failed into NO, pending into IFF and pending past `timeout_minutes` into MAYBE. A dependency
// without a timeout would hold a PR "conditional" forever, so every item has one.
import { z } from "zod";

// An id keys the round's record of how long each requirement has been pending; `__proto__` is the one
// key a JSON object cannot hold (it is read as the prototype), so its timer would never start.
const id = z
  .string()
  .min(1)
  .max(200)
  .refine(
    (value) => value !== "__proto__",
    "`__proto__` cannot be an id: the round could not record its timer",
  )
  .describe("Unique within the contract (criteria and requirements).");
const description = z.string().default("").describe("Why the change depends on this.");
// A week at most: past that, a person should look rather than the gate keep waiting.
const timeout = (defaultMinutes: number) =>
  z
    .int()
    .min(1)
    .max(10_080)
    .default(defaultMinutes)
    .describe(
      `Minutes the dependency may stay pending before the gate holds for a person (default ${defaultMinutes}).`,
    );

export const CheckRunRequirementSchema = z
  .strictObject({
    id,
    type: z.literal("check_run"),
    description,
    name: z.string().min(1).describe("The check run's name on the PR head commit."),
    app: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, "must be a GitHub App's slug, e.g. github-actions")
      .optional()
      .describe(
        "Only runs created by this GitHub App count (its slug: `github-actions` for a workflow's job). Unset: a run of that name by any app counts, including a workflow the pull request itself adds.",
      ),
    timeout_minutes: timeout(60),
  })
  .describe("Holds when the named check run on the head commit completed with success.");

export const StatusRequirementSchema = z
  .strictObject({
    id,
    type: z.literal("status"),
    description,
    context: z.string().min(1).describe("The commit status context on the PR head commit."),
    creator: z
      .string()
      .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/, "must be a GitHub login")
      .optional()
      .describe(
        "Only statuses set by this login count (a person, or an app's bot such as `my-ci[bot]`). Unset: a status of that context by anyone who may set statuses counts.",
      ),
    timeout_minutes: timeout(60),
  })
  .describe("Holds when the commit status with this context is success.");

export const PrMergedRequirementSchema = z
  .strictObject({
    id,
    type: z.literal("pr_merged"),
    description,
    repo: z
      .string()
      .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/, "must be OWNER/NAME")
      .describe("OWNER/NAME of the repository holding the pull request."),
    number: z.int().min(1).describe("The pull request's number."),
    timeout_minutes: timeout(1440),
  })
  .describe("Holds when that pull request is merged.");

export const LabelRequirementSchema = z
  .strictObject({
    id,
    type: z.literal("label"),
    description,
    name: z.string().min(1).describe("The label that must be on this pull request."),
    added_by: z
      .enum(["writer", "anyone"])
      .default("writer")
      .describe(
        "Who must have added the label (its latest `labeled` event). `writer` (default): someone with write access to the repository who is not the pull request's author. `anyone`: whoever added it, the author included.",
      ),
    timeout_minutes: timeout(1440),
  })
  .describe(
    "Holds when this pull request carries the label, added by someone with write access who is not its author (unless `added_by` is `anyone`).",
  );

export const RequirementSchema = z.discriminatedUnion("type", [
  CheckRunRequirementSchema,
  StatusRequirementSchema,
  PrMergedRequirementSchema,
  LabelRequirementSchema,
]);

export type Requirement = z.infer<typeof RequirementSchema>;
export type RequirementType = Requirement["type"];

export const REQUIREMENT_TYPES: readonly RequirementType[] = RequirementSchema.options.map(
  (option) => option.shape.type.value,
);

export const REQUIREMENT_FIELDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  RequirementSchema.options.map((option) => [option.shape.type.value, Object.keys(option.shape)]),
);
