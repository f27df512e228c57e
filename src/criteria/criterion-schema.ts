// The criteria a contract may hold: verdictkit's nine (same names, same fields) and the diff criteria
// built on the lexical signals of a change (seed 003: the verifier sees only the output and the
// conditions). This zod schema is the single source: the types, the loader's checks and the committed
// JSON Schema (verdict-contract.schema.json) all come from it.
import { z } from "zod";
import { GLOB_MAX_LENGTH, globProblem } from "../util/glob.js";
import { PATTERN_MAX_LENGTH, patternProblem } from "./pattern.js";
import { TABLE_NAME } from "./table-name.js";

const id = z
  .string()
  .min(1)
  .max(200)
  .describe("Unique within the contract; reports and reasons name the criterion by it.");
const description = z
  .string()
  .default("")
  .describe("What the criterion establishes, in words a reviewer reads in the report.");
const path = z
  .string()
  .min(1)
  .max(4096)
  .describe(
    "A /-separated path relative to the checked tree's root. An absolute path, any `..` segment, or a symlink leading outside the tree is an error, never a pass.",
  );
// An empty pattern matches every line: file_contains would pass on any file with a line in it and
// diff_added_contains on any change, having checked nothing the contract's author meant.
const pattern = z
  .string()
  .min(1)
  .max(PATTERN_MAX_LENGTH)
  .superRefine((source, ctx) => {
    const problem = patternProblem(source);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe(
    "A regular expression in RE2 syntax (no backreferences or lookaround), matched against each line separately with ^ and $ anchoring at the line's start and end.",
  );
// A criterion that cannot fail is a false assurance: a count of at least zero always holds.
const minCount = z.int().min(1).describe("The least number that passes (at least 1).");
const glob = z
  .string()
  .min(1)
  .max(GLOB_MAX_LENGTH)
  .superRefine((source, ctx) => {
    const problem = globProblem(source, { negation: true });
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe(
    "A path glob, .gitignore-style: with no / it matches at any depth (*.md is docs/a.md too), a leading or middle / anchors it to the root, a trailing / means every file under that directory; * within a segment, ** across segments, ?, [class], {a,b}; a leading ! excludes.",
  );
const globs = z.array(glob).min(1);

export const FileExistsSchema = z
  .strictObject({ id, type: z.literal("file_exists"), description, path })
  .describe("Passes when path is a regular file (symlinks inside the tree followed).");

export const FileNonemptySchema = z
  .strictObject({ id, type: z.literal("file_nonempty"), description, path })
  .describe("Passes when path is a regular file of at least one byte.");

export const FileContainsSchema = z
  .strictObject({ id, type: z.literal("file_contains"), description, path, pattern })
  .describe("Passes when some line of the UTF-8 text file at path matches pattern.");

export const PatternCountGteSchema = z
  .strictObject({
    id,
    type: z.literal("pattern_count_gte"),
    description,
    path,
    pattern,
    min_count: minCount,
  })
  .describe("Passes when pattern matches at least min_count times (non-overlapping, line by line).");

export const DirExistsSchema = z
  .strictObject({ id, type: z.literal("dir_exists"), description, path })
  .describe("Passes when path is a directory.");

export const JsonValidSchema = z
  .strictObject({ id, type: z.literal("json_valid"), description, path })
  .describe("Passes when the file at path is valid JSON (UTF-8, RFC 8259).");

export const LineCountGteSchema = z
  .strictObject({ id, type: z.literal("line_count_gte"), description, path, min_count: minCount })
  .describe("Passes when the UTF-8 text file at path has at least min_count lines.");

export const SqliteTableHasRowsSchema = z
  .strictObject({
    id,
    type: z.literal("sqlite_table_has_rows"),
    description,
    path,
    table: z
      .string()
      .regex(TABLE_NAME, "must be a plain identifier (letters, digits, _; not starting with a digit)")
      .describe("An ordinary table of the SQLite database at path."),
  })
  .describe("Passes when table in the SQLite database at path has at least one row.");

export const PathAbsentSchema = z
  .strictObject({ id, type: z.literal("path_absent"), description, path })
  .describe(
    "Passes when nothing exists at path, in any Unicode spelling or case (a dangling symlink counts as something): a scope guard.",
  );

const paths = globs.optional().describe("Only files whose path the globs select (default: every file).");
// A binary file's added content is there but cannot be read as lines: by default it keeps a content
// criterion from passing (a text file git calls binary, a NUL in it, would otherwise hide its lines).
// A repository with images says "skip", and the reason then names every file passed over.
const binaryFiles = z
  .enum(["error", "skip"])
  .default("error")
  .describe(
    'A binary file in the diff: "error" (default) keeps the criterion from passing, since its added content cannot be read as lines; "skip" passes over it, naming it in the reason.',
  );

export const DiffAddedAbsentSchema = z
  .strictObject({
    id,
    type: z.literal("diff_added_absent"),
    description,
    pattern,
    paths,
    binary_files: binaryFiles,
  })
  .describe(
    "Passes when no added line of the diff matches pattern (e.g. TODO markers, debug output, secrets). Needs --diff; parts of the diff that were not seen make it an error unless a match was already found.",
  );

export const DiffAddedContainsSchema = z
  .strictObject({
    id,
    type: z.literal("diff_added_contains"),
    description,
    pattern,
    min_count: minCount.default(1),
    paths,
    binary_files: binaryFiles,
  })
  .describe("Passes when at least min_count added lines of the diff match pattern. Needs --diff.");

export const DiffPathsWithinSchema = z
  .strictObject({
    id,
    type: z.literal("diff_paths_within"),
    description,
    globs: globs.describe("The paths a change may touch."),
  })
  .describe(
    "Passes when every changed path (old and new names of renames included) is selected by globs. Needs --diff.",
  );

export const DiffLinesMaxSchema = z
  .strictObject({
    id,
    type: z.literal("diff_lines_max"),
    description,
    max_lines: z.int().min(0).describe("The most added plus deleted lines that pass."),
    paths,
  })
  .describe("Passes when the diff adds and deletes at most max_lines lines. Needs --diff.");

export const DiffRequiresChangeSchema = z
  .strictObject({
    id,
    type: z.literal("diff_requires_change"),
    description,
    when_changed: globs.describe("If any changed path is selected by these globs…"),
    must_change: globs.describe("…then some changed path must be selected by these."),
  })
  .describe(
    "Passes when a change to when_changed paths comes with a change to must_change paths (e.g. source changed → tests touched); passes when nothing in when_changed changed. Needs --diff.",
  );

export const CriterionSchema = z.discriminatedUnion("type", [
  FileExistsSchema,
  FileNonemptySchema,
  FileContainsSchema,
  PatternCountGteSchema,
  DirExistsSchema,
  JsonValidSchema,
  LineCountGteSchema,
  SqliteTableHasRowsSchema,
  PathAbsentSchema,
  DiffAddedAbsentSchema,
  DiffAddedContainsSchema,
  DiffPathsWithinSchema,
  DiffLinesMaxSchema,
  DiffRequiresChangeSchema,
]);

export type Criterion = z.infer<typeof CriterionSchema>;
export type CriterionType = Criterion["type"];
export type CriterionOf<T extends CriterionType> = Extract<Criterion, { type: T }>;

/** Every criterion type, in the order documentation lists them. */
export const CRITERION_TYPES: readonly CriterionType[] = CriterionSchema.options.map(
  (option) => option.shape.type.value,
);

/** The fields each type accepts, for the loader's "unknown field" message. */
export const CRITERION_FIELDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  CriterionSchema.options.map((option) => [option.shape.type.value, Object.keys(option.shape)]),
);
