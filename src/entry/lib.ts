// The package's main export: the same pieces the action and the CLI use, for TypeScript callers, so
// nobody retypes the reply contract or the lattice.
export * from "../criteria/index.js";
export * from "../github/history-audit.js";
export { readHistoryComment, renderHistoryComment } from "../report/history-comment.js";
export * from "../verdict/findings.js";
export * from "../verdict/four-values.js";
export * from "../verdict/history.js";
export * from "../verdict/loop-rules.js";
export * from "../verdict/reply-contract.js";
export { openTree } from "../workspace/fs-tree.js";
