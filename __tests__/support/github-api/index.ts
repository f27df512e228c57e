// The loopback GitHub REST API for tests: start it, build a repository and a pull request, point the
// gate at it, inject faults, then read what the gate did and `assertClean()`.

export { type EventFile, type EventSpec, writeEventFile } from "./events.js";
export type { Fault, FaultRule } from "./faults.js";
export {
  DEFAULT_TOKEN,
  FakePullRequest,
  FakeRepository,
  type FileTree,
  type GitHubApiFixture,
  startGitHubApi,
} from "./fixture.js";
export type { CheckRunRecord, CommentRecord, FileChange, Role, StatusRecord } from "./model.js";
export type { GitHubLimits } from "./routes/context.js";
export type { RecordedRequest } from "./server.js";
