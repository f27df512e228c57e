export const id = 418;
export const ids = [418];
export const modules = {

/***/ 7593:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ parse)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1604);
// Strict argument parsing for every command: an unknown flag or a missing value is a UsageError
// (exit 2), never silently ignored, because a mistyped `--jsno` must not change what a gate reports.


function parse(args, options, maxPositionals) {
    let parsed;
    try {
        parsed = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({ args: [...args], options, allowPositionals: true, strict: true });
    }
    catch (error) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .e(error instanceof Error ? error.message : String(error));
    }
    if (parsed.positionals.length > maxPositionals) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .e(`unexpected argument ${JSON.stringify(parsed.positionals[maxPositionals])}`);
    }
    return parsed;
}


/***/ }),

/***/ 6418:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkCommand: () => (/* binding */ checkCommand)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _criteria_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3238);
/* harmony import */ var _describe_error_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9869);
/* harmony import */ var _verdict_four_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1201);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7593);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(1604);
/* harmony import */ var _paint_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8694);
/* harmony import */ var _read_diff_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(482);
// `verdict-gate check`: a contract checked against a directory (and a diff), verdictkit-style. Exit 0
// PASS, 3 FAIL, 4 FLAG, 2 for an invalid contract or bad arguments; only PASS is 0, so a script that
// tests the exit status can never mistake "could not check" for "passed".









const USAGE = [
    "usage: verdict-gate check CONTRACT [--base-path DIR] [--diff FILE|-] [--json] [--evidence FILE]",
    "       verdict-gate check --verify-evidence FILE [--bundle-hash HEX] [--json]",
    "",
    "  --diff FILE|-         the unified diff the diff criteria judge (- for standard input)",
    "  --evidence FILE       also write an evidence bundle of everything the criteria read",
    "  --verify-evidence F   recompute a bundle's hashes and re-run its criteria without the tree",
    "  --bundle-hash HEX     with --verify-evidence: the bundle_hash recorded when the bundle was",
    "                        collected; without it a bundle only proves it agrees with itself",
    "",
    "exit: 0 PASS · 3 FAIL · 4 FLAG · 2 invalid contract or input · 1 internal error",
].join("\n");
const OPTIONS = {
    "base-path": { type: "string" },
    diff: { type: "string" },
    json: { type: "boolean" },
    evidence: { type: "string" },
    "verify-evidence": { type: "string" },
    "bundle-hash": { type: "string" },
};
const EXIT_OF = {
    PASS: _verdict_four_js__WEBPACK_IMPORTED_MODULE_3__/* .EXIT */ .dc.approve,
    FAIL: _verdict_four_js__WEBPACK_IMPORTED_MODULE_3__/* .EXIT */ .dc.blocked,
    FLAG: _verdict_four_js__WEBPACK_IMPORTED_MODULE_3__/* .EXIT */ .dc.hold,
};
/** An input the user must fix: printed, and exit 2. */
class InputError extends Error {
}
function readInput(io, file, what) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(io.cwd, file), "utf8");
    }
    catch (error) {
        throw new InputError(`cannot read ${what} ${file}: ${(0,_describe_error_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .U)(error)}`);
    }
}
/** A contract must be UTF-8: a replacement character silently put into a pattern would change what it
 * matches. */
function readContractText(io, file) {
    let bytes;
    try {
        bytes = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(io.cwd, file));
    }
    catch (error) {
        throw new InputError(`cannot read the contract ${file}: ${(0,_describe_error_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .U)(error)}`);
    }
    try {
        return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    }
    catch {
        throw new InputError(`${file}: contract: not UTF-8 text`);
    }
}
/** What a person must be told about an intact bundle whose hash nobody pinned: it agrees with itself,
 * which whoever edited it can arrange. */
const SELF_CONSISTENT_ONLY = "only self-consistent: anyone who edits a bundle can recompute its hashes. Compare its bundle_hash with the one recorded when it was collected, or pass it with --bundle-hash";
function bundleHashOption(value) {
    if (value === undefined)
        return undefined;
    if (typeof value !== "string" || !/^[0-9a-fA-F]{64}$/.test(value)) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e("--bundle-hash expects the 64 hex digits of a bundle_hash");
    }
    return value.toLowerCase();
}
async function verify(io, file, options) {
    const { json, expectedBundleHash } = options;
    const text = readInput(io, file, "the evidence bundle");
    let bundle;
    try {
        bundle = JSON.parse(text);
    }
    catch (error) {
        throw new InputError(`${file} is not JSON: ${(0,_describe_error_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .U)(error)}`);
    }
    const result = await (0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .verifyEvidence */ .Jm)(bundle, expectedBundleHash === undefined ? {} : { expectedBundleHash });
    const bundleHash = bundle?.bundle_hash;
    if (json) {
        io.out(`${JSON.stringify({
            verdict: result.verdict,
            reason: result.reason,
            intact: result.intact,
            problems: result.problems,
            bundle_hash: typeof bundleHash === "string" ? bundleHash : null,
            bundle_hash_pinned: result.hashPinned,
            expected_bundle_hash: expectedBundleHash ?? null,
            recorded_verdict: result.recorded?.verdict ?? null,
            checks: result.report?.checks ?? [],
            unverifiable_claims: result.report?.unverifiable_claims ?? [],
            differences: result.differences,
        }, null, 2)}\n`);
    }
    else {
        const paint = (0,_paint_js__WEBPACK_IMPORTED_MODULE_5__/* .painter */ .C)(io);
        const lines = [`evidence bundle ${(0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .printable */ .g$)(file)}`];
        if (result.intact) {
            lines.push(`  intact: every hash matches (bundle_hash ${(0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .printable */ .g$)(String(bundleHash))})`);
            lines.push(result.hashPinned
                ? "  pinned: the bundle_hash is the one given with --bundle-hash"
                : `  ${paint("warn", "note")}: ${SELF_CONSISTENT_ONLY}`);
            lines.push(`  recorded verdict: ${result.recorded?.verdict ?? "none"}; re-run on the bundle alone below`);
        }
        else {
            lines.push(`  ${paint("bad", "NOT INTACT")}: the bundle cannot be trusted`);
            for (const problem of result.problems.slice(0, 20))
                lines.push(`  - ${(0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .printable */ .g$)(problem)}`);
        }
        io.out(`${lines.join("\n")}\n\n`);
        if (result.report !== undefined)
            io.out((0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .reportTable */ .jn)({ ...result.report, verdict: result.verdict, reason: result.reason }, paint));
        else
            io.out(`${paint("bad", result.verdict)}  ${(0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .printable */ .g$)(result.reason)}\n`);
        if (result.differences.length > 0) {
            io.out(`\ndiffers from the recorded run:\n${result.differences.map((d) => `  - ${(0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .printable */ .g$)(d)}`).join("\n")}\n`);
        }
    }
    return EXIT_OF[result.verdict];
}
async function check(io, contractFile, options) {
    let contract;
    try {
        contract = (0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .loadContract */ .lF)(readContractText(io, contractFile), contractFile);
    }
    catch (error) {
        throw new InputError(error instanceof Error ? error.message : String(error));
    }
    let tree;
    try {
        tree = (0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .openTree */ .rB)(node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(io.cwd, options.basePath));
    }
    catch (error) {
        throw new InputError(`--base-path ${options.basePath}: ${(0,_describe_error_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .U)(error)}`);
    }
    const diff = options.diffFile === undefined
        ? undefined
        : (await (0,_read_diff_js__WEBPACK_IMPORTED_MODULE_6__/* .readDiff */ .i)(io, options.diffFile, {
            pipe: "git diff main | verdict-gate check CONTRACT --diff -",
        })).diff;
    let report;
    let bundleHash;
    if (options.evidenceFile !== undefined) {
        const bundle = await (0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .collectEvidence */ .mE)(contract, { tree, diff });
        try {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(io.cwd, options.evidenceFile), `${JSON.stringify(bundle)}\n`);
        }
        catch (error) {
            throw new InputError(`cannot write the evidence bundle to ${options.evidenceFile}: ${(0,_describe_error_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .U)(error)}`);
        }
        report = bundle.report;
        bundleHash = bundle.bundle_hash;
    }
    else {
        report = await (0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .checkContract */ .nb)(contract, { tree, diff });
    }
    if (options.json) {
        const extra = options.evidenceFile === undefined
            ? {}
            : { evidence_bundle: { file: options.evidenceFile, bundle_hash: bundleHash } };
        io.out(`${JSON.stringify({ contract: contractFile, ...report, ...extra }, null, 2)}\n`);
    }
    else {
        io.out((0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .reportTable */ .jn)(report, (0,_paint_js__WEBPACK_IMPORTED_MODULE_5__/* .painter */ .C)(io)));
        if (options.evidenceFile !== undefined) {
            io.out(`\nevidence: ${(0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_2__/* .printable */ .g$)(options.evidenceFile)} (bundle_hash ${String(bundleHash)})\n` +
                "record this bundle_hash apart from the bundle: --verify-evidence FILE --bundle-hash HEX checks against it\n");
        }
    }
    return EXIT_OF[report.verdict];
}
const checkCommand = {
    name: "check",
    summary: "check a contract's criteria against a directory (and a diff): PASS, FLAG or FAIL",
    usage: USAGE,
    async run(args, io) {
        const { values, positionals } = (0,_args_js__WEBPACK_IMPORTED_MODULE_4__/* .parse */ .q)(args, OPTIONS, 1);
        const json = values.json === true;
        const verifyFile = values["verify-evidence"];
        const expectedBundleHash = bundleHashOption(values["bundle-hash"]);
        try {
            if (verifyFile !== undefined) {
                const extra = positionals[0] ?? ["base-path", "diff", "evidence"].find((k) => values[k] !== undefined);
                if (extra !== undefined)
                    throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e(`--verify-evidence takes no contract, --base-path, --diff or --evidence`);
                return await verify(io, verifyFile, { json, expectedBundleHash });
            }
            if (expectedBundleHash !== undefined)
                throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e("--bundle-hash goes with --verify-evidence");
            if (values.evidence === "-" || values.evidence === "") {
                throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e("--evidence needs a file name to write the bundle to");
            }
            const contractFile = positionals[0];
            if (contractFile === undefined)
                throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e("missing CONTRACT (the contract file to check)");
            return await check(io, contractFile, {
                basePath: values["base-path"] ?? ".",
                ...(values.diff === undefined ? {} : { diffFile: values.diff }),
                ...(values.evidence === undefined ? {} : { evidenceFile: values.evidence }),
                json,
            });
        }
        catch (error) {
            if (error instanceof InputError) {
                io.err(`verdict-gate check: ${error.message}\n`);
                return _verdict_four_js__WEBPACK_IMPORTED_MODULE_3__/* .EXIT */ .dc.usage;
            }
            throw error;
        }
    },
};


/***/ }),

/***/ 482:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ readDiff)
/* harmony export */ });
/* unused harmony export MAX_DIFF_BYTES */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _describe_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9869);
/* harmony import */ var _diff_parse_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4348);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1604);
// The diff a CLI command judges, from a file or standard input (`-`), read the one way every command
// reads it: within a byte limit (stdin stops being read past it, so an endless pipe cannot exhaust
// memory), and refused when it holds no file diff at all. An empty or non-diff input is a mistake (a
// wrong branch, a failed `git diff`, the wrong file), and read as "nothing changed" it would pass every
// diff criterion in silence.





/** A diff larger than this is refused: nobody reviews a quarter of a gigabyte, and reading it would
 * only exhaust memory. */
const MAX_DIFF_BYTES = 256 * 1024 * 1024;
/** A file's bytes, stopping once more than `maxBytes` arrived (a FIFO or a device can be endless). */
async function readBounded(file, maxBytes) {
    const chunks = [];
    let size = 0;
    // Leaving the loop early destroys the stream.
    for await (const chunk of (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.createReadStream)(file)) {
        chunks.push(chunk);
        size += chunk.length;
        if (size > maxBytes)
            break;
    }
    return Buffer.concat(chunks);
}
/** Reads `file` (`-` or undefined: standard input). Throws UsageError (exit 2) for an unreadable file,
 * an input over the limit, and an input with no file diff in it. */
async function readDiff(io, file, options) {
    const maxBytes = options.maxBytes ?? MAX_DIFF_BYTES;
    const fromStdin = file === undefined || file === "-";
    const from = fromStdin ? "standard input" : file;
    let bytes;
    if (fromStdin) {
        if (file === undefined && options.refuseTerminal === true && io.stdinIsTTY === true) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .e(`no diff: pipe one in (${options.pipe} …) or pass --diff FILE`);
        }
        bytes = await io.readStdin(maxBytes);
    }
    else {
        try {
            bytes = await readBounded(node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(io.cwd, file), maxBytes);
        }
        catch (error) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .e(`--diff ${file}: cannot read it: ${(0,_describe_error_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .U)(error)}`);
        }
    }
    if (bytes.length > maxBytes) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .e(`the diff from ${from} is over the ${maxBytes}-byte limit; nothing was checked`);
    }
    const text = bytes.toString("utf8");
    const diff = (0,_diff_parse_js__WEBPACK_IMPORTED_MODULE_4__/* .parseUnifiedDiff */ .rj)(text);
    if (diff.files.length === 0) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .e(text.trim() === ""
            ? `the diff from ${from} is empty: nothing changed, or nothing was piped in (${options.pipe} …)`
            : `the input from ${from} holds no file diffs: is it a unified diff (git diff, git format-patch)?`);
    }
    return { diff, from };
}


/***/ })

};

//# sourceMappingURL=418.index.js.map