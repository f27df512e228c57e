// picks.json: the cases of a mined set as a person reads and edits them. `eval mine` writes one entry
// per case it found, each `"keep": true`; a person sets `keep` to false (or deletes the entry) to drop
// a case whose link they do not believe, edits a description, or names the evidence run the defect is
// at (`locate`), and `eval mine --picks picks.json` builds exactly the kept entries again. The starter
// set's picks.json is the same format, with `repository` on each entry (several clones, --repos).
// Unknown fields are refused, as in case.json: a misspelt `keeep` must not keep a case silently. Pure.
import { z } from "zod";
import { parseStrictJson } from "../../util/strict-json.js";
import { CASE_ID } from "../case-schema.js";

const Sha = z.string().regex(/^[0-9a-f]{7,64}$/, { message: "a commit id (7 to 64 hex digits)" });

export const PickSchema = z.strictObject({
  // owner/name, as a clone under --repos is named: never `..` or a path out of it.
  repository: z
    .string()
    .regex(/^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9_][\w.-]*$/, { message: "owner/name" })
    .optional(),
  id: z.string().regex(CASE_ID).optional(),
  label: z.enum(["defect", "clean"]),
  head: Sha,
  base: Sha.optional(),
  fix: Sha.optional(),
  kind: z.enum(["revert", "fix-named"]).optional(),
  description: z.string().min(1).optional(),
  /** The evidence run the defect is at, by a piece of its text. */
  locate: z.string().min(1).optional(),
  /** Evidence only from these files of the fix. */
  evidence_paths: z.array(z.string().min(1)).min(1).optional(),
  path: z.string().min(1).optional(),
  lines: z.tuple([z.int().min(1), z.int().min(1)]).optional(),
  notes: z.string().optional(),
  keep: z.boolean().optional(),
});

export const PicksSchema = z.strictObject({
  name: z.string().optional(),
  description: z.string().optional(),
  cases: z.array(PickSchema),
});

export type Pick = z.infer<typeof PickSchema>;
export type Picks = z.infer<typeof PicksSchema>;

export class PicksError extends Error {
  override readonly name = "PicksError";
}

/** A picks file's text, checked: every defect names its fix, a path comes with its lines. */
export function readPicks(text: string, where: string): Picks {
  let value: unknown;
  try {
    value = parseStrictJson(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    throw new PicksError(
      `${where} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = PicksSchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new PicksError(`${where}: ${first?.path.join(".") ?? ""}: ${first?.message ?? "invalid"}`);
  }
  for (const [i, pick] of parsed.data.cases.entries()) {
    if (pick.label === "defect" && pick.fix === undefined)
      throw new PicksError(`${where}: cases.${i}: a defect names the commit that fixed it (fix)`);
    if (pick.label === "clean" && pick.fix !== undefined)
      throw new PicksError(`${where}: cases.${i}: a clean case has no fix`);
    if ((pick.path === undefined) !== (pick.lines === undefined))
      throw new PicksError(`${where}: cases.${i}: give path and lines together`);
  }
  return parsed.data;
}

/** A case's id: the pick's own, else the repository's name and the head's first ten digits. */
export function caseIdOf(pick: Pick, repository: string): string {
  return (
    pick.id ??
    `${(pick.repository ?? repository).replace("/", "-")}-${pick.head.slice(0, 10)}`
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
  );
}

export function picksText(picks: Picks): string {
  return `${JSON.stringify(picks, null, 2)}\n`;
}
