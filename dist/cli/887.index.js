export const id = 887;
export const ids = [887];
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

/***/ 887:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  initCommand: () => (/* binding */ initCommand)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/verdict/four.ts
var four = __webpack_require__(1201);
// EXTERNAL MODULE: ./src/cli/args.ts
var cli_args = __webpack_require__(7593);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(1604);
;// CONCATENATED MODULE: ./src/cli/templates/project.ts
// Where users get verdict-gate from: the `uses:` reference of the action and the address of the
// contract's JSON Schema. One place, because the starter files `init` writes, the README and the docs
// must all name the same thing (a test checks that they do).
/** The action as a workflow step names it (the moving major tag). */
const ACTION_REF = "verdict-gate/verdict-gate@v1";
/** The contract's JSON Schema, as a starter contract's `$schema` names it for editors. */
const SCHEMA_URL = "https://raw.githubusercontent.com/verdict-gate/verdict-gate/v1/verdict-contract.schema.json";
/** The documentation, for links printed outside this repository (init's next steps). */
const DOCS_URL = "https://github.com/verdict-gate/verdict-gate/blob/v1/docs";
/** Where `init` writes, relative to the repository root. The workflow's name matches the one the
 * docs and the end-to-end events use. */
const WORKFLOW_PATH = ".github/workflows/verdict-gate.yml";
const CONTRACT_PATH = ".github/verdict-contract.json";

;// CONCATENATED MODULE: ./src/cli/templates/contract.ts
// The starter contract `verdict-gate init` writes: criteria that hold in almost any repository and
// catch what no reviewer should have to (conflict markers, private keys, a committed .env file),
// so the first pull request can approve, and the `$schema` line that gives an editor completion and
// validation while the team adds its own. docs/contract.md lists every criterion type.

function starterContract() {
    const contract = {
        $schema: SCHEMA_URL,
        intended_action: "Pull requests to this repository fix bugs or add features without breaking existing behaviour. Replace this with what your changes are meant to do; the reviewer checks the diff against it.",
        success_criteria: [
            {
                id: "no-conflict-markers",
                type: "diff_added_absent",
                pattern: "^(<<<<<<<|>>>>>>>)( |$)",
                description: "No merge conflict markers are added.",
            },
            {
                id: "no-private-keys",
                type: "diff_added_absent",
                pattern: "-----BEGIN [A-Z ]*PRIVATE KEY-----",
                description: "No private keys are added.",
            },
            {
                id: "no-dotenv",
                type: "path_absent",
                path: ".env",
                description: "No .env file (local secrets) is committed.",
            },
        ],
        unverifiable_claims: [],
        requires: [],
    };
    return `${JSON.stringify(contract, null, 2)}\n`;
}

;// CONCATENATED MODULE: ./src/cli/templates/workflow.ts
// The starter workflow `verdict-gate init` writes, for each reviewer choice. It is also the README's
// copyable workflow (a test keeps the two the same), so what a newcomer pastes and what init writes
// never differ. Every choice here is the safe default the docs explain: the PR's head checked out
// without credentials (the criteria read it, nothing runs it), the least permissions that let the gate
// post its check and its history, and a dispatch for a maintainer's re-review or decision.

const STARTER_PROVIDERS = ["openai", "anthropic", "command"];
const STARTER_DEFAULTS = {
    openai: { model: "gpt-4.1", secret: "OPENAI_API_KEY" },
    anthropic: { model: "claude-sonnet-4-5", secret: "ANTHROPIC_API_KEY" },
    command: { command: "claude -p", secret: "ANTHROPIC_API_KEY" },
};
/** A YAML plain scalar when it is safe as one, else a double-quoted string. */
function scalar(value) {
    return /^[A-Za-z0-9][A-Za-z0-9 ._/:@+-]*$/.test(value) && !/[:#]\s|\s$/.test(value)
        ? value
        : JSON.stringify(value);
}
function reviewerLines(choice) {
    const defaults = STARTER_DEFAULTS[choice.provider];
    if (choice.provider === "command") {
        const command = choice.command ?? defaults.command;
        const claude = /^claude(\s|$)/.test(command);
        return {
            setup: claude
                ? [
                    "      # The reviewer CLI. It runs in an empty directory, without the GitHub token.",
                    "      - run: npm install --global @anthropic-ai/claude-code",
                ]
                : ["      # Install the reviewer CLI here. It runs in an empty directory, without the GitHub token."],
            step: [
                ...(claude
                    ? ["        env:", `          ${defaults.secret}: \${{ secrets.${defaults.secret} }}`]
                    : []),
                "        with:",
                "          provider: command",
                `          command: ${scalar(command)}`,
            ],
        };
    }
    return {
        setup: [],
        step: [
            "        with:",
            `          provider: ${choice.provider}`,
            `          model: ${scalar(choice.model ?? defaults.model)}`,
            `          api-key: \${{ secrets.${defaults.secret} }}`,
        ],
    };
}
function starterWorkflow(choice) {
    const { setup, step } = reviewerLines(choice);
    return `# verdict-gate: one four-valued status on every pull request — approve, blocked, hold-for-human or
# conditional-on. Make the check named "verdict-gate" a required status check of the branch.
# Pull requests from forks get a read-only token here: see docs/workflows.md for the setups that gate them.
name: verdict-gate

on:
  pull_request:
    types: [opened, synchronize, reopened, ready_for_review, labeled, unlabeled]
  # A maintainer reviews a pull request again, or records a decision on a held one.
  workflow_dispatch:
    inputs:
      pr:
        description: Pull request number
        required: true
      decision:
        description: "approve or block (empty: review again)"
        required: false
        default: ""
      reason:
        description: Why (required with a decision)
        required: false
        default: ""

permissions:
  contents: read
  checks: write
  pull-requests: write
  statuses: read

# One round per pull request at a time: rounds share the history comment. Queue, never cancel
# (a cancelled run would throw away a reviewer call or a maintainer's decision).
concurrency:
  group: verdict-gate-\${{ github.event.pull_request.number || inputs.pr }}
  cancel-in-progress: false

jobs:
  gate:
    runs-on: ubuntu-latest
    timeout-minutes: 30
    steps:
      # The criteria read the pull request's files; nothing in them is run.
      - uses: actions/checkout@v5
        with:
          ref: \${{ github.event.pull_request.head.sha || format('refs/pull/{0}/head', inputs.pr) }}
          persist-credentials: false
${[...setup, ""].join("\n")}      - uses: ${ACTION_REF}
${step.join("\n")}
          pr: \${{ inputs.pr }}
          decision: \${{ inputs.decision }}
          reason: \${{ inputs.reason }}
`;
}

;// CONCATENATED MODULE: ./src/cli/init.ts
// `verdict-gate init`: a starter workflow and a starter contract, written into a repository. It never
// overwrites: an existing file is somebody's configuration, and a gate's configuration replaced in
// silence is a gate that checks something else. Both files are checked first, so either both are
// written or neither is.








const USAGE = [
    "usage: verdict-gate init [--dir DIR] [--provider openai|anthropic|command] [--model NAME] [--command CMD]",
    "",
    `  writes ${WORKFLOW_PATH} and ${CONTRACT_PATH} into DIR (default: the current directory);`,
    "  refuses (exit 2) if either exists",
    "  --provider   the reviewer: openai (default, gpt-4.1), anthropic (claude-sonnet-4-5), or command (claude -p)",
    "  --model      another model for openai or anthropic",
    '  --command    another reviewer command for provider command (e.g. "codex exec --skip-git-repo-check -")',
].join("\n");
const OPTIONS = {
    dir: { type: "string" },
    provider: { type: "string" },
    model: { type: "string" },
    command: { type: "string" },
};
function choice(values) {
    const provider = values.provider ?? (values.command !== undefined ? "command" : "openai");
    if (!STARTER_PROVIDERS.includes(provider)) {
        throw new cli_io/* UsageError */.e(`--provider: expects ${STARTER_PROVIDERS.join(", ")}; got ${JSON.stringify(provider)}`);
    }
    const p = provider;
    if (p === "command" && values.model !== undefined)
        throw new cli_io/* UsageError */.e("--model is for openai or anthropic");
    if (p !== "command" && values.command !== undefined)
        throw new cli_io/* UsageError */.e("--command needs --provider command");
    for (const name of ["model", "command"]) {
        const v = values[name];
        if (v !== undefined && (v.trim() === "" || /[\r\n]/.test(v)))
            throw new cli_io/* UsageError */.e(`--${name}: expects one line of text`);
    }
    return {
        provider: p,
        ...(values.model !== undefined ? { model: values.model.trim() } : {}),
        ...(values.command !== undefined ? { command: values.command.trim() } : {}),
    };
}
const initCommand = {
    name: "init",
    summary: `write a starter workflow (${WORKFLOW_PATH}) and contract (${CONTRACT_PATH}); never overwrites`,
    usage: USAGE,
    async run(args, io) {
        const { values } = (0,cli_args/* parse */.q)(args, OPTIONS, 0);
        const picked = choice(values);
        const root = external_node_path_default().resolve(io.cwd, values.dir ?? ".");
        let isDir = false;
        try {
            isDir = (0,external_node_fs_.statSync)(root).isDirectory();
        }
        catch {
            isDir = false;
        }
        if (!isDir)
            throw new cli_io/* UsageError */.e(`--dir ${String(values.dir ?? ".")}: not a directory`);
        const files = [
            { rel: WORKFLOW_PATH, text: starterWorkflow(picked) },
            { rel: CONTRACT_PATH, text: starterContract() },
        ];
        const existing = files.filter((f) => (0,external_node_fs_.existsSync)(external_node_path_default().join(root, f.rel)));
        if (existing.length > 0) {
            io.err(`verdict-gate init: ${existing.map((f) => f.rel).join(" and ")} already exist${existing.length === 1 ? "s" : ""} in ${root}; nothing was written (move ${existing.length === 1 ? "it" : "them"} aside to start afresh)\n`);
            return four/* EXIT */.dc.usage;
        }
        for (const f of files) {
            const full = external_node_path_default().join(root, f.rel);
            (0,external_node_fs_.mkdirSync)(external_node_path_default().dirname(full), { recursive: true });
            // `wx`: fail rather than overwrite a file that appeared since the check.
            (0,external_node_fs_.writeFileSync)(full, f.text, { flag: "wx" });
        }
        const secret = STARTER_DEFAULTS[picked.provider].secret;
        io.out([
            `wrote ${WORKFLOW_PATH}`,
            `wrote ${CONTRACT_PATH}`,
            "",
            "next:",
            `  1. add the reviewer's key as a repository secret: gh secret set ${secret}`,
            `  2. edit ${CONTRACT_PATH}: say what changes are meant to do, and add criteria`,
            `     (${DOCS_URL}/contract.md)`,
            `  3. try it on a change before pushing (with ${secret} set; new files need git add -N first):`,
            `     git diff main | verdict-gate review${picked.provider === "command" ? ` --command "${picked.command ?? STARTER_DEFAULTS.command.command}"` : ` --provider ${picked.provider} --model ${picked.model ?? STARTER_DEFAULTS[picked.provider].model}`}`,
            "  4. commit both files, open a pull request, then make the check named verdict-gate a required",
            `     status check in the branch's protection rules (${DOCS_URL}/statuses.md)`,
            "",
        ].join("\n"));
        return four/* EXIT */.dc.approve;
    },
};


/***/ })

};

//# sourceMappingURL=887.index.js.map