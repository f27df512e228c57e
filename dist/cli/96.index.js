export const id = 96;
export const ids = [96];
export const modules = {

/***/ 6096:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PERSONAL_TOKEN_CANNOT_POST: () => (/* binding */ PERSONAL_TOKEN_CANNOT_POST),
  parsePullRequest: () => (/* binding */ parsePullRequest),
  prCommand: () => (/* binding */ prCommand)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/criteria/index.ts + 10 modules
var criteria = __webpack_require__(3238);
// EXTERNAL MODULE: ./src/describe-error.ts
var describe_error = __webpack_require__(9869);
// EXTERNAL MODULE: ./src/github/client.ts + 3 modules
var github_client = __webpack_require__(4272);
// EXTERNAL MODULE: ./src/gate/ports.ts
var ports = __webpack_require__(7039);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
;// CONCATENATED MODULE: ./src/github/check-run-limits.ts
// GitHub's limits on a check run's output, enforced here as the last line of defence: the report is
// rendered elsewhere and should already fit, but a summary one character over the limit is a 422, and
// a 422 on the final update would leave the check run without its verdict. Cutting is visible (a
// marked truncation) and keeps the Markdown well-formed (an unclosed fence would swallow the mark).
/** `output.summary` and `output.text`: "Maximum length: 65535 characters". */
const OUTPUT_TEXT_LIMIT = 65_535;
/** Annotations per create or update request. */
const ANNOTATIONS_PER_REQUEST = 50;
/** An annotation's `message` and `raw_details`: "The maximum size is 64 KB". */
const ANNOTATION_BYTES_LIMIT = 64 * 1024;
/** An annotation's `title`: "The maximum size is 255 characters". */
const ANNOTATION_TITLE_LIMIT = 255;
function truncationMark(omitted, limit) {
    return `\n\n---\n**✂ Truncated by verdict-gate:** ${omitted.toLocaleString("en-US")} more characters did not fit GitHub's ${limit.toLocaleString("en-US")}-character limit. The job summary has the full report.\n`;
}
/** `text` cut to `limit` characters (UTF-16 units, never fewer than GitHub counts) with a visible
 * mark, at a line break when one is near, never inside a surrogate pair, with open code fences and
 * `<details>` blocks closed. Unchanged when it fits. */
function fitOutputText(text, limit = OUTPUT_TEXT_LIMIT) {
    if (text.length <= limit)
        return { text, truncated: false };
    let budget = limit - truncationMark(text.length, limit).length;
    for (;;) {
        const out = cutAt(text, Math.max(0, budget), limit);
        if (out.length <= limit || budget <= 0)
            return { text: out.slice(0, limit), truncated: true };
        // The closers took more room than was left: cut earlier and try again.
        budget -= out.length - limit;
    }
}
function cutAt(text, budget, limit) {
    let cut = budget;
    const lineBreak = text.lastIndexOf("\n", cut);
    if (lineBreak > 0 && lineBreak > cut - 2000)
        cut = lineBreak;
    const code = text.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff)
        cut -= 1;
    let kept = text.slice(0, cut);
    const fences = kept.split("\n").filter((l) => /^\s{0,3}(```|~~~)/.test(l)).length;
    if (fences % 2 === 1)
        kept += "\n```";
    const open = (kept.match(/<details\b/gi) ?? []).length - (kept.match(/<\/details>/gi) ?? []).length;
    for (let i = 0; i < open; i += 1)
        kept += "\n</details>";
    return kept + truncationMark(text.length - cut, limit);
}
function byteCap(text, bytes) {
    if (Buffer.byteLength(text) <= bytes)
        return text;
    let out = Buffer.from(text)
        .subarray(0, bytes - 16)
        .toString("utf8");
    // A cut multi-byte character decodes as U+FFFD; drop it.
    out = out.replace(/\uFFFD$/, "");
    return `${out} … (truncated)`;
}
function line(value) {
    return Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}
/** One annotation as GitHub accepts it: lines from 1, the end not before the start, columns only on a
 * single line (GitHub rejects them otherwise), sizes within the limits, a message never empty. */
function toApiAnnotation(a) {
    const start = line(a.startLine);
    const end = Math.max(start, line(a.endLine));
    const out = {
        path: a.path.replace(/^(\.\/)+/, "").replace(/^\/+/, ""),
        start_line: start,
        end_line: end,
        annotation_level: a.level,
        message: byteCap(a.message.trim() === "" ? "(no message)" : a.message, ANNOTATION_BYTES_LIMIT),
    };
    if (start === end && a.startColumn !== undefined && a.endColumn !== undefined) {
        const from = line(a.startColumn);
        out.start_column = from;
        out.end_column = Math.max(from, line(a.endColumn));
    }
    if (a.title !== undefined && a.title !== "") {
        out.title =
            a.title.length > ANNOTATION_TITLE_LIMIT ? `${a.title.slice(0, ANNOTATION_TITLE_LIMIT - 1)}…` : a.title;
    }
    if (a.rawDetails !== undefined && a.rawDetails !== "")
        out.raw_details = byteCap(a.rawDetails, ANNOTATION_BYTES_LIMIT);
    return out;
}
/** Annotations in request-sized batches; always at least one batch (possibly empty), because the final
 * update carries the conclusion whether or not there are annotations. */
function annotationBatches(annotations, size = ANNOTATIONS_PER_REQUEST) {
    const all = annotations.map(toApiAnnotation);
    const batches = [];
    for (let i = 0; i < all.length; i += size)
        batches.push(all.slice(i, i + size));
    return batches.length === 0 ? [[]] : batches;
}

// EXTERNAL MODULE: ./src/github/errors.ts
var errors = __webpack_require__(3116);
// EXTERNAL MODULE: ./src/github/repository-ref.ts
var repository_ref = __webpack_require__(835);
// EXTERNAL MODULE: ./src/github/response-shape.ts
var response_shape = __webpack_require__(6996);
;// CONCATENATED MODULE: ./src/github/check-run.ts
// The gate's one check run on the pull request's head commit. It is created in progress (so a
// required check is pending, never missing, while the round runs) and completed with a conclusion
// only at the end. The conclusions are typed and checked: `neutral` and `skipped` count as passing in
// GitHub's required checks, so the gate can never send them; `success` is the caller's approve.





const ALLOWED = new Set([
    "success",
    "failure",
    "action_required",
    "cancelled",
    "timed_out",
]);
const runShape = schemas/* object */.Ikc({
    id: schemas/* number */.aig().int().positive(),
    name: schemas/* string */.YjP(),
    head_sha: schemas/* string */.YjP(),
    status: schemas/* string */.YjP(),
    conclusion: schemas/* string */.YjP().nullable(),
    html_url: schemas/* string */.YjP().nullable().optional(),
    started_at: schemas/* string */.YjP().nullable().optional(),
    app: schemas/* object */.Ikc({ id: schemas/* number */.aig(), slug: schemas/* string */.YjP().optional() }).nullable(),
});
/** The login of the bot that authors the gate's comments: `${app.slug}[bot]`, or null when unknown. */
function gateBotLogin(handle) {
    return handle.app === null ? null : `${handle.app.slug}[bot]`;
}
/** The output as sent: the secrets the client knows (the token, the reviewer's key) replaced, so a
 * reviewer that echoed a key into its report cannot publish it on the pull request; then GitHub's
 * limits. */
function output(raw, redact) {
    const o = {
        title: redact(raw.title),
        summary: redact(raw.summary),
        ...(raw.text !== undefined ? { text: redact(raw.text) } : {}),
    };
    const title = o.title.trim() === "" ? "verdict-gate" : o.title.replace(/\s+/g, " ").slice(0, 1000);
    const summary = fitOutputText(o.summary === "" ? title : o.summary);
    const text = o.text === undefined ? undefined : fitOutputText(o.text);
    return {
        title,
        summary: summary.text,
        ...(text !== undefined ? { text: text.text } : {}),
        truncated: summary.truncated || (text?.truncated ?? false),
    };
}
function handleFrom(data, operation) {
    const run = (0,response_shape/* expectShape */.h)(runShape, data, operation);
    return {
        id: run.id,
        name: run.name,
        headSha: run.head_sha,
        htmlUrl: run.html_url ?? null,
        startedAt: run.started_at ?? null,
        app: run.app === null || run.app.slug === undefined ? null : { id: run.app.id, slug: run.app.slug },
    };
}
/** Creates the check run, in progress, on `headSha`. 1 request. A token that may not write checks (a
 * fork PR's) is a GitHubError `checks-not-writable` whose message explains the safe setups. */
async function createCheckRun(client, repository, input) {
    const operation = `create check run "${input.name}" on ${input.headSha.slice(0, 12)} in ${(0,repository_ref/* fullName */.f)(repository)}`;
    const { truncated: _truncated, ...out } = output(input, client.redact);
    const response = await client.run(operation, (octokit) => octokit.rest.checks.create({
        owner: repository.owner,
        repo: repository.repo,
        name: input.name,
        head_sha: input.headSha,
        status: "in_progress",
        output: out,
        ...(input.detailsUrl !== undefined ? { details_url: input.detailsUrl } : {}),
        ...(input.externalId !== undefined ? { external_id: input.externalId } : {}),
    }), { writesChecks: true });
    const handle = handleFrom(response.data, operation);
    if (handle.headSha !== input.headSha) {
        throw new errors/* GitHubError */.y_({
            kind: "malformed-response",
            operation,
            status: 201,
            hint: `GitHub created the check run on ${handle.headSha.slice(0, 12)}, not on the head commit. Re-run the job.`,
        });
    }
    return handle;
}
/** Writes the round's output, annotations 50 a request, and the conclusion with the LAST request:
 * if any batch fails the check run stays in progress (pending), never completed on partial output.
 * 120 annotations → 3 requests. */
async function updateCheckRun(client, repository, checkRunId, update) {
    const conclusion = update.conclusion;
    if (conclusion !== undefined && !ALLOWED.has(conclusion)) {
        // `neutral` and `skipped` pass a required check: a gate that sent them could approve by accident.
        throw new errors/* GitHubError */.y_({
            kind: "refused",
            operation: `complete check run ${checkRunId}`,
            hint: `verdict-gate never sends the conclusion "${String(conclusion)}": it would count as passing. This is a bug; please report it.`,
        });
    }
    const { truncated, ...out } = output(update, client.redact);
    const batches = annotationBatches((update.annotations ?? []).map((a) => ({
        ...a,
        message: client.redact(a.message),
        ...(a.title !== undefined ? { title: client.redact(a.title) } : {}),
        ...(a.rawDetails !== undefined ? { rawDetails: client.redact(a.rawDetails) } : {}),
    })));
    let sent = 0;
    for (let i = 0; i < batches.length; i += 1) {
        const last = i === batches.length - 1;
        const batch = batches[i];
        const operation = `update check run ${checkRunId} in ${(0,repository_ref/* fullName */.f)(repository)}${batches.length > 1 ? ` (batch ${i + 1} of ${batches.length})` : ""}`;
        const response = await client.run(operation, (octokit) => octokit.rest.checks.update({
            owner: repository.owner,
            repo: repository.repo,
            check_run_id: checkRunId,
            output: { ...out, ...(batch.length > 0 ? { annotations: batch } : {}) },
            ...(last && conclusion !== undefined ? { conclusion } : {}),
            ...(last && conclusion === undefined ? { status: "in_progress" } : {}),
        }), { writesChecks: true });
        const run = (0,response_shape/* expectShape */.h)(runShape, response.data, operation);
        if (run.id !== checkRunId || (last && conclusion !== undefined && run.conclusion !== conclusion)) {
            throw new errors/* GitHubError */.y_({
                kind: "malformed-response",
                operation,
                status: 200,
                hint: `GitHub's answer does not show the update (check run ${run.id}, conclusion ${run.conclusion ?? "none"}). Re-run the job.`,
            });
        }
        sent += batch.length;
    }
    return { requests: batches.length, annotationsSent: sent, truncated };
}

;// CONCATENATED MODULE: ./src/github/check-runs-for-ref.ts
// Check runs on a commit by name, newest first: for a `check_run` dependency (is the other check done,
// and did it succeed?) and for the gate's own earlier runs. Bounded pages, never one request per run.



const listShape = schemas/* object */.Ikc({
    total_count: schemas/* number */.aig().int().nonnegative(),
    check_runs: schemas/* array */.YOg(schemas/* object */.Ikc({
        id: schemas/* number */.aig().int().positive(),
        name: schemas/* string */.YjP(),
        head_sha: schemas/* string */.YjP(),
        status: schemas/* string */.YjP(),
        conclusion: schemas/* string */.YjP().nullable(),
        started_at: schemas/* string */.YjP().nullable(),
        completed_at: schemas/* string */.YjP().nullable(),
        html_url: schemas/* string */.YjP().nullable().optional(),
        app: schemas/* object */.Ikc({ id: schemas/* number */.aig(), slug: schemas/* string */.YjP().optional() }).nullable(),
        output: schemas/* object */.Ikc({ title: schemas/* string */.YjP().nullable(), summary: schemas/* string */.YjP().nullable() }),
    })),
});
/** `GET /repos/{o}/{r}/commits/{ref}/check-runs?check_name=…`: the latest run per app and name by
 * default (`filter: "all"` for every attempt), newest first. Requests: 1 per 100 runs, at most
 * `maxPages` (default 3). */
async function listCheckRunsForRef(client, repository, ref, options = {}) {
    const runs = [];
    let total = 0;
    let requests = 0;
    const maxPages = options.maxPages ?? 3;
    for (let page = 1; page <= maxPages; page += 1) {
        const operation = `list check runs${options.name !== undefined ? ` named "${options.name}"` : ""} on ${ref.slice(0, 12)} in ${(0,repository_ref/* fullName */.f)(repository)}`;
        const response = await client.run(operation, (octokit) => octokit.rest.checks.listForRef({
            owner: repository.owner,
            repo: repository.repo,
            ref,
            per_page: 100,
            page,
            filter: options.filter ?? "latest",
            ...(options.name !== undefined ? { check_name: options.name } : {}),
            ...(options.appId !== undefined ? { app_id: options.appId } : {}),
        }));
        requests += 1;
        const data = (0,response_shape/* expectShape */.h)(listShape, response.data, operation);
        total = data.total_count;
        for (const run of data.check_runs) {
            runs.push({
                id: run.id,
                name: run.name,
                headSha: run.head_sha,
                status: run.status,
                conclusion: run.conclusion,
                startedAt: run.started_at,
                completedAt: run.completed_at,
                htmlUrl: run.html_url ?? null,
                app: run.app === null ? null : { id: run.app.id, slug: run.app.slug ?? null },
                title: run.output.title,
            });
        }
        if (data.check_runs.length < 100 || runs.length >= total)
            break;
    }
    runs.sort((a, b) => b.id - a.id);
    return { runs, total, requests };
}

;// CONCATENATED MODULE: ./src/github/commit-status.ts
// Commit statuses (the older API other CI services still use) for a `status` dependency: the latest
// state of one context on a commit, from the combined status, which GitHub already reduces to the
// latest per context. Bounded pages.



const combinedShape = schemas/* object */.Ikc({
    state: schemas/* string */.YjP(),
    total_count: schemas/* number */.aig().int().nonnegative(),
    statuses: schemas/* array */.YOg(schemas/* object */.Ikc({
        id: schemas/* number */.aig(),
        context: schemas/* string */.YjP(),
        state: schemas/* enum */.k5n(["error", "failure", "pending", "success"]),
        description: schemas/* string */.YjP().nullable(),
        target_url: schemas/* string */.YjP().nullable(),
        updated_at: schemas/* string */.YjP(),
    })),
});
/** `GET /repos/{o}/{r}/commits/{ref}/status`, paged (100 contexts a page, at most `maxPages`,
 * default 3) until the context is found. */
async function getCommitStatus(client, repository, ref, context, options = {}) {
    let requests = 0;
    for (let page = 1; page <= (options.maxPages ?? 3); page += 1) {
        const operation = `read commit status "${context}" on ${ref.slice(0, 12)} in ${(0,repository_ref/* fullName */.f)(repository)}`;
        const response = await client.run(operation, (octokit) => octokit.rest.repos.getCombinedStatusForRef({
            owner: repository.owner,
            repo: repository.repo,
            ref,
            per_page: 100,
            page,
        }));
        requests += 1;
        const data = (0,response_shape/* expectShape */.h)(combinedShape, response.data, operation);
        const found = data.statuses.find((s) => s.context === context);
        if (found !== undefined) {
            return {
                status: {
                    context: found.context,
                    state: found.state,
                    description: found.description,
                    targetUrl: found.target_url,
                    updatedAt: found.updated_at,
                },
                requests,
            };
        }
        if (data.statuses.length < 100 || page * 100 >= data.total_count)
            break;
    }
    return { status: null, requests };
}

;// CONCATENATED MODULE: ./src/github/contents.ts
// A file at a commit through the contents API, for the contract read at the pull request's BASE commit
// (a pull request cannot weaken its own gate by editing its copy). Up to 1 MB GitHub inlines the
// content as base64; above that it sends `encoding: "none"` and the raw media type must be asked for.
// The size is capped before anything is downloaded, and the bytes received must add up to the size
// GitHub announced: a cut transfer is a malformed response, not a shorter contract. Only GitHub's
// "Not Found" is an absent file; a 404 that says anything else (an unknown ref) is thrown.




/** Default cap: far above any contract file, far below what would hurt a runner. */
const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;
const fileShape = schemas/* object */.Ikc({
    type: schemas/* literal */.euz("file"),
    size: schemas/* number */.aig().int().nonnegative(),
    sha: schemas/* string */.YjP(),
    content: schemas/* string */.YjP().optional(),
    encoding: schemas/* string */.YjP().optional(),
});
const otherShape = schemas/* object */.Ikc({ type: schemas/* enum */.k5n(["dir", "symlink", "submodule"]) });
function githubMessageOf(error) {
    const message = error?.response?.data?.message;
    return typeof message === "string" ? message : undefined;
}
function isTooLarge(error) {
    const data = error?.response?.data;
    return Array.isArray(data?.errors) && data.errors.some((e) => e?.code === "too_large");
}
function decodeText(bytes) {
    try {
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    }
    catch {
        return null;
    }
}
function toBytes(data) {
    if (data instanceof ArrayBuffer)
        return new Uint8Array(data);
    if (ArrayBuffer.isView(data))
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (typeof data === "string")
        return new TextEncoder().encode(data);
    return undefined;
}
/** Reads `path` at `ref` (a commit SHA). Requests: 1, or 2 for a file over 1 MB. */
async function readFileAtRef(client, repository, path, ref, options = {}) {
    const limit = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
    const operation = `read ${path} at ${ref.slice(0, 12)} in ${(0,repository_ref/* fullName */.f)(repository)}`;
    const where = { path, ref };
    const answer = await client.run(operation, async (octokit) => {
        try {
            const response = await octokit.rest.repos.getContent({
                owner: repository.owner,
                repo: repository.repo,
                path,
                ref,
            });
            return { kind: "data", data: response.data };
        }
        catch (error) {
            // Only GitHub's plain "Not Found" means the path is absent at that commit. Any other 404 ("No
            // commit found for the ref …") is not an absent contract: reading it as one would skip the
            // criteria, so it is thrown and the round fails closed.
            if ((0,errors/* statusOf */.c2)(error) === 404 && githubMessageOf(error) === "Not Found")
                return { kind: "not-found" };
            if ((0,errors/* statusOf */.c2)(error) === 403 && isTooLarge(error))
                return { kind: "too-large" };
            throw error;
        }
    });
    if (answer.kind === "not-found")
        return { kind: "not-found", ...where };
    if (answer.kind === "too-large")
        return { kind: "too-large", ...where, size: null, limit };
    if (Array.isArray(answer.data))
        return { kind: "not-a-file", ...where, type: "dir" };
    const other = otherShape.safeParse(answer.data);
    if (other.success)
        return { kind: "not-a-file", ...where, type: other.data.type };
    const file = (0,response_shape/* expectShape */.h)(fileShape, answer.data, operation);
    if (file.size > limit)
        return { kind: "too-large", ...where, size: file.size, limit };
    let bytes;
    if (file.encoding === "base64" && file.content !== undefined && (file.content !== "" || file.size === 0)) {
        bytes = Buffer.from(file.content, "base64");
    }
    else if (file.size === 0) {
        bytes = new Uint8Array(0);
    }
    else {
        // Over 1 MB: GitHub leaves `content` empty; the raw media type returns the bytes.
        const raw = await client.run(`${operation} (raw)`, (octokit) => octokit.rest.repos.getContent({
            owner: repository.owner,
            repo: repository.repo,
            path,
            ref,
            mediaType: { format: "raw" },
        }));
        const received = toBytes(raw.data);
        if (received === undefined) {
            throw new errors/* GitHubError */.y_({
                kind: "malformed-response",
                operation,
                status: 200,
                hint: "GitHub's raw content was not bytes. Re-run the job.",
            });
        }
        bytes = received;
    }
    if (bytes.byteLength !== file.size) {
        throw new errors/* GitHubError */.y_({
            kind: "malformed-response",
            operation,
            status: 200,
            hint: `GitHub announced ${file.size} bytes but ${bytes.byteLength} arrived: the transfer was cut. Re-run the job; nothing was approved.`,
        });
    }
    return { kind: "found", ...where, blobSha: file.sha, size: file.size, bytes, text: decodeText(bytes) };
}

// EXTERNAL MODULE: ./src/github/issue-comments.ts
var issue_comments = __webpack_require__(6863);
;// CONCATENATED MODULE: ./src/github/merge-group.ts
// The pull requests a merge-queue group carries. GitHub names the group's branch
// `gh-readonly-queue/<base>/pr-<number>-<head sha>`: one pull request per group, batches being a chain
// of groups each based on the previous one's head. That name is the primary source; the pull requests
// GitHub associates with the group's head commit are added to it (more pull requests can only make an
// approve harder). A branch name of any other shape is refused rather than guessed at, and so is a full
// page of associated pull requests: the gate does not page further, and a partial list must not approve.




const QUEUE_REF = /^(?:refs\/heads\/)?gh-readonly-queue\/(.+)\/pr-(\d+)-([0-9a-f]{40}|[0-9a-f]{64})$/;
const SEGMENT = /\/pr-\d+-[0-9a-f]{40}/g;
/** Parses a merge-queue branch name, or returns null for any other shape (including a name with more
 * than one `pr-<n>-<sha>` segment, which GitHub does not produce today and which must not be read as
 * only one of its pull requests). Pure. */
function parseMergeQueueRef(ref) {
    const m = QUEUE_REF.exec(ref);
    if (!m)
        return null;
    if ((ref.match(SEGMENT) ?? []).length !== 1)
        return null;
    return { base: m[1], number: Number(m[2]), headSha: m[3] };
}
/** GitHub's largest page; a full one may not be all of them. */
const ASSOCIATED_PER_PAGE = 100;
const associatedShape = schemas/* array */.YOg(schemas/* object */.Ikc({ number: schemas/* number */.aig().int().positive(), state: schemas/* string */.YjP(), head: schemas/* object */.Ikc({ sha: schemas/* string */.YjP() }) }));
/** The group's pull requests, smallest number first. Requests: 1. */
async function listMergeGroupPullRequests(client, repository, group) {
    const operation = `find the pull requests of merge group ${group.headRef} in ${(0,repository_ref/* fullName */.f)(repository)}`;
    const parsed = parseMergeQueueRef(group.headRef);
    if (parsed === null) {
        throw new errors/* GitHubError */.y_({
            kind: "invalid-request",
            operation,
            hint: `"${group.headRef}" is not a merge-queue branch (gh-readonly-queue/<base>/pr-<number>-<sha>), so the gate cannot tell which pull requests it carries. Nothing was approved.`,
        });
    }
    const response = await client.run(operation, (octokit) => octokit.rest.repos.listPullRequestsAssociatedWithCommit({
        owner: repository.owner,
        repo: repository.repo,
        commit_sha: group.headSha,
        per_page: ASSOCIATED_PER_PAGE,
    }));
    const associated = (0,response_shape/* expectShape */.h)(associatedShape, response.data, operation);
    if (associated.length >= ASSOCIATED_PER_PAGE) {
        throw new errors/* GitHubError */.y_({
            kind: "too-large",
            operation,
            status: 200,
            hint: `GitHub associates ${ASSOCIATED_PER_PAGE} or more pull requests with the merge group's head ${group.headSha.slice(0, 12)}, more than the gate reads, so it cannot tell that it has seen all the pull requests the group carries. Nothing was approved.`,
        });
    }
    const pulls = new Map([
        [parsed.number, { number: parsed.number, queuedHeadSha: parsed.headSha }],
    ]);
    for (const pr of associated) {
        if (pr.state === "open" && !pulls.has(pr.number))
            pulls.set(pr.number, { number: pr.number, queuedHeadSha: null });
    }
    return { pulls: [...pulls.values()].sort((a, b) => a.number - b.number), requests: 1 };
}

;// CONCATENATED MODULE: ./src/github/permission.ts
// A person's permission on the repository, for human decisions through `workflow_dispatch`: only
// someone who could merge may approve or block by hand. GitHub's legacy `permission` field folds
// maintain into write and triage into read; `role_name` keeps the role, and may also be a custom
// role's name, in which case the legacy field is what it is based on.




const ROLES = new Set(["admin", "maintain", "write", "triage", "read", "none"]);
const permissionShape = schemas/* object */.Ikc({
    permission: schemas/* string */.YjP(),
    role_name: schemas/* string */.YjP(),
    user: schemas/* object */.Ikc({ login: schemas/* string */.YjP() }).nullable(),
});
function legacyRole(permission) {
    return permission === "admin" || permission === "write" || permission === "read" ? permission : "none";
}
/** `GET /repos/{o}/{r}/collaborators/{username}/permission`: 1 request. An unknown user is `none`,
 * never an error that a caller might read as "allowed". */
async function getCollaboratorPermission(client, repository, username) {
    const operation = `read the permission of ${username} on ${(0,repository_ref/* fullName */.f)(repository)}`;
    const answer = await client.run(operation, async (octokit) => {
        try {
            return (await octokit.rest.repos.getCollaboratorPermissionLevel({
                owner: repository.owner,
                repo: repository.repo,
                username,
            })).data;
        }
        catch (error) {
            if ((0,errors/* statusOf */.c2)(error) === 404)
                return null;
            throw error;
        }
    });
    if (answer === null)
        return { login: username, role: "none", roleName: "none", canWrite: false };
    const data = (0,response_shape/* expectShape */.h)(permissionShape, answer, operation);
    const role = ROLES.has(data.role_name) ? data.role_name : legacyRole(data.permission);
    return {
        login: username,
        role,
        roleName: data.role_name,
        canWrite: role === "admin" || role === "maintain" || role === "write",
    };
}

// EXTERNAL MODULE: ./src/diff/parse.ts
var parse = __webpack_require__(4348);
// EXTERNAL MODULE: ./src/github/bounded-fetch.ts
var bounded_fetch = __webpack_require__(3879);
;// CONCATENATED MODULE: ./src/github/pull-request.ts
// The pull request as the gate needs it: the head commit it posts on, the base commit it reads its
// contract from, whether the head lives in a fork, and GitHub's own counts of what changed (to notice
// files the gate never received). One request.



const SHA = schemas/* string */.YjP().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, "a commit SHA");
const pullShape = schemas/* object */.Ikc({
    number: schemas/* number */.aig().int().positive(),
    state: schemas/* enum */.k5n(["open", "closed"]),
    title: schemas/* string */.YjP(),
    body: schemas/* string */.YjP().nullable(),
    draft: schemas/* boolean */.zMY().optional(),
    merged: schemas/* boolean */.zMY(),
    merge_commit_sha: schemas/* string */.YjP().nullable(),
    html_url: schemas/* string */.YjP(),
    user: schemas/* object */.Ikc({ login: schemas/* string */.YjP(), type: schemas/* string */.YjP() }).nullable(),
    labels: schemas/* array */.YOg(schemas/* object */.Ikc({ name: schemas/* string */.YjP() })),
    head: schemas/* object */.Ikc({ sha: SHA, ref: schemas/* string */.YjP(), repo: schemas/* object */.Ikc({ full_name: schemas/* string */.YjP() }).nullable() }),
    base: schemas/* object */.Ikc({ sha: SHA, ref: schemas/* string */.YjP(), repo: schemas/* object */.Ikc({ full_name: schemas/* string */.YjP() }) }),
    changed_files: schemas/* number */.aig().int().nonnegative(),
    additions: schemas/* number */.aig().int().nonnegative(),
    deletions: schemas/* number */.aig().int().nonnegative(),
});
/** `GET /repos/{owner}/{repo}/pulls/{pull_number}`: 1 request. */
async function getPullRequest(client, repository, number) {
    const operation = `read pull request ${(0,repository_ref/* fullName */.f)(repository)}#${number}`;
    const response = await client.run(operation, (octokit) => octokit.rest.pulls.get({ owner: repository.owner, repo: repository.repo, pull_number: number }));
    const pr = (0,response_shape/* expectShape */.h)(pullShape, response.data, operation);
    const headRepository = pr.head.repo?.full_name ?? null;
    return {
        repository,
        number: pr.number,
        headSha: pr.head.sha,
        baseSha: pr.base.sha,
        headRef: pr.head.ref,
        baseRef: pr.base.ref,
        headRepository,
        fromFork: headRepository === null || headRepository.toLowerCase() !== pr.base.repo.full_name.toLowerCase(),
        state: pr.state,
        merged: pr.merged,
        draft: pr.draft ?? false,
        labels: pr.labels.map((l) => l.name),
        title: pr.title,
        body: pr.body ?? "",
        author: pr.user,
        mergeCommitSha: pr.merge_commit_sha,
        changedFiles: pr.changed_files,
        additions: pr.additions,
        deletions: pr.deletions,
        htmlUrl: pr.html_url,
    };
}
/** Whether another pull request (maybe in another repository) merged, for a `pr_merged` dependency.
 * A missing one is a GitHubError `not-found`, never "not merged yet": a typo in the contract must not
 * look like a dependency that is merely pending. 1 request. */
async function getPullRequestState(client, repository, number) {
    const pr = await getPullRequest(client, repository, number);
    return { state: pr.state, merged: pr.merged };
}

;// CONCATENATED MODULE: ./src/github/pull-diff.ts
// The pull request's whole diff, and an honest account of how much of it the gate received. First the
// unified diff (`application/vnd.github.diff`, one request). When GitHub refuses it as too large (406:
// over 300 files or 20,000 lines), when it is larger than the client accepts, or when it shows fewer
// changed lines than the pull request counts (cut), the file list `/pulls/{n}/files`, 100 files a page,
// up to GitHub's own cap of 3,000 files; a file whose patch GitHub leaves out is kept and marked as not
// reviewed.
// Then the head is read again: a diff that might belong to a newer push than the commit the check goes
// on is refused, because approving commit A on the strength of commit B's diff is a false approve.







/** GitHub lists at most 3,000 files of a pull request, 100 a page. */
const FILES_PER_PAGE = 100;
const FILES_API_MAX_PAGES = 30;
const pull_diff_fileShape = schemas/* object */.Ikc({
    filename: schemas/* string */.YjP().min(1),
    status: schemas/* string */.YjP(),
    additions: schemas/* number */.aig().int().nonnegative(),
    deletions: schemas/* number */.aig().int().nonnegative(),
    changes: schemas/* number */.aig().int().nonnegative(),
    patch: schemas/* string */.YjP().optional(),
    previous_filename: schemas/* string */.YjP().optional(),
});
const pageShape = schemas/* array */.YOg(pull_diff_fileShape);
/** Why a unified diff cannot be the whole change: it shows fewer changed lines than GitHub counts. */
function linesMissing(files, target) {
    if (target.additions === undefined || target.deletions === undefined)
        return undefined;
    const reported = target.additions + target.deletions;
    const shown = files.reduce((sum, f) => sum + f.additions + f.deletions, 0);
    if (shown >= reported)
        return undefined;
    return `the unified diff shows ${shown.toLocaleString("en-US")} of the ${reported.toLocaleString("en-US")} changed lines the pull request reports`;
}
function messageOf(error) {
    const data = error?.response?.data;
    return typeof data?.message === "string" ? data.message : "the diff is too large";
}
/** Reads the diff of `target` (see the file comment). Requests: 1 for the unified diff, or 1 + the
 * pages of `/files` when it cannot be used (at most 31), plus 1 to check the head. */
async function getPullDiff(client, repository, target, options = {}) {
    const where = `${(0,repository_ref/* fullName */.f)(repository)}#${target.number}`;
    const operation = `read the diff of pull request ${where}`;
    let requests = 1;
    const answer = await client.run(operation, async (octokit) => {
        try {
            const response = await octokit.rest.pulls.get({
                owner: repository.owner,
                repo: repository.repo,
                pull_number: target.number,
                mediaType: { format: "diff" },
            });
            return { kind: "text", text: response.data };
        }
        catch (error) {
            if ((0,errors/* statusOf */.c2)(error) === 406)
                return { kind: "fallback", why: "refused", reason: client.redact(messageOf(error)) };
            // Over the client's size cap: as unusable as GitHub's 406, and the file list comes in pages.
            const tooLarge = (0,bounded_fetch/* responseTooLarge */.Fh)(error);
            if (tooLarge !== undefined) {
                return {
                    kind: "fallback",
                    why: "too-large",
                    reason: `the unified diff is larger than the ${tooLarge.limit.toLocaleString("en-US")} bytes the gate accepts in one response`,
                };
            }
            throw error;
        }
    });
    let diff;
    let fallback = answer.kind === "fallback" ? { why: answer.why, reason: answer.reason } : undefined;
    if (answer.kind === "text") {
        const text = typeof answer.text === "string" ? answer.text : undefined;
        // An empty or non-text diff for a PR that changes files is a failed read, not "nothing changed".
        if (text === undefined || (text.trim() === "" && target.changedFiles > 0)) {
            throw new errors/* GitHubError */.y_({
                kind: "malformed-response",
                operation,
                status: 200,
                hint: `GitHub answered with ${text === undefined ? "something that is not a diff" : "an empty diff"} for a pull request that changes ${target.changedFiles} file(s). Re-run the job; nothing was approved.`,
            });
        }
        const parsed = (0,parse/* parseUnifiedDiff */.rj)(text);
        // A diff cut short (by GitHub, a proxy, a dropped connection that still ended cleanly) is read
        // again as the file list, whose per-file counts expose a cut patch file by file.
        const missing = linesMissing(parsed.files, target);
        if (missing !== undefined)
            fallback = { why: "cut", reason: missing };
        else {
            diff = {
                ...parsed,
                reportedFiles: target.changedFiles,
                truncated: parsed.files.length < target.changedFiles,
            };
        }
    }
    if (diff === undefined) {
        const listed = await listAllFiles(client, repository, target, options.maxPages ?? FILES_API_MAX_PAGES);
        requests += listed.pages;
        diff = {
            files: listed.files,
            source: "files-api",
            reportedFiles: target.changedFiles,
            // Every page full means GitHub may hold more than was read, unless the count says it was all.
            truncated: listed.morePages
                ? listed.files.length !== target.changedFiles
                : listed.files.length < target.changedFiles,
        };
    }
    if (options.verifyHead ?? true) {
        requests += 1;
        const now = await getPullRequest(client, repository, target.number);
        if (now.headSha !== target.headSha) {
            throw new errors/* GitHubError */.y_({
                kind: "head-moved",
                operation,
                hint: `The pull request moved from ${target.headSha.slice(0, 12)} to ${now.headSha.slice(0, 12)} while the gate read it, so the diff may not be the one of the commit being judged. The push's own run will judge it; nothing was approved here.`,
            });
        }
    }
    return {
        diff,
        requests,
        ...(fallback?.why === "refused" ? { refusal: fallback.reason } : {}),
        ...(fallback !== undefined ? { fallback } : {}),
    };
}
async function listAllFiles(client, repository, target, maxPages) {
    const files = [];
    let pages = 0;
    for (let page = 1; page <= maxPages; page += 1) {
        const operation = `list the files of pull request ${(0,repository_ref/* fullName */.f)(repository)}#${target.number} (page ${page})`;
        const response = await client.run(operation, (octokit) => octokit.rest.pulls.listFiles({
            owner: repository.owner,
            repo: repository.repo,
            pull_number: target.number,
            per_page: FILES_PER_PAGE,
            page,
        }));
        pages += 1;
        const entries = (0,response_shape/* expectShape */.h)(pageShape, response.data, operation);
        for (const entry of entries)
            files.push((0,parse/* fileFromPatch */.Xu)(entry));
        if (entries.length < FILES_PER_PAGE)
            return { files, pages, morePages: false };
    }
    // Every page was full: GitHub may have more than the pages read (its cap is 3,000 files).
    return { files, pages, morePages: true };
}

// EXTERNAL MODULE: ./src/github/sticky-comment.ts
var sticky_comment = __webpack_require__(7648);
;// CONCATENATED MODULE: ./src/github/port.ts
// The GitHub half of the round's ports (src/gate/ports.ts), bound to the functions of this folder.
// The round sees only the port; everything that reaches GitHub, and every error it can raise, is here.













function createGitHubPort(client, repository, log, options = {}) {
    return {
        async pullRequest(number) {
            const pr = await getPullRequest(client, repository, number);
            return {
                number: pr.number,
                headSha: pr.headSha,
                baseSha: pr.baseSha,
                // A deleted fork has no name; "" never equals the base repository, so it still reads as a fork.
                headRepo: pr.headRepository ?? "",
                state: pr.state,
                merged: pr.merged,
                draft: pr.draft,
                mergeCommitSha: pr.mergeCommitSha,
                labels: pr.labels,
                title: pr.title,
                body: pr.body,
                author: pr.author?.login ?? "ghost",
                changedFiles: pr.changedFiles,
                additions: pr.additions,
                deletions: pr.deletions,
            };
        },
        async diff(pr) {
            const read = await getPullDiff(client, repository, {
                number: pr.number,
                headSha: pr.headSha,
                changedFiles: pr.changedFiles,
                additions: pr.additions,
                deletions: pr.deletions,
            });
            const fallback = read.fallback;
            if (fallback !== undefined) {
                const why = fallback.why === "refused"
                    ? `GitHub refused the whole diff (${fallback.reason})`
                    : fallback.why === "too-large"
                        ? `the whole diff was too large to accept (${fallback.reason})`
                        : `the gate found the unified diff cut (${fallback.reason})`;
                log.info(`${why}; read the file list instead`);
            }
            return read.diff;
        },
        async readFile(path, ref) {
            const file = await readFileAtRef(client, repository, path, ref, options.maxFileBytes !== undefined ? { maxBytes: options.maxFileBytes } : {});
            switch (file.kind) {
                case "found":
                    return file.text === null
                        ? { kind: "unreadable", message: `${path} is not UTF-8 text` }
                        : { kind: "found", text: file.text, sha: file.blobSha };
                case "not-found":
                    return { kind: "missing" };
                case "too-large":
                    return {
                        kind: "unreadable",
                        message: `${path} is ${file.size === null ? "over GitHub's 100 MB limit" : `${file.size} bytes`}, more than the ${file.limit} the gate reads`,
                    };
                case "not-a-file":
                    return {
                        kind: "unreadable",
                        message: `${path} is a ${file.type === "dir" ? "directory" : file.type}, not a file`,
                    };
            }
        },
        async startCheck(headSha, name, title) {
            try {
                const run = await createCheckRun(client, repository, { name, headSha, title, summary: title });
                // The history is trusted only from the bot of the app that owns this check run. When GitHub
                // does not name the app there is no such bot, and no default either (github-actions[bot] is
                // every workflow's): the round finds appSlug null and holds.
                if (gateBotLogin(run) === null) {
                    log.warning(`GitHub did not say which app owns check run ${run.id}: no round history can be trusted, so this round holds`);
                }
                return {
                    id: run.id,
                    appSlug: run.app?.slug ?? null,
                    url: run.htmlUrl ?? "",
                    ...(run.startedAt !== null ? { startedAt: run.startedAt } : {}),
                };
            }
            catch (error) {
                if ((0,errors/* isGitHubError */.e0)(error, "checks-not-writable"))
                    throw new ports/* CannotWriteChecksError */.m(error.message);
                throw error;
            }
        },
        async finishCheck(check, output, conclusion) {
            try {
                await updateCheckRun(client, repository, check.id, {
                    title: output.title,
                    summary: output.summary,
                    ...(output.text !== undefined ? { text: output.text } : {}),
                    annotations: output.annotations.map((a) => ({
                        path: a.path,
                        startLine: a.startLine,
                        endLine: a.endLine,
                        level: a.level,
                        title: a.title,
                        message: a.message,
                    })),
                    ...(conclusion !== null ? { conclusion } : {}),
                });
            }
            catch (error) {
                if ((0,errors/* isGitHubError */.e0)(error, "checks-not-writable"))
                    throw new ports/* CannotWriteChecksError */.m(error.message);
                throw error;
            }
        },
        async findComment(prNumber, marker, trustedLogin) {
            const found = await (0,sticky_comment/* findStickyComment */.oC)(client, repository, prNumber, marker, trustedLogin, {
                ...(options.maxCommentPages !== undefined ? { maxPages: options.maxCommentPages } : {}),
            });
            if (found.impostors > 0) {
                log.warning(`${found.impostors} comment(s) on #${prNumber} carry the gate's history marker but were not written by ${trustedLogin}: ignored`);
            }
            return found.kind === "found" ? { id: found.comment.id, body: found.comment.body } : undefined;
        },
        async saveComment(prNumber, body, existing) {
            if (existing !== undefined)
                await (0,issue_comments/* updateIssueComment */.Qz)(client, repository, existing.id, body);
            else
                await (0,issue_comments/* createIssueComment */.D$)(client, repository, prNumber, body);
        },
        async permission(user) {
            return (await getCollaboratorPermission(client, repository, user)).role;
        },
        async checkRuns(ref, name) {
            const { runs } = await listCheckRunsForRef(client, repository, ref, { name });
            return runs.map((r) => ({ id: r.id, status: r.status, conclusion: r.conclusion }));
        },
        async statuses(ref, context) {
            const { status } = await getCommitStatus(client, repository, ref, context);
            return status === null ? [] : [{ state: status.state, description: status.description }];
        },
        async pullRequestState(repo, number) {
            return getPullRequestState(client, (0,repository_ref/* parseRepository */.S)(repo), number);
        },
        async mergeGroupPulls(headSha, headRef) {
            const { pulls } = await listMergeGroupPullRequests(client, repository, { headSha, headRef });
            return pulls.map((p) => ({ number: p.number, queuedHeadSha: p.queuedHeadSha }));
        },
        requestCount: () => client.stats.requests,
    };
}

// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: ./src/gate/bind-reviewer.ts + 14 modules
var bind_reviewer = __webpack_require__(2964);
;// CONCATENATED MODULE: ./src/gate/bind-github.ts
// The GitHub port the action uses: one client (retries, rate limits, deadlines, redaction of the
// token and the reviewer's key from every message) bound to this repository.




/** Milliseconds per second of backoff, retry-after and write spacing. 1000 in production; the
 * end-to-end tests shrink it so a fault matrix of retries runs in seconds, not minutes. */
function backoffUnitMs(env) {
    const raw = env.VERDICT_GATE_BACKOFF_UNIT_MS;
    if (raw === undefined || !/^\d{1,4}$/.test(raw))
        return undefined;
    return Number(raw);
}
/** Per-attempt deadline for a GitHub request (default 30 s); the fault tests shorten it so a hang
 * ends in seconds. */
function timeoutMs(env) {
    const raw = env.VERDICT_GATE_GITHUB_TIMEOUT_MS;
    if (raw === undefined || !/^\d{3,6}$/.test(raw))
        return undefined;
    return Number(raw);
}
function bindGitHub(settings, log, env = process.env) {
    const unit = backoffUnitMs(env);
    const deadline = timeoutMs(env);
    const client = (0,github_client/* createGitHubClient */.L)({
        token: settings.token,
        baseUrl: settings.apiUrl,
        userAgent: `verdict-gate/${version/* VERSION */.x}`,
        secrets: (0,bind_reviewer/* reviewerSecrets */.Z)(settings.reviewer, settings.token, env),
        log: { info: (m) => log.info(m), warn: (m) => log.warning(m) },
        ...(unit !== undefined ? { backoffUnitMs: unit, writeSpacingMs: unit } : {}),
        ...(deadline !== undefined ? { timeoutMs: deadline } : {}),
    });
    return createGitHubPort(client, { owner: settings.owner, repo: settings.repo }, log);
}

// EXTERNAL MODULE: ./src/gate/round.ts + 17 modules
var round = __webpack_require__(3439);
// EXTERNAL MODULE: ./src/gate/workspace.ts
var workspace = __webpack_require__(2142);
// EXTERNAL MODULE: ./src/review/round-token.ts
var round_token = __webpack_require__(9372);
// EXTERNAL MODULE: ./src/verdict/four.ts
var four = __webpack_require__(1201);
// EXTERNAL MODULE: ./src/cli/args.ts
var cli_args = __webpack_require__(7593);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(1604);
// EXTERNAL MODULE: ./src/cli/paint.ts
var cli_paint = __webpack_require__(8694);
// EXTERNAL MODULE: ./src/cli/recorded-github.ts
var recorded_github = __webpack_require__(1786);
// EXTERNAL MODULE: ./src/cli/round-context.ts
var round_context = __webpack_require__(2352);
// EXTERNAL MODULE: ./src/cli/round-json.ts
var round_json = __webpack_require__(1881);
// EXTERNAL MODULE: ./src/cli/round-options.ts + 2 modules
var round_options = __webpack_require__(7906);
// EXTERNAL MODULE: ./src/cli/round-text.ts
var round_text = __webpack_require__(9588);
;// CONCATENATED MODULE: ./src/cli/pr.ts
// `verdict-gate pr OWNER/REPO#N`: the action's round from a terminal, against the GitHub API, with a
// token from the environment. `--dry-run` records the check run and the history comment instead of
// posting them and prints what would have gone out; without it the check run is posted, which only a
// GitHub App's token can do (a person's token is refused up front, or explained when GitHub refuses).
// The criteria read a checkout (--base-path): the output says so when it is not the PR's head.



















const USAGE = [
    "usage: verdict-gate pr OWNER/REPO#N [--dry-run] [options]",
    "       verdict-gate pr https://github.com/OWNER/REPO/pull/N [--dry-run] [options]",
    "",
    "  --dry-run              print the check run it would post, and post nothing",
    "  --base-path DIR        a checkout of the PR's head, which the criteria read (default: the current directory)",
    "  --contract PATH        the contract's path in the repository, read at the base commit",
    "                         (default .github/verdict-contract.json)",
    "  --api-url URL          GitHub's REST API (default $GITHUB_API_URL, else https://api.github.com)",
    "  --app-slug SLUG        with --dry-run: the app that posts the gate's check runs, whose history comment",
    "                         is trusted (default github-actions; a real run learns it from the check run)",
    "  --check-name NAME  --max-rounds N  --include-pr-description  --force-review   as the action's inputs",
    "  The token comes from GITHUB_TOKEN or GH_TOKEN. Posting a check run needs a GitHub App's token;",
    "  a personal token (ghp_…, github_pat_…, gh auth token) can only --dry-run.",
    round_options/* ROUND_OPTIONS_USAGE */.U2,
    "",
    "exit: 0 approve · 3 blocked · 4 hold-for-human · 5 conditional-on · 2 bad input or nothing posted ·",
    "      1 internal error",
].join("\n");
const OPTIONS = {
    ...round_options/* ROUND_OPTIONS */.M,
    "dry-run": { type: "boolean" },
    "api-url": { type: "string" },
    "app-slug": { type: "string" },
    "include-pr-description": { type: "boolean" },
    "force-review": { type: "boolean" },
};
/** Prefixes of tokens that belong to a person: a classic or fine-grained personal access token, or an
 * OAuth token (what `gh auth token` prints). GitHub lets only GitHub Apps create check runs. */
const PERSONAL_TOKEN = /^(ghp_|github_pat_|gho_)/;
const PERSONAL_TOKEN_CANNOT_POST = "only a GitHub App can create check runs, and this token belongs to a person (a personal access " +
    "token, or the OAuth token `gh auth token` prints). Nothing was posted. Use --dry-run to see the " +
    "check run the gate would post, or run with a GitHub App installation token (or let the workflow " +
    "post it: its GITHUB_TOKEN is the GitHub Actions app's).";
function parsePullRequest(text) {
    const short = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})#(\d{1,9})$/.exec(text);
    const url = /^https?:\/\/[^/\s]+\/([A-Za-z0-9-]{1,39})\/([A-Za-z0-9._-]{1,100})\/pull\/(\d{1,9})(?:[/?#].*)?$/.exec(text);
    const m = short ?? url;
    if (m === null || Number(m[3]) < 1) {
        throw new cli_io/* UsageError */.e(`expected OWNER/REPO#N or a pull request URL, got ${JSON.stringify((0,criteria/* printable */.g$)(text.slice(0, 200)))}`);
    }
    return { repository: `${m[1]}/${m[2]}`, number: Number(m[3]) };
}
function checkRunJson(writes, dryRun) {
    if (writes.started === undefined || writes.finished === undefined)
        return undefined;
    const posted = !dryRun && writes.refused === undefined;
    return {
        name: writes.started.name,
        head_sha: writes.started.headSha,
        conclusion: writes.finished.conclusion,
        title: writes.finished.output.title,
        summary: writes.finished.output.summary,
        posted,
        url: posted && writes.started.ref.url !== "" ? writes.started.ref.url : null,
    };
}
/** What went to GitHub, or would have, in a few lines under the report. */
function checkRunLines(writes, dryRun, repository, pr) {
    const run = checkRunJson(writes, dryRun);
    if (run === undefined)
        return [];
    const where = `check run "${(0,criteria/* printable */.g$)(run.name)}" on ${run.head_sha.slice(0, 12)} (${repository}#${pr})`;
    const conclusion = run.conclusion === null
        ? "left in progress (conditional-on: a required check stays pending)"
        : `conclusion ${run.conclusion}`;
    const lines = [
        dryRun ? `${where}: dry run, nothing was sent` : run.posted ? `${where}: posted` : `${where}: NOT posted`,
        `  ${dryRun ? "would post" : run.posted ? "posted" : "would have posted"}: ${conclusion}`,
        `  title: ${(0,criteria/* printable */.g$)(run.title)}`,
        `  summary: ${run.summary.length.toLocaleString("en-US")} characters of Markdown (--markdown prints it)`,
    ];
    if (run.url !== null)
        lines.push(`  ${run.url}`);
    if (writes.comment !== undefined) {
        const verb = writes.comment.replaces !== undefined ? "update" : "create";
        lines.push(`  history comment: ${dryRun ? `would ${verb}` : `${verb}d`} on #${writes.comment.prNumber}`);
    }
    return lines;
}
/** Says when the criteria did not read the PR's head, and how to check it out. */
function treeNotes(basePath, head, pr) {
    if (head === undefined)
        return [];
    const checkedOut = (0,workspace/* workspaceHead */.k)(basePath);
    const fetch = `git fetch origin pull/${pr}/head && git checkout --detach FETCH_HEAD`;
    if (checkedOut === undefined) {
        return [
            `could not tell which commit ${basePath} holds (no .git there), so the criteria were held rather than checked against files of unknown origin; check out the head (${fetch}) or point --base-path at a checkout of it`,
        ];
    }
    if (checkedOut !== head) {
        return [
            `${basePath} has ${checkedOut.slice(0, 12)} checked out, not the PR's head ${head.slice(0, 12)}, so the criteria were not checked against the PR; check out the head (${fetch}) or point --base-path at a checkout of it`,
        ];
    }
    return [];
}
function treeFor(basePath) {
    return () => {
        try {
            return (0,criteria/* openTree */.rB)(basePath);
        }
        catch (error) {
            return { error: `--base-path ${basePath} cannot be read: ${(0,describe_error/* describeError */.U)(error)}` };
        }
    };
}
function pr_output(io, values, outcome, writes, target) {
    const { status, report } = outcome;
    if (status === undefined || report === undefined)
        return;
    const notes = treeNotes(target.basePath, outcome.headSha, target.number);
    if (values.json === true) {
        const run = checkRunJson(writes, target.dryRun);
        const json = (0,round_json/* roundJson */.p)(status, report, outcome, {
            notes,
            ...(run !== undefined ? { check_run: run } : {}),
        });
        io.out(`${JSON.stringify({ ...json, pull_request: `${target.repository}#${target.number}`, dry_run: target.dryRun }, null, 2)}\n`);
        return;
    }
    if (values.markdown === true) {
        io.out(`${writes.finished?.output.summary ?? ""}\n`);
        return;
    }
    const paint = (0,cli_paint/* painter */.C)(io);
    io.out((0,round_text/* roundText */.W)(report, paint, "pull-request"));
    for (const note of notes)
        io.out(`\n${paint("warn", "note:")} ${(0,criteria/* printable */.g$)(note)}\n`);
    const lines = checkRunLines(writes, target.dryRun, target.repository, target.number);
    if (lines.length > 0)
        io.out(`\n${lines.join("\n")}\n`);
}
const prCommand = {
    name: "pr",
    summary: "the action's round on a pull request from a terminal; --dry-run prints the check run it would post",
    usage: USAGE,
    async run(args, io) {
        (0,round_options/* refuseKeyFlags */.Jp)(args);
        const { values, positionals } = (0,cli_args/* parse */.q)(args, OPTIONS, 1);
        if (values.json === true && values.markdown === true)
            throw new cli_io/* UsageError */.e("choose --json or --markdown");
        const given = positionals[0];
        if (given === undefined)
            throw new cli_io/* UsageError */.e("missing the pull request (OWNER/REPO#N)");
        const target = parsePullRequest(given);
        const dryRun = values["dry-run"] === true;
        const appSlug = values["app-slug"];
        if (appSlug !== undefined) {
            if (!dryRun) {
                throw new cli_io/* UsageError */.e("--app-slug is for --dry-run: a real run trusts the app that its token posts the check run as");
            }
            // A slug as GitHub spells them: the history comment's author is `<slug>[bot]`.
            if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(appSlug)) {
                throw new cli_io/* UsageError */.e(`--app-slug takes a GitHub App's slug (lower-case letters, digits and dashes, as in github-actions), got ${JSON.stringify((0,criteria/* printable */.g$)(appSlug.slice(0, 100)))}`);
            }
        }
        const token = (io.env.GITHUB_TOKEN ?? "").trim() || (io.env.GH_TOKEN ?? "").trim();
        if (token === "") {
            throw new cli_io/* UsageError */.e("no token: set GITHUB_TOKEN or GH_TOKEN (for a dry run, GH_TOKEN=$(gh auth token) will do)");
        }
        if (!dryRun && PERSONAL_TOKEN.test(token)) {
            io.err(`verdict-gate pr: ${PERSONAL_TOKEN_CANNOT_POST}\n`);
            return four/* EXIT */.dc.usage;
        }
        const key = (0,round_options/* reviewerKey */.rZ)(values, io.env, (0,round_options/* providerOf */.lc)(values));
        const basePath = external_node_path_default().resolve(io.cwd, values["base-path"] ?? ".");
        const settings = {
            ...(0,round_options/* roundSettings */.oU)(values, key.key, {
                repository: target.repository,
                pr: target.number,
                token,
                apiUrl: values["api-url"] ?? io.env.GITHUB_API_URL ?? "https://api.github.com",
                ...(io.env.GITHUB_SERVER_URL !== undefined ? { serverUrl: io.env.GITHUB_SERVER_URL } : {}),
                ...(values.contract !== undefined ? { contract: values.contract } : {}),
            }),
            workspace: basePath,
        };
        const reviewer = (0,round_context/* reviewerFor */.D)(() => (0,bind_reviewer/* bindReviewer */.L)(settings.reviewer, token, io.env));
        if (key.note !== undefined)
            io.err(`verdict-gate pr: note: ${key.note}\n`);
        const log = (0,round_context/* cliLog */.$)(io, "pr", values.verbose === true, true);
        const { port, writes } = (0,recorded_github/* recordWrites */.qm)(bindGitHub(settings, log, io.env), {
            dryRun,
            ...(appSlug !== undefined ? { appSlug } : {}),
        });
        const ctx = {
            settings,
            github: port,
            reviewer: () => reviewer,
            openTree: treeFor(basePath),
            workspaceHead: () => (0,workspace/* workspaceHead */.k)(basePath),
            now: () => new Date(),
            newRoundToken: round_token/* newRoundToken */.A,
            log,
            version: version/* VERSION */.x,
        };
        let outcome;
        try {
            outcome = await (0,round/* runPullRequestRound */.s)(ctx, target.number);
        }
        catch (error) {
            const posted = writes.finished !== undefined && !dryRun;
            io.err(`verdict-gate pr: ${(0,describe_error/* describeError */.U)(error)}${posted ? "\nThe check run was completed as hold-for-human, naming this error; nothing was approved." : ""}\n`);
            // A token, repository or number GitHub does not accept is the user's to fix.
            if ((0,errors/* isGitHubError */.e0)(error) && ["unauthorized", "not-found", "forbidden"].includes(error.kind))
                return four/* EXIT */.dc.usage;
            return four/* EXIT */.dc.internal;
        }
        if (outcome.status === undefined) {
            io.err(`verdict-gate pr: ${outcome.message}\n`);
            return four/* EXIT */.dc.usage;
        }
        pr_output(io, values, outcome, writes, { ...target, basePath, dryRun });
        if (outcome.checkUnavailable !== undefined) {
            // GitHub refused the check run: the verdict above was computed, but nothing can pass the check.
            io.err(`verdict-gate pr: ${writes.refused !== undefined && /GitHub App/i.test(writes.refused) ? PERSONAL_TOKEN_CANNOT_POST : outcome.checkUnavailable}\n`);
            return four/* EXIT */.dc.usage;
        }
        return (0,four/* exitCodeOf */.FO)(outcome.status);
    },
};


/***/ }),

/***/ 3879:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (/* binding */ boundedFetch),
/* harmony export */   Fh: () => (/* binding */ responseTooLarge)
/* harmony export */ });
/* unused harmony export ResponseTooLargeError */
// The fetch every GitHub request goes through: a deadline per attempt that covers the body as well as
// the headers, and a cap on the body size. Reading the body here matters: Octokit reads it after the
// request has "succeeded" and, when that read fails (a stalled or cut connection), hands back an empty
// string as if GitHub had answered 200 with nothing. Read here, the same failure is a failed request
// that the retry plugin retries and that ends, at worst, in a thrown error. A body over the cap is a
// ResponseTooLargeError, which is not retried (the next answer would be as large) and which the diff
// reader treats like GitHub's own 406: it reads the file list instead.
/** GitHub's answer was larger than the gate accepts. Thrown from inside fetch, so Octokit wraps it
 * (as the `cause` of a RequestError with status 500): find it with `responseTooLarge`. */
class ResponseTooLargeError extends Error {
    limit;
    name = "ResponseTooLargeError";
    constructor(limit) {
        super(`response body exceeds ${limit} bytes`);
        this.limit = limit;
    }
}
/** The ResponseTooLargeError behind a thrown value (itself or a cause, a few levels deep), if any. */
function responseTooLarge(error) {
    let current = error;
    for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
        if (current instanceof ResponseTooLargeError)
            return current;
        current = current.cause;
    }
    return undefined;
}
const NULL_BODY = new Set([101, 204, 205, 304]);
async function readCapped(response, limit) {
    const reader = response.body?.getReader();
    if (reader === undefined)
        return new Uint8Array(0);
    const chunks = [];
    let total = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        total += value.byteLength;
        if (total > limit) {
            await reader.cancel().catch(() => undefined);
            throw new ResponseTooLargeError(limit);
        }
        chunks.push(value);
    }
    const out = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
        out.set(chunk, offset);
        offset += chunk.byteLength;
    }
    return out;
}
function boundedFetch(inner, options) {
    return async (input, init) => {
        options.counters.requests += 1;
        const deadline = AbortSignal.timeout(options.timeoutMs);
        const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
        const response = await inner(input, { ...init, signal });
        const body = NULL_BODY.has(response.status) ? null : await readCapped(response, options.maxResponseBytes);
        return new Response(body, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
        });
    };
}


/***/ }),

/***/ 4272:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  L: () => (/* binding */ createGitHubClient)
});

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js
var github = __webpack_require__(1351);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/utils.js + 19 modules
var utils = __webpack_require__(5555);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(9735);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var plugin_throttling_dist_bundle = __webpack_require__(6856);
// EXTERNAL MODULE: ./src/github/bounded-fetch.ts
var bounded_fetch = __webpack_require__(3879);
// EXTERNAL MODULE: ./src/github/errors.ts
var errors = __webpack_require__(3116);
;// CONCATENATED MODULE: ./src/github/failure.ts
// Turns whatever a request threw (an Octokit RequestError, a fetch failure, a timeout) into a
// GitHubError with a hint the user can act on. Octokit's error is read by shape, not by class, so a
// thrown value from any layer (plugins, fetch, our own fetch wrapper) is classified the same way.


const CHECKS_NOT_WRITABLE_HINT = "This token cannot write check runs: under `pull_request`, a pull request from a fork gets a read-only token. " +
    "Gate fork pull requests with `pull_request_target` (the head is read as data, never run) or a `workflow_run` " +
    "workflow, and give the job `permissions: checks: write`.";
const PERMISSIONS_HINT = "Give the job the permissions the gate needs: `contents: read`, `pull-requests: read`, `checks: write`, " +
    "`issues: write` (for its history comment) and `statuses: read`.";
function chainNames(error) {
    const names = [];
    let current = error;
    for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
        const shaped = current;
        if (typeof shaped.name === "string")
            names.push(shaped.name);
        if (typeof shaped.message === "string")
            names.push(shaped.message);
        current = shaped.cause;
    }
    return names;
}
function githubMessage(shaped) {
    const data = shaped.response?.data;
    if (typeof data === "object" &&
        data !== null &&
        typeof data.message === "string") {
        return data.message;
    }
    if (typeof data === "string" && data.trim() !== "" && !data.trimStart().startsWith("<"))
        return data.slice(0, 300);
    return undefined;
}
function header(shaped, name) {
    const value = shaped.response?.headers?.[name];
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}
function describeFailure(error, context) {
    if (error instanceof errors/* GitHubError */.y_)
        return error;
    const shaped = (typeof error === "object" && error !== null ? error : { message: String(error) });
    const redact = context.redact;
    const status = typeof shaped.status === "number" ? shaped.status : undefined;
    const said = githubMessage(shaped);
    const message = said === undefined ? undefined : redact(said);
    const requestId = header(shaped, "x-github-request-id");
    const retryAfter = header(shaped, "retry-after");
    const base = {
        operation: context.operation,
        ...(message !== undefined ? { githubMessage: message } : {}),
        ...(requestId !== undefined ? { requestId } : {}),
    };
    const attempts = context.attempts !== undefined ? ` on ${context.attempts} attempt(s)` : "";
    const make = (kind, hint, withStatus = true) => new errors/* GitHubError */.y_({
        ...base,
        kind,
        hint,
        ...(withStatus && status !== undefined ? { status } : {}),
        ...(retryAfter !== undefined && Number.isFinite(Number(retryAfter))
            ? { retryAfterSeconds: Number(retryAfter) }
            : {}),
    });
    const tooLarge = (0,bounded_fetch/* responseTooLarge */.Fh)(error);
    if (tooLarge !== undefined) {
        // Our own cap, not the network: Octokit reports it as a 500 without a response.
        return make("too-large", `GitHub's answer is larger than the ${tooLarge.limit.toLocaleString("en-US")} bytes the gate reads; asking again would get the same answer. Nothing was approved.`, false);
    }
    if (shaped.response === undefined) {
        // No answer at all: Octokit reports these as status 500 without a response.
        const chain = chainNames(error).join(" ");
        if (/TimeoutError|AbortError|aborted due to timeout|timed? ?out/i.test(chain)) {
            const ms = context.timeoutMs;
            const limit = ms === undefined ? "the timeout" : ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
            return make("timeout", `GitHub did not answer within ${limit}${attempts}. Re-run the job; if it keeps happening, see https://www.githubstatus.com.`, false);
        }
        const detail = redact(typeof shaped.message === "string" ? shaped.message : chain);
        return new errors/* GitHubError */.y_({
            ...base,
            kind: "network",
            githubMessage: detail,
            hint: `The connection to GitHub failed${attempts}. Check GITHUB_API_URL and the runner's network, then re-run the job.`,
        });
    }
    const text = `${message ?? ""} ${typeof shaped.message === "string" ? redact(shaped.message) : ""}`;
    if (status === 401)
        return make("unauthorized", "The token was refused: check the `github-token` input (invalid or expired).");
    if (status === 429 ||
        (status === 403 && (/rate limit/i.test(text) || header(shaped, "x-ratelimit-remaining") === "0"))) {
        const wait = retryAfter !== undefined ? ` (GitHub asked to wait ${retryAfter} s)` : "";
        return make("rate-limited", `GitHub's rate limit was hit${wait} and the bounded retries ran out. Re-run the job later; nothing was approved.`);
    }
    if (status === 403) {
        if (context.writesChecks === true &&
            /not accessible by integration|authenticate via a GitHub App/i.test(text)) {
            return make("checks-not-writable", CHECKS_NOT_WRITABLE_HINT);
        }
        return make("forbidden", PERMISSIONS_HINT);
    }
    if (status === 404) {
        return make("not-found", "It does not exist, or this token cannot see it (a private repository needs `contents: read`).");
    }
    if (status === 406 || status === 413)
        return make("too-large", "GitHub refuses to produce a response this large.");
    if (status === 400 || status === 409 || status === 422) {
        return make("invalid-request", "GitHub refused the request; this is a bug in verdict-gate, please report it with this message.");
    }
    return make("server-error", `GitHub kept failing${attempts}. Re-run the job; if it keeps happening, see https://www.githubstatus.com.`);
}

;// CONCATENATED MODULE: ./src/github/token-redaction.ts
// The token must never reach a log line or an error message, even when GitHub (or a proxy, or a
// misconfigured mirror) echoes it back in a body. Every text that leaves src/github goes through this.
const REDACTED = "***";
/** A redactor for these secrets, in their raw and URL-encoded forms. Empty and very short values are
 * ignored: redacting "a" would shred every message without protecting anything. */
function redactor(secrets) {
    const forms = new Set();
    for (const secret of secrets) {
        if (secret.length < 4)
            continue;
        forms.add(secret);
        forms.add(encodeURIComponent(secret));
    }
    const ordered = [...forms].sort((a, b) => b.length - a.length);
    return (text) => {
        let out = text;
        for (const form of ordered)
            out = out.split(form).join(REDACTED);
        return out;
    };
}

;// CONCATENATED MODULE: ./src/github/write-spacing.ts
// GitHub's guidance for writes: "wait at least one second between each request" to the endpoints that
// create content, or risk a secondary rate limit. The throttling plugin enforces it through a limiter
// group; this is that group, with the spacing configurable so tests do not sleep a second per write.
// It implements the two methods the plugin calls (`key(id).schedule(options, fn, ...args)`).
class WriteSpacing {
    spacingMs;
    last = Number.NEGATIVE_INFINITY;
    queue = Promise.resolve();
    constructor(spacingMs) {
        this.spacingMs = spacingMs;
    }
    key(_id) {
        return { schedule: (_options, job, ...args) => this.schedule(job, args) };
    }
    schedule(job, args) {
        const run = this.queue.then(async () => {
            const wait = this.last + this.spacingMs - Date.now();
            if (wait > 0)
                await new Promise((resolve) => setTimeout(resolve, wait));
            this.last = Date.now();
            return job(...args);
        });
        // One failing job must not wedge the queue for the writes after it.
        this.queue = run.catch(() => undefined);
        return run;
    }
}

;// CONCATENATED MODULE: ./src/github/client.ts
// The one Octokit the gate uses: @actions/github's, with the retry and throttling plugins configured
// after GitHub's rate-limit guidance (honour `retry-after` and `x-ratelimit-reset`, retry a bounded
// number of times, space writes a second apart), a deadline per attempt so a hang ends, and the token
// kept out of every log line and error message.








/** Never retried by the retry plugin: the answer will not change (4xx), or the throttling plugin owns
 * it (403/429 rate limits, which it retries after the wait GitHub asks for). 406 is GitHub's "diff
 * too large", which a retry cannot fix and which the diff reader handles. */
const DO_NOT_RETRY = [400, 401, 403, 404, 406, 409, 410, 413, 422, 429, 451];
/** A response over the size cap would be as large on every attempt, but Octokit reports it as a 500,
 * which the retry plugin retries. Registered before that plugin, this hook sees the error first and
 * sets this one request's retries to 0 (a copy of its options: the defaults' object is shared). */
function noRetryWhenTooLarge(octokit) {
    octokit.hook.error("request", (error, options) => {
        if ((0,bounded_fetch/* responseTooLarge */.Fh)(error) !== undefined)
            options.request = { ...options.request, retries: 0 };
        throw error;
    });
}
function createGitHubClient(options) {
    const token = options.token.trim();
    if (token === "")
        throw new Error("verdict-gate needs a GitHub token (input `github-token`)");
    const redact = redactor([token, ...(options.secrets ?? [])]);
    const baseUrl = (options.baseUrl ?? process.env.GITHUB_API_URL ?? "https://api.github.com").replace(/\/+$/, "");
    const timeoutMs = options.timeoutMs ?? 30_000;
    const retries = options.retries ?? 3;
    const rateLimitRetries = options.rateLimitRetries ?? 2;
    const maxWait = options.maxRateLimitWaitSeconds ?? 60;
    const unit = options.backoffUnitMs ?? 1000;
    const counters = { requests: 0 };
    const stats = { calls: 0, rateLimitWaits: 0 };
    const log = options.log;
    const safe = (message) => redact(message);
    const inner = options.fetch ?? utils/* defaults */.NT.request?.fetch ?? globalThis.fetch;
    const onLimit = (kind) => (retryAfter, request, _octokit, retryCount) => {
        const take = retryCount < rateLimitRetries && retryAfter <= maxWait;
        log?.warn(safe(`GitHub ${kind} rate limit on ${request.method ?? ""} ${request.url ?? ""}: ${take
            ? `retrying in ${retryAfter} s (retry ${retryCount + 1} of ${rateLimitRetries})`
            : `giving up (asked to wait ${retryAfter} s)`}`));
        if (take)
            stats.rateLimitWaits += 1;
        return take;
    };
    const spacing = new WriteSpacing(options.writeSpacingMs ?? 1000);
    const throttle = {
        onRateLimit: onLimit("primary"),
        onSecondaryRateLimit: onLimit("secondary"),
        retryAfterBaseValue: unit,
        fallbackSecondaryRateRetryAfter: 60,
        write: spacing,
        notifications: spacing,
    };
    const octokit = (0,github/* getOctokit */.Q)(token, {
        baseUrl,
        userAgent: options.userAgent ?? "verdict-gate",
        request: {
            fetch: (0,bounded_fetch/* boundedFetch */.A)(inner, {
                timeoutMs,
                maxResponseBytes: options.maxResponseBytes ?? 64 * 1024 * 1024,
                counters,
            }),
        },
        retry: { retries, retryAfterBaseValue: unit, doNotRetry: DO_NOT_RETRY },
        throttle,
        log: {
            debug: (m) => log?.debug?.(safe(m)),
            info: (m) => log?.info?.(safe(m)),
            warn: (m) => log?.warn(safe(m)),
            error: (m) => log?.warn(safe(m)),
        },
    }, noRetryWhenTooLarge, dist_bundle/* retry */.L, plugin_throttling_dist_bundle/* throttling */.A);
    return {
        octokit,
        baseUrl,
        redact,
        stats: {
            get requests() {
                return counters.requests;
            },
            get calls() {
                return stats.calls;
            },
            get rateLimitWaits() {
                return stats.rateLimitWaits;
            },
        },
        async run(operation, call, runOptions = {}) {
            stats.calls += 1;
            const before = counters.requests;
            try {
                return await call(octokit);
            }
            catch (error) {
                throw describeFailure(error, {
                    operation,
                    redact,
                    timeoutMs,
                    attempts: Math.max(1, counters.requests - before),
                    ...(runOptions.writesChecks !== undefined ? { writesChecks: runOptions.writesChecks } : {}),
                });
            }
        },
    };
}


/***/ }),

/***/ 3116:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c2: () => (/* binding */ statusOf),
/* harmony export */   e0: () => (/* binding */ isGitHubError),
/* harmony export */   y_: () => (/* binding */ GitHubError)
/* harmony export */ });
// Every way a GitHub request can fail, as one typed error that names the operation, the HTTP status
// and what the user can do. Nothing here is ever turned into a default: a failed read is a thrown
// GitHubError, never an empty diff, a missing contract or a passing dependency, because each of those
// defaults could end in an approve the evidence does not support.
class GitHubError extends Error {
    name = "GitHubError";
    kind;
    operation;
    status;
    githubMessage;
    hint;
    requestId;
    retryAfterSeconds;
    constructor(details) {
        const status = details.status !== undefined ? ` with HTTP ${details.status}` : "";
        const said = details.githubMessage !== undefined && details.githubMessage !== ""
            ? ` (GitHub: ${details.githubMessage})`
            : "";
        const id = details.requestId !== undefined ? ` [request id ${details.requestId}]` : "";
        super(`GitHub API: ${details.operation} failed${status}${said}. ${details.hint}${id}`);
        this.kind = details.kind;
        this.operation = details.operation;
        this.status = details.status;
        this.githubMessage = details.githubMessage;
        this.hint = details.hint;
        this.requestId = details.requestId;
        this.retryAfterSeconds = details.retryAfterSeconds;
    }
}
function isGitHubError(error, kind) {
    return error instanceof GitHubError && (kind === undefined || error.kind === kind);
}
/** The HTTP status of whatever a request threw (an Octokit RequestError carries it), if it has one. */
function statusOf(error) {
    const status = error?.status;
    return typeof status === "number" ? status : undefined;
}


/***/ }),

/***/ 6863:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D$: () => (/* binding */ createIssueComment),
/* harmony export */   Qz: () => (/* binding */ updateIssueComment),
/* harmony export */   cG: () => (/* binding */ listIssueComments)
/* harmony export */ });
/* unused harmony exports COMMENT_BODY_LIMIT, COMMENTS_PER_PAGE */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8816);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3116);
/* harmony import */ var _repository_ref_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(835);
/* harmony import */ var _response_shape_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6996);
// Issue comments on a pull request: listed oldest first in bounded pages, created, and updated. The
// round history lives in one of them (sticky-comment.ts), so a body that does not fit is refused
// rather than cut: half a history would read as a shorter one.




/** GitHub's limit on a comment body. */
const COMMENT_BODY_LIMIT = 65_536;
const commentShape = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive(),
    body: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    html_url: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    created_at: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    updated_at: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    user: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ login: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), type: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP() }).nullable(),
    performed_via_github_app: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ id: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(), slug: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional() }).nullable().optional(),
});
function toComment(data) {
    return {
        id: data.id,
        body: data.body ?? "",
        author: data.user,
        viaApp: data.performed_via_github_app === null || data.performed_via_github_app === undefined
            ? null
            : { id: data.performed_via_github_app.id, slug: data.performed_via_github_app.slug ?? null },
        createdAt: data.created_at,
        updatedAt: data.updated_at,
        htmlUrl: data.html_url,
    };
}
const COMMENTS_PER_PAGE = 100;
/** Oldest first, 100 a page, at most `maxPages` pages (default 10). `stopWhen` ends the paging early
 * once a page holds what the caller looks for. */
async function listIssueComments(client, repository, number, options = {}) {
    const comments = [];
    const maxPages = options.maxPages ?? 10;
    for (let page = 1; page <= maxPages; page += 1) {
        const operation = `list the comments of pull request ${(0,_repository_ref_js__WEBPACK_IMPORTED_MODULE_3__/* .fullName */ .f)(repository)}#${number} (page ${page})`;
        const response = await client.run(operation, (octokit) => octokit.rest.issues.listComments({
            owner: repository.owner,
            repo: repository.repo,
            issue_number: number,
            per_page: COMMENTS_PER_PAGE,
            page,
        }));
        const batch = (0,_response_shape_js__WEBPACK_IMPORTED_MODULE_1__/* .expectShape */ .h)(zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(commentShape), response.data, operation).map(toComment);
        comments.push(...batch);
        if (batch.length < COMMENTS_PER_PAGE)
            return { comments, complete: true, requests: page };
        if (options.stopWhen?.(batch) === true)
            return { comments, complete: false, requests: page };
    }
    return { comments, complete: false, requests: maxPages };
}
function checkBody(body, operation) {
    if (body.length > COMMENT_BODY_LIMIT) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_({
            kind: "refused",
            operation,
            hint: `The comment is ${body.length} characters; GitHub accepts ${COMMENT_BODY_LIMIT}. Nothing was cut, because a cut history would read as a shorter one.`,
        });
    }
}
/** 1 request. */
async function createIssueComment(client, repository, number, text) {
    // A secret the client knows never reaches a comment, whatever the caller put in it.
    const body = client.redact(text);
    const operation = `comment on pull request ${(0,_repository_ref_js__WEBPACK_IMPORTED_MODULE_3__/* .fullName */ .f)(repository)}#${number}`;
    checkBody(body, operation);
    const response = await client.run(operation, (octokit) => octokit.rest.issues.createComment({
        owner: repository.owner,
        repo: repository.repo,
        issue_number: number,
        body,
    }));
    return toComment((0,_response_shape_js__WEBPACK_IMPORTED_MODULE_1__/* .expectShape */ .h)(commentShape, response.data, operation));
}
/** 1 request. */
async function updateIssueComment(client, repository, commentId, text) {
    const body = client.redact(text);
    const operation = `update comment ${commentId} in ${(0,_repository_ref_js__WEBPACK_IMPORTED_MODULE_3__/* .fullName */ .f)(repository)}`;
    checkBody(body, operation);
    const response = await client.run(operation, (octokit) => octokit.rest.issues.updateComment({
        owner: repository.owner,
        repo: repository.repo,
        comment_id: commentId,
        body,
    }));
    return toComment((0,_response_shape_js__WEBPACK_IMPORTED_MODULE_1__/* .expectShape */ .h)(commentShape, response.data, operation));
}


/***/ }),

/***/ 835:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ parseRepository),
/* harmony export */   f: () => (/* binding */ fullName)
/* harmony export */ });
// The repository a request is about. Most requests are about the workflow's own repository; a
// `pr_merged` dependency may name another.
/** "owner/name" → a RepositoryRef, refusing anything else (a path-traversing or empty name would
 * send the request somewhere the contract author did not mean). */
function parseRepository(fullName) {
    const m = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/.exec(fullName.trim());
    if (!m || m[2] === "." || m[2] === "..") {
        throw new TypeError(`"${fullName}" is not a repository: write it as owner/name`);
    }
    return { owner: m[1], repo: m[2] };
}
function fullName(ref) {
    return `${ref.owner}/${ref.repo}`;
}


/***/ }),

/***/ 6996:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ expectShape)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3116);

function expectShape(schema, data, operation) {
    const parsed = schema.safeParse(data);
    if (parsed.success)
        return parsed.data;
    const what = typeof data === "string"
        ? data === ""
            ? "an empty body"
            : "a body that is not the JSON GitHub documents"
        : `JSON without the expected fields (${parsed.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
            .join("; ")})`;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_({
        kind: "malformed-response",
        operation,
        status: 200,
        hint: `GitHub answered with ${what}. Re-run the job; nothing was approved.`,
    });
}


/***/ }),

/***/ 7648:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   oC: () => (/* binding */ findStickyComment)
/* harmony export */ });
/* unused harmony exports isTrustedAuthor, upsertStickyComment */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3116);
/* harmony import */ var _issue_comments_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6863);
/* harmony import */ var _repository_ref_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(835);



function isTrustedAuthor(comment, trustedLogin) {
    return comment.author !== null && comment.author.type === "Bot" && comment.author.login === trustedLogin;
}
/** Finds the gate's comment: starts with `marker`, written by `trustedLogin` (a Bot). Requests: 1 per
 * 100 comments up to the one found, at most `maxPages` (default 10). */
async function findStickyComment(client, repository, number, marker, trustedLogin, options = {}) {
    if (marker.trim() === "")
        throw new TypeError("the sticky comment needs a non-empty marker");
    // The gate's comment starts with its marker. Another workflow of the repository that posts PR text
    // as the same bot ("Thanks! You wrote: <body>") would otherwise hand the author a forged history
    // (a person's approve, a reusable reviewer verdict), since every workflow's token is the same bot.
    const isOurs = (c) => c.body.startsWith(marker) && isTrustedAuthor(c, trustedLogin);
    const pages = await (0,_issue_comments_js__WEBPACK_IMPORTED_MODULE_1__/* .listIssueComments */ .cG)(client, repository, number, {
        maxPages: options.maxPages ?? 10,
        stopWhen: (page) => page.some(isOurs),
    });
    const marked = pages.comments.filter((c) => c.body.includes(marker));
    const ours = marked.filter(isOurs).sort((a, b) => a.id - b.id);
    const impostors = marked.length - ours.length;
    const first = ours[0];
    if (first !== undefined) {
        return {
            kind: "found",
            comment: first,
            duplicates: ours.length - 1,
            impostors,
            requests: pages.requests,
        };
    }
    if (!pages.complete) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_({
            kind: "history-unavailable",
            operation: `find the round history of pull request ${(0,_repository_ref_js__WEBPACK_IMPORTED_MODULE_2__/* .fullName */ .f)(repository)}#${number}`,
            hint: `The pull request has more than ${pages.comments.length} comments and the gate's history was not among them, so its earlier rounds cannot be read. A maintainer should review it; nothing was approved.`,
        });
    }
    return { kind: "absent", impostors, requests: pages.requests };
}
/** Creates the comment, or replaces the body of `existing` (from findStickyComment). The body must
 * start with the marker, or the next round could not find it. 1 request. */
async function upsertStickyComment(client, repository, number, marker, body, existing) {
    if (!body.startsWith(marker)) {
        throw new GitHubError({
            kind: "refused",
            operation: `save the round history of pull request ${fullName(repository)}#${number}`,
            hint: "The history comment's body lacks its marker, so the next round could not find it. This is a bug; please report it.",
        });
    }
    if (existing !== null)
        return { comment: await updateIssueComment(client, repository, existing.id, body), created: false };
    return { comment: await createIssueComment(client, repository, number, body), created: true };
}


/***/ })

};

//# sourceMappingURL=96.index.js.map