// The dependencies part (IFF): what the contract `requires` outside this pull request. All hold → YES;
// any failed → NO with the reason; any pending → IFF (the check run stays in progress, so a required
// check stays pending); pending past its timeout, counted from the first round that saw it pending →
// MAYBE, because a gate that waits forever is a gate nobody can merge through.
import type { Requirement } from "../criteria/requirement-schema.js";
import type { CheckRunState, CommitStatusState, GitHub, PullRequestInfo } from "../ports/github.js";
import { combine, iff, maybe, no, type Result, yes } from "../verdict/four-values.js";
import type { Part } from "../verdict/round-decision.js";

export type Observation =
  | { kind: "check_run"; runs: readonly CheckRunState[] }
  | { kind: "status"; statuses: readonly CommitStatusState[] }
  | { kind: "pr_merged"; state: "open" | "closed"; merged: boolean }
  | {
      kind: "label";
      present: boolean;
      /** Who last added it (absent when not asked: the label is missing, or anyone may add it). */
      addedBy?: { login: string | null; permission: string | null };
      /** The pull request's author, who may not satisfy their own requirement. */
      author?: string;
    };

const WRITE_ROLES: ReadonlySet<string> = new Set(["admin", "maintain", "write"]);

export type DependencyState = "holds" | "failed" | "pending";

type Judgement = { state: DependencyState; detail: string };

/** One requirement judged from what the API showed. Pure. */
export function judge(req: Requirement, observed: Observation): Judgement {
  switch (observed.kind) {
    case "check_run":
      return judgeCheckRuns(req, observed);
    case "status":
      return judgeStatus(req, observed);
    case "pr_merged":
      return judgeMerged(req, observed);
    case "label":
      return judgeLabel(req, observed);
  }
}

/** GitHub lists the latest run per check suite, so one name can have several runs (another workflow or
 * app using the same name). Each must succeed: judging only the newest would let a passing run hide a
 * failing one. A requirement pinned to an app reads only that app's runs: anyone who can add a
 * workflow can post a run of any name. */
function judgeCheckRuns(req: Requirement, seen: Extract<Observation, { kind: "check_run" }>): Judgement {
  const pinned = req.type === "check_run" ? req.app?.toLowerCase() : undefined;
  const runs = pinned === undefined ? seen.runs : seen.runs.filter((r) => r.app?.toLowerCase() === pinned);
  if (runs.length === 0) {
    const others = seen.runs.length - runs.length;
    return {
      state: "pending",
      detail: `check run "${describe(req)}" has not started${
        others > 0 ? ` (${others} run(s) of that name by other apps do not count)` : ""
      }`,
    };
  }
  // Only success holds: neutral and skipped count as passing in GitHub's own required checks,
  // which is exactly the leniency a gate must not inherit.
  const failed = runs.find((r) => r.status === "completed" && r.conclusion !== "success");
  if (failed !== undefined) {
    return {
      state: "failed",
      detail: `check run "${describe(req)}" concluded ${failed.conclusion ?? "without a conclusion"}`,
    };
  }
  const unfinished = runs.find((r) => r.status !== "completed");
  if (unfinished !== undefined)
    return { state: "pending", detail: `check run "${describe(req)}" is ${unfinished.status}` };
  return {
    state: "holds",
    detail: `check run "${describe(req)}" succeeded${runs.length > 1 ? ` (all ${runs.length} runs of that name)` : ""}`,
  };
}

/** A commit status: the latest report of the context (from the required creator, when one is named). */
function judgeStatus(req: Requirement, seen: Extract<Observation, { kind: "status" }>): Judgement {
  const latest = seen.statuses[0];
  const by = req.type === "status" && req.creator !== undefined ? ` by ${req.creator}` : "";
  if (latest === undefined)
    return { state: "pending", detail: `status "${describe(req)}" has not been reported${by}` };
  if (latest.state === "success") return { state: "holds", detail: `status "${describe(req)}" is success` };
  if (latest.state === "pending") return { state: "pending", detail: `status "${describe(req)}" is pending` };
  return {
    state: "failed",
    detail: `status "${describe(req)}" is ${latest.state}${latest.description ? ` (${latest.description})` : ""}`,
  };
}

/** Another pull request: merged holds, closed unmerged fails (it never will be), open waits. */
function judgeMerged(req: Requirement, seen: Extract<Observation, { kind: "pr_merged" }>): Judgement {
  if (seen.merged) return { state: "holds", detail: `${describe(req)} is merged` };
  if (seen.state === "closed")
    return { state: "failed", detail: `${describe(req)} was closed without merging` };
  return { state: "pending", detail: `${describe(req)} is not merged yet` };
}

/** A label counts only when someone who could merge, and is not the author, added it (unless the
 * contract says `added_by: anyone`): otherwise the author labels their own pull request ready. Not
 * trusted is pending, not failed: a maintainer can still add it. */
function judgeLabel(req: Requirement, seen: Extract<Observation, { kind: "label" }>): Judgement {
  const name = describe(req);
  if (!seen.present) return { state: "pending", detail: `label "${name}" is not on the pull request` };
  if (req.type === "label" && req.added_by === "anyone")
    return { state: "holds", detail: `label "${name}" is present` };
  const recount =
    "it counts once someone with write access who is not the author adds it (remove it and add it again)";
  const by = seen.addedBy;
  if (by === undefined || by.login === null)
    return {
      state: "pending",
      detail: `label "${name}" is present, but no event says who added it; ${recount}`,
    };
  if (seen.author !== undefined && by.login.toLowerCase() === seen.author.toLowerCase())
    return {
      state: "pending",
      detail: `label "${name}" was added by @${by.login}, the pull request's author; ${recount}`,
    };
  if (by.permission === null || !WRITE_ROLES.has(by.permission))
    return {
      state: "pending",
      detail: `label "${name}" was added by @${by.login}, who has ${by.permission ?? "no"} permission; ${recount}`,
    };
  return { state: "holds", detail: `label "${name}" was added by @${by.login} (${by.permission})` };
}

function describe(req: Requirement): string {
  switch (req.type) {
    case "check_run":
      return req.name;
    case "status":
      return req.context;
    case "pr_merged":
      return `${req.repo}#${req.number}`;
    case "label":
      return req.name;
  }
}

/** The key a pending timer is kept under: per head commit for checks and statuses (a new push starts
 * new ones), per requirement otherwise. */
export function pendingKey(req: Requirement, head: string): string {
  return req.type === "check_run" || req.type === "status" ? `${req.id}@${head}` : req.id;
}

export interface JudgedDependency {
  req: Requirement;
  state: DependencyState | "timed-out";
  detail: string;
}

/** Combine judged requirements into the part's result, applying timeouts. Pure. */
export function dependenciesResult(
  judged: ReadonlyArray<{ req: Requirement; state: DependencyState; detail: string }>,
  head: string,
  pendingBefore: Readonly<Record<string, string>>,
  now: Date,
): { result: Result; pendingSince: Record<string, string>; items: JudgedDependency[] } {
  // Keyed by the contract's ids: a Map, so an id such as `__proto__` is a key like any other.
  const pendingSince = new Map<string, string>();
  const items: JudgedDependency[] = [];
  const parts: Result[] = [];
  for (const j of judged) {
    const label = `${j.req.id} (${j.req.type})`;
    if (j.state === "holds") {
      parts.push(yes());
      items.push(j);
    } else if (j.state === "failed") {
      parts.push(no(`dependency ${label} failed: ${j.detail}`));
      items.push(j);
    } else {
      const key = pendingKey(j.req, head);
      const since = (Object.hasOwn(pendingBefore, key) ? pendingBefore[key] : undefined) ?? now.toISOString();
      pendingSince.set(key, since);
      const minutes = (now.getTime() - Date.parse(since)) / 60_000;
      if (minutes > j.req.timeout_minutes) {
        parts.push(
          maybe(
            // The text names when, not how long: a re-evaluation that finds nothing changed must
            // reach the same words, or every scheduled run would record one more identical round.
            `dependency ${label} still pending since ${since}, past its timeout of ${j.req.timeout_minutes} minutes: ${j.detail}`,
          ),
        );
        items.push({ ...j, state: "timed-out" });
      } else {
        parts.push(iff(`${label}: ${j.detail}`));
        items.push(j);
      }
    }
  }
  return { result: combine(...parts), pendingSince: Object.fromEntries(pendingSince), items };
}

/** Ask the API about each requirement: one or two requests each, never one per commit (a present
 * label: who added it, and their permission). */
export async function observe(
  github: DependencyAsker,
  req: Requirement,
  pr: PullRequestInfo,
  ownCheckRunId: number,
): Promise<Observation> {
  switch (req.type) {
    case "check_run": {
      const runs = (await github.dependencies.checkRuns(pr.headSha, req.name)).filter(
        (r) => r.id !== ownCheckRunId,
      );
      return { kind: "check_run", runs };
    }
    case "status":
      return {
        kind: "status",
        statuses: await github.dependencies.statuses(pr.headSha, req.context, req.creator),
      };
    case "pr_merged": {
      const other = await github.dependencies.pullRequestState(req.repo, req.number);
      return { kind: "pr_merged", ...other };
    }
    case "label": {
      const present = pr.labels.includes(req.name);
      if (!present || req.added_by === "anyone") return { kind: "label", present };
      const login = await github.dependencies.labelAddedBy(pr.number, req.name);
      // The author's own label needs no permission lookup: it never counts.
      const permission =
        login === null || login.toLowerCase() === pr.author.toLowerCase()
          ? null
          : await github.people.permission(login);
      return { kind: "label", present, addedBy: { login, permission }, author: pr.author };
    }
  }
}

/** What a local round says of a requirement it never asked GitHub about. */
const NOT_QUERIED = "not queried: a local review does not ask GitHub (`verdict-gate pr` does)";

/** The roles a requirement is asked of: the oracle, and (a label's) who added it may. */
export type DependencyAsker = Pick<GitHub, "dependencies" | "people">;

export interface DependenciesPartInput {
  github: DependencyAsker;
  requires: readonly Requirement[];
  pr: PullRequestInfo;
  ownCheckRunId: number;
  pendingBefore: Readonly<Record<string, string>>;
  now: Date;
}

/** What a round that asks GitHub nothing (a local one) does with the contract's `requires`: leaves each
 * pending, saying it was never asked (conditional-on), or leaves them out of the status, saying so
 * (--no-dependencies). */
export type UnaskedRequires = "not-queried" | "not-checked";

export interface DependenciesPartOutcome {
  part: Part;
  pendingSince: Record<string, string>;
  items: JudgedDependency[];
}

/** The part when the contract requires nothing: skipped, and no pending timer is kept. */
function nothingRequired(): DependenciesPartOutcome {
  return {
    part: { name: "dependencies", result: yes(), summary: "no `requires` in the contract", skipped: true },
    pendingSince: {},
    items: [],
  };
}

/** Each requirement observed and judged, one after another. */
async function judgeAll(
  input: DependenciesPartInput,
): Promise<{ req: Requirement; state: DependencyState; detail: string }[]> {
  const judged = [];
  for (const req of input.requires)
    judged.push({ req, ...judge(req, await observe(input.github, req, input.pr, input.ownCheckRunId)) });
  return judged;
}

/** The part's one-line summary. What holds says who made it hold (a label's adder, a pinned app): the
 * reader checks the source. */
function dependenciesSummary(items: readonly JudgedDependency[]): string {
  const holding = items.filter((i) => i.state === "holds").length;
  return `${holding} of ${items.length} hold; ${
    items
      .filter((i) => i.state !== "holds")
      .map((i) => `${i.req.id}: ${i.state}`)
      .join(", ") || "all hold"
  }${
    holding > 0
      ? ` (${items
          .filter((i) => i.state === "holds")
          .map((i) => `${i.req.id}: ${i.detail}`)
          .join("; ")})`
      : ""
  }`;
}

export async function dependenciesPart(input: DependenciesPartInput): Promise<DependenciesPartOutcome> {
  if (input.requires.length === 0) return nothingRequired();
  return partOf(await judgeAll(input), input.pr.headSha, input.pendingBefore, input.now);
}

/** The part of a round that asks GitHub nothing: each requirement pending and never holding (it has
 * not been seen), or all of them left out of the status. */
export function unaskedDependencies(
  requires: readonly Requirement[],
  how: UnaskedRequires,
  head: string,
  now: Date,
): DependenciesPartOutcome {
  if (requires.length === 0) return nothingRequired();
  if (how === "not-checked") {
    return {
      part: {
        name: "dependencies",
        result: yes(),
        summary: `not checked (--no-dependencies): ${requires.map((r) => `${r.id} (${r.type})`).join(", ")}`,
        skipped: true,
      },
      pendingSince: {},
      items: [],
    };
  }
  return partOf(
    requires.map((req) => ({ req, state: "pending" as const, detail: NOT_QUERIED })),
    head,
    {},
    now,
  );
}

function partOf(
  judged: readonly { req: Requirement; state: DependencyState; detail: string }[],
  head: string,
  pendingBefore: Readonly<Record<string, string>>,
  now: Date,
): DependenciesPartOutcome {
  const { result, pendingSince, items } = dependenciesResult(judged, head, pendingBefore, now);
  return {
    part: { name: "dependencies", result, summary: dependenciesSummary(items) },
    pendingSince,
    items,
  };
}
