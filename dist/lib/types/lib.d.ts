export * from "./criteria/index.js";
export * from "./github/history-audit.js";
export { readHistoryComment, renderHistoryComment } from "./report/history-comment.js";
export * from "./verdict/findings.js";
export * from "./verdict/four.js";
export * from "./verdict/history.js";
export * from "./verdict/loop.js";
export * from "./verdict/reply-contract.js";
