#!/usr/bin/env node
import './sourcemap-register.cjs';var __webpack_exports__ = {};
console.log("cli");



//# sourceMappingURL=index.js.map