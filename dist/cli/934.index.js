export const id = 934;
export const ids = [934];
export const modules = {

/***/ 1934:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   promptCommand: () => (/* binding */ promptCommand)
/* harmony export */ });
/* harmony import */ var _verdict_reply_contract_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3200);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7593);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1604);
// `verdict-gate prompt`: prints the reply contract a review prompt must end with, so a script that
// builds its own prompt takes the rule from the same place the parser lives instead of retyping it.



const USAGE = [
    "usage: verdict-gate prompt [--round-token TOKEN]",
    "  --round-token TOKEN  the round-bound rule: the marker line carries TOKEN (26 to 128 of 0-9, a-z);",
    "                       read the reply with `verdict-gate verdict --round-token TOKEN`",
].join("\n");
const promptCommand = {
    name: "prompt",
    summary: "print the reply contract (PROMPT_RULE) that a review prompt must end with",
    usage: USAGE,
    async run(args, io) {
        const { values } = (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .parse */ .q)(args, { "round-token": { type: "string" } }, 0);
        const token = values["round-token"];
        if (token !== undefined && !(0,_verdict_reply_contract_js__WEBPACK_IMPORTED_MODULE_0__/* .isRoundToken */ .o3)(token)) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .e("--round-token must be 26 to 128 characters of 0-9 and a-z");
        }
        io.out((0,_verdict_reply_contract_js__WEBPACK_IMPORTED_MODULE_0__/* .promptRule */ .$3)(token));
        return 0;
    },
};


/***/ })

};

//# sourceMappingURL=934.index.js.map