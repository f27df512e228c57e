// Which settings change what a round concludes: the settings fingerprint (gate/binding.ts) is made of
// these and nothing else, so a verdict or decision recorded under other values is not reused. Every
// field of Settings and of a reviewer's settings is placed here, with why: a field added to either
// does not compile until it is placed, and a field added inside `diff` or `prompt` is in without an
// edit (they are hashed whole). Leaving a setting out that changes a judgement would let a verdict
// stand for a question it never answered; putting one in that does not only asks again.
import type { ReviewerSet, ReviewerSettings, RoundSettings, Settings } from "./settings.js";

/** The name a setting has in the fingerprint, a function giving its part of it, or null: out. */
type Placement<V> = string | ((value: V) => Readonly<Record<string, unknown>>) | null;

/** How each field of a reviewer's settings counts: `in` (who is asked, and how much of the diff fits),
 * `panel` (in for a panel of two or more only), `out`. */
const REVIEWER: { readonly [K in keyof ReviewerSettings]-?: "in" | "panel" | "out" } = {
  // The name a panel's reasons carry; a panel of one is its reviewer, whatever its label.
  label: "panel",
  provider: "in",
  model: "in",
  baseUrl: "in",
  command: "in",
  contextWindow: "in",
  // Credentials, never hashed.
  apiKey: "out",
  apiKeyEnv: "out",
  // How it is reached: a reviewer that times out or gives up holds and records no verdict.
  timeoutMs: "out",
  retries: "out",
  // A reply cut there holds and is not recorded.
  maxOutputTokens: "out",
};

/** One reviewer's part: each of its fields that counts, an absent one as null. */
function reviewerPart(r: ReviewerSettings, panel: boolean): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const [key, how] of Object.entries(REVIEWER)) {
    if (how === "in" || (how === "panel" && panel)) part[key] = r[key as keyof ReviewerSettings] ?? null;
  }
  return part;
}

/** Who is asked: the first reviewer, and a panel of two or more as a whole (each reviewer with its
 * label, and the policy: what approves). A panel of one is its reviewer, exactly as the
 * single-reviewer inputs would give it. */
function reviewersPart(set: ReviewerSet): Record<string, unknown> {
  const [first] = set.members;
  return {
    reviewer: first === undefined ? null : reviewerPart(first, false),
    ...(set.members.length > 1
      ? { panel: { policy: set.policy, reviewers: set.members.map((r) => reviewerPart(r, true)) } }
      : {}),
  };
}

/** The round's settings, each placed. */
const ROUND: { readonly [K in keyof RoundSettings]-?: Placement<NonNullable<RoundSettings[K]>> } = {
  reviewers: reviewersPart,
  // Which file is the contract.
  contractPath: "contract",
  // Each name has its own history, so records never cross it.
  checkName: null,
  // The budget, not the judgement: raising it is how a maintainer grants more rounds.
  maxRounds: null,
  // How long it is waited for: a round cut off holds and records no verdict.
  roundDeadlineMinutes: null,
  // The step, not the check.
  failOn: null,
  // Whether a call is made when a criterion already blocks: the round is blocked either way, and a
  // call not made records no verdict.
  whenCriteriaBlock: null,
  // What the reviewer is shown and asked.
  diff: "diff",
  prompt: "prompt",
  // What a call costs, not what it says; a round over max-pr-cost holds and records no verdict.
  cost: null,
};

/** The rest of a pull request's settings: where GitHub is, which pull request and event, this run's act
 * (a decision, a forced answer, who pushed), where findings are shown, the checkout and the run's link.
 * None changes how a round is judged; each is placed all the same, so that whoever adds a setting says
 * where it goes. */
const RUN: { readonly [K in Exclude<keyof Settings, keyof RoundSettings>]-?: null } = {
  token: null,
  apiUrl: null,
  serverUrl: null,
  owner: null,
  repo: null,
  eventName: null,
  eventSha: null,
  target: null,
  eventAction: null,
  decision: null,
  dismissal: null,
  forceReview: null,
  act: null,
  run: null,
  workflowFile: null,
  pusher: null,
  reviewComments: null,
  workspace: null,
  runUrl: null,
};

/** The settings that change what a round concludes, as the value the fingerprint hashes. */
export function judgedSettings(settings: RoundSettings): Record<string, unknown> {
  const judged: Record<string, unknown> = {};
  for (const [key, place] of Object.entries({ ...RUN, ...ROUND }) as [
    keyof RoundSettings,
    Placement<unknown>,
  ][]) {
    if (place === null) continue;
    const value = settings[key];
    if (typeof place === "string") judged[place] = value ?? null;
    else if (value !== undefined) Object.assign(judged, place(value));
  }
  return judged;
}
