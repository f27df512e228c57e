export * from "./criteria/index.js";
export * from "./verdict/findings.js";
export * from "./verdict/four.js";
export * from "./verdict/reply-contract.js";
