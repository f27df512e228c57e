#!/usr/bin/env node
import './sourcemap-register.cjs';import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 5581:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _cli_main_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(610);
// The `verdict-gate` program (package.json `bin`): binds the command frame to the real process.

async function readStdin(maxBytes = Number.POSITIVE_INFINITY) {
    const chunks = [];
    let size = 0;
    for await (const chunk of process.stdin) {
        chunks.push(chunk);
        size += chunk.length;
        if (size > maxBytes) {
            // Enough to know it is too large; stop reading instead of holding gigabytes.
            process.stdin.destroy();
            break;
        }
    }
    return Buffer.concat(chunks);
}
const io = {
    readStdin,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    stdoutIsTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
};
try {
    process.exitCode = await (0,_cli_main_js__WEBPACK_IMPORTED_MODULE_0__/* .runCli */ .a)(process.argv.slice(2), io);
}
catch (error) {
    process.stderr.write(`verdict-gate: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 1604:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ UsageError)
/* harmony export */ });
// What a CLI command may touch. Commands get this instead of `process`, so tests run them in-process
// with captured output, and the one real implementation lives in src/cli.ts.
/** Bad arguments or input the user must fix: exit 2 with a message and the command's usage. */
class UsageError extends Error {
    name = "UsageError";
}


/***/ }),

/***/ 610:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  a: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: ./src/describe-error.ts
var describe_error = __nccwpck_require__(9869);
// EXTERNAL MODULE: ./src/verdict/four.ts
var four = __nccwpck_require__(1201);
// EXTERNAL MODULE: ./src/version.ts
var version = __nccwpck_require__(311);
;// CONCATENATED MODULE: ./src/cli/commands.ts
const COMMANDS = [
    { name: "review", load: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(170), __nccwpck_require__.e(839), __nccwpck_require__.e(304), __nccwpck_require__.e(728), __nccwpck_require__.e(364), __nccwpck_require__.e(332)]).then(__nccwpck_require__.bind(__nccwpck_require__, 332))).reviewCommand },
    { name: "pr", load: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(170), __nccwpck_require__.e(839), __nccwpck_require__.e(392), __nccwpck_require__.e(304), __nccwpck_require__.e(728), __nccwpck_require__.e(364), __nccwpck_require__.e(96)]).then(__nccwpck_require__.bind(__nccwpck_require__, 6096))).prCommand },
    { name: "verdict", load: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(304), __nccwpck_require__.e(755)]).then(__nccwpck_require__.bind(__nccwpck_require__, 5755))).verdictCommand },
    { name: "prompt", load: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(304), __nccwpck_require__.e(934)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1934))).promptCommand },
    { name: "check", load: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(170), __nccwpck_require__.e(728), __nccwpck_require__.e(418)]).then(__nccwpck_require__.bind(__nccwpck_require__, 6418))).checkCommand },
    { name: "audit", load: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(170), __nccwpck_require__.e(839), __nccwpck_require__.e(392), __nccwpck_require__.e(304), __nccwpck_require__.e(728), __nccwpck_require__.e(364), __nccwpck_require__.e(96), __nccwpck_require__.e(488)]).then(__nccwpck_require__.bind(__nccwpck_require__, 5488))).auditCommand },
    { name: "init", load: async () => (await __nccwpck_require__.e(/* import() */ 887).then(__nccwpck_require__.bind(__nccwpck_require__, 887))).initCommand },
];

// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __nccwpck_require__(1604);
;// CONCATENATED MODULE: ./src/cli/main.ts
// The `verdict-gate` command frame: global flags, dispatch, and the rule that every outcome is an exit
// code (0 approve … 1 internal error; see EXIT). A thrown error is never allowed to end in exit 0.





const TOP_USAGE = "usage: verdict-gate <command> [options]   (verdict-gate --help lists the commands)";
async function topHelp() {
    const commands = await Promise.all(COMMANDS.map((c) => c.load()));
    const width = Math.max(...commands.map((c) => c.name.length));
    const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
    return [
        `verdict-gate ${version/* VERSION */.x}: a pull-request gate with one four-valued status.`,
        "",
        "usage: verdict-gate <command> [options]",
        "",
        "commands:",
        ...lines,
        "",
        "Exit codes: 0 approve/APPROVE/PASS · 3 blocked/REQUEST_CHANGES/FAIL · 4 hold-for-human/AMBIGUOUS/",
        "no verdict/FLAG · 5 conditional-on · 2 usage or invalid input · 1 internal error.",
        "Run `verdict-gate <command> --help` for a command's options.",
        "",
    ].join("\n");
}
async function runCli(argv, io) {
    const [first, ...rest] = argv;
    if (first === undefined) {
        io.err(`${TOP_USAGE}\n`);
        return four/* EXIT */.dc.usage;
    }
    if (first === "--help" || first === "-h" || first === "help") {
        io.out(await topHelp());
        return four/* EXIT */.dc.approve;
    }
    if (first === "--version" || first === "-V") {
        io.out(`${version/* VERSION */.x}\n`);
        return four/* EXIT */.dc.approve;
    }
    const entry = COMMANDS.find((c) => c.name === first);
    if (entry === undefined) {
        io.err(`verdict-gate: unknown command ${JSON.stringify(first)}\n${TOP_USAGE}\n`);
        return four/* EXIT */.dc.usage;
    }
    const command = await entry.load();
    // `--help` anywhere among the options (`check FILE --help`), but not after `--`: what follows it is
    // operands (`check -- -h` names a file called -h), and must never turn a run into exit 0.
    const end = rest.indexOf("--");
    const options = end === -1 ? rest : rest.slice(0, end);
    if (options.includes("--help") || options.includes("-h")) {
        io.out(`${command.usage}\n\n${command.summary}\n`);
        return four/* EXIT */.dc.approve;
    }
    try {
        const code = await command.run(rest, io);
        if (!Number.isInteger(code) || code < 0 || code > 255) {
            io.err(`verdict-gate ${command.name}: internal error: exit code ${String(code)}\n`);
            return four/* EXIT */.dc.internal;
        }
        return code;
    }
    catch (error) {
        if (error instanceof cli_io/* UsageError */.e) {
            // The usage lines only (up to the first blank line), not the whole option list: the error must
            // stay the first thing a person reads.
            const short = command.usage.split("\n\n")[0] ?? command.usage;
            const more = short.length < command.usage.length
                ? `\n(verdict-gate ${command.name} --help lists every option)`
                : "";
            io.err(`verdict-gate ${command.name}: ${error.message}\n${short}${more}\n`);
            return four/* EXIT */.dc.usage;
        }
        io.err(`verdict-gate ${command.name}: internal error: ${(0,describe_error/* describeError */.U)(error)}\n`);
        return four/* EXIT */.dc.internal;
    }
}


/***/ }),

/***/ 9869:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   U: () => (/* binding */ describeError)
/* harmony export */ });
// One message for whatever was thrown. JavaScript can throw anything (a string, an object, undefined),
// and `error instanceof Error ? error.message : …` patterns that forget the other cases are how an
// error path ends up printing nothing, or nothing useful, while the step goes on.
/** Describes an error for a check run, a log line or a CLI message, whatever was thrown. */
function describeError(error) {
    if (error instanceof Error)
        return error.message || error.name;
    try {
        return `non-error thrown: ${JSON.stringify(error)}`;
    }
    catch {
        return `non-error thrown: ${String(error)}`;
    }
}


/***/ }),

/***/ 1201:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ar: () => (/* binding */ iff),
/* harmony export */   EZ: () => (/* binding */ yes),
/* harmony export */   FO: () => (/* binding */ exitCodeOf),
/* harmony export */   GL: () => (/* binding */ maybe),
/* harmony export */   NO: () => (/* binding */ NO),
/* harmony export */   Tm: () => (/* binding */ rank),
/* harmony export */   _Y: () => (/* binding */ YES),
/* harmony export */   c2: () => (/* binding */ statusOf),
/* harmony export */   dc: () => (/* binding */ EXIT),
/* harmony export */   eJ: () => (/* binding */ holdInstead),
/* harmony export */   f: () => (/* binding */ STATUSES),
/* harmony export */   kg: () => (/* binding */ combine),
/* harmony export */   no: () => (/* binding */ no),
/* harmony export */   vu: () => (/* binding */ conclusionOf),
/* harmony export */   xF: () => (/* binding */ MAYBE)
/* harmony export */ });
/* unused harmony exports IFF, VALUES, dominant, valueOfStatus, headline */
// The four values (verdict4): a gate that can only say pass or fail must turn "could not review" and
// "correct once X holds" into one of the two, and whichever it picks is wrong for somebody. A result
// carries its own consequence: NO names a reason, MAYBE names the evidence a person must supply, IFF
// names the dependency that must hold. Pure: no I/O.
const NO = "NO";
const YES = "YES";
const MAYBE = "MAYBE";
const IFF = "IFF";
const VALUES = Object.freeze([NO, YES, MAYBE, IFF]);
const STATUSES = Object.freeze([
    "approve",
    "blocked",
    "hold-for-human",
    "conditional-on",
]);
function text(kind, value) {
    if (typeof value !== "string" || value.trim() === "") {
        throw new TypeError(`${kind} must be a non-empty string, got ${JSON.stringify(value)}`);
    }
    return value;
}
function build(value, reasons, needed, dependencies) {
    return Object.freeze({
        value,
        reasons: Object.freeze(reasons),
        needed: Object.freeze(needed),
        dependencies: Object.freeze(dependencies),
    });
}
/** Reject, with at least one named reason. */
function no(reason, ...more) {
    return build(NO, [reason, ...more].map((r) => text("a NO reason", r)), [], []);
}
/** Accept. */
function yes() {
    return build(YES, [], [], []);
}
/** Hold: the evidence named is missing, so only a person can decide. */
function maybe(needed, ...more) {
    return build(MAYBE, [], [needed, ...more].map((n) => text("what a MAYBE needs", n)), []);
}
/** Conditional: correct if and only if the named dependency holds. */
function iff(dependency, ...more) {
    return build(IFF, [], [], [dependency, ...more].map((d) => text("an IFF dependency", d)));
}
/** The same result held for a person instead: its reasons, needs and dependencies stay visible, and
 * `needed` (first) says why nobody but a person may decide now (rounds exhausted, a contradiction). */
function holdInstead(result, needed) {
    return build(MAYBE, [...result.reasons], [text("what a MAYBE needs", needed), ...result.needed], [...result.dependencies]);
}
// NO dominates (a known defect outweighs anything unknown), then MAYBE (an unknown outweighs a
// condition that might hold), then IFF; YES only when every part is YES.
const RANK = { NO: 3, MAYBE: 2, IFF: 1, YES: 0 };
/** The stronger of two values in the lattice NO > MAYBE > IFF > YES. */
function dominant(a, b) {
    return RANK[a] >= RANK[b] ? a : b;
}
/** Combine parts into one result. No parts at all is YES (the identity), which is why callers must
 * never combine an empty list to mean "nothing was checked": that is a MAYBE they build themselves. */
function combine(...parts) {
    let value = YES;
    const reasons = [];
    const needed = [];
    const dependencies = [];
    for (const part of parts) {
        value = dominant(value, part.value);
        reasons.push(...part.reasons);
        needed.push(...part.needed);
        dependencies.push(...part.dependencies);
    }
    return build(value, reasons, needed, dependencies);
}
/** The lattice order as a number, for sorting: higher is stronger. */
function rank(value) {
    return RANK[value];
}
const STATUS_OF = {
    YES: "approve",
    NO: "blocked",
    MAYBE: "hold-for-human",
    IFF: "conditional-on",
};
function statusOf(value) {
    return STATUS_OF[value];
}
function valueOfStatus(status) {
    const found = VALUES.find((v) => STATUS_OF[v] === status);
    if (found === undefined)
        throw new TypeError(`not a status: ${JSON.stringify(status)}`);
    return found;
}
/** The check-run conclusion for a status. `neutral` and `skipped` are never used: GitHub counts both as
 * passing a required check, so a gate that used them would approve by omission. conditional-on has no
 * conclusion: the check run stays in progress, which holds a required check pending. */
function conclusionOf(status) {
    switch (status) {
        case "approve":
            return "success";
        case "blocked":
            return "failure";
        case "hold-for-human":
            return "action_required";
        case "conditional-on":
            return null;
    }
}
/** Process exit codes, the same for every command: automation must never read "it printed something"
 * as "it passed", so only an approve exits 0. */
const EXIT = Object.freeze({
    approve: 0,
    internal: 1,
    usage: 2,
    blocked: 3,
    hold: 4,
    conditional: 5,
});
function exitCodeOf(status) {
    switch (status) {
        case "approve":
            return EXIT.approve;
        case "blocked":
            return EXIT.blocked;
        case "hold-for-human":
            return EXIT.hold;
        case "conditional-on":
            return EXIT.conditional;
    }
}
/** The one-line summary of a result: its status and first reason, what a check-run title shows. */
function headline(result) {
    const first = result.value === NO
        ? result.reasons[0]
        : result.value === MAYBE
            ? result.needed[0]
            : result.value === IFF
                ? result.dependencies[0]
                : undefined;
    return first === undefined ? statusOf(result.value) : `${statusOf(result.value)}: ${first}`;
}


/***/ }),

/***/ 311:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ VERSION)
/* harmony export */ });
// Kept in step with package.json by a test (__tests__/cli/frame.test.ts): the bundles cannot read
// package.json at run time, because users run dist/ from wherever the action was checked out.
const VERSION = "0.1.0";


/***/ }),

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 1421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 8229:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 8161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 481:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		id: moduleId,
/******/ 		loaded: false,
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Flag the module as loaded
/******/ 	module.loaded = true;
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/node module decorator */
/******/ (() => {
/******/ 	__nccwpck_require__.nmd = (module) => {
/******/ 		module.paths = [];
/******/ 		if (!module.children) module.children = [];
/******/ 		return module;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(5581);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 

//# sourceMappingURL=index.js.map