// Every action input and output name, in one place: the settings reader, the tests (which start dist/
// with INPUT_* variables) and the docs generator (docs/inputs.md) all use this map, so a renamed input cannot leave
// one of them behind. A test checks it against action.yml in both directions.

export const INPUT = Object.freeze({
  githubToken: "github-token",
  provider: "provider",
  model: "model",
  apiKey: "api-key",
  baseUrl: "base-url",
  command: "command",
  contract: "contract",
  checkName: "check-name",
  pr: "pr",
  headSha: "head-sha",
  maxRounds: "max-rounds",
  reviewerTimeoutSeconds: "reviewer-timeout-seconds",
  reviewerRetries: "reviewer-retries",
  roundDeadlineMinutes: "round-deadline-minutes",
  failOn: "fail-on",
  include: "include",
  exclude: "exclude",
  defaultExcludes: "default-excludes",
  maxDiffTokens: "max-diff-tokens",
  maxRoundTokens: "max-round-tokens",
  reviewerConcurrency: "reviewer-concurrency",
  contextWindow: "context-window",
  maxOutputTokens: "max-output-tokens",
  reviewTask: "review-task",
  reviewInstructions: "review-instructions",
  includePrDescription: "include-pr-description",
  context: "context",
  decision: "decision",
  dismiss: "dismiss",
  reason: "reason",
  forceReview: "force-review",
  whenCriteriaBlock: "when-criteria-block",
  reviewComments: "review-comments",
  reviewers: "reviewers",
  panelPolicy: "panel-policy",
  priceIn: "price-in",
  priceOut: "price-out",
  maxPrCost: "max-pr-cost",
} as const);

export type InputName = (typeof INPUT)[keyof typeof INPUT];

export const OUTPUT = Object.freeze({
  status: "status",
  reviewerVerdict: "reviewer-verdict",
  checkRunId: "check-run-id",
  exclusions: "exclusions",
  round: "round",
  coverage: "coverage",
  reasons: "reasons",
  headSha: "head-sha",
  panel: "panel",
} as const);
