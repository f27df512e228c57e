export const id = 332;
export const ids = [332];
export const modules = {

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


/***/ }),

/***/ 332:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   reviewCommand: () => (/* binding */ reviewCommand)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _criteria_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3238);
/* harmony import */ var _describe_error_js__WEBPACK_IMPORTED_MODULE_18__ = __webpack_require__(9869);
/* harmony import */ var _gate_bind_reviewer_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2964);
/* harmony import */ var _gate_round_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3439);
/* harmony import */ var _gate_workspace_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2142);
/* harmony import */ var _report_round_report_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3113);
/* harmony import */ var _review_round_token_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9372);
/* harmony import */ var _verdict_four_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(1201);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_20__ = __webpack_require__(311);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(7593);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_17__ = __webpack_require__(1604);
/* harmony import */ var _paint_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(8694);
/* harmony import */ var _read_diff_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(482);
/* harmony import */ var _recorded_github_js__WEBPACK_IMPORTED_MODULE_19__ = __webpack_require__(1786);
/* harmony import */ var _round_context_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(2352);
/* harmony import */ var _round_json_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(1881);
/* harmony import */ var _round_options_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(7906);
/* harmony import */ var _round_text_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(9588);
// `verdict-gate review`: one whole round on a local diff — the same round the action runs on a pull
// request (src/gate/round.ts), with the diff from stdin or a file standing in for the PR, the contract
// read from disk and checked against the working tree, and the check run recorded instead of posted.
// Nothing here decides anything: a local approve has exactly the action's shape, because it is the
// action's code. Exit 0 approve, 3 blocked, 4 hold-for-human, 5 conditional-on, 2 bad input.





















const USAGE = [
    "usage: git diff main | verdict-gate review [options]",
    "       verdict-gate review --diff FILE [options]",
    "",
    "  --diff FILE|-      the unified diff to review (default: standard input)",
    "  --contract FILE    the contract (default: .github/verdict-contract.json under --base-path, if present)",
    "  --base-path DIR    the working tree the criteria read (default: the current directory)",
    _round_options_js__WEBPACK_IMPORTED_MODULE_15__/* .ROUND_OPTIONS_USAGE */ .U2,
    "",
    "exit: 0 approve · 3 blocked · 4 hold-for-human · 5 conditional-on · 2 bad input · 1 internal error",
].join("\n");
const OPTIONS = { ..._round_options_js__WEBPACK_IMPORTED_MODULE_15__/* .ROUND_OPTIONS */ .M, diff: { type: "string" } };
/** Whether nothing at all is at `full` (not even a dangling symlink): only then is the default contract
 * "missing". Anything else that cannot be read is an unreadable contract, which holds the round. */
function nothingAt(full) {
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.lstatSync)(full);
        return false;
    }
    catch (error) {
        const code = error?.code;
        return code === "ENOENT" || code === "ENOTDIR";
    }
}
/** The contract as the round expects it from GitHub: found (with a content hash), missing, or
 * unreadable, exactly as the action reads it from the base commit. A named --contract that cannot be
 * read is a usage error; the default one is missing only when nothing is there at all (a dangling
 * symlink or a permission error is unreadable, and holds the round instead of skipping the criteria).
 * The text must be UTF-8, as `check` and the action require: a replacement character silently put
 * into a pattern would change what it matches. */
function readContract(io, given, basePath) {
    const source = given ?? _round_options_js__WEBPACK_IMPORTED_MODULE_15__/* .ACTION_DEFAULTS */ .O5.contract;
    const full = given !== undefined ? node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(io.cwd, given) : node_path__WEBPACK_IMPORTED_MODULE_2___default().join(basePath, source);
    let bytes;
    try {
        bytes = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(full);
    }
    catch (error) {
        if (given !== undefined) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_17__/* .UsageError */ .e(`--contract ${given}: cannot read it: ${(0,_describe_error_js__WEBPACK_IMPORTED_MODULE_18__/* .describeError */ .U)(error)}`);
        }
        if (nothingAt(full))
            return { file: { kind: "missing" }, source };
        return { file: { kind: "unreadable", message: (0,_describe_error_js__WEBPACK_IMPORTED_MODULE_18__/* .describeError */ .U)(error) }, source };
    }
    let text;
    try {
        text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    }
    catch {
        return { file: { kind: "unreadable", message: `${source} is not UTF-8 text` }, source };
    }
    return { file: { kind: "found", text, sha: (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)("sha256").update(text).digest("hex") }, source };
}
/** The report with what only makes sense on a pull request taken out: the stand-in PR's number, the
 * rounds row when it only says "round 1 of 10" (a local diff has no history), and "on the base commit"
 * (a local contract is read from disk). */
function localReport(report, source) {
    const { prNumber: _local, ...rest } = report;
    return {
        ...rest,
        parts: report.parts
            .filter((p) => !(p.name === "rounds" && p.result.value === "YES"))
            .map((p) => p.name === "criteria" && p.skipped === true
            ? { ...p, summary: `no contract at ${source} (--contract FILE names one)` }
            : p),
    };
}
const reviewCommand = {
    name: "review",
    summary: "one whole round on a local diff (stdin or --diff): reviewer, contract, one four-valued status",
    usage: USAGE,
    async run(args, io) {
        (0,_round_options_js__WEBPACK_IMPORTED_MODULE_15__/* .refuseKeyFlags */ .Jp)(args);
        const { values } = (0,_args_js__WEBPACK_IMPORTED_MODULE_10__/* .parse */ .q)(args, OPTIONS, 0);
        if (values.json === true && values.markdown === true)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_17__/* .UsageError */ .e("choose --json or --markdown");
        const key = (0,_round_options_js__WEBPACK_IMPORTED_MODULE_15__/* .reviewerKey */ .rZ)(values, io.env, (0,_round_options_js__WEBPACK_IMPORTED_MODULE_15__/* .providerOf */ .lc)(values));
        const basePath = node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(io.cwd, values["base-path"] ?? ".");
        let tree;
        try {
            tree = (0,_criteria_index_js__WEBPACK_IMPORTED_MODULE_3__/* .openTree */ .rB)(basePath);
        }
        catch (error) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_17__/* .UsageError */ .e(`--base-path ${String(values["base-path"] ?? ".")}: ${(0,_describe_error_js__WEBPACK_IMPORTED_MODULE_18__/* .describeError */ .U)(error)}`);
        }
        const contract = readContract(io, values.contract, basePath);
        const base = (0,_round_options_js__WEBPACK_IMPORTED_MODULE_15__/* .roundSettings */ .oU)(values, key.key, {
            repository: "local/working-tree",
            pr: _recorded_github_js__WEBPACK_IMPORTED_MODULE_19__/* .LOCAL_PR */ .$y,
            // Never sent anywhere: a local round has no GitHub. The settings reader wants some token.
            token: "local",
            apiUrl: "https://api.github.com",
        });
        const settings = { ...base, token: "", contractPath: contract.source, workspace: basePath };
        const githubToken = io.env.GITHUB_TOKEN ?? io.env.GH_TOKEN ?? "";
        const reviewer = (0,_round_context_js__WEBPACK_IMPORTED_MODULE_13__/* .reviewerFor */ .D)(() => (0,_gate_bind_reviewer_js__WEBPACK_IMPORTED_MODULE_4__/* .bindReviewer */ .L)(settings.reviewer, githubToken, io.env));
        const { diff, from } = await (0,_read_diff_js__WEBPACK_IMPORTED_MODULE_12__/* .readDiff */ .i)(io, values.diff, {
            pipe: "git diff main | verdict-gate review",
            refuseTerminal: true,
        });
        if (key.note !== undefined)
            io.err(`verdict-gate review: note: ${key.note}\n`);
        const { port } = (0,_recorded_github_js__WEBPACK_IMPORTED_MODULE_19__/* .recordWrites */ .qm)((0,_recorded_github_js__WEBPACK_IMPORTED_MODULE_19__/* .localGitHub */ .rw)({ diff, contract: contract.file, head: (0,_gate_workspace_js__WEBPACK_IMPORTED_MODULE_6__/* .workspaceHead */ .k)(basePath) ?? "0".repeat(40) }), { dryRun: true, appSlug: "local" });
        const ctx = {
            settings,
            github: port,
            reviewer: () => reviewer,
            openTree: () => tree,
            // The working tree is the new side of a local diff by construction; there is no head to match.
            now: () => new Date(),
            newRoundToken: _review_round_token_js__WEBPACK_IMPORTED_MODULE_8__/* .newRoundToken */ .A,
            log: (0,_round_context_js__WEBPACK_IMPORTED_MODULE_13__/* .cliLog */ .$)(io, "review", values.verbose === true, false),
            version: _version_js__WEBPACK_IMPORTED_MODULE_20__/* .VERSION */ .x,
        };
        const outcome = await (0,_gate_round_js__WEBPACK_IMPORTED_MODULE_5__/* .runPullRequestRound */ .s)(ctx, _recorded_github_js__WEBPACK_IMPORTED_MODULE_19__/* .LOCAL_PR */ .$y);
        if (outcome.status === undefined || outcome.report === undefined) {
            io.err(`verdict-gate review: ${outcome.message}\n`);
            return _verdict_four_js__WEBPACK_IMPORTED_MODULE_9__/* .EXIT */ .dc.internal;
        }
        const report = localReport(outcome.report, contract.source);
        if (values.json === true) {
            const json = (0,_round_json_js__WEBPACK_IMPORTED_MODULE_14__/* .roundJson */ .p)(outcome.status, report, outcome);
            delete json.exclusions;
            delete json.round;
            io.out(`${JSON.stringify({ ...json, diff: from, base_path: basePath }, null, 2)}\n`);
        }
        else if (values.markdown === true) {
            io.out(`${(0,_report_round_report_js__WEBPACK_IMPORTED_MODULE_7__/* .renderJobSummary */ .qE)(report)}\n`);
        }
        else {
            const paint = (0,_paint_js__WEBPACK_IMPORTED_MODULE_11__/* .painter */ .C)(io);
            io.out((0,_round_text_js__WEBPACK_IMPORTED_MODULE_16__/* .roundText */ .W)(report, paint, "local"));
            io.out(paint("dim", `\nreviewed ${diff.files.length} file${diff.files.length === 1 ? "" : "s"} from ${from}; criteria read ${basePath}\n`));
        }
        return (0,_verdict_four_js__WEBPACK_IMPORTED_MODULE_9__/* .exitCodeOf */ .FO)(outcome.status);
    },
};


/***/ })

};

//# sourceMappingURL=332.index.js.map