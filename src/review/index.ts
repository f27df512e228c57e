// The review room's public surface, for src/main.ts, the CLI and the library export: prompt assembly,
// the diff plan and its coverage, the reviewers, running them over chunks, and the forgery checks.
export { ANTHROPIC_DEFAULT_BASE_URL, anthropicReviewer, defaultMaxOutputTokens } from "./anthropic.js";
export { readMessage } from "./anthropic-reply.js";
export {
  type Attempt,
  type AttemptOutcome,
  callReviewer,
  TRUNCATION_MIN_TOKENS,
  TRUNCATION_SHARE,
  TRUNCATION_WARNING_SHARE,
} from "./call.js";
export { type ChunkOutcome, DEFAULT_CONCURRENCY, type ReviewChunksOptions, reviewChunks } from "./chunks.js";
export { type CommandReviewerOptions, commandReviewer, DEFAULT_MAX_REPLY_BYTES } from "./command.js";
export { reviewerEnvironment, withheldVariable } from "./command-env.js";
export { CommandLineError, parseCommandLine } from "./command-line.js";
export {
  CONTEXT_WINDOWS,
  type ContextWindow,
  contextWarning,
  contextWindowFor,
  looksLikeOllama,
  OLLAMA_DEFAULT_WINDOW,
  UNKNOWN_MODEL_WINDOW,
  WINDOW_WARNING_SHARE,
} from "./context-window.js";
export {
  type Coverage,
  coverageAfter,
  coverageOf,
  formatCoverage,
  type NotReviewedFile,
  type NotReviewedReason,
} from "./coverage.js";
export { createReviewer, type ReviewerDependencies, type ReviewerSettingsInput } from "./create.js";
export { ReviewerConfigError } from "./endpoint.js";
export { chooseFence, type Fence } from "./fence.js";
export {
  type EchoFinding,
  isVerdictLike,
  replyEcho,
  type VerdictLikeLine,
  verdictLikeLines,
} from "./forgery.js";
export { type HttpReviewerOptions, OPENAI_DEFAULT_BASE_URL, openAIReviewer } from "./openai.js";
export { readChatCompletion } from "./openai-reply.js";
export {
  type Chunk,
  DEFAULT_MAX_DIFF_TOKENS,
  diffBudget,
  fileTokens,
  type PlanOptions,
  PROMPT_OVERHEAD_TOKENS,
  planReview,
  type ReviewPlan,
} from "./plan.js";
export {
  type AuthorClaims,
  buildPrompt,
  type Conditions,
  diffText,
  type EarlierReason,
  earlierReasonStatus,
  type Prompt,
  type PromptInput,
} from "./prompt.js";
export { REDACTED, type Redact, redactor, redactSecrets } from "./redact.js";
export { type JoinedText, joinPieces, unclosedReasoning, withoutReasoning } from "./reply-text.js";
export { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy, retryAfterMs } from "./retry.js";
export {
  FAILURE_KINDS,
  type FailureKind,
  type PromptMessages,
  type ProviderName,
  REAL_RUNTIME,
  type Reviewer,
  type ReviewerRuntime,
  type ReviewReply,
  type Usage,
} from "./reviewer.js";
export { newRoundToken, ROUND_TOKEN_BYTES } from "./round-token.js";
export {
  DEFAULT_EXCLUDES,
  type ExcludedFile,
  type ExcludeRule,
  type ScopeOptions,
  scopeFiles,
} from "./scope.js";
export { DEFAULT_REVIEW_TASK, reviewTask } from "./task.js";
export { BYTES_PER_TOKEN, estimateTokens } from "./tokens.js";
