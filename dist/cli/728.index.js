export const id = 728;
export const ids = [728];
export const modules = {

/***/ 8694:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ painter)
/* harmony export */ });
const COLOURS = { good: "\u001b[32m", bad: "\u001b[31m", warn: "\u001b[33m", dim: "\u001b[2m" };
function painter(io) {
    const colour = io.stdoutIsTTY && (io.env.NO_COLOR === undefined || io.env.NO_COLOR === "");
    return colour ? (tone, text) => `${COLOURS[tone]}${text}\u001b[0m` : (_tone, text) => text;
}


/***/ }),

/***/ 4428:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ ContractError)
/* harmony export */ });
// An invalid contract, said so that its author can fix it without guessing: the file, the criterion
// (index and id), the field, and what was wrong. The gate turns it into a hold (MAYBE) and the CLI into
// exit 2; it is never read as "no criteria, so nothing failed".
class ContractError extends Error {
    source;
    problems;
    name = "ContractError";
    constructor(
    /** The file (or other source) the contract came from. */
    source, problems) {
        super(formatProblems(source, problems));
        this.source = source;
        this.problems = problems;
    }
}
const SHOWN = 20;
function formatProblems(source, problems) {
    const lines = problems
        .slice(0, SHOWN)
        .map((p) => `${source}: ${p.where}${p.field === undefined ? "" : `: field "${p.field}"`}: ${p.message}`);
    if (problems.length > SHOWN)
        lines.push(`${source}: … and ${problems.length - SHOWN} more problems`);
    return lines.join("\n");
}


/***/ }),

/***/ 3163:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ ContractSchema)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8816);
/* harmony import */ var _criterion_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4204);
/* harmony import */ var _requirement_schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7080);
// The contract file (verdictkit's names, plus `requires`): what the change intends, the criteria that
// check it, the claims nobody can check, and the dependencies outside the PR. Unknown fields are
// rejected everywhere: a misspelt optional field (`exclude_path`) would otherwise be dropped in silence
// and the gate would check less than its author believes.



const ContractSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .strictObject */ .rej({
    $schema: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional().describe("The JSON Schema an editor validates this file against."),
    task_id: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional().describe("verdictkit: the task this contract belongs to."),
    agent_id: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional().describe("verdictkit: who carries the task out."),
    principal: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional().describe("verdictkit: on whose behalf."),
    intended_action: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1).describe("What the change is meant to do, in one or two sentences."),
    scope: zod__WEBPACK_IMPORTED_MODULE_2__/* .json */ .Pq9()
        .optional()
        .describe("verdictkit: informational scope; enforce it with path_absent or diff_paths_within."),
    success_criteria: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(_criterion_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .CriterionSchema */ .xh)
        .describe("Deterministic criteria: all must pass for the contract to PASS."),
    unverifiable_claims: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1))
        .default([])
        .describe("Claims no criterion can check: each one holds the verdict at FLAG for a person to judge."),
    requires: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(_requirement_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .RequirementSchema */ .px)
        .default([])
        .describe("Dependencies outside this pull request, each with a timeout."),
})
    .superRefine((contract, ctx) => {
    // Duplicate ids make a reason ambiguous ("c2 failed": which c2?) and let an evidence bundle pair a
    // result with the wrong criterion.
    const seen = new Map();
    const note = (key, index, value) => {
        const first = seen.get(value);
        if (first !== undefined) {
            ctx.addIssue({
                code: "custom",
                path: [key, index, "id"],
                message: `duplicate id ${JSON.stringify(value)} (first used by ${first})`,
            });
        }
        else {
            seen.set(value, `${key}[${index}]`);
        }
    };
    for (const [i, c] of contract.success_criteria.entries())
        note("success_criteria", i, c.id);
    for (const [i, r] of contract.requires.entries())
        note("requires", i, r.id);
})
    .describe("A verdict-gate contract: the deterministic criteria a pull request must meet, verdictkit-compatible.");


/***/ }),

/***/ 4204:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SF: () => (/* binding */ CRITERION_TYPES),
/* harmony export */   qI: () => (/* binding */ CRITERION_FIELDS),
/* harmony export */   xh: () => (/* binding */ CriterionSchema)
/* harmony export */ });
/* unused harmony exports FileExistsSchema, FileNonemptySchema, FileContainsSchema, PatternCountGteSchema, DirExistsSchema, JsonValidSchema, LineCountGteSchema, SqliteTableHasRowsSchema, PathAbsentSchema, DiffAddedAbsentSchema, DiffAddedContainsSchema, DiffPathsWithinSchema, DiffLinesMaxSchema, DiffRequiresChangeSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8816);
/* harmony import */ var _glob_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6783);
/* harmony import */ var _pattern_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7167);
/* harmony import */ var _table_name_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3101);
// The criteria a contract may hold: verdictkit's nine (same names, same fields) and the diff criteria
// built on the lexical signals of a change (seed 003: the verifier sees only the output and the
// conditions). This zod schema is the single source: the types, the loader's checks and the committed
// JSON Schema (verdict-contract.schema.json) all come from it.




const id = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
    .min(1)
    .max(200)
    .describe("Unique within the contract; reports and reasons name the criterion by it.");
const description = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
    .default("")
    .describe("What the criterion establishes, in words a reviewer reads in the report.");
const path = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
    .min(1)
    .max(4096)
    .describe("A /-separated path relative to the checked tree's root. An absolute path, any `..` segment, or a symlink leading outside the tree is an error, never a pass.");
const pattern = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
    .max(_pattern_js__WEBPACK_IMPORTED_MODULE_0__/* .PATTERN_MAX_LENGTH */ .zR)
    .superRefine((source, ctx) => {
    const problem = (0,_pattern_js__WEBPACK_IMPORTED_MODULE_0__/* .patternProblem */ .AL)(source);
    if (problem !== undefined)
        ctx.addIssue({ code: "custom", message: problem });
})
    .describe("A regular expression in RE2 syntax (no backreferences or lookaround), matched against each line separately with ^ and $ anchoring at the line's start and end.");
// A criterion that cannot fail is a false assurance: a count of at least zero always holds.
const minCount = zod__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr().min(1).describe("The least number that passes (at least 1).");
const glob = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
    .min(1)
    .max(1024)
    .superRefine((source, ctx) => {
    const problem = (0,_glob_js__WEBPACK_IMPORTED_MODULE_2__/* .globProblem */ .AI)(source);
    if (problem !== undefined)
        ctx.addIssue({ code: "custom", message: problem });
})
    .describe("A path glob matched against the whole path: * within a segment, ** across segments, ?, [class], {a,b}; a leading ! excludes.");
const globs = zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(glob).min(1);
const FileExistsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ id, type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("file_exists"), description, path })
    .describe("Passes when path is a regular file (symlinks inside the tree followed).");
const FileNonemptySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ id, type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("file_nonempty"), description, path })
    .describe("Passes when path is a regular file of at least one byte.");
const FileContainsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ id, type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("file_contains"), description, path, pattern })
    .describe("Passes when some line of the UTF-8 text file at path matches pattern.");
const PatternCountGteSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("pattern_count_gte"),
    description,
    path,
    pattern,
    min_count: minCount,
})
    .describe("Passes when pattern matches at least min_count times (non-overlapping, line by line).");
const DirExistsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ id, type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("dir_exists"), description, path })
    .describe("Passes when path is a directory.");
const JsonValidSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ id, type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("json_valid"), description, path })
    .describe("Passes when the file at path is valid JSON (UTF-8, RFC 8259).");
const LineCountGteSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ id, type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("line_count_gte"), description, path, min_count: minCount })
    .describe("Passes when the UTF-8 text file at path has at least min_count lines.");
const SqliteTableHasRowsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("sqlite_table_has_rows"),
    description,
    path,
    table: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
        .regex(_table_name_js__WEBPACK_IMPORTED_MODULE_3__/* .TABLE_NAME */ .B, "must be a plain identifier (letters, digits, _; not starting with a digit)")
        .describe("An ordinary table of the SQLite database at path."),
})
    .describe("Passes when table in the SQLite database at path has at least one row.");
const PathAbsentSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ id, type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("path_absent"), description, path })
    .describe("Passes when nothing exists at path (a dangling symlink counts as something): a scope guard.");
const paths = globs.optional().describe("Only files whose path the globs select (default: every file).");
const DiffAddedAbsentSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ id, type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("diff_added_absent"), description, pattern, paths })
    .describe("Passes when no added line of the diff matches pattern (e.g. TODO markers, debug output, secrets). Needs --diff; parts of the diff that were not seen make it an error unless a match was already found.");
const DiffAddedContainsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("diff_added_contains"),
    description,
    pattern,
    min_count: minCount.default(1),
    paths,
})
    .describe("Passes when at least min_count added lines of the diff match pattern. Needs --diff.");
const DiffPathsWithinSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("diff_paths_within"),
    description,
    globs: globs.describe("The paths a change may touch."),
})
    .describe("Passes when every changed path (old and new names of renames included) is selected by globs. Needs --diff.");
const DiffLinesMaxSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("diff_lines_max"),
    description,
    max_lines: zod__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr().min(0).describe("The most added plus deleted lines that pass."),
    paths,
})
    .describe("Passes when the diff adds and deletes at most max_lines lines. Needs --diff.");
const DiffRequiresChangeSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz("diff_requires_change"),
    description,
    when_changed: globs.describe("If any changed path is selected by these globs…"),
    must_change: globs.describe("…then some changed path must be selected by these."),
})
    .describe("Passes when a change to when_changed paths comes with a change to must_change paths (e.g. source changed → tests touched); passes when nothing in when_changed changed. Needs --diff.");
const CriterionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .discriminatedUnion */ .gMt("type", [
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
/** Every criterion type, in the order documentation lists them. */
const CRITERION_TYPES = CriterionSchema.options.map((option) => option.shape.type.value);
/** The fields each type accepts, for the loader's "unknown field" message. */
const CRITERION_FIELDS = Object.fromEntries(CriterionSchema.options.map((option) => [option.shape.type.value, Object.keys(option.shape)]));


/***/ }),

/***/ 5331:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ contractResult)
/* harmony export */ });
/* harmony import */ var _verdict_four_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1201);
/* harmony import */ var _rubric_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9612);
// The contract's verdict in the gate's four values: PASS → YES, FAIL → NO with one reason per failed
// criterion (each joins the exclusion history the next round's reviewer sees), FLAG → MAYBE naming
// what a person must look at. A contract never yields IFF: its dependencies (`requires`) are judged by
// the dependencies part. Pure.


/** The contract part of a round as a four-valued result: PASS → YES, FAIL → NO with one reason per
 * failed criterion, FLAG → MAYBE naming what a person must look at. The verdict is recomputed from the
 * checks and the worse of the two is used, so a report whose verdict says more than its checks can
 * never approve. */
function contractResult(report) {
    const recomputed = (0,_rubric_js__WEBPACK_IMPORTED_MODULE_1__/* .verdictOf */ .V)(report.checks, report.unverifiable_claims);
    const verdict = (0,_rubric_js__WEBPACK_IMPORTED_MODULE_1__/* .worseVerdict */ .y)(report.verdict, recomputed.verdict);
    if (verdict === "PASS")
        return (0,_verdict_four_js__WEBPACK_IMPORTED_MODULE_0__/* .yes */ .EZ)();
    if (verdict === "FAIL") {
        const reasons = report.checks
            .filter((c) => c.status === "fail")
            .map((c) => `contract criterion ${c.id} (${c.type}) failed: ${c.reason}`);
        const [first, ...more] = reasons;
        return first === undefined ? (0,_verdict_four_js__WEBPACK_IMPORTED_MODULE_0__.no)(`the contract failed: ${report.reason}`) : (0,_verdict_four_js__WEBPACK_IMPORTED_MODULE_0__.no)(first, ...more);
    }
    const needed = [
        ...report.checks
            .filter((c) => c.status !== "pass")
            .map((c) => `contract criterion ${c.id} (${c.type}) could not be checked: ${c.reason}`),
        ...report.unverifiable_claims.map((claim) => `a person must judge the unverifiable claim ${JSON.stringify(claim)}`),
    ];
    if (report.checks.length === 0)
        needed.push("the contract has no success criteria, so nothing was checked");
    const [first, ...more] = needed;
    return first === undefined ? (0,_verdict_four_js__WEBPACK_IMPORTED_MODULE_0__/* .maybe */ .GL)(`the contract was flagged: ${report.reason}`) : (0,_verdict_four_js__WEBPACK_IMPORTED_MODULE_0__/* .maybe */ .GL)(first, ...more);
}


/***/ }),

/***/ 3907:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  n: () => (/* binding */ checkContract)
});

// UNUSED EXPORTS: checkCriterion

// EXTERNAL MODULE: ./src/criteria/pattern.ts
var criteria_pattern = __webpack_require__(7167);
// EXTERNAL MODULE: ./src/criteria/text.ts
var criteria_text = __webpack_require__(4394);
// EXTERNAL MODULE: ./src/criteria/tree.ts
var criteria_tree = __webpack_require__(5765);
;// CONCATENATED MODULE: ./src/criteria/checks/outcome.ts
const pass = (reason, evidence) => ({
    status: "pass",
    reason,
    evidence,
});
const fail = (reason, evidence) => ({
    status: "fail",
    reason,
    evidence,
});
const error = (reason, evidence) => ({
    status: "error",
    reason,
    evidence,
});

;// CONCATENATED MODULE: ./src/criteria/checks/path-checks.ts


function foundEvidence(path, entry) {
    switch (entry.kind) {
        case "file":
            return { path, found: "file", size: entry.size };
        case "dir":
            return { path, found: "dir" };
        case "absent":
            return entry.dangling ? { path, found: "dangling symlink" } : { path, found: "absent" };
        case "other":
            return { path, found: entry.what };
    }
}
/** Why an entry is not a regular file, as the second half of "X is …". */
function notAFile(entry) {
    switch (entry.kind) {
        case "absent":
            return entry.dangling ? "a symlink to nothing" : "absent";
        case "dir":
            return "a directory, not a file";
        case "other":
            return `a ${entry.what}, not a regular file`;
        case "file":
            return "a file";
    }
}
const fileExists = async (criterion, { tree }) => {
    const path = (0,criteria_tree/* treePath */.ON)(criterion.path);
    const entry = await tree.entry(path);
    const evidence = foundEvidence(path, entry);
    if (entry.kind === "file")
        return pass(`${path} exists (${entry.size} bytes)`, evidence);
    return fail(`${path} is ${notAFile(entry)}`, evidence);
};
const fileNonempty = async (criterion, { tree }) => {
    const path = (0,criteria_tree/* treePath */.ON)(criterion.path);
    const entry = await tree.entry(path);
    const evidence = foundEvidence(path, entry);
    if (entry.kind !== "file")
        return fail(`${path} is ${notAFile(entry)}`, evidence);
    if (entry.size === 0)
        return fail(`${path} is empty`, evidence);
    return pass(`${path} has ${entry.size} bytes`, evidence);
};
const dirExists = async (criterion, { tree }) => {
    const path = (0,criteria_tree/* treePath */.ON)(criterion.path);
    const entry = await tree.entry(path);
    const evidence = foundEvidence(path, entry);
    if (entry.kind !== "dir") {
        return fail(`${path || "."} is ${entry.kind === "file" ? "a file, not a directory" : notAFile(entry)}`, evidence);
    }
    // The listing is evidence of what the directory held, not part of the criterion: existence is
    // already settled.
    const listing = await tree.list(path);
    return pass(`${path || "."} is a directory with ${listing.entries.length}${listing.truncated ? "+" : ""} entries`, {
        ...evidence,
        count: listing.entries.length,
        entries: listing.entries.slice(0, 20).map((e) => (e.kind === "dir" ? `${e.name}/` : e.name)),
        ...(listing.truncated ? { truncated: true } : {}),
    });
};
const pathAbsent = async (criterion, { tree }) => {
    const path = (0,criteria_tree/* treePath */.ON)(criterion.path);
    if (path === "")
        return fail("the tree root always exists", { path: ".", found: "dir" });
    const entry = await tree.entry(path);
    const evidence = foundEvidence(path, entry);
    if (entry.kind === "absent" && entry.dangling !== true)
        return pass(`${path} is absent`, evidence);
    const what = entry.kind === "absent"
        ? "a symlink (to nothing)"
        : entry.kind === "file"
            ? "a file"
            : entry.kind === "dir"
                ? "a directory"
                : `a ${entry.what}`;
    return fail(`${path} exists: ${what}`, evidence);
};

;// CONCATENATED MODULE: ./src/criteria/checks/content-checks.ts
// Criteria about what a file says: file_contains, pattern_count_gte, line_count_gte, json_valid.
//
// A capped read (a file over the read cap) is handled by one rule: the criterion may pass only when
// the prefix alone proves it (a match found, enough matches or lines counted, each on a complete line),
// and otherwise it is an error, never a fail or a pass. A "no match" in the first 16 MiB says nothing
// about the rest of the file.





/** Reads a file as text, or the fail outcome that says why there is no file to read. */
async function readText(tree, path) {
    const entry = await tree.entry(path);
    if (entry.kind !== "file") {
        return { kind: "missing", outcome: fail(`${path} is ${notAFile(entry)}`, foundEvidence(path, entry)) };
    }
    const file = await tree.read(path);
    const text = (0,criteria_text/* fileText */.CG)(file, path);
    return {
        kind: "text",
        text,
        evidence: {
            path,
            found: "file",
            size: file.size,
            bytes_read: file.bytes.length,
            ...(file.truncated ? { truncated: true } : {}),
        },
    };
}
function capped(path, evidence, what) {
    return error(`${path} is larger than the read cap: ${what} in the first ${String(evidence.bytes_read)} of ${String(evidence.size)} bytes, and the rest was not read`, evidence);
}
const fileContains = async (criterion, { tree }) => {
    const path = (0,criteria_tree/* treePath */.ON)(criterion.path);
    const pattern = (0,criteria_pattern/* compilePattern */.Eb)(criterion.pattern);
    const read = await readText(tree, path);
    if (read.kind === "missing")
        return read.outcome;
    const { text } = read.text;
    const match = (0,criteria_pattern/* firstMatch */.o4)(pattern, text, (0,criteria_text/* textLines */.Fy)(text));
    const evidence = { ...read.evidence, pattern: criterion.pattern };
    if (match !== undefined) {
        return pass(`${path} line ${match.line} matches /${criterion.pattern}/`, {
            ...evidence,
            first_match: match,
        });
    }
    if (!read.text.complete)
        return capped(path, evidence, "no line matches");
    return fail(`no line of ${path} matches /${criterion.pattern}/`, evidence);
};
const patternCountGte = async (criterion, { tree }) => {
    const path = (0,criteria_tree/* treePath */.ON)(criterion.path);
    const pattern = (0,criteria_pattern/* compilePattern */.Eb)(criterion.pattern);
    const read = await readText(tree, path);
    if (read.kind === "missing")
        return read.outcome;
    const { text } = read.text;
    const { count, first } = (0,criteria_pattern/* countMatches */.b7)(pattern, text, (0,criteria_text/* textLines */.Fy)(text));
    const evidence = {
        ...read.evidence,
        pattern: criterion.pattern,
        count,
        required: criterion.min_count,
        ...(first === undefined ? {} : { first_match: first }),
    };
    const summary = `/${criterion.pattern}/ matches ${count} time${count === 1 ? "" : "s"} in ${path} (needs ${criterion.min_count})`;
    if (count >= criterion.min_count)
        return pass(summary, evidence);
    if (!read.text.complete)
        return capped(path, evidence, `only ${count} matches`);
    return fail(summary, evidence);
};
const lineCountGte = async (criterion, { tree }) => {
    const path = (0,criteria_tree/* treePath */.ON)(criterion.path);
    const read = await readText(tree, path);
    if (read.kind === "missing")
        return read.outcome;
    const count = (0,criteria_text/* textLines */.Fy)(read.text.text).length;
    const evidence = { ...read.evidence, count, required: criterion.min_count };
    const summary = `${path} has ${count} line${count === 1 ? "" : "s"} (needs ${criterion.min_count})`;
    if (count >= criterion.min_count)
        return pass(summary, evidence);
    if (!read.text.complete)
        return capped(path, evidence, `only ${count} lines`);
    return fail(summary, evidence);
};
function jsonKind(value) {
    if (value === null)
        return "null";
    if (Array.isArray(value))
        return "array";
    return typeof value;
}
const jsonValid = async (criterion, { tree }) => {
    const path = (0,criteria_tree/* treePath */.ON)(criterion.path);
    const entry = await tree.entry(path);
    if (entry.kind !== "file")
        return fail(`${path} is ${notAFile(entry)}`, foundEvidence(path, entry));
    const json = await tree.readJson(path);
    if (json.kind === "invalid") {
        return fail(`${path} is not valid JSON: ${json.message}`, {
            path,
            found: "file",
            size: json.size,
            json_error: json.message,
        });
    }
    const kind = jsonKind(json.value);
    const members = kind === "array"
        ? json.value.length
        : kind === "object"
            ? Object.keys(json.value).length
            : undefined;
    return pass(`${path} is valid JSON (${kind}${members === undefined ? "" : ` of ${members}`})`, {
        path,
        found: "file",
        size: json.size,
        json_type: kind,
        ...(members === undefined ? {} : { count: members }),
    });
};

// EXTERNAL MODULE: ./src/criteria/glob.ts
var glob = __webpack_require__(6783);
;// CONCATENATED MODULE: ./src/criteria/checks/diff-checks.ts




const EVERYTHING = { globs: [], selects: () => true };
function needDiff(ctx) {
    if (ctx.diff === undefined) {
        return error("this criterion judges the change, and no diff was given (use --diff)", {});
    }
    return ctx.diff;
}
/** Why the list of changed files may be incomplete. */
function unlistedFiles(diff) {
    const gaps = [];
    if (diff.truncated)
        gaps.push("the list of changed files was cut short");
    if (diff.reportedFiles !== undefined && diff.reportedFiles > diff.files.length) {
        gaps.push(`${diff.reportedFiles - diff.files.length} of ${diff.reportedFiles} changed files were never received`);
    }
    return gaps;
}
function changedPaths(file) {
    return file.previousPath !== undefined && file.previousPath !== file.path
        ? [file.path, file.previousPath]
        : [file.path];
}
function scanAdded(diff, pattern, selector) {
    let files = 0;
    let lines = 0;
    let matching = 0;
    let first;
    const unseen = [];
    const binary = [];
    for (const file of diff.files) {
        if (file.status === "removed" || !selector.selects(file.path))
            continue;
        if (file.binary) {
            binary.push(file.path);
            unseen.push(file.path);
            continue;
        }
        if (file.patchOmitted) {
            unseen.push(file.path);
            continue;
        }
        files += 1;
        for (const hunk of file.hunks) {
            for (const line of hunk.lines) {
                if (line.kind !== "add")
                    continue;
                lines += 1;
                const text = line.text.endsWith("\r") ? line.text.slice(0, -1) : line.text;
                if (!pattern.re.test(text))
                    continue;
                matching += 1;
                if (first === undefined) {
                    const m = pattern.re.matcher(text);
                    first = {
                        path: file.path,
                        line: line.newLine ?? 0,
                        column: m.find() ? m.start() + 1 : 1,
                        text: (0,criteria_text/* excerpt */.Kb)(text),
                    };
                }
            }
        }
    }
    return { files, lines, matching, first, unseen, binary };
}
/** A path for a message: a file whose header named no path (a section the parser could not read) is
 * said so, never printed as "()". */
function named(paths) {
    const shown = paths.slice(0, 3).map((p) => (p === "" ? "a file with no readable path" : p));
    return `${shown.join(", ")}${paths.length > 3 ? ", …" : ""}`;
}
function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
}
function unseenReasons(diff, scan) {
    const gaps = unlistedFiles(diff);
    const binary = new Set(scan.binary ?? []);
    const omitted = scan.unseen.filter((p) => !binary.has(p));
    if (omitted.length > 0) {
        gaps.push(`the patch of ${plural(omitted.length, "file was", "files were")} not available (${named(omitted)})`);
    }
    if (binary.size > 0) {
        const paths = [...binary];
        gaps.push(`${plural(paths.length, "binary file's", "binary files'")} added content cannot be read as lines (${named(paths)})`);
    }
    return gaps;
}
function selectorFor(paths) {
    return paths === undefined ? EVERYTHING : (0,glob/* pathSelector */.ji)(paths);
}
const diffAddedAbsent = async (criterion, ctx) => {
    const diff = needDiff(ctx);
    if (!("files" in diff))
        return diff;
    const scan = scanAdded(diff, (0,criteria_pattern/* compilePattern */.Eb)(criterion.pattern), selectorFor(criterion.paths));
    const evidence = {
        pattern: criterion.pattern,
        files_checked: scan.files,
        lines_checked: scan.lines,
        count: scan.matching,
        ...(scan.first === undefined ? {} : { first_match: scan.first }),
        ...(scan.binary.length > 0 ? { binary_skipped: scan.binary } : {}),
        ...(scan.unseen.length > 0 ? { unseen: scan.unseen } : {}),
    };
    if (scan.first !== undefined) {
        return fail(`${scan.matching} added line${scan.matching === 1 ? "" : "s"} match /${criterion.pattern}/, first ${scan.first.path}:${scan.first.line}`, evidence);
    }
    const gaps = unseenReasons(diff, scan);
    if (gaps.length > 0)
        return error(`no seen added line matches, but ${gaps.join("; ")}`, evidence);
    return pass(`none of ${scan.lines} added lines match /${criterion.pattern}/`, evidence);
};
const diffAddedContains = async (criterion, ctx) => {
    const diff = needDiff(ctx);
    if (!("files" in diff))
        return diff;
    const scan = scanAdded(diff, (0,criteria_pattern/* compilePattern */.Eb)(criterion.pattern), selectorFor(criterion.paths));
    const evidence = {
        pattern: criterion.pattern,
        files_checked: scan.files,
        lines_checked: scan.lines,
        count: scan.matching,
        required: criterion.min_count,
        ...(scan.first === undefined ? {} : { first_match: scan.first }),
        ...(scan.binary.length > 0 ? { binary_skipped: scan.binary } : {}),
        ...(scan.unseen.length > 0 ? { unseen: scan.unseen } : {}),
    };
    const summary = `${scan.matching} added line${scan.matching === 1 ? "" : "s"} match /${criterion.pattern}/ (needs ${criterion.min_count})`;
    if (scan.matching >= criterion.min_count)
        return pass(summary, evidence);
    const gaps = unseenReasons(diff, scan);
    if (gaps.length > 0)
        return error(`${summary}, but ${gaps.join("; ")}`, evidence);
    return fail(summary, evidence);
};
const diffPathsWithin = async (criterion, ctx) => {
    const diff = needDiff(ctx);
    if (!("files" in diff))
        return diff;
    const selector = (0,glob/* pathSelector */.ji)(criterion.globs);
    const outside = [];
    let count = 0;
    for (const file of diff.files) {
        for (const p of changedPaths(file)) {
            count += 1;
            if (!selector.selects(p))
                outside.push(p);
        }
    }
    const evidence = {
        globs: criterion.globs,
        count,
        ...(outside.length > 0 ? { outside: outside.slice(0, 50) } : {}),
    };
    if (outside.length > 0) {
        return fail(`${outside.length} changed path${outside.length === 1 ? " is" : "s are"} outside ${criterion.globs.join(", ")}: ${outside.slice(0, 3).join(", ")}${outside.length > 3 ? ", …" : ""}`, evidence);
    }
    const gaps = unlistedFiles(diff);
    if (gaps.length > 0)
        return error(`every listed path is within scope, but ${gaps.join("; ")}`, evidence);
    return pass(`all ${count} changed paths are within ${criterion.globs.join(", ")}`, evidence);
};
const diffLinesMax = async (criterion, ctx) => {
    const diff = needDiff(ctx);
    if (!("files" in diff))
        return diff;
    const selector = selectorFor(criterion.paths);
    let count = 0;
    let files = 0;
    const unseen = [];
    for (const file of diff.files) {
        if (!changedPaths(file).some((p) => selector.selects(p)))
            continue;
        files += 1;
        count += file.additions + file.deletions;
        // GitHub's file list counts the lines of a patch it omits, so those counts stand; a patch missing
        // from a unified diff (`diff --cc`, an unreadable section) was never counted at all.
        if (file.patchOmitted && diff.source === "unified")
            unseen.push(file.path);
    }
    const evidence = {
        count,
        required: criterion.max_lines,
        files_checked: files,
        ...(unseen.length > 0 ? { unseen } : {}),
    };
    const summary = `${count} lines changed in ${files} file${files === 1 ? "" : "s"} (at most ${criterion.max_lines})`;
    if (count > criterion.max_lines)
        return fail(summary, evidence);
    const gaps = unseenReasons(diff, { unseen });
    if (gaps.length > 0)
        return error(`${summary}, but ${gaps.join("; ")}`, evidence);
    return pass(summary, evidence);
};
const diffRequiresChange = async (criterion, ctx) => {
    const diff = needDiff(ctx);
    if (!("files" in diff))
        return diff;
    const when = (0,glob/* pathSelector */.ji)(criterion.when_changed);
    const must = (0,glob/* pathSelector */.ji)(criterion.must_change);
    const paths = diff.files.flatMap(changedPaths);
    const trigger = paths.find((p) => when.selects(p));
    const companion = paths.find((p) => must.selects(p));
    const evidence = {
        when_changed: criterion.when_changed,
        must_change: criterion.must_change,
        count: paths.length,
        ...(trigger === undefined ? {} : { triggered_by: trigger }),
        ...(companion === undefined ? {} : { satisfied_by: companion }),
    };
    if (trigger !== undefined && companion !== undefined) {
        return pass(`${trigger} changed and so did ${companion}`, evidence);
    }
    const gaps = unlistedFiles(diff);
    if (gaps.length > 0) {
        return error(`${trigger === undefined ? "no" : "a"} triggering change was seen, but ${gaps.join("; ")}`, evidence);
    }
    if (trigger === undefined)
        return pass(`nothing matching ${criterion.when_changed.join(", ")} changed`, evidence);
    return fail(`${trigger} changed but nothing matching ${criterion.must_change.join(", ")} did`, evidence);
};

;// CONCATENATED MODULE: ./src/criteria/checks/sqlite-check.ts
// sqlite_table_has_rows: a table in a SQLite database inside the tree holds at least one row. The
// database is opened by the tree reader (read-only, in memory, capped); a corrupt file or one that is not
// a database is a TreeError, so an error, never "has rows".



const sqliteTableHasRows = async (criterion, { tree }) => {
    const path = (0,criteria_tree/* treePath */.ON)(criterion.path);
    const entry = await tree.entry(path);
    if (entry.kind !== "file")
        return fail(`${path} is ${notAFile(entry)}`, foundEvidence(path, entry));
    const result = await tree.tableRows(path, criterion.table);
    const evidence = { path, found: "file", size: entry.size, table: criterion.table };
    if (result.kind === "no-table")
        return fail(`${path} has no table ${criterion.table}`, evidence);
    const summary = `${criterion.table} in ${path} has ${result.rows} row${result.rows === 1 ? "" : "s"}`;
    return result.rows > 0
        ? pass(summary, { ...evidence, count: result.rows })
        : fail(summary, { ...evidence, count: 0 });
};

// EXTERNAL MODULE: ./src/criteria/rubric.ts
var rubric = __webpack_require__(9612);
;// CONCATENATED MODULE: ./src/criteria/engine.ts





const CHECKS = {
    file_exists: fileExists,
    file_nonempty: fileNonempty,
    file_contains: fileContains,
    pattern_count_gte: patternCountGte,
    dir_exists: dirExists,
    json_valid: jsonValid,
    line_count_gte: lineCountGte,
    sqlite_table_has_rows: sqliteTableHasRows,
    path_absent: pathAbsent,
    diff_added_absent: diffAddedAbsent,
    diff_added_contains: diffAddedContains,
    diff_paths_within: diffPathsWithin,
    diff_lines_max: diffLinesMax,
    diff_requires_change: diffRequiresChange,
};
/** Runs one criterion; never throws. */
async function checkCriterion(criterion, ctx) {
    let outcome;
    try {
        const check = CHECKS[criterion.type];
        if (check === undefined)
            throw new Error(`no check for criterion type ${JSON.stringify(criterion.type)}`);
        outcome = await check(criterion, ctx);
    }
    catch (thrown) {
        const message = thrown instanceof Error ? thrown.message : String(thrown);
        outcome = {
            status: "error",
            reason: `could not run: ${message}`,
            evidence: "path" in criterion ? { path: criterion.path } : {},
        };
    }
    return {
        id: criterion.id,
        type: criterion.type,
        description: criterion.description,
        status: outcome.status,
        reason: outcome.reason,
        evidence: outcome.evidence,
    };
}
/** Checks every criterion of a contract against a tree (and the diff, for diff criteria), one after
 * another, and applies the rubric. */
async function checkContract(contract, ctx) {
    const checks = [];
    for (const criterion of contract.success_criteria)
        checks.push(await checkCriterion(criterion, ctx));
    const { verdict, reason } = (0,rubric/* verdictOf */.V)(checks, contract.unverifiable_claims);
    return {
        verdict,
        reason,
        intended_action: contract.intended_action,
        checks,
        unverifiable_claims: [...contract.unverifiable_claims],
        ...(contract.task_id === undefined ? {} : { task_id: contract.task_id }),
        ...(contract.agent_id === undefined ? {} : { agent_id: contract.agent_id }),
    };
}


/***/ }),

/***/ 6783:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AI: () => (/* binding */ globProblem),
/* harmony export */   ji: () => (/* binding */ pathSelector)
/* harmony export */ });
/* unused harmony exports GLOB_MAX_LENGTH, compileGlob */
/* harmony import */ var re2js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2856);
// Path globs for the diff criteria, translated to RE2 so that matching is linear in the path. (Glob
// libraries emit backtracking JavaScript regular expressions; a glob like `*a*a*a*a*a*b` against a long
// path is then polynomial, and a gate must not stall on a contract's glob.) Pure.
//
// Syntax, matched against the whole `/`-separated path:
//   `*` any run of characters within one segment (dot-files included)
//   `?` one character other than `/`
//   `**` as a whole segment: any number of segments (`a/**/b` matches a/b and a/x/y/b; `docs/**` matches
//        everything under docs/)
//   `[abc]` `[a-z]` `[!abc]` one character of (or not of) a class
//   `{a,b}` either alternative (nesting allowed)
//   `\x` the character x itself
// A glob without `/` matches only at the top level (`*.md` is README.md, not docs/a.md): write
// `**/*.md` for any depth. In a list, a glob starting with `!` excludes.

const GLOB_MAX_LENGTH = 1024;
const MAX_BRACE_DEPTH = 8;
class GlobSyntaxError extends Error {
}
function literal(ch) {
    return /[A-Za-z0-9_/-]/.test(ch) ? ch : re2js__WEBPACK_IMPORTED_MODULE_0__/* .RE2JS */ .L3.quote(ch);
}
/** Index of the `]` that closes a class opened at `start` (the `[`), or -1. */
function classEnd(glob, start) {
    let i = start + 1;
    if (glob[i] === "!" || glob[i] === "^")
        i += 1;
    if (glob[i] === "]")
        i += 1; // a leading ] is a member
    for (; i < glob.length; i += 1) {
        if (glob[i] === "\\")
            i += 1;
        else if (glob[i] === "]")
            return i;
    }
    return -1;
}
function translateClass(body) {
    let negated = false;
    let rest = body;
    if (rest.startsWith("!") || rest.startsWith("^")) {
        negated = true;
        rest = rest.slice(1);
    }
    if (rest.includes("/"))
        throw new GlobSyntaxError("a [class] cannot contain /");
    let out = "";
    for (let i = 0; i < rest.length; i += 1) {
        const ch = rest[i];
        if (ch === "\\") {
            const next = rest[i + 1];
            if (next === undefined)
                throw new GlobSyntaxError("a [class] ends with a lone backslash");
            out += `\\x{${next.codePointAt(0).toString(16)}}`;
            i += 1;
        }
        else if (ch === "-" && i > 0 && i < rest.length - 1) {
            out += "-";
        }
        else {
            out += `\\x{${ch.codePointAt(0).toString(16)}}`;
        }
    }
    if (out === "")
        throw new GlobSyntaxError("empty [class]");
    return negated ? `[^/${out}]` : `[${out}]`;
}
/** Splits a brace body at its top-level commas. */
function alternatives(body) {
    const parts = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < body.length; i += 1) {
        const ch = body[i];
        if (ch === "\\")
            i += 1;
        else if (ch === "{")
            depth += 1;
        else if (ch === "}")
            depth -= 1;
        else if (ch === "," && depth === 0) {
            parts.push(body.slice(start, i));
            start = i + 1;
        }
    }
    parts.push(body.slice(start));
    return parts;
}
function braceEnd(glob, start) {
    let depth = 0;
    for (let i = start; i < glob.length; i += 1) {
        const ch = glob[i];
        if (ch === "\\")
            i += 1;
        else if (ch === "{")
            depth += 1;
        else if (ch === "}") {
            depth -= 1;
            if (depth === 0)
                return i;
        }
    }
    return -1;
}
function translate(glob, depth) {
    if (depth > MAX_BRACE_DEPTH)
        throw new GlobSyntaxError(`braces nested deeper than ${MAX_BRACE_DEPTH}`);
    let out = "";
    for (let i = 0; i < glob.length; i += 1) {
        const ch = glob[i];
        if (ch === "*") {
            let j = i;
            while (glob[j + 1] === "*")
                j += 1;
            const stars = j - i + 1;
            const segmentStart = i === 0 || glob[i - 1] === "/";
            const segmentEnd = j + 1 === glob.length || glob[j + 1] === "/";
            if (stars >= 2 && segmentStart && segmentEnd) {
                if (glob[j + 1] === "/") {
                    out += "(?:[^/]*/)*"; // `**/`: zero or more whole segments
                    j += 1;
                }
                else {
                    out += ".*"; // trailing `**`: everything below
                }
            }
            else {
                out += "[^/]*";
            }
            i = j;
        }
        else if (ch === "?") {
            out += "[^/]";
        }
        else if (ch === "[") {
            const end = classEnd(glob, i);
            if (end < 0)
                throw new GlobSyntaxError("a [ has no closing ]");
            out += translateClass(glob.slice(i + 1, end));
            i = end;
        }
        else if (ch === "{") {
            const end = braceEnd(glob, i);
            if (end < 0)
                throw new GlobSyntaxError("a { has no closing }");
            const parts = alternatives(glob.slice(i + 1, end)).map((p) => translate(p, depth + 1));
            out += `(?:${parts.join("|")})`;
            i = end;
        }
        else if (ch === "}") {
            throw new GlobSyntaxError("a } has no opening {");
        }
        else if (ch === "\\") {
            const next = glob[i + 1];
            if (next === undefined)
                throw new GlobSyntaxError("ends with a lone backslash");
            out += literal(next);
            i += 1;
        }
        else {
            out += literal(ch);
        }
    }
    return out;
}
/** Compiles one glob (a leading `!` marks an exclusion) or throws an Error naming the problem. */
function compileGlob(source) {
    if (source.length > GLOB_MAX_LENGTH) {
        throw new Error(`glob is ${source.length} characters; at most ${GLOB_MAX_LENGTH} are allowed`);
    }
    const negated = source.startsWith("!");
    const body = negated ? source.slice(1) : source;
    if (body === "")
        throw new Error("empty glob");
    if (body.startsWith("/"))
        throw new Error("globs are relative to the tree root: drop the leading /");
    try {
        return { source, negated, re: re2js__WEBPACK_IMPORTED_MODULE_0__/* .RE2JS */ .L3.compile(`(?s)\\A${translate(body, 0)}\\z`) };
    }
    catch (error) {
        throw new Error(`invalid glob ${JSON.stringify(source)}: ${error instanceof Error ? error.message : String(error)}`);
    }
}
function globProblem(source) {
    try {
        compileGlob(source);
        return undefined;
    }
    catch (error) {
        return error instanceof Error ? error.message : String(error);
    }
}
function pathSelector(globs) {
    const compiled = globs.map(compileGlob);
    const include = compiled.filter((g) => !g.negated);
    const exclude = compiled.filter((g) => g.negated);
    return {
        globs,
        selects(path) {
            if (include.length > 0 && !include.some((g) => g.re.testExact(path)))
                return false;
            return !exclude.some((g) => g.re.testExact(path));
        },
    };
}


/***/ }),

/***/ 3238:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  nb: () => (/* reexport */ engine/* checkContract */.n),
  mE: () => (/* reexport */ collectEvidence),
  lF: () => (/* reexport */ load/* loadContract */.lF),
  rB: () => (/* reexport */ openTree),
  g$: () => (/* reexport */ printable),
  jn: () => (/* reexport */ reportTable),
  Jm: () => (/* reexport */ verifyEvidence)
});

// UNUSED EXPORTS: CONTRACT_MAX_BYTES, CRITERION_TYPES, ContractError, ContractSchema, CriterionSchema, DEFAULT_CAPS, EVIDENCE_FORMAT, LIST_CAP_ENTRIES, READ_CAP_BYTES, REQUIREMENT_TYPES, RequirementSchema, TreeError, checkCriterion, contractJsonSchema, contractJsonSchemaText, contractResult, parseContract, verdictOf, worseVerdict

// EXTERNAL MODULE: ./src/criteria/contract-error.ts
var contract_error = __webpack_require__(4428);
// EXTERNAL MODULE: ./src/criteria/contract-schema.ts
var contract_schema = __webpack_require__(3163);
// EXTERNAL MODULE: ./src/criteria/criterion-schema.ts
var criterion_schema = __webpack_require__(4204);
// EXTERNAL MODULE: ./src/criteria/decision.ts
var decision = __webpack_require__(5331);
// EXTERNAL MODULE: ./src/criteria/engine.ts + 5 modules
var engine = __webpack_require__(3907);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
// EXTERNAL MODULE: ./src/criteria/tree.ts
var tree = __webpack_require__(5765);
;// CONCATENATED MODULE: ./src/criteria/evidence/bundle.ts
// The evidence bundle (verdictkit's, content-addressed): every answer the tree gave while the contract
// was checked, kept so that a third party can re-run the same criteria without the tree. File bytes
// (or their capped prefix) with sha256, directory listings, parsed JSON, SQLite row counts, the diff,
// and a `bundle_hash` over the canonical JSON of all of it. No clock and no host name goes in: the same
// tree and contract always give the same bundle, byte for byte.


const EVIDENCE_FORMAT = "verdict-gate-evidence/1";
/** Bytes of one artifact's content kept in a bundle (verdictkit keeps 256 KiB): a reviewer can read
 * it, and a criterion decided within it re-runs. */
const EVIDENCE_ARTIFACT_BYTES = 256 * 1024;
/** Content kept across the whole bundle. Past it, artifacts keep their hashes but not their content,
 * and the criteria that need it re-run as errors (FLAG), never as passes. */
const EVIDENCE_TOTAL_BYTES = 64 * 1024 * 1024;
const DEFAULT_CAPS = {
    read_bytes: tree/* READ_CAP_BYTES */.m9,
    artifact_bytes: EVIDENCE_ARTIFACT_BYTES,
    total_bytes: EVIDENCE_TOTAL_BYTES,
    list_entries: tree/* LIST_CAP_ENTRIES */.v3,
};
const sha = schemas/* string */.YjP().regex(/^[0-9a-f]{64}$/, "must be a sha256 in hex");
const path = schemas/* string */.YjP();
const entryResult = schemas/* union */.KCZ([
    schemas/* strictObject */.rej({ kind: schemas/* literal */.euz("absent"), dangling: schemas/* boolean */.zMY().optional() }),
    schemas/* strictObject */.rej({ kind: schemas/* literal */.euz("file"), size: schemas/* int */.Whr().min(0) }),
    schemas/* strictObject */.rej({ kind: schemas/* literal */.euz("dir") }),
    schemas/* strictObject */.rej({ kind: schemas/* literal */.euz("other"), what: schemas/* string */.YjP() }),
]);
/** Artifacts whose payload hash is `sha256` over the canonical JSON of everything else in them. */
const EntryArtifact = schemas/* strictObject */.rej({ op: schemas/* literal */.euz("entry"), path, result: entryResult, sha256: sha });
const ListArtifact = schemas/* strictObject */.rej({
    op: schemas/* literal */.euz("list"),
    path,
    entries: schemas/* array */.YOg(schemas/* strictObject */.rej({ name: schemas/* string */.YjP(), kind: schemas/* enum */.k5n(["file", "dir", "symlink", "other"]) })),
    truncated: schemas/* boolean */.zMY(),
    sha256: sha,
});
const JsonArtifact = schemas/* strictObject */.rej({
    op: schemas/* literal */.euz("json"),
    path,
    /** The parsed value or the parse error; absent when it did not fit the evidence caps. */
    result: schemas/* union */.KCZ([
        /** `json`: the parsed value as canonical JSON text. */
        schemas/* strictObject */.rej({ kind: schemas/* literal */.euz("parsed"), json: schemas/* string */.YjP(), size: schemas/* int */.Whr().min(0) }),
        schemas/* strictObject */.rej({ kind: schemas/* literal */.euz("invalid"), message: schemas/* string */.YjP(), size: schemas/* int */.Whr().min(0) }),
    ])
        .optional(),
    omitted: schemas/* boolean */.zMY(),
    sha256: sha,
});
const RowsArtifact = schemas/* strictObject */.rej({
    op: schemas/* literal */.euz("rows"),
    path,
    table: schemas/* string */.YjP(),
    result: schemas/* union */.KCZ([
        schemas/* strictObject */.rej({ kind: schemas/* literal */.euz("rows"), rows: schemas/* int */.Whr().min(0) }),
        schemas/* strictObject */.rej({ kind: schemas/* literal */.euz("no-table") }),
    ]),
    /** The database file's sha256 and size, to tie the count to one file. */
    db_sha256: sha.optional(),
    db_size: schemas/* int */.Whr().min(0).optional(),
    sha256: sha,
});
const ErrorArtifact = schemas/* strictObject */.rej({
    op: schemas/* literal */.euz("error"),
    of: schemas/* enum */.k5n(["entry", "read", "list", "json", "rows"]),
    path,
    table: schemas/* string */.YjP().optional(),
    message: schemas/* string */.YjP(),
    sha256: sha,
});
const DiffArtifact = schemas/* strictObject */.rej({
    op: schemas/* literal */.euz("diff"),
    /** The Diff without each file's raw `patch` text (its hunks carry the lines); absent when over the
     * evidence caps. */
    diff: schemas/* unknown */.L5J().optional(),
    omitted: schemas/* boolean */.zMY(),
    sha256: sha,
});
/** A file's bytes: `sha256` is over the `bytes_read` bytes the criteria judged (all of the file unless
 * the read was capped); `content` holds the first `content_bytes` of them, hashed as `content_sha256`. */
const ReadArtifact = schemas/* strictObject */.rej({
    op: schemas/* literal */.euz("read"),
    path,
    size: schemas/* int */.Whr().min(0),
    bytes_read: schemas/* int */.Whr().min(0),
    sha256: sha,
    content: schemas/* string */.YjP(),
    content_bytes: schemas/* int */.Whr().min(0),
    content_sha256: sha,
    truncated: schemas/* boolean */.zMY(),
});
const ArtifactSchema = schemas/* discriminatedUnion */.gMt("op", [
    EntryArtifact,
    ReadArtifact,
    ListArtifact,
    JsonArtifact,
    RowsArtifact,
    ErrorArtifact,
    DiffArtifact,
]);
const BundleShape = schemas/* strictObject */.rej({
    format: schemas/* literal */.euz(EVIDENCE_FORMAT),
    /** Validated by the contract loader when the bundle is verified. */
    contract: schemas/* unknown */.L5J(),
    caps: schemas/* strictObject */.rej({
        read_bytes: schemas/* int */.Whr(),
        artifact_bytes: schemas/* int */.Whr(),
        total_bytes: schemas/* int */.Whr(),
        list_entries: schemas/* int */.Whr(),
    }),
    artifacts: schemas/* record */.g1P(schemas/* string */.YjP(), ArtifactSchema),
    report: schemas/* unknown */.L5J(),
    bundle_hash: sha,
});
function artifactKey(op, path, table) {
    return table === undefined ? `${op}:${path}` : `${op}:${path}#${table}`;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/criteria/evidence/canonical-json.ts
// Canonical JSON (the ordering of RFC 8785): object keys sorted by UTF-16 code units, no whitespace,
// numbers and strings as JSON.stringify writes them, properties holding `undefined` left out, non-finite
// numbers as null. The canonical text of a value equals that of the value after a JSON round trip, so a
// bundle hashes the same in memory, written to a file, and read back. Pure (hashing is computation).

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
class IndexKey extends Error {
}
// The fast path: native JSON.stringify with every object's keys re-inserted in sorted order. Engines
// always write array-index keys ("0", "17") first in numeric order whatever the insertion order, which
// is not UTF-16 order ("10" < "2"), so an object holding one sends the whole value to the slow path.
function sortedKeys(_key, value) {
    if (value === null || typeof value !== "object" || Array.isArray(value))
        return value;
    const record = value;
    const keys = Object.keys(record);
    for (const key of keys)
        if (ARRAY_INDEX.test(key))
            throw new IndexKey();
    keys.sort();
    // No prototype: on a plain object, `sorted["__proto__"] = …` would set the prototype (or do nothing)
    // instead of adding the key, and a "__proto__" key read from a bundle would drop out of the hash.
    const sorted = Object.create(null);
    for (const key of keys)
        sorted[key] = record[key];
    return sorted;
}
function skipped(value) {
    return value === undefined || typeof value === "function" || typeof value === "symbol";
}
function write(value, out) {
    if (value === null) {
        out.push("null");
    }
    else if (typeof value === "string" || typeof value === "boolean") {
        out.push(JSON.stringify(value));
    }
    else if (typeof value === "number") {
        out.push(Number.isFinite(value) ? JSON.stringify(value) : "null");
    }
    else if (Array.isArray(value)) {
        out.push("[");
        value.forEach((item, i) => {
            if (i > 0)
                out.push(",");
            if (skipped(item))
                out.push("null");
            else
                write(item, out);
        });
        out.push("]");
    }
    else if (typeof value === "object") {
        const record = value;
        const keys = Object.keys(record)
            .filter((k) => !skipped(record[k]))
            .sort();
        out.push("{");
        keys.forEach((key, i) => {
            if (i > 0)
                out.push(",");
            out.push(JSON.stringify(key), ":");
            write(record[key], out);
        });
        out.push("}");
    }
    else {
        throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
    }
}
/** The slow path on its own: what canonicalJson falls back to. Exported so tests can hold the two paths
 * to the same answer. */
function canonicalJsonSlow(value) {
    if (skipped(value))
        return "null";
    const out = [];
    write(value, out);
    return out.join("");
}
function canonicalJson(value) {
    try {
        return JSON.stringify(value, sortedKeys) ?? "null";
    }
    catch (error) {
        if (!(error instanceof IndexKey))
            throw error;
        return canonicalJsonSlow(value);
    }
}
/** sha256 (hex) of a value's canonical JSON. */
function canonicalSha256(value) {
    return (0,external_node_crypto_.createHash)("sha256").update(canonicalJson(value), "utf8").digest("hex");
}
function sha256Hex(bytes) {
    return (0,external_node_crypto_.createHash)("sha256").update(bytes).digest("hex");
}

;// CONCATENATED MODULE: ./src/criteria/evidence/bundle-hash.ts

function artifactDigest(artifact) {
    return artifact.op === "read" ? canonicalSha256(artifact) : artifact.sha256;
}
function bundleHash(body) {
    // No prototype, so no key (not even "__proto__") can fall out of the hash.
    const digests = Object.create(null);
    for (const [key, artifact] of Object.entries(body.artifacts))
        digests[key] = artifactDigest(artifact);
    return canonicalSha256({ ...body, artifacts: digests });
}

;// CONCATENATED MODULE: ./src/criteria/evidence/collect.ts





function take(budget, wanted) {
    const granted = Math.max(0, Math.min(wanted, budget.perArtifact, budget.remaining));
    budget.remaining -= granted;
    return granted;
}
/** Seals an artifact: `sha256` over the canonical JSON of the rest of it. */
function sealed(payload) {
    return { ...payload, sha256: canonicalSha256(payload) };
}
function keyPath(path) {
    try {
        return (0,tree/* treePath */.ON)(path);
    }
    catch {
        return path;
    }
}
function recordingTree(inner, budget, artifacts) {
    async function recorded(op, rawPath, table, ask, seal) {
        const path = keyPath(rawPath);
        const key = artifactKey(op, path, table);
        let result;
        try {
            result = await ask();
        }
        catch (thrown) {
            if (!artifacts.has(key)) {
                const message = thrown instanceof Error ? thrown.message : String(thrown);
                artifacts.set(key, sealed({
                    op: "error",
                    of: op,
                    path,
                    ...(table === undefined ? {} : { table }),
                    message,
                }));
            }
            throw thrown;
        }
        if (!artifacts.has(key))
            artifacts.set(key, await seal(result, path));
        return result;
    }
    return {
        entry: (p) => recorded("entry", p, undefined, () => inner.entry(p), (result, path) => sealed({ op: "entry", path, result })),
        read: (p) => recorded("read", p, undefined, () => inner.read(p), (file, path) => {
            const kept = file.bytes.subarray(0, take(budget, file.bytes.length));
            return {
                op: "read",
                path,
                size: file.size,
                bytes_read: file.bytes.length,
                sha256: sha256Hex(file.bytes),
                content: Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength).toString("base64"),
                content_bytes: kept.length,
                content_sha256: sha256Hex(kept),
                truncated: kept.length < file.size,
            };
        }),
        list: (p) => recorded("list", p, undefined, () => inner.list(p), (listing, path) => sealed({
            op: "list",
            path,
            entries: listing.entries.map((e) => ({ ...e })),
            truncated: listing.truncated,
        })),
        readJson: (p) => recorded("json", p, undefined, () => inner.readJson(p), (result, path) => {
            if (result.kind === "invalid")
                return sealed({ op: "json", path, result, omitted: false });
            // The value is kept as its canonical JSON text: serialised once (for its size and, as a plain
            // string, for the artifact's hash), and a file over the cap is not serialised at all.
            const json = result.size <= budget.perArtifact && budget.remaining > 0
                ? canonicalJson(result.value)
                : undefined;
            const fits = json !== undefined && json.length <= budget.perArtifact && json.length <= budget.remaining;
            if (!fits)
                return sealed({ op: "json", path, omitted: true });
            budget.remaining -= json.length;
            return sealed({
                op: "json",
                path,
                result: { kind: "parsed", json, size: result.size },
                omitted: false,
            });
        }),
        tableRows: (p, table) => recorded("rows", p, table, () => inner.tableRows(p, table), async (result, path) => {
            // Tie the count to one database file; a failed second read only leaves the hash out.
            let db = {};
            try {
                const file = await inner.read(p);
                if (!file.truncated)
                    db = { db_sha256: sha256Hex(file.bytes), db_size: file.size };
            }
            catch {
                db = {};
            }
            return sealed({ op: "rows", path, table, result, ...db });
        }),
    };
}
/** What the diff criteria need of a Diff: everything but each file's raw patch text. */
function diffEvidence(diff) {
    return {
        source: diff.source,
        truncated: diff.truncated,
        ...(diff.reportedFiles === undefined ? {} : { reportedFiles: diff.reportedFiles }),
        files: diff.files.map(({ patch: _patch, ...file }) => file),
    };
}
/** Checks the contract against the tree and returns the bundle that lets anyone re-check it. */
async function collectEvidence(contract, ctx, caps = DEFAULT_CAPS) {
    const artifacts = new Map();
    const budget = { remaining: caps.total_bytes, perArtifact: caps.artifact_bytes };
    const usesDiff = contract.success_criteria.some((c) => c.type.startsWith("diff_"));
    if (usesDiff && ctx.diff !== undefined) {
        const diff = diffEvidence(ctx.diff);
        const size = canonicalJson(diff).length;
        const fits = size <= budget.remaining;
        if (fits)
            budget.remaining -= size;
        artifacts.set("diff", sealed(fits ? { op: "diff", diff: diff, omitted: false } : { op: "diff", omitted: true }));
    }
    const tree = recordingTree(ctx.tree, budget, artifacts);
    const report = await (0,engine/* checkContract */.n)(contract, { tree, diff: ctx.diff });
    const sortedArtifacts = Object.fromEntries([...artifacts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    // Canonical JSON ignores key order and undefined fields, so this is the hash a reader of the written
    // file recomputes.
    const body = { format: EVIDENCE_FORMAT, contract, caps, artifacts: sortedArtifacts, report };
    return { ...body, bundle_hash: bundleHash(body) };
}

// EXTERNAL MODULE: ./src/criteria/load.ts
var load = __webpack_require__(2217);
// EXTERNAL MODULE: ./src/criteria/rubric.ts
var rubric = __webpack_require__(9612);
;// CONCATENATED MODULE: ./src/criteria/evidence/bundle-tree.ts


function bundleTree(artifacts) {
    function lookup(op, path, want, table) {
        const key = artifactKey(op, path, table);
        const artifact = Object.hasOwn(artifacts, key) ? artifacts[key] : undefined;
        if (artifact === undefined)
            throw new tree/* TreeError */.jh(`${key} is not in the evidence bundle`);
        if (artifact.op === "error")
            throw new tree/* TreeError */.jh(artifact.message);
        if (artifact.op !== want)
            throw new tree/* TreeError */.jh(`${key} in the evidence bundle is a ${artifact.op} artifact`);
        return artifact;
    }
    return {
        async entry(p) {
            return lookup("entry", (0,tree/* treePath */.ON)(p), "entry").result;
        },
        async read(p) {
            const artifact = lookup("read", (0,tree/* treePath */.ON)(p), "read");
            const bytes = new Uint8Array(Buffer.from(artifact.content, "base64"));
            return { bytes, size: artifact.size, truncated: bytes.length < artifact.size };
        },
        async list(p) {
            const artifact = lookup("list", (0,tree/* treePath */.ON)(p), "list");
            return { entries: artifact.entries, truncated: artifact.truncated };
        },
        async readJson(p) {
            const path = (0,tree/* treePath */.ON)(p);
            const artifact = lookup("json", path, "json");
            if (artifact.result === undefined) {
                throw new tree/* TreeError */.jh(`the parsed JSON of ${path} did not fit the evidence bundle's caps`);
            }
            const { result } = artifact;
            if (result.kind === "invalid")
                return result;
            try {
                return { kind: "parsed", value: JSON.parse(result.json), size: result.size };
            }
            catch {
                throw new tree/* TreeError */.jh(`the parsed JSON of ${path} in the evidence bundle is not JSON`);
            }
        },
        async tableRows(p, table) {
            return lookup("rows", (0,tree/* treePath */.ON)(p), "rows", table).result;
        },
    };
}
/** The diff as recorded, or undefined when none was (or it did not fit): diff criteria then error. */
function bundleDiff(artifacts) {
    const artifact = Object.hasOwn(artifacts, "diff") ? artifacts.diff : undefined;
    if (artifact === undefined || artifact.op !== "diff" || artifact.diff === undefined)
        return undefined;
    const recorded = artifact.diff;
    return { ...recorded, files: recorded.files.map((file) => ({ ...file, patch: "" })) };
}

;// CONCATENATED MODULE: ./src/criteria/evidence/verify.ts
// Verifying a bundle without the tree: recompute every hash (each file's content, each artifact, the
// bundle's), then re-run the contract's criteria against the bundle alone. A verdict the recorded
// answers do not support is not repeated, and the result is never better than either the recorded or
// the re-run verdict.
//
// Recomputing hashes only proves the bundle agrees with itself: whoever edits it can recompute them
// too. A changed byte is found only against a bundle_hash recorded elsewhere when the bundle was
// collected (`expectedBundleHash`); without one, an intact bundle is self-consistent, nothing more,
// and `hashPinned` says so.







function artifactProblems(key, artifact) {
    if (artifact.op === "read") {
        const bytes = Buffer.from(artifact.content, "base64");
        const problems = [];
        if (bytes.toString("base64") !== artifact.content)
            problems.push(`${key}: content is not canonical base64`);
        if (bytes.length !== artifact.content_bytes) {
            problems.push(`${key}: content holds ${bytes.length} bytes, the artifact says ${artifact.content_bytes}`);
        }
        const contentSha = sha256Hex(bytes);
        if (contentSha !== artifact.content_sha256)
            problems.push(`${key}: content does not match content_sha256`);
        if (artifact.content_bytes === artifact.bytes_read && contentSha !== artifact.sha256) {
            problems.push(`${key}: content does not match sha256`);
        }
        if (artifact.content_bytes > artifact.bytes_read || artifact.bytes_read > artifact.size) {
            problems.push(`${key}: sizes are inconsistent (content ${artifact.content_bytes}, read ${artifact.bytes_read}, file ${artifact.size})`);
        }
        if (artifact.truncated !== artifact.content_bytes < artifact.size) {
            problems.push(`${key}: truncated is ${artifact.truncated} but ${artifact.content_bytes} of ${artifact.size} bytes are kept`);
        }
        return problems;
    }
    const { sha256, ...payload } = artifact;
    return canonicalSha256(payload) === sha256 ? [] : [`${key}: does not match its sha256`];
}
function keyProblems(key, artifact) {
    if (artifact.op === "diff")
        return key === "diff" ? [] : [`${key}: a diff artifact under the wrong key`];
    const op = artifact.op === "error" ? artifact.of : artifact.op;
    const table = "table" in artifact && artifact.table !== undefined ? `#${artifact.table}` : "";
    const expected = `${op}:${artifact.path}${table}`;
    return key === expected ? [] : [`${key}: filed under the wrong key (its content says ${expected})`];
}
function flagged(problems, hashPinned) {
    return {
        intact: false,
        hashPinned,
        problems,
        verdict: "FAIL",
        reason: `the evidence bundle cannot be trusted: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? `; and ${problems.length - 3} more` : ""}`,
        differences: [],
    };
}
/** Verifies a bundle read from JSON (any value: a bundle from elsewhere is untrusted input). */
async function verifyEvidence(input, options = {}) {
    const expected = options.expectedBundleHash;
    const hashPinned = expected !== undefined;
    const format = input?.format;
    if (format !== EVIDENCE_FORMAT) {
        return flagged([`not a verdict-gate evidence bundle (format ${JSON.stringify(format)}, expected ${EVIDENCE_FORMAT})`], hashPinned);
    }
    const shaped = BundleShape.safeParse(input);
    if (!shaped.success) {
        return flagged(shaped.error.issues
            .slice(0, 10)
            .map((i) => `malformed bundle at ${i.path.map(String).join(".") || "top level"}: ${i.message}`), hashPinned);
    }
    const bundle = shaped.data;
    const problems = [];
    const { bundle_hash, ...body } = bundle;
    const computed = bundleHash(body);
    if (computed !== bundle_hash) {
        problems.push("bundle_hash does not match the bundle's content");
    }
    if (expected !== undefined && computed !== expected) {
        problems.push(`the bundle hashes to ${computed}, not to ${expected}, the bundle_hash recorded when it was collected`);
    }
    for (const [key, artifact] of Object.entries(bundle.artifacts)) {
        problems.push(...keyProblems(key, artifact), ...artifactProblems(key, artifact));
    }
    let contract;
    try {
        contract = (0,load/* parseContract */.UA)(bundle.contract, "evidence bundle contract");
    }
    catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
    }
    if (problems.length > 0 || contract === undefined)
        return flagged(problems, hashPinned);
    const recorded = bundle.report;
    const report = await (0,engine/* checkContract */.n)(contract, {
        tree: bundleTree(bundle.artifacts),
        diff: bundleDiff(bundle.artifacts),
    });
    const recordedChecks = new Map((Array.isArray(recorded?.checks) ? recorded.checks : []).map((c) => [c.id, c.status]));
    const differences = report.checks
        .filter((c) => recordedChecks.get(c.id) !== c.status)
        .map((c) => `${c.id}: recorded ${recordedChecks.get(c.id) ?? "nothing"}, re-run ${c.status} (${c.reason})`);
    const recordedVerdict = recorded?.verdict === "PASS" || recorded?.verdict === "FLAG" || recorded?.verdict === "FAIL"
        ? recorded.verdict
        : "FAIL";
    const verdict = (0,rubric/* worseVerdict */.y)(recordedVerdict, report.verdict);
    const reason = verdict === report.verdict
        ? report.reason
        : `the bundle records ${recordedVerdict} (${String(recorded?.reason)}); re-run on the bundle alone: ${report.verdict}`;
    return { intact: true, hashPinned, problems: [], verdict, reason, recorded, report, differences };
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/sql.js/dist/sql-wasm-browser.js
var sql_wasm_browser = __webpack_require__(6166);
var sql_wasm_browser_default = /*#__PURE__*/__webpack_require__.n(sql_wasm_browser);
// EXTERNAL MODULE: ./src/describe-error.ts
var describe_error = __webpack_require__(9869);
// EXTERNAL MODULE: ./src/criteria/table-name.ts
var table_name = __webpack_require__(3101);
;// CONCATENATED MODULE: ./src/criteria/sqlite-engine.ts
/// <reference path="./sql-wasm-browser.d.ts" />
// Counting rows in a SQLite database that arrived as bytes, with SQLite compiled to WebAssembly
// (sql.js): the bundled action must run on any Node ≥ 20 runner without a native addon.
//
// Why the *browser* build of sql.js: the Node build reads `__dirname`, which does not exist in the ESM
// bundles ncc writes, so it crashes the moment it starts inside dist/. The browser build never touches
// the file system when it is handed the WebAssembly bytes, and `new URL(…, import.meta.url)` below is
// what ncc recognises as an asset: it copies the .wasm next to each bundle and rewrites the URL.
// Reading that one asset is the only file access here; the database itself arrives as bytes from the
// confined tree reader.





let sqlite_engine_engine;
function sqlite() {
    if (sqlite_engine_engine === undefined) {
        const bytes = (0,external_node_fs_.readFileSync)(__webpack_require__.ab + "sql-wasm-browser.wasm");
        const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
        sqlite_engine_engine = sql_wasm_browser_default()({ wasmBinary });
        // A failed start must not be cached forever as a rejected promise that hides the cause.
        sqlite_engine_engine.catch(() => {
            sqlite_engine_engine = undefined;
        });
    }
    return sqlite_engine_engine;
}
const HEADER = new TextEncoder().encode("SQLite format 3\0");
/** Rows in `table`, or `no-table`. Opens a private in-memory copy (nothing is ever written back),
 * refuses anything but an ordinary table (a view can hold a recursive query that never ends; a virtual
 * table calls into a module), and turns every SQLite error (corrupt pages, not a database) into a
 * TreeError, which the engine reports as an error: a corrupt database is never "has rows". */
async function countTableRows(bytes, table, path) {
    if (!table_name/* TABLE_NAME */.B.test(table))
        throw new tree/* TreeError */.jh(`table name ${JSON.stringify(table)} is not an identifier`);
    if (bytes.length < HEADER.length || !HEADER.every((b, i) => bytes[i] === b)) {
        throw new tree/* TreeError */.jh(`${path} is not a SQLite database (no "SQLite format 3" header)`);
    }
    const SQL = await sqlite();
    let db;
    try {
        db = new SQL.Database(bytes);
        db.run("PRAGMA query_only = ON");
        const found = db.exec("SELECT type, sql FROM sqlite_schema WHERE name = ? COLLATE NOCASE", [table]);
        const row = found[0]?.values[0];
        if (row === undefined)
            return { kind: "no-table" };
        const [type, sql] = row;
        if (type !== "table")
            throw new tree/* TreeError */.jh(`${path}: ${table} is a ${String(type)}, not a table`);
        if (typeof sql === "string" && /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(sql)) {
            throw new tree/* TreeError */.jh(`${path}: ${table} is a virtual table; only ordinary tables are counted`);
        }
        const counted = db.exec(`SELECT COUNT(*) FROM "${table}"`);
        const rows = counted[0]?.values[0]?.[0];
        if (typeof rows !== "number" || !Number.isSafeInteger(rows) || rows < 0) {
            throw new tree/* TreeError */.jh(`${path}: SQLite returned no row count for ${table}`);
        }
        return { kind: "rows", rows };
    }
    catch (error) {
        if (error instanceof tree/* TreeError */.jh)
            throw error;
        throw new tree/* TreeError */.jh(`${path}: SQLite could not read the database: ${(0,describe_error/* describeError */.U)(error)}`);
    }
    finally {
        db?.close();
    }
}

// EXTERNAL MODULE: ./src/criteria/text.ts
var criteria_text = __webpack_require__(4394);
;// CONCATENATED MODULE: ./src/criteria/fs-tree.ts
// The one adapter between criteria and the file system: a TreeReader confined to a root directory.
// Every path is resolved one component at a time, each symlink followed by hand, so that a link
// pointing outside the tree (even one that leads back in) is an error before anything is read. Reads
// are capped, FIFOs and devices are never opened, and nothing is ever written or executed.





function code(error) {
    return typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
}
function inside(root, candidate) {
    const rel = external_node_path_default().relative(root, candidate);
    return rel === "" || (rel !== ".." && !rel.startsWith(`..${(external_node_path_default()).sep}`) && !external_node_path_default().isAbsolute(rel));
}
function kindOf(stats) {
    if (stats.isFIFO())
        return "named pipe";
    if (stats.isSocket())
        return "socket";
    if (stats.isCharacterDevice() || stats.isBlockDevice())
        return "device";
    return "special file";
}
/** Opens the tree at `root` (which must be a directory). Its real path is the boundary: the checkout
 * may itself sit behind a symlink, but nothing may resolve outside what that symlink points to. */
function openTree(root, options = {}) {
    const readCap = options.readCapBytes ?? tree/* READ_CAP_BYTES */.m9;
    let rootReal;
    try {
        rootReal = external_node_fs_.realpathSync.native(root);
    }
    catch (error) {
        throw new tree/* TreeError */.jh(`tree root ${root} cannot be opened: ${code(error) ?? String(error)}`);
    }
    const rootStats = (0,external_node_fs_.lstatSync)(rootReal);
    if (!rootStats.isDirectory())
        throw new tree/* TreeError */.jh(`tree root ${root} is not a directory`);
    function locate(relPath) {
        const wanted = (0,tree/* treePath */.ON)(relPath);
        const queue = wanted === "" ? [] : wanted.split("/");
        let current = rootReal;
        let stats = rootStats;
        let hops = 0;
        // Set once the requested name itself turned out to be a symlink: if its target is missing, the name
        // is still there (a dangling link), which path_absent must not mistake for "absent".
        let resolvingFinal = false;
        while (queue.length > 0) {
            const segment = queue.shift();
            if (segment === "" || segment === ".")
                continue;
            if (!stats.isDirectory())
                return { kind: "absent", dangling: resolvingFinal };
            if (segment === "..") {
                // Only a symlink target can bring ".." here (treePath refuses it in contract paths).
                if (current === rootReal)
                    throw new tree/* TreeError */.jh(`${wanted}: a symlink leads outside the tree`);
                current = external_node_path_default().dirname(current);
                stats = (0,external_node_fs_.lstatSync)(current);
                continue;
            }
            const next = external_node_path_default().join(current, segment);
            let st;
            try {
                st = (0,external_node_fs_.lstatSync)(next);
            }
            catch (error) {
                const c = code(error);
                if (c === "ENOENT" || c === "ENOTDIR")
                    return { kind: "absent", dangling: resolvingFinal };
                throw new tree/* TreeError */.jh(`${wanted}: cannot inspect ${segment}: ${c ?? String(error)}`);
            }
            if (st.isSymbolicLink()) {
                hops += 1;
                if (hops > tree/* SYMLINK_HOPS */.ZY)
                    throw new tree/* TreeError */.jh(`${wanted}: too many symlinks (a loop?)`);
                const target = (0,external_node_fs_.readlinkSync)(next);
                if (queue.length === 0)
                    resolvingFinal = true;
                if (external_node_path_default().isAbsolute(target)) {
                    const resolved = external_node_path_default().resolve(target);
                    if (!inside(rootReal, resolved)) {
                        throw new tree/* TreeError */.jh(`${wanted}: symlink ${segment} points outside the tree`);
                    }
                    current = rootReal;
                    stats = (0,external_node_fs_.lstatSync)(rootReal);
                    const rel = external_node_path_default().relative(rootReal, resolved);
                    queue.unshift(...(rel === "" ? [] : rel.split((external_node_path_default()).sep)));
                }
                else {
                    queue.unshift(...target.split((external_node_path_default()).sep === "\\" ? /[\\/]/ : "/"));
                }
                continue;
            }
            current = next;
            stats = st;
        }
        return { kind: "found", real: current, stats };
    }
    function regularFile(relPath) {
        const found = locate(relPath);
        if (found.kind === "absent") {
            throw new tree/* TreeError */.jh(`${(0,tree/* treePath */.ON)(relPath)} does not exist${found.dangling ? " (dangling symlink)" : ""}`);
        }
        if (found.stats.isDirectory())
            throw new tree/* TreeError */.jh(`${(0,tree/* treePath */.ON)(relPath)} is a directory, not a file`);
        if (!found.stats.isFile()) {
            throw new tree/* TreeError */.jh(`${(0,tree/* treePath */.ON)(relPath)} is a ${kindOf(found.stats)}; only regular files are read`);
        }
        return found;
    }
    function readBytes(relPath) {
        const { real } = regularFile(relPath);
        let fd;
        try {
            // O_NOFOLLOW: the resolved path has no links left, so one appearing now is a race and refused.
            // O_NONBLOCK: a file swapped for a FIFO after the check must not block the gate forever.
            fd = (0,external_node_fs_.openSync)(real, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | external_node_fs_.constants.O_NONBLOCK);
        }
        catch (error) {
            throw new tree/* TreeError */.jh(`${(0,tree/* treePath */.ON)(relPath)} cannot be opened: ${code(error) ?? String(error)}`);
        }
        try {
            const stats = (0,external_node_fs_.fstatSync)(fd);
            if (!stats.isFile())
                throw new tree/* TreeError */.jh(`${(0,tree/* treePath */.ON)(relPath)} is not a regular file`);
            const want = Math.min(stats.size, readCap);
            const buffer = Buffer.allocUnsafe(want);
            let filled = 0;
            while (filled < want) {
                const n = (0,external_node_fs_.readSync)(fd, buffer, filled, want - filled, filled);
                if (n === 0)
                    break;
                filled += n;
            }
            // A file that grew after fstat is still capped; one that shrank is read as it now is.
            const size = Math.max(stats.size, filled);
            return { bytes: buffer.subarray(0, filled), size, truncated: filled < size };
        }
        catch (error) {
            if (error instanceof tree/* TreeError */.jh)
                throw error;
            throw new tree/* TreeError */.jh(`${(0,tree/* treePath */.ON)(relPath)} cannot be read: ${code(error) ?? String(error)}`);
        }
        finally {
            (0,external_node_fs_.closeSync)(fd);
        }
    }
    return {
        async entry(relPath) {
            const found = locate(relPath);
            if (found.kind === "absent")
                return found.dangling ? { kind: "absent", dangling: true } : { kind: "absent" };
            if (found.stats.isFile())
                return { kind: "file", size: found.stats.size };
            if (found.stats.isDirectory())
                return { kind: "dir" };
            return { kind: "other", what: kindOf(found.stats) };
        },
        async read(relPath) {
            return readBytes(relPath);
        },
        async list(relPath) {
            const found = locate(relPath);
            if (found.kind === "absent" || !found.stats.isDirectory()) {
                throw new tree/* TreeError */.jh(`${(0,tree/* treePath */.ON)(relPath) || "."} is not a directory`);
            }
            const entries = [];
            let truncated = false;
            let dir;
            try {
                dir = (0,external_node_fs_.opendirSync)(found.real);
                for (let d = dir.readSync(); d !== null; d = dir.readSync()) {
                    if (entries.length >= tree/* LIST_CAP_ENTRIES */.v3) {
                        truncated = true;
                        break;
                    }
                    const kind = d.isFile()
                        ? "file"
                        : d.isDirectory()
                            ? "dir"
                            : d.isSymbolicLink()
                                ? "symlink"
                                : "other";
                    entries.push({ name: d.name, kind });
                }
            }
            catch (error) {
                throw new tree/* TreeError */.jh(`${(0,tree/* treePath */.ON)(relPath) || "."} cannot be listed: ${code(error) ?? String(error)}`);
            }
            finally {
                dir?.closeSync();
            }
            entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
            return { entries, truncated };
        },
        async readJson(relPath) {
            return (0,criteria_text/* parseJsonFile */.OW)(readBytes(relPath), (0,tree/* treePath */.ON)(relPath));
        },
        async tableRows(relPath, table) {
            const file = readBytes(relPath);
            if (file.truncated) {
                throw new tree/* TreeError */.jh(`${(0,tree/* treePath */.ON)(relPath)} is larger than the read cap (${file.size} bytes); not opened`);
            }
            return countTableRows(file.bytes, table, (0,tree/* treePath */.ON)(relPath));
        },
    };
}

;// CONCATENATED MODULE: ./src/criteria/json-schema.ts
// The JSON Schema editors use to complete and validate contract files (`"$schema":
// "./verdict-contract.schema.json"`), generated from the zod schema so the two can never disagree; a
// test fails when the committed file drifts (regenerate with `node scripts/gen-schema.mjs`). It checks
// shape only: RE2 syntax, glob syntax and duplicate ids are the loader's to reject.


function contractJsonSchema() {
    const schema = z.toJSONSchema(ContractSchema, { io: "input", target: "draft-2020-12" });
    return { ...schema, title: "verdict-gate contract" };
}
/** The committed file's exact text. */
function contractJsonSchemaText() {
    return `${JSON.stringify(contractJsonSchema(), null, 2)}\n`;
}

;// CONCATENATED MODULE: ./src/criteria/report-table.ts
const plain = (_tone, text) => text;
/** Control characters (from file names in a diff, from a contract) must not reach a terminal: an escape
 * sequence in a path could rewrite what the reader sees, PASS included. */
function printable(text) {
    return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
const VERDICT_TONE = { PASS: "good", FAIL: "bad", FLAG: "warn" };
const STATUS_TONE = { pass: "good", fail: "bad", error: "warn" };
// Upper case for what needs attention, so it stands out without colour too.
const STATUS_WORD = { pass: "pass", fail: "FAIL", error: "ERROR" };
function reportTable(report, paint = plain) {
    const lines = [];
    lines.push(`${paint(VERDICT_TONE[report.verdict] ?? "bad", report.verdict)}  ${printable(report.reason)}`);
    lines.push(paint("dim", `intended action: ${printable(report.intended_action)}`));
    if (report.checks.length > 0) {
        const idWidth = Math.min(30, Math.max(2, ...report.checks.map((c) => printable(c.id).length)));
        const typeWidth = Math.max(4, ...report.checks.map((c) => c.type.length));
        lines.push("");
        lines.push(paint("dim", `  ${"status".padEnd(6)}  ${"id".padEnd(idWidth)}  ${"type".padEnd(typeWidth)}  reason`));
        for (const check of report.checks) {
            const word = STATUS_WORD[check.status] ?? String(check.status);
            const tone = STATUS_TONE[check.status] ?? "bad";
            lines.push(`  ${paint(tone, word.padEnd(6))}  ${printable(check.id).padEnd(idWidth)}  ${check.type.padEnd(typeWidth)}  ${printable(check.reason)}`);
        }
    }
    if (report.unverifiable_claims.length > 0) {
        lines.push("");
        lines.push("unverifiable claims (each holds the verdict at FLAG until a person judges it):");
        for (const claim of report.unverifiable_claims)
            lines.push(`  - ${printable(claim)}`);
    }
    return `${lines.join("\n")}\n`;
}

// EXTERNAL MODULE: ./src/criteria/requirement-schema.ts
var requirement_schema = __webpack_require__(7080);
;// CONCATENATED MODULE: ./src/criteria/index.ts
// The contract engine's public surface: load a contract, check it against a tree (and a diff), turn the
// report into a four-valued result, and collect or verify evidence.

















/***/ }),

/***/ 2217:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   UA: () => (/* binding */ parseContract),
/* harmony export */   lF: () => (/* binding */ loadContract)
/* harmony export */ });
/* unused harmony export CONTRACT_MAX_BYTES */
/* harmony import */ var _describe_error_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9869);
/* harmony import */ var _contract_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4428);
/* harmony import */ var _contract_schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3163);
/* harmony import */ var _criterion_schema_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4204);
/* harmony import */ var _requirement_schema_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7080);
// Reading a contract file: JSON → the zod schema → a Contract, or a ContractError whose every line names
// the file, the criterion and the field. Pure (the caller reads the file, from disk or from the PR's
// base commit).





/** A contract larger than this is not a hand-written rule set; refusing it bounds the work of loading. */
const CONTRACT_MAX_BYTES = 16 * 1024 * 1024;
const TOP_FIELDS = Object.keys(_contract_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .ContractSchema */ .s.shape);
function describeValue(value) {
    if (value === null)
        return "null";
    if (Array.isArray(value))
        return "an array";
    if (typeof value === "string")
        return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    if (typeof value === "object")
        return "an object";
    return `${typeof value} ${String(value)}`;
}
const EXPECTED = {
    int: "an integer",
    number: "a number",
    string: "a string",
    array: "an array",
    object: "an object",
    boolean: "true or false",
};
function bound(issue, value) {
    const small = issue.code === "too_small";
    const limit = Number(small ? issue.minimum : issue.maximum);
    switch (issue.origin) {
        case "string":
            return small && limit === 1
                ? "must not be empty"
                : `must be at ${small ? "least" : "most"} ${limit} characters long`;
        case "array":
            return `must hold at ${small ? "least" : "most"} ${limit} item${limit === 1 ? "" : "s"}`;
        default:
            return `must be at ${small ? "least" : "most"} ${limit}, got ${describeValue(value)}`;
    }
}
function at(root, path) {
    let value = root;
    for (const key of path) {
        if (value === null || typeof value !== "object")
            return undefined;
        value = value[key];
    }
    return value;
}
function fieldName(path) {
    if (path.length === 0)
        return undefined;
    let out = "";
    for (const key of path)
        out += typeof key === "number" ? `[${key}]` : out === "" ? String(key) : `.${String(key)}`;
    return out;
}
/** Splits an issue path into the item it belongs to (`success_criteria[2] (id "c3")`) and the field. */
function locate(raw, path) {
    const [list, index, ...rest] = path;
    if ((list === "success_criteria" || list === "requires") && typeof index === "number") {
        const item = at(raw, [list, index]);
        const itemId = at(item, ["id"]);
        const named = typeof itemId === "string" && itemId !== "" ? ` (id ${JSON.stringify(itemId)})` : " (no id)";
        return { where: `${list}[${index}]${named}`, list, rest };
    }
    return { where: "contract", rest: [...path] };
}
function problemsOf(raw, issues) {
    const problems = [];
    for (const issue of issues) {
        const { where, list, rest } = locate(raw, issue.path);
        const value = at(raw, issue.path);
        if (issue.code === "unrecognized_keys") {
            const type = list === undefined ? undefined : at(raw, [...issue.path, "type"]);
            const allowed = list === undefined
                ? TOP_FIELDS
                : ((list === "success_criteria" ? _criterion_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .CRITERION_FIELDS */ .qI : _requirement_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .REQUIREMENT_FIELDS */ .oj)[String(type)] ?? []);
            for (const key of issue.keys) {
                const field = fieldName([...rest, key]);
                problems.push({
                    where,
                    ...(field === undefined ? {} : { field }),
                    message: `unknown field; allowed here: ${allowed.join(", ")}`,
                });
            }
            continue;
        }
        const field = fieldName(rest);
        const base = { where, ...(field === undefined ? {} : { field }) };
        if (issue.code === "invalid_union" && "discriminator" in issue && issue.discriminator === "type") {
            const types = list === "requires" ? _requirement_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .REQUIREMENT_TYPES */ .uh : _criterion_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .CRITERION_TYPES */ .SF;
            const kind = list === "requires" ? "requirement" : "criterion";
            problems.push({
                ...base,
                message: value === undefined
                    ? `missing; every ${kind} needs a type, one of: ${types.join(", ")}`
                    : `unknown ${kind} type ${typeof value === "string" ? JSON.stringify(value) : describeValue(value)}; expected one of: ${types.join(", ")}`,
            });
        }
        else if (issue.code === "invalid_type") {
            const expected = EXPECTED[issue.expected] ?? issue.expected;
            if (issue.path.length === 0) {
                problems.push({ where, message: `a contract must be a JSON object, got ${describeValue(value)}` });
            }
            else if (value === undefined) {
                problems.push({ ...base, message: `missing (required: ${expected})` });
            }
            else {
                problems.push({ ...base, message: `expected ${expected}, got ${describeValue(value)}` });
            }
        }
        else if (issue.code === "too_small" || issue.code === "too_big") {
            problems.push({ ...base, message: bound(issue, value) });
        }
        else {
            problems.push({ ...base, message: issue.message });
        }
    }
    return problems;
}
/** Validates an already-parsed contract value. */
function parseContract(value, source) {
    const parsed = _contract_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .ContractSchema */ .s.safeParse(value);
    if (parsed.success)
        return parsed.data;
    throw new _contract_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ContractError */ .V(source, problemsOf(value, parsed.error.issues));
}
function jsonProblem(text, error) {
    const message = (0,_describe_error_js__WEBPACK_IMPORTED_MODULE_4__/* .describeError */ .U)(error);
    const position = /at position (\d+)/.exec(message);
    if (position === null)
        return message;
    const offset = Number(position[1]);
    const before = text.slice(0, offset);
    const line = before.split("\n").length;
    const column = offset - before.lastIndexOf("\n");
    return `${message.replace(/ in JSON at position \d+.*$/, "")} (line ${line}, column ${column})`;
}
/** Reads a contract from its text. `source` names it in every error message (a path, or
 * `path@commit` when read from the PR's base). */
function loadContract(text, source) {
    if (text.length > CONTRACT_MAX_BYTES) {
        throw new _contract_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ContractError */ .V(source, [
            { where: "contract", message: `is ${text.length} characters; at most ${CONTRACT_MAX_BYTES} are read` },
        ]);
    }
    // Editors on Windows write a byte order mark; it is not part of the JSON.
    const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
    let value;
    try {
        value = JSON.parse(body);
    }
    catch (error) {
        throw new _contract_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ContractError */ .V(source, [
            { where: "contract", message: `not valid JSON: ${jsonProblem(body, error)}` },
        ]);
    }
    return parseContract(value, source);
}


/***/ }),

/***/ 7167:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AL: () => (/* binding */ patternProblem),
/* harmony export */   Eb: () => (/* binding */ compilePattern),
/* harmony export */   b7: () => (/* binding */ countMatches),
/* harmony export */   o4: () => (/* binding */ firstMatch),
/* harmony export */   zR: () => (/* binding */ PATTERN_MAX_LENGTH)
/* harmony export */ });
/* unused harmony exports lineMatches, BLOCK_LINES */
/* harmony import */ var re2js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2856);
/* harmony import */ var _describe_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9869);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4394);
// Contract patterns: regular expressions run by re2js, an RE2 engine whose matching time is linear in
// the input, so no pattern (a contract's `(a+)+$` against a PR's "aaaa…!") can hang the gate. What
// RE2 cannot compile (backreferences, lookaround) is a contract error naming the criterion, found when
// the contract is loaded rather than half-way through a check.
//
// Semantics: a pattern is matched against each line of a file separately (its terminator removed), in
// multiline mode, so `^` and `$` anchor at the line's start and end. A match never spans a line break.
// Pure; the cache only saves recompiling the same source.



/** The longest pattern a contract may hold: patterns are one-line rules, not programs. */
const PATTERN_MAX_LENGTH = 4096;
const cache = new Map();
const CACHE_LIMIT = 1024;
/** Compiles a pattern or throws an Error whose message says what RE2 rejected. */
function compilePattern(source) {
    const cached = cache.get(source);
    if (cached !== undefined)
        return cached;
    if (source.length > PATTERN_MAX_LENGTH) {
        throw new Error(`pattern is ${source.length} characters; at most ${PATTERN_MAX_LENGTH} are allowed`);
    }
    let re;
    try {
        re = re2js__WEBPACK_IMPORTED_MODULE_0__/* .RE2JS */ .L3.compile(source, re2js__WEBPACK_IMPORTED_MODULE_0__/* .RE2JS */ .L3.MULTILINE);
    }
    catch (error) {
        const message = (0,_describe_error_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .U)(error);
        throw new Error(`${message} (patterns use RE2 syntax: no backreferences or lookaround, so matching stays linear)`);
    }
    const compiled = {
        source,
        re,
        wholeTextFilter: !/\\[Az]/.test(source) && !/\(\?[A-Za-z]*-/.test(source),
    };
    if (cache.size >= CACHE_LIMIT)
        cache.clear();
    cache.set(source, compiled);
    return compiled;
}
/** Why a pattern cannot be used, or undefined when it compiles. */
function patternProblem(source) {
    try {
        compilePattern(source);
        return undefined;
    }
    catch (error) {
        return (0,_describe_error_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .U)(error);
    }
}
/** Whether one line (no terminator) matches. */
function lineMatches(pattern, line) {
    return pattern.re.test(line);
}
function located(pattern, line, index) {
    const m = pattern.re.matcher(line);
    const column = m.find() ? m.start() + 1 : 1;
    return { line: index + 1, column, text: (0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .excerpt */ .Kb)(line) };
}
/** Lines per block in the block-wise search below. */
const BLOCK_LINES = 64;
/** Calls `visit` with the index of every line that may match, in order, until it returns true. When the
 * whole-text shortcut is sound, lines are searched a block at a time: one search over a block's text
 * (fast in RE2, which skips ahead on literals) rules out all of its lines, and only the lines of blocks
 * that may match are tried one by one. A block starts at a line start and ends at a line break, so a
 * match inside one of its lines is a match inside the block. */
function eachCandidate(pattern, text, lines, visit) {
    if (!pattern.wholeTextFilter) {
        for (let i = 0; i < lines.length; i += 1)
            if (visit(i))
                return;
        return;
    }
    let offset = 0;
    for (let first = 0; first < lines.length; first += BLOCK_LINES) {
        const last = Math.min(first + BLOCK_LINES, lines.length);
        let end = offset;
        for (let i = first; i < last; i += 1)
            end += lines[i].length + 1;
        const block = text.slice(offset, Math.min(end, text.length));
        offset = end;
        if (!pattern.re.test(block))
            continue;
        for (let i = first; i < last; i += 1)
            if (visit(i))
                return;
    }
}
/** The first line that matches, if any. */
function firstMatch(pattern, text, lines) {
    let found;
    eachCandidate(pattern, text, lines, (i) => {
        const line = lines[i];
        if (!pattern.re.test(line))
            return false;
        found = located(pattern, line, i);
        return true;
    });
    return found;
}
/** Non-overlapping matches over all lines (Python's `findall`, line by line: an empty match counts, as
 * it does there) and the first one. */
function countMatches(pattern, text, lines) {
    let count = 0;
    let first;
    eachCandidate(pattern, text, lines, (i) => {
        const line = lines[i];
        if (!pattern.re.test(line))
            return false;
        if (first === undefined)
            first = located(pattern, line, i);
        const m = pattern.re.matcher(line);
        while (m.find())
            count += 1;
        return false;
    });
    return { count, first };
}


/***/ }),

/***/ 7080:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   oj: () => (/* binding */ REQUIREMENT_FIELDS),
/* harmony export */   px: () => (/* binding */ RequirementSchema),
/* harmony export */   uh: () => (/* binding */ REQUIREMENT_TYPES)
/* harmony export */ });
/* unused harmony exports CheckRunRequirementSchema, StatusRequirementSchema, PrMergedRequirementSchema, LabelRequirementSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8816);
// A contract's `requires`: what must hold outside this pull request before it may be approved (the IFF
// of verdict4). Parsed and validated here; evaluated by the rounds code, which turns all-hold into YES,
// any-failed into NO, pending into IFF and pending past `timeout_minutes` into MAYBE. A dependency
// without a timeout would hold a PR "conditional" forever, so every item has one.

const id = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1).max(200).describe("Unique within the contract (criteria and requirements).");
const description = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().default("").describe("Why the change depends on this.");
// A week at most: past that, a person should look rather than the gate keep waiting.
const timeout = (defaultMinutes) => zod__WEBPACK_IMPORTED_MODULE_0__/* .int */ .Whr()
    .min(1)
    .max(10_080)
    .default(defaultMinutes)
    .describe(`Minutes the dependency may stay pending before the gate holds for a person (default ${defaultMinutes}).`);
const CheckRunRequirementSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz("check_run"),
    description,
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1).describe("The check run's name on the PR head commit."),
    timeout_minutes: timeout(60),
})
    .describe("Holds when the named check run on the head commit completed with success.");
const StatusRequirementSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz("status"),
    description,
    context: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1).describe("The commit status context on the PR head commit."),
    timeout_minutes: timeout(60),
})
    .describe("Holds when the commit status with this context is success.");
const PrMergedRequirementSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz("pr_merged"),
    description,
    repo: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()
        .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/, "must be OWNER/NAME")
        .describe("OWNER/NAME of the repository holding the pull request."),
    number: zod__WEBPACK_IMPORTED_MODULE_0__/* .int */ .Whr().min(1).describe("The pull request's number."),
    timeout_minutes: timeout(1440),
})
    .describe("Holds when that pull request is merged.");
const LabelRequirementSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    id,
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz("label"),
    description,
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1).describe("The label that must be on this pull request."),
    timeout_minutes: timeout(1440),
})
    .describe("Holds when this pull request carries the label.");
const RequirementSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .discriminatedUnion */ .gMt("type", [
    CheckRunRequirementSchema,
    StatusRequirementSchema,
    PrMergedRequirementSchema,
    LabelRequirementSchema,
]);
const REQUIREMENT_TYPES = RequirementSchema.options.map((option) => option.shape.type.value);
const REQUIREMENT_FIELDS = Object.fromEntries(RequirementSchema.options.map((option) => [option.shape.type.value, Object.keys(option.shape)]));


/***/ }),

/***/ 9612:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ verdictOf),
/* harmony export */   y: () => (/* binding */ worseVerdict)
/* harmony export */ });
const LISTED = 5;
function listing(items) {
    const shown = items.slice(0, LISTED).join("; ");
    return items.length > LISTED ? `${shown}; and ${items.length - LISTED} more` : shown;
}
const RANK = { FAIL: 2, FLAG: 1, PASS: 0 };
/** The stronger of two verdicts (FAIL > FLAG > PASS). */
function worseVerdict(a, b) {
    return (RANK[a] ?? RANK.FAIL) >= (RANK[b] ?? RANK.FAIL) ? a : b;
}
function verdictOf(checks, unverifiableClaims) {
    const failed = checks.filter((c) => c.status === "fail");
    if (failed.length > 0) {
        return {
            verdict: "FAIL",
            reason: `${failed.length} of ${checks.length} criteria failed: ${listing(failed.map((c) => `${c.id}: ${c.reason}`))}`,
        };
    }
    const notPassed = checks.filter((c) => c.status !== "pass");
    const open = [];
    if (checks.length === 0)
        open.push("nothing was checkable: the contract has no success criteria");
    if (notPassed.length > 0) {
        open.push(`${notPassed.length} of ${checks.length} criteria could not be checked: ${listing(notPassed.map((c) => `${c.id}: ${c.reason}`))}`);
    }
    if (unverifiableClaims.length > 0) {
        open.push(`${unverifiableClaims.length} claim${unverifiableClaims.length === 1 ? " is" : "s are"} unverifiable: ${listing(unverifiableClaims.map((c) => JSON.stringify(c)))}`);
    }
    if (open.length > 0)
        return { verdict: "FLAG", reason: `no criterion failed, but ${open.join("; ")}` };
    return { verdict: "PASS", reason: `all ${checks.length} criteria passed` };
}


/***/ }),

/***/ 3101:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ TABLE_NAME)
/* harmony export */ });
// The one spelling of a table name a contract may use: a plain identifier, so the name can be quoted in
// SQL without any escaping and no contract can smuggle a statement into the row count.
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;


/***/ }),

/***/ 4394:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CG: () => (/* binding */ fileText),
/* harmony export */   Fy: () => (/* binding */ textLines),
/* harmony export */   Kb: () => (/* binding */ excerpt),
/* harmony export */   OW: () => (/* binding */ parseJsonFile)
/* harmony export */ });
/* harmony import */ var _describe_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9869);
/* harmony import */ var _tree_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5765);
// How a criterion sees a file as text. One definition, so file_contains, pattern_count_gte and
// line_count_gte can never disagree about what a line is. Pure.


const NEWLINE = 0x0a;
/** Strict UTF-8 (a byte order mark is dropped): a binary or mis-encoded file is an error, because a
 * replacement character could make a pattern match or miss text that is not there. */
function fileText(file, path) {
    let bytes = file.bytes;
    if (file.truncated) {
        const lastBreak = bytes.lastIndexOf(NEWLINE);
        bytes = bytes.subarray(0, lastBreak + 1);
    }
    let text;
    try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    }
    catch {
        throw new _tree_js__WEBPACK_IMPORTED_MODULE_0__/* .TreeError */ .jh(`${path} is not UTF-8 text`);
    }
    if (text.includes("\r"))
        text = text.replace(/\r\n?/g, "\n");
    return { text, complete: !file.truncated };
}
/** The lines of a normalised text, without their terminators. A final line without a newline counts;
 * the empty string after a final newline does not (so "a\nb\n" and "a\nb" both have 2 lines, as
 * Python's `splitlines()` says). Only "\n", "\r\n" and "\r" end a line: Python also splits on form
 * feeds and Unicode separators, so this count is never higher than verdictkit's, and a count that is
 * too low can only fail a `line_count_gte`, never pass one by mistake. */
function textLines(text) {
    if (text === "")
        return [];
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "")
        lines.pop();
    return lines;
}
/** A line as evidence: enough to recognise it, never a whole minified bundle in a report. */
function excerpt(line, max = 200) {
    return line.length <= max ? line : `${line.slice(0, max)}…`;
}
/** Parse JSON from bytes the way RFC 8259 demands: strict UTF-8, no NaN or comments. The result is a
 * fact about the file (`invalid` fails json_valid); a capped read is a TreeError, since the unread rest
 * decides whether it is valid. */
function parseJsonFile(file, path) {
    if (file.truncated) {
        throw new _tree_js__WEBPACK_IMPORTED_MODULE_0__/* .TreeError */ .jh(`${path} is larger than the read cap (${file.size} bytes); its JSON cannot be checked`);
    }
    let text;
    try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
    }
    catch {
        return { kind: "invalid", message: "not UTF-8 text", size: file.size };
    }
    try {
        return { kind: "parsed", value: JSON.parse(text), size: file.size };
    }
    catch (error) {
        return {
            kind: "invalid",
            message: (0,_describe_error_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .U)(error),
            size: file.size,
        };
    }
}


/***/ }),

/***/ 5765:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ON: () => (/* binding */ treePath),
/* harmony export */   ZY: () => (/* binding */ SYMLINK_HOPS),
/* harmony export */   jh: () => (/* binding */ TreeError),
/* harmony export */   m9: () => (/* binding */ READ_CAP_BYTES),
/* harmony export */   v3: () => (/* binding */ LIST_CAP_ENTRIES)
/* harmony export */ });
// What a criterion may ask of the world, and nothing more. Criteria are pure functions over this
// interface: the checked-out tree (fs-tree.ts), an evidence recorder around it (evidence/collect.ts) and
// an evidence bundle replayed without any tree (evidence/bundle-tree.ts) all answer the same questions, so
// a third party re-runs exactly the code that produced the verdict.
/** Bytes read from one file at most: a criterion never loads an unbounded file into memory (a 4 GB log
 * in a PR must not take the gate down with it). A capped read says so, and a criterion that needed the
 * whole file cannot pass on it. */
const READ_CAP_BYTES = 16 * 1024 * 1024;
/** Directory entries listed at most: a directory of a million files must not stall the gate. */
const LIST_CAP_ENTRIES = 2000;
/** Symlinks followed while resolving one path: a loop (a → b → a) is an error, not a hang. */
const SYMLINK_HOPS = 40;
/** A question the tree cannot answer honestly: an escape, a loop, an unreadable or oversized file, a
 * corrupt database. The engine turns it into a criterion error, which can never be a pass. */
class TreeError extends Error {
    name = "TreeError";
}
/** The canonical form of a contract path: `./a//b/` → `a/b`, `.` or `` → `` (the root). Rejects what
 * could name something outside the tree before any file system call is made: an absolute path
 * (`/etc/passwd`, `C:\x`, `\\server\x`), any `..` segment (even `a/../b`: after a symlink, `..` is not
 * lexical, so it is refused rather than reasoned about), a backslash (a separator on Windows runners),
 * and NUL (truncates the path in C). */
function treePath(path) {
    if (typeof path !== "string")
        throw new TreeError(`path must be a string, got ${typeof path}`);
    if (path.includes("\0"))
        throw new TreeError(`path ${JSON.stringify(path)} contains a NUL byte`);
    if (path.includes("\\")) {
        throw new TreeError(`path ${JSON.stringify(path)} contains a backslash; write paths with "/"`);
    }
    if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) {
        throw new TreeError(`path ${JSON.stringify(path)} is absolute; paths are relative to the tree root`);
    }
    const segments = path.split("/").filter((s) => s !== "" && s !== ".");
    if (segments.includes("..")) {
        throw new TreeError(`path ${JSON.stringify(path)} contains "..", which could leave the tree`);
    }
    return segments.join("/");
}


/***/ }),

/***/ 4348:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Xu: () => (/* binding */ fileFromPatch),
/* harmony export */   rj: () => (/* binding */ parseUnifiedDiff)
/* harmony export */ });
/* unused harmony exports unquotePath, changedLines */
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
/** Git C-quotes paths with unusual bytes ("a/caf\303\251.txt"); undo it so globs and annotations see the
 * real name. Octal escapes are bytes of UTF-8. */
function unquotePath(raw) {
    if (!raw.startsWith('"') || !raw.endsWith('"') || raw.length < 2)
        return raw;
    const body = raw.slice(1, -1);
    const bytes = [];
    const simple = { n: 10, t: 9, r: 13, b: 8, f: 12, v: 11, a: 7, '"': 34, "\\": 92 };
    for (let i = 0; i < body.length; i += 1) {
        const ch = body[i];
        if (ch !== "\\") {
            bytes.push(...Buffer.from(ch, "utf8"));
            continue;
        }
        const next = body[i + 1] ?? "";
        const octal = /^[0-7]{3}/.exec(body.slice(i + 1, i + 4));
        if (octal) {
            bytes.push(Number.parseInt(octal[0], 8));
            i += 3;
        }
        else if (next in simple) {
            bytes.push(simple[next]);
            i += 1;
        }
        else {
            bytes.push(92);
        }
    }
    return Buffer.from(bytes).toString("utf8");
}
/** `a/x`, `b/x` → `x`; `/dev/null` → null. Tab-separated timestamps of plain `diff -u` are dropped. */
function headerPath(raw) {
    let value = raw.trim();
    if (!value.startsWith('"'))
        value = value.split("\t")[0] ?? value;
    value = unquotePath(value);
    if (value === "/dev/null")
        return null;
    if (value.startsWith("a/") || value.startsWith("b/"))
        return value.slice(2);
    return value;
}
/** The two paths of `diff --git a/X b/Y`. Ambiguous when names contain " b/", so this is only a
 * fallback for files with no ---/+++ lines (binary files, pure renames, mode changes). */
function gitHeaderPaths(line) {
    const rest = line.slice("diff --git ".length);
    const quoted = /^("(?:[^"\\]|\\.)*"|\S+) ("(?:[^"\\]|\\.)*"|.+)$/.exec(rest);
    if (rest.startsWith('"') || rest.includes(' "')) {
        if (!quoted)
            return null;
        const from = headerPath(quoted[1]);
        const to = headerPath(quoted[2]);
        return from !== null && to !== null ? { from, to } : null;
    }
    // Unquoted: when both sides name the same file the line is "a/P b/P"; split it in the middle.
    const half = (rest.length - 1) / 2;
    if (Number.isInteger(half) && rest[half] === " ") {
        const from = headerPath(rest.slice(0, half));
        const to = headerPath(rest.slice(half + 1));
        if (from !== null && to !== null && from === to)
            return { from, to };
    }
    const at = rest.indexOf(" b/");
    if (at < 0)
        return null;
    const from = headerPath(rest.slice(0, at));
    const to = headerPath(rest.slice(at + 1));
    return from !== null && to !== null ? { from, to } : null;
}
/** Hunks from lines starting at `start`; stops at the first line that cannot belong to a hunk. */
function readHunks(lines, start) {
    const hunks = [];
    let additions = 0;
    let deletions = 0;
    let malformed = false;
    let i = start;
    while (i < lines.length) {
        const header = lines[i];
        const m = HUNK_HEADER.exec(header);
        if (!m)
            break;
        const oldStart = Number(m[1]);
        const oldLines = m[2] === undefined ? 1 : Number(m[2]);
        const newStart = Number(m[3]);
        const newLines = m[4] === undefined ? 1 : Number(m[4]);
        let oldLeft = oldLines;
        let newLeft = newLines;
        let oldNo = oldStart;
        let newNo = newStart;
        const body = [];
        i += 1;
        while (i < lines.length && (oldLeft > 0 || newLeft > 0 || lines[i].startsWith("\\"))) {
            const line = lines[i];
            const marker = line[0];
            if (marker === "+") {
                if (newLeft === 0)
                    break;
                body.push({ kind: "add", text: line.slice(1), newLine: newNo });
                newNo += 1;
                newLeft -= 1;
                additions += 1;
            }
            else if (marker === "-") {
                if (oldLeft === 0)
                    break;
                body.push({ kind: "del", text: line.slice(1), oldLine: oldNo });
                oldNo += 1;
                oldLeft -= 1;
                deletions += 1;
            }
            else if (marker === " " || line === "") {
                // Some tools strip the single space of an empty context line.
                if (oldLeft === 0 || newLeft === 0)
                    break;
                body.push({ kind: "context", text: line.slice(1), oldLine: oldNo, newLine: newNo });
                oldNo += 1;
                newNo += 1;
                oldLeft -= 1;
                newLeft -= 1;
            }
            else if (marker === "\\") {
                body.push({ kind: "note", text: line.slice(1).trimStart() });
            }
            else {
                break;
            }
            i += 1;
        }
        if (oldLeft !== 0 || newLeft !== 0)
            malformed = true;
        hunks.push({ header, oldStart, oldLines, newStart, newLines, lines: body });
    }
    return { hunks, additions, deletions, malformed, next: i };
}
function statusFrom(flags) {
    if (flags.added)
        return "added";
    if (flags.removed)
        return "removed";
    if (flags.renamed)
        return "renamed";
    if (flags.copied)
        return "copied";
    return "modified";
}
/** Parse a whole unified diff. Text before the first file header (a commit message, `git format-patch`
 * mail headers) is ignored; every file section is kept verbatim in `patch`. */
function parseUnifiedDiff(text) {
    const lines = text.split("\n");
    // A trailing newline yields one empty last element that belongs to no hunk.
    if (lines.length > 0 && lines[lines.length - 1] === "")
        lines.pop();
    const files = [];
    let i = 0;
    const isFileStart = (line, index) => line.startsWith("diff --git ") ||
        (line.startsWith("--- ") && (lines[index + 1] ?? "").startsWith("+++ ")) ||
        line.startsWith("diff --cc ") ||
        line.startsWith("diff --combined ");
    while (i < lines.length && !isFileStart(lines[i], i))
        i += 1;
    while (i < lines.length) {
        const sectionStart = i;
        const first = lines[i];
        let from = null;
        let to = null;
        let seenFrom = false;
        let seenTo = false;
        const flags = { added: false, removed: false, renamed: false, copied: false };
        let binary = false;
        let unreadable = false;
        let gitPaths = null;
        if (first.startsWith("diff --git ")) {
            gitPaths = gitHeaderPaths(first);
            i += 1;
            // Extended header lines, up to the ---/+++ pair, a hunk, or the next file.
            while (i < lines.length) {
                const line = lines[i];
                if (line.startsWith("diff --git ") || line.startsWith("--- ") || line.startsWith("@@ "))
                    break;
                if (line.startsWith("new file mode"))
                    flags.added = true;
                else if (line.startsWith("deleted file mode"))
                    flags.removed = true;
                else if (line.startsWith("rename from ")) {
                    flags.renamed = true;
                    from = unquotePath(line.slice("rename from ".length));
                    seenFrom = true;
                }
                else if (line.startsWith("rename to ")) {
                    to = unquotePath(line.slice("rename to ".length));
                    seenTo = true;
                }
                else if (line.startsWith("copy from ")) {
                    flags.copied = true;
                    from = unquotePath(line.slice("copy from ".length));
                    seenFrom = true;
                }
                else if (line.startsWith("copy to ")) {
                    to = unquotePath(line.slice("copy to ".length));
                    seenTo = true;
                }
                else if (line.startsWith("Binary files ") || line === "GIT binary patch")
                    binary = true;
                i += 1;
            }
        }
        else if (first.startsWith("diff --cc ") || first.startsWith("diff --combined ")) {
            // Combined (merge) diffs have a different line format; keep the file, mark it unreadable.
            unreadable = true;
            i += 1;
        }
        if (i < lines.length && lines[i].startsWith("--- ")) {
            const minus = headerPath(lines[i].slice(4));
            const plus = (lines[i + 1] ?? "").startsWith("+++ ")
                ? headerPath(lines[i + 1].slice(4))
                : null;
            if (!seenFrom)
                from = minus;
            if (!seenTo)
                to = plus;
            if (minus === null)
                flags.added = true;
            if (plus === null && (lines[i + 1] ?? "").startsWith("+++ "))
                flags.removed = true;
            seenFrom = true;
            seenTo = true;
            i += (lines[i + 1] ?? "").startsWith("+++ ") ? 2 : 1;
        }
        const parsed = unreadable ? null : readHunks(lines, i);
        if (parsed)
            i = parsed.next;
        // Anything up to the next file header that is not a hunk means we lost our place.
        while (i < lines.length && !isFileStart(lines[i], i)) {
            // The body of a GIT binary patch is expected; anything else means we lost our place.
            if (!binary)
                unreadable = true;
            i += 1;
        }
        if (!seenFrom && gitPaths)
            from = flags.added ? null : gitPaths.from;
        if (!seenTo && gitPaths)
            to = flags.removed ? null : gitPaths.to;
        const path = to ?? from ?? gitPaths?.to ?? "";
        const patch = lines.slice(sectionStart, i).join("\n");
        const malformed = parsed?.malformed ?? false;
        const previousPath = from !== null && to !== null && from !== to ? from : undefined;
        files.push({
            path,
            ...(previousPath !== undefined ? { previousPath } : {}),
            status: statusFrom(flags),
            binary,
            additions: parsed?.additions ?? 0,
            deletions: parsed?.deletions ?? 0,
            hunks: parsed?.hunks ?? [],
            // A section we could not read (combined diff, broken hunk counts, stray lines, no path) is
            // treated like a patch GitHub omitted: changed, but not seen.
            patchOmitted: unreadable || malformed || path === "",
            patch,
        });
    }
    return { files, source: "unified", truncated: false };
}
const KNOWN_STATUS = [
    "added",
    "modified",
    "removed",
    "renamed",
    "copied",
    "changed",
    "unchanged",
];
/** A file from the files API. GitHub omits `patch` for binary files and for patches it considers too
 * large; with changes but no patch, nobody can review the file from the API, so it is marked omitted.
 * A rename with no content change has nothing to review and is fully seen. */
function fileFromPatch(entry) {
    const status = KNOWN_STATUS.includes(entry.status)
        ? entry.status
        : "changed";
    const header = [
        `diff --git a/${entry.previous_filename ?? entry.filename} b/${entry.filename}`,
        `--- ${status === "added" ? "/dev/null" : `a/${entry.previous_filename ?? entry.filename}`}`,
        `+++ ${status === "removed" ? "/dev/null" : `b/${entry.filename}`}`,
    ].join("\n");
    const base = {
        path: entry.filename,
        ...(entry.previous_filename !== undefined ? { previousPath: entry.previous_filename } : {}),
        status,
        additions: entry.additions,
        deletions: entry.deletions,
    };
    if (entry.patch === undefined || entry.patch === "") {
        return {
            ...base,
            binary: false,
            hunks: [],
            patchOmitted: entry.changes > 0 || entry.additions + entry.deletions > 0,
            patch: header,
        };
    }
    const lines = entry.patch.split("\n");
    if (lines.length > 0 && lines[lines.length - 1] === "")
        lines.pop();
    const parsed = readHunks(lines, 0);
    const leftover = parsed.next < lines.length;
    return {
        ...base,
        binary: false,
        hunks: parsed.hunks,
        patchOmitted: parsed.malformed || leftover || parsed.hunks.length === 0,
        patch: `${header}\n${entry.patch}`,
    };
}
/** Lines changed in a file: what coverage counts. */
function changedLines(file) {
    return file.additions + file.deletions;
}


/***/ })

};

//# sourceMappingURL=728.index.js.map