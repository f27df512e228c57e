export const id = 488;
export const ids = [488];
export const modules = {

/***/ 5488:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  auditCommand: () => (/* binding */ auditCommand),
  auditJson: () => (/* binding */ auditJson),
  auditText: () => (/* binding */ auditText)
});

// EXTERNAL MODULE: ./src/github/errors.ts
var errors = __webpack_require__(3116);
// EXTERNAL MODULE: ./src/report/history-comment.ts
var history_comment = __webpack_require__(4722);
// EXTERNAL MODULE: ./src/verdict/history.ts
var verdict_history = __webpack_require__(269);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: ./src/github/client.ts + 3 modules
var github_client = __webpack_require__(4272);
// EXTERNAL MODULE: ./src/github/repository-ref.ts
var repository_ref = __webpack_require__(835);
// EXTERNAL MODULE: ./src/github/sticky-comment.ts
var sticky_comment = __webpack_require__(7648);
;// CONCATENATED MODULE: ./src/github/history-audit.ts
// A pull request's round history, read from the gate's comment through the API and audited: the
// library half of `verdict-gate audit`. Only the trusted author's comment is read (anyone can comment
// on a pull request), and an unreadable or tampered history comes back as an invalid report, never
// as an exception a caller might mistake for "nothing to see".






/** The login the gate writes its comment as under a workflow's GITHUB_TOKEN (the GitHub Actions app's
 * bot). */
const DEFAULT_AUTHOR = "github-actions[bot]";
/** Reads the gate's history comment on a pull request and audits it. Throws only for API failures
 * (as GitHubError, naming the operation); an unreadable or tampered history is an invalid report. */
async function auditPullRequest(options) {
    const checkName = options.checkName ?? "verdict-gate";
    const author = options.author ?? DEFAULT_AUTHOR;
    const client = options.client ??
        (0,github_client/* createGitHubClient */.L)({
            token: options.token,
            // Only when given: the client's own fallback is GITHUB_API_URL, then api.github.com, so a GHES
            // runner's token is never sent to github.com for want of this option.
            ...(options.apiUrl !== undefined ? { baseUrl: options.apiUrl } : {}),
            userAgent: `verdict-gate/${version/* VERSION */.x} (audit)`,
            ...(options.backoffUnitMs !== undefined ? { backoffUnitMs: options.backoffUnitMs } : {}),
        });
    const repository = (0,repository_ref/* parseRepository */.S)(options.repository);
    const found = await (0,sticky_comment/* findStickyComment */.oC)(client, repository, options.number, (0,history_comment/* historyMarker */.rz)(checkName), author);
    const base = { repository: options.repository, number: options.number, checkName, author };
    const requests = found.requests;
    if (found.kind === "absent") {
        return {
            ...base,
            comment: null,
            impostors: found.impostors,
            history: null,
            report: invalid(`no ${checkName} history comment by ${author} on the pull request`),
            requests,
        };
    }
    const comment = { id: found.comment.id, url: found.comment.htmlUrl };
    const read = (0,history_comment/* readHistoryComment */.qu)(found.comment.body);
    if (!read.ok) {
        return {
            ...base,
            comment,
            impostors: found.impostors,
            history: null,
            report: invalid(read.message),
            requests,
        };
    }
    const report = (0,verdict_history/* audit */.sb)(read.history);
    // The gate itself refuses a history that names another PR or check: so does the audit.
    const misfiled = read.history.pr !== options.number || read.history.check !== checkName
        ? [
            `the history is for #${read.history.pr} (check ${read.history.check}), not #${options.number} (${checkName})`,
        ]
        : [];
    return {
        ...base,
        comment,
        impostors: found.impostors,
        history: read.history,
        report: {
            ...report,
            valid: report.valid && misfiled.length === 0,
            errors: [...misfiled, ...report.errors],
        },
        requests,
    };
}
function invalid(error) {
    return { valid: false, errors: [error], rounds: 0, blockedRounds: 0, maxRounds: 0 };
}

// EXTERNAL MODULE: ./src/verdict/four.ts
var four = __webpack_require__(1201);
// EXTERNAL MODULE: ./src/cli/args.ts
var cli_args = __webpack_require__(7593);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(1604);
// EXTERNAL MODULE: ./src/cli/paint.ts
var cli_paint = __webpack_require__(8694);
// EXTERNAL MODULE: ./src/cli/pr.ts + 11 modules
var pr = __webpack_require__(6096);
;// CONCATENATED MODULE: ./src/cli/audit.ts
// `verdict-gate audit OWNER/REPO#N`: reads a pull request's round history from the gate's comment and
// replays it — every receipt's hash, every link to the previous round, every state transition and the
// finite bound — the way verdict4's controller audits its receipts. Exit 0 when the chain verifies, 3
// when it does not (or cannot be read), 2 for bad arguments or no history to audit, 1 for an internal
// error. Reading is all it does: a token that can read the pull request's comments is enough.







const USAGE = [
    "usage: verdict-gate audit OWNER/REPO#N [--json] [--check-name NAME] [--author LOGIN] [--api-url URL]",
    "",
    "  --check-name NAME   the gate's check name, which keys its history comment (default verdict-gate)",
    `  --author LOGIN      the only author whose history comment is trusted (default ${DEFAULT_AUTHOR};`,
    "                      a GitHub App's is APP-SLUG[bot])",
    "  --api-url URL       GitHub's REST API (default $GITHUB_API_URL, else https://api.github.com)",
    "  --json              one JSON object instead of the report",
    "  The token comes from GITHUB_TOKEN or GH_TOKEN (read access to the pull request is enough).",
].join("\n");
const OPTIONS = {
    json: { type: "boolean" },
    "check-name": { type: "string" },
    author: { type: "string" },
    "api-url": { type: "string" },
};
function auditJson(result) {
    const { report, history } = result;
    return {
        pull_request: `${result.repository}#${result.number}`,
        check: result.checkName,
        author: result.author,
        comment: result.comment,
        impostors: result.impostors,
        valid: report.valid,
        errors: report.errors,
        rounds: report.rounds,
        blocked_rounds: report.blockedRounds,
        max_rounds: report.maxRounds,
        last_hash: history?.rounds[history.rounds.length - 1]?.receipt.hash ?? null,
        history: history?.rounds.map((r) => ({
            round: r.round,
            head: r.head,
            at: r.at,
            status: r.status,
            reasons: r.reasons,
            needed: r.needed,
            ...(r.decidedBy !== undefined ? { decided_by: r.decidedBy } : {}),
            ...(r.decisionReason !== undefined ? { decision_reason: r.decisionReason } : {}),
            ...(r.exhausted === true ? { exhausted: true } : {}),
            before: r.receipt.before,
            after: r.receipt.after,
            prev: r.receipt.prev,
            hash: r.receipt.hash,
        })) ?? [],
    };
}
/** Control characters from a comment (anyone's words, via the reviewer) never reach the terminal raw. */
function plain(text, max = 120) {
    const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
    return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
function auditText(result, io) {
    const paint = (0,cli_paint/* painter */.C)(io);
    const { report, history } = result;
    const lines = [
        `${result.repository}#${result.number} · check ${plain(result.checkName)} · history by ${plain(result.author)}${result.comment !== null ? ` (comment ${result.comment.id})` : ""}`,
    ];
    if (history !== null && history.rounds.length > 0) {
        lines.push("");
        lines.push("round  commit   status          budget  reasons");
        for (const r of history.rounds) {
            const budget = `${r.receipt.after.blockedRounds}/${r.receipt.after.maxRounds}`;
            const who = r.decidedBy !== undefined ? `by @${plain(r.decidedBy, 40)}: ` : "";
            const why = [
                ...r.reasons,
                ...r.needed,
                ...(r.decisionReason !== undefined && r.reasons.length === 0 ? [r.decisionReason] : []),
            ];
            lines.push(`${String(r.round).padEnd(6)} ${r.head.slice(0, 7)}  ${r.status.padEnd(15)} ${budget.padEnd(7)} ${who}${plain(why[0] ?? "—")}${why.length > 1 ? ` (+${why.length - 1})` : ""}`);
        }
    }
    lines.push("");
    if (report.valid) {
        lines.push(`${paint("good", "chain valid")}: ${report.rounds} round(s); every hash, link and state transition replays; ${report.blockedRounds} of ${report.maxRounds} blocked rounds used`);
    }
    else {
        lines.push(`${paint("bad", "chain INVALID")}: the history cannot be trusted`);
        for (const e of report.errors.slice(0, 50))
            lines.push(`  - ${plain(e, 300)}`);
        if (report.errors.length > 50)
            lines.push(`  - …and ${report.errors.length - 50} more`);
    }
    if (result.impostors > 0) {
        lines.push(`${paint("warn", "note")}: ${result.impostors} other comment(s) carry the marker but are not by ${plain(result.author)}: ignored`);
    }
    return `${lines.join("\n")}\n`;
}
const auditCommand = {
    name: "audit",
    summary: "replay and verify a pull request's round history: hashes, links, budget (0 valid, 3 invalid)",
    usage: USAGE,
    async run(args, io) {
        const { values, positionals } = (0,cli_args/* parse */.q)(args, OPTIONS, 1);
        const given = positionals[0];
        if (given === undefined)
            throw new cli_io/* UsageError */.e("missing the pull request (OWNER/REPO#N)");
        const target = (0,pr.parsePullRequest)(given);
        const token = (io.env.GITHUB_TOKEN ?? "").trim() || (io.env.GH_TOKEN ?? "").trim();
        if (token === "")
            throw new cli_io/* UsageError */.e("no token: set GITHUB_TOKEN or GH_TOKEN (GH_TOKEN=$(gh auth token) will do)");
        const checkName = values["check-name"] ?? "verdict-gate";
        if (checkName.trim() === "" || checkName.length > 100)
            throw new cli_io/* UsageError */.e("--check-name expects a name of 1 to 100 characters");
        const author = values.author ?? DEFAULT_AUTHOR;
        if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,38}(\[bot\])?$/.test(author))
            throw new cli_io/* UsageError */.e(`--author expects a login such as ${DEFAULT_AUTHOR}, got ${JSON.stringify(plain(author, 60))}`);
        const apiUrl = values["api-url"] ?? io.env.GITHUB_API_URL ?? "https://api.github.com";
        if (!/^https?:\/\/[^\s]+$/.test(apiUrl))
            throw new cli_io/* UsageError */.e(`--api-url expects an http(s) URL, got ${JSON.stringify(plain(apiUrl, 200))}`);
        let result;
        try {
            const unit = io.env.VERDICT_GATE_BACKOFF_UNIT_MS;
            result = await auditPullRequest({
                ...target,
                token,
                apiUrl,
                checkName,
                author,
                ...(unit !== undefined && /^\d{1,4}$/.test(unit) ? { backoffUnitMs: Number(unit) } : {}),
            });
        }
        catch (error) {
            io.err(`verdict-gate audit: ${error instanceof Error ? error.message : String(error)}\n`);
            // A token, repository or number GitHub does not accept is the user's to fix; anything else
            // (GitHub down, a malformed answer) is not a verdict on the chain either way.
            if ((0,errors/* isGitHubError */.e0)(error) && ["unauthorized", "not-found", "forbidden"].includes(error.kind))
                return four/* EXIT */.dc.usage;
            return four/* EXIT */.dc.internal;
        }
        if (values.json === true)
            io.out(`${JSON.stringify(auditJson(result), null, 2)}\n`);
        else
            io.out(auditText(result, io));
        if (result.comment === null) {
            io.err(`verdict-gate audit: ${result.report.errors[0]}; check the pull request, --check-name and --author\n`);
            return four/* EXIT */.dc.usage;
        }
        return result.report.valid ? four/* EXIT */.dc.approve : four/* EXIT */.dc.blocked;
    },
};


/***/ })

};

//# sourceMappingURL=488.index.js.map