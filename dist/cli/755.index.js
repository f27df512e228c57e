export const id = 755;
export const ids = [755];
export const modules = {

/***/ 5755:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_REPLY_BYTES: () => (/* binding */ MAX_REPLY_BYTES),
/* harmony export */   verdictCommand: () => (/* binding */ verdictCommand)
/* harmony export */ });
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4573);
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_buffer__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _verdict_findings_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4967);
/* harmony import */ var _verdict_four_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1201);
/* harmony import */ var _verdict_reply_contract_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3200);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7593);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1604);
// `verdict-gate verdict`: a reviewer's reply on stdin → its verdict line and exit status (0 approve,
// 3 request changes, 4 ambiguous or none). The verdict reaches the exit status because a gate whose
// verdict lives only in its output is a log line that automation reads as a pass.






/** Replies above this are refused (exit 2) rather than parsed: past it the decoded text nears V8's
 * string limit and the process's memory, and no reviewer writes a quarter of a gigabyte. */
const MAX_REPLY_BYTES = 256 * 1024 * 1024;
/** At most this many findings are printed by --json; `findings_total` counts them all. */
const MAX_JSON_FINDINGS = 1000;
const USAGE = [
    "usage: verdict-gate verdict [--json] [--round-token TOKEN] < reply.txt",
    "  --json               print one JSON object: verdict, line, exit_code, reason, findings, …",
    "  --round-token TOKEN  a round-bound reply: only `===VERDICT=== APPROVE TOKEN` approves",
].join("\n");
function roundTokenOption(value) {
    if (value === undefined)
        return undefined;
    if (!(0,_verdict_reply_contract_js__WEBPACK_IMPORTED_MODULE_3__/* .isRoundToken */ .o3)(value)) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .e("--round-token must be 26 to 128 characters of 0-9 and a-z (as `verdict-gate prompt` took)");
    }
    return value;
}
/** Decodes stdin as UTF-8. Invalid bytes become U+FFFD rather than an error, so a mangled reply is
 * still read (and can still block); a byte-order mark is kept as text, as Python's utf-8 codec keeps
 * it, so it can never make a marker line look cleaner than it was sent. */
function decode(bytes) {
    const validUtf8 = (0,node_buffer__WEBPACK_IMPORTED_MODULE_0__.isUtf8)(bytes);
    const text = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes);
    const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    return { text, validUtf8, bom };
}
function findingJson(finding) {
    return {
        path: finding.path,
        line: finding.line ?? null,
        end_line: finding.endLine ?? null,
        reason: finding.reason,
        raw: finding.raw,
    };
}
const verdictCommand = {
    name: "verdict",
    summary: "read a reviewer's reply on stdin; print its verdict (exit 0 approve, 3 request changes, 4 ambiguous or none)",
    usage: USAGE,
    async run(args, io) {
        const { values } = (0,_args_js__WEBPACK_IMPORTED_MODULE_4__/* .parse */ .q)(args, { json: { type: "boolean" }, "round-token": { type: "string" } }, 0);
        const roundToken = roundTokenOption(values["round-token"]);
        const bytes = await io.readStdin(MAX_REPLY_BYTES);
        if (bytes.length > MAX_REPLY_BYTES) {
            io.err(`verdict-gate verdict: the reply is over the ${MAX_REPLY_BYTES}-byte limit; nothing was read as a verdict\n`);
            return _verdict_four_js__WEBPACK_IMPORTED_MODULE_2__/* .EXIT */ .dc.usage;
        }
        const input = decode(bytes);
        if (!input.validUtf8) {
            io.err("verdict-gate verdict: warning: the reply is not valid UTF-8; invalid bytes were read as U+FFFD\n");
        }
        if (input.bom) {
            io.err("verdict-gate verdict: note: the reply starts with a byte-order mark, which is read as text\n");
        }
        const reading = (0,_verdict_reply_contract_js__WEBPACK_IMPORTED_MODULE_3__/* .readVerdict */ .wk)(input.text, { roundToken });
        const code = (0,_verdict_reply_contract_js__WEBPACK_IMPORTED_MODULE_3__/* .exitCode */ .I$)(reading.verdict);
        const line = (0,_verdict_reply_contract_js__WEBPACK_IMPORTED_MODULE_3__/* .renderVerdict */ .gM)(reading.verdict);
        if (values.json === true) {
            const { findings, total } = (0,_verdict_findings_js__WEBPACK_IMPORTED_MODULE_1__/* .readFindings */ .RJ)(input.text, MAX_JSON_FINDINGS);
            const report = {
                verdict: reading.verdict,
                line,
                exit_code: code,
                reason: reading.why,
                layer: reading.layer,
                sentinel_line: reading.line,
                round_bound: reading.roundBound,
                findings: findings.map(findingJson),
                findings_total: total,
                input: { bytes: bytes.length, valid_utf8: input.validUtf8, bom: input.bom },
            };
            io.out(`${JSON.stringify(report)}\n`);
        }
        else {
            io.out(`${line}\n`);
            if (reading.verdict !== "APPROVE" && reading.verdict !== "REQUEST_CHANGES") {
                io.err(`verdict-gate verdict: ${reading.why}\n`);
            }
        }
        return code;
    },
};


/***/ }),

/***/ 4967:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RJ: () => (/* binding */ readFindings),
/* harmony export */   Sn: () => (/* binding */ parseFindings),
/* harmony export */   ZX: () => (/* binding */ reviewerResult)
/* harmony export */ });
/* unused harmony exports countUnresolved, describeFinding */
/* harmony import */ var _four_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1201);
/* harmony import */ var _reply_contract_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3200);
// The reviewer's part of a round: its reply read under the reply contract, with each
// `BLOCKING: <path>:<line> — <reason>` line as a named reason. A blocked round must say why, because
// the reasons go back to the author and into the next round's exclusion history; an anonymous block
// is one nobody can act on. Pure: no I/O.


// Models decorate: list bullets (`-`, `*`, `+`, `1.`), blockquotes, bold or underscores around the
// keyword, the colon inside or outside the bold. Missing a finding because it was bulleted would turn
// a block into "requested changes without saying why"; tolerate the decoration, not prose before it.
// Sticky at a line's start. Spaces here never include a line break: a `\s*` that could run on into
// the next lines would rescan every following blank line from each blank line, which a reply of
// millions of empty lines turns quadratic. Only single-character classes repeat without bound: a
// repeated group such as `(?:>\s*)*` costs the engine a backtrack entry per repetition, and a line of
// millions of `> ` then overflows its stack (a crash, found by the stress test in findings.test.ts).
const SPACE = "\\t \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\ufeff\\x1f";
// Also `#` headings, inline code and task-list boxes (`- [ ] BLOCKING: …`): a finding the gate does
// not see lets an APPROVE beside it pass.
const keywordHead = (keyword) => new RegExp(`[>#\`${SPACE}]*(?:(?:[-*+•]|\\d{1,9}[.)])[${SPACE}]+)?(?:\\[[ xX]\\][${SPACE}]+)?(?:\\*\\*|__|\`)?${keyword}(?:\\*\\*|__|\`)?[${SPACE}]*:(?:\\*\\*|__|\`)?[${SPACE}]*`, "iy");
const HEAD = keywordHead("BLOCKING");
// The prompt asks for `UNRESOLVED: <number> — <why>` for an earlier reason that still stands, and says
// such a reason is a blocking finding: an APPROVE beside one contradicts itself, like one beside a
// BLOCKING line.
const UNRESOLVED_HEAD = keywordHead("UNRESOLVED");
const NOTHING = /^[*_`([]*(none|nothing|n\/a|no blocking issues?( found)?|none found)[*_`)\].!]*$/i;
// The PROMPT_RULE shows the format as `<path>:<line>`; an echoed instruction is not a finding. Only the
// placeholder itself is: `<path>/src/a.ts:3` names a real file behind a stray prefix.
const isPlaceholder = (path) => path === "<path>" || path.startsWith("<path>:");
const isDigit = (c) => c >= 0x30 && c <= 0x39;
const isSeparator = (ch) => ch === "—" || ch === "–" || ch === "-" || ch === ":";
/** The start of the run of (at most nine) digits that ends at `end`. */
function digitsBefore(s, end) {
    let i = end;
    while (i > 0 && end - i < 9 && isDigit(s.charCodeAt(i - 1)))
        i -= 1;
    return i;
}
/** Splits `path:12`, `path:12-15`, `path:L12`, `path#L12-L15` into a path and its lines; anything
 * else is all path. Read from the end by hand, so a location of any length costs one pass. */
function splitLocation(loc) {
    const last = digitsBefore(loc, loc.length);
    if (last === loc.length)
        return { path: loc };
    const second = Number(loc.slice(last, loc.length));
    let k = last;
    const markedSecond = loc.charAt(k - 1) === "L";
    if (markedSecond)
        k -= 1;
    const before = loc.charAt(k - 1);
    if (before === ":" || (before === "#" && markedSecond))
        return { path: loc.slice(0, k - 1), line: second };
    if (before === "-" || before === "–") {
        const first = digitsBefore(loc, k - 1);
        if (first < k - 1) {
            let j = first;
            const markedFirst = loc.charAt(j - 1) === "L";
            if (markedFirst)
                j -= 1;
            const lead = loc.charAt(j - 1);
            if (lead === ":" || (lead === "#" && markedFirst)) {
                return { path: loc.slice(0, j - 1), line: Number(loc.slice(first, k - 1)), endLine: second };
            }
        }
    }
    return { path: loc };
}
const LINE_AFTER_QUOTE = /^:L?(\d{1,9})(?:\s*[-–]\s*L?(\d{1,9}))?/;
function reasonFrom(after) {
    let s = (0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .stripPythonSpace */ .lx)(after);
    let i = 0;
    while (i < s.length && isSeparator(s.charAt(i)))
        i += 1;
    s = (0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .stripPythonSpace */ .lx)(s.slice(i));
    return s;
}
const trimEnds = (s, chars) => {
    let a = 0;
    let b = s.length;
    while (a < b && chars.includes(s.charAt(a)))
        a += 1;
    while (b > a && chars.includes(s.charAt(b - 1)))
        b -= 1;
    return s.slice(a, b);
};
/** Reads what follows `BLOCKING:`; null for the instruction's own placeholder line. */
function readBody(body) {
    const text = (0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .stripPythonSpace */ .lx)(body);
    // "BLOCKING: none" states that there is no finding. Counting it as one would hold every approve
    // whose reviewer filled in the format with nothing to report.
    if (NOTHING.test(text))
        return null;
    let location = null;
    let after = "";
    if (text.startsWith("`")) {
        const close = text.indexOf("`", 1);
        if (close > 1) {
            location = splitLocation(trimEnds(text.slice(1, close), " :,;"));
            after = text.slice(close + 1);
            const lines = LINE_AFTER_QUOTE.exec(after);
            if (lines !== null && location.line === undefined) {
                location = { path: location.path, line: Number(lines[1]) };
                if (lines[2] !== undefined)
                    location.endLine = Number(lines[2]);
                after = after.slice(lines[0].length);
            }
        }
    }
    if (location === null) {
        // An unquoted location ends at the first space or dash; it counts as a location only if it looks
        // like one (a slash, a dot, a line number, or a separator after it), so a path-less finding
        // ("BLOCKING: no tests cover the parser") keeps its first word in the reason.
        const stop = /[\s—]|–(?!L?\d)/.exec(text); // an en dash before a digit is a range, not a separator
        const end = stop === null ? text.length : stop.index;
        const token = trimEnds(text.slice(0, end), "*:,;.");
        const rest = text.slice(end);
        const split = splitLocation(token);
        const looksLikeLocation = token.length > 0 &&
            (/[/\\.]/.test(token) || split.line !== undefined || isSeparator((0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .stripPythonSpace */ .lx)(rest).charAt(0)));
        if (!looksLikeLocation)
            return { path: "", reason: text };
        location = split;
        after = rest;
    }
    if (isPlaceholder(location.path))
        return null;
    return { ...location, reason: reasonFrom(after) };
}
/** The BLOCKING lines of a reply, up to `limit`, with how many there are in all. Lines are cut as the
 * reply contract cuts them (Python's splitlines), so a finding and a marker agree on line numbers. */
function readFindings(reply, limit = Number.POSITIVE_INFINITY) {
    const text = reply ?? "";
    const findings = [];
    let total = 0;
    (0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .eachReplyLine */ .GF)(text, (start, end) => {
        if (start === end)
            return true;
        HEAD.lastIndex = start;
        if (!HEAD.test(text) || HEAD.lastIndex > end)
            return true;
        const bodyText = text.slice(HEAD.lastIndex, end);
        if (findings.length >= limit) {
            // Past the limit only the count matters: a reply of millions of BLOCKING lines should cost a
            // test per line, not a parse.
            if (!/^`?<path>(?:[:`\s]|$)/.test(bodyText) && !NOTHING.test((0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .stripPythonSpace */ .lx)(bodyText)))
                total += 1;
            return true;
        }
        const body = readBody(bodyText);
        if (body === null)
            return true;
        total += 1;
        findings.push(Object.freeze({ ...body, raw: (0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .stripPythonSpace */ .lx)(text.slice(start, end)) }));
        return true;
    });
    return { findings, total };
}
/** How many lines of a reply say an earlier reason is still unresolved. */
function countUnresolved(reply) {
    const text = reply ?? "";
    let count = 0;
    (0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .eachReplyLine */ .GF)(text, (start, end) => {
        if (start === end)
            return true;
        UNRESOLVED_HEAD.lastIndex = start;
        if (!UNRESOLVED_HEAD.test(text) || UNRESOLVED_HEAD.lastIndex > end)
            return true;
        // "UNRESOLVED: none" says there is nothing unresolved.
        if (!NOTHING.test((0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .stripPythonSpace */ .lx)(text.slice(UNRESOLVED_HEAD.lastIndex, end))))
            count += 1;
        return true;
    });
    return count;
}
/** Every BLOCKING line of a reply. */
function parseFindings(reply) {
    return readFindings(reply).findings;
}
const MAX_REASON = 1000;
/** A finding as one reason: `path:12-15 — reason`. Never empty, because a Result refuses an empty
 * reason, and a finding that could not be described must still block. */
function describeFinding(finding) {
    let where = finding.path;
    if (where !== "" && finding.line !== undefined) {
        where += `:${finding.line}`;
        if (finding.endLine !== undefined)
            where += `-${finding.endLine}`;
    }
    const reason = finding.reason.trim() === "" ? "" : finding.reason;
    let text;
    if (where.trim() === "")
        text = reason === "" ? "a BLOCKING line with no text" : reason;
    else
        text = `${where} — ${reason === "" ? "(no reason given)" : reason}`;
    return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text;
}
/** The reviewer's part of a round, as a four-valued Result:
 * - APPROVE with no BLOCKING line → YES;
 * - APPROVE that also lists BLOCKING lines, or UNRESOLVED earlier reasons → MAYBE: the reply
 *   contradicts itself, and approving past a blocking finding is the expensive mistake, so a person
 *   decides;
 * - REQUEST_CHANGES → NO, one reason per BLOCKING line (or one saying there was none);
 * - AMBIGUOUS → MAYBE naming how the contract was broken; no verdict → MAYBE saying so.
 * Findings in a held reply ride along as context, so nothing the reviewer wrote is lost. */
function reviewerResult(reply, options = {}) {
    const reading = (0,_reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .readVerdict */ .wk)(reply, options);
    const limit = Math.max(1, Math.floor(options.maxReasons ?? 50));
    const { findings, total } = readFindings(reply, limit);
    const listed = findings.map(describeFinding);
    const more = total > findings.length ? [`… and ${total - findings.length} more BLOCKING line(s) in the reply`] : [];
    const context = [...listed.map((f) => `the reviewer's BLOCKING line: ${f}`), ...more];
    switch (reading.verdict) {
        case _reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .APPROVE */ .Ob: {
            const unresolved = countUnresolved(reply);
            if (unresolved > 0) {
                return (0,_four_js__WEBPACK_IMPORTED_MODULE_0__/* .maybe */ .GL)(`the reviewer approved but also said ${unresolved} earlier reason(s) are unresolved; a person must decide which it meant`, ...context);
            }
            if (total === 0)
                return (0,_four_js__WEBPACK_IMPORTED_MODULE_0__/* .yes */ .EZ)();
            return (0,_four_js__WEBPACK_IMPORTED_MODULE_0__/* .maybe */ .GL)(`the reviewer approved but also wrote ${total} BLOCKING line(s); a person must decide which it meant`, ...context);
        }
        case _reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .REQUEST_CHANGES */ .EB: {
            const [first, ...rest] = [...listed, ...more];
            if (first === undefined) {
                return (0,_four_js__WEBPACK_IMPORTED_MODULE_0__.no)("the reviewer requested changes without a BLOCKING line saying why; read its reply");
            }
            return (0,_four_js__WEBPACK_IMPORTED_MODULE_0__.no)(first, ...rest);
        }
        case _reply_contract_js__WEBPACK_IMPORTED_MODULE_1__/* .AMBIGUOUS */ .Te:
            return (0,_four_js__WEBPACK_IMPORTED_MODULE_0__/* .maybe */ .GL)(`the reviewer broke the reply contract: ${reading.why}`, ...context);
        default:
            return (0,_four_js__WEBPACK_IMPORTED_MODULE_0__/* .maybe */ .GL)(`the reviewer stated no verdict: ${reading.why}`, ...context);
    }
}


/***/ })

};

//# sourceMappingURL=755.index.js.map