import { describe, expect, it } from "vitest";
import { bindingChange, contractHash, JUDGEMENT_RULES, settingsFingerprint } from "../../src/gate/binding.js";
import { INPUT, type InputName } from "../../src/settings/inputs.js";
import { ACTION_DEFAULTS, settingsFromInputs } from "../support/settings.js";

const settings = (overrides: Partial<Record<InputName, string>> = {}) => settingsFromInputs(overrides);

const base = { model: "gpt-test", pr: "7" } as const;

/** Two keyless reviewers (a base-url, no api-key-env: no variable to set), and the panel with its
 * second reviewer asking another model. */
const PANEL = JSON.stringify([
  { label: "alpha", provider: "openai", model: "gpt-test", "base-url": "http://127.0.0.1:9/v1" },
  { label: "beta", provider: "anthropic", model: "claude-test", "base-url": "http://127.0.0.1:9" },
]);
const PANEL_OTHER = PANEL.replace("claude-test", "claude-other");
/** With a panel, the single-reviewer inputs must be empty. */
const panelBase = { pr: "7", reviewers: PANEL } as const;

/** Each input, a second value for it, and whether it changes the judgement. */
const CLASSIFIED: Record<InputName, { other: string; binds: boolean; why: string }> = {
  [INPUT.provider]: { other: "anthropic", binds: true, why: "who is asked" },
  [INPUT.model]: { other: "gpt-other", binds: true, why: "who is asked" },
  [INPUT.baseUrl]: { other: "https://models.example/v1", binds: true, why: "where it is asked" },
  [INPUT.command]: { other: "claude -p --model opus", binds: true, why: "the command reviewer itself" },
  [INPUT.contract]: { other: ".github/other.json", binds: true, why: "which file is the contract" },
  [INPUT.include]: { other: "src/**", binds: true, why: "what the reviewer is shown" },
  [INPUT.exclude]: { other: "docs/**", binds: true, why: "what the reviewer is shown" },
  [INPUT.defaultExcludes]: { other: "false", binds: true, why: "what the reviewer is shown" },
  [INPUT.maxDiffTokens]: { other: "1234", binds: true, why: "how much of the diff fits" },
  [INPUT.contextWindow]: { other: "32000", binds: true, why: "how much of the diff fits" },
  [INPUT.reviewTask]: { other: "Review for security only.", binds: true, why: "what is asked" },
  [INPUT.reviewInstructions]: { other: "Be strict.", binds: true, why: "what is asked" },
  [INPUT.includePrDescription]: { other: "true", binds: true, why: "what the reviewer is shown" },
  [INPUT.githubToken]: { other: "ghs_other", binds: false, why: "a credential, never hashed" },
  [INPUT.apiKey]: { other: "sk-other", binds: false, why: "a credential, never hashed" },
  [INPUT.checkName]: { other: "strict-gate", binds: false, why: "each name has its own history" },
  [INPUT.pr]: { other: "8", binds: false, why: "which PR, not how it is judged" },
  [INPUT.headSha]: {
    other: "a".repeat(40),
    binds: false,
    why: "which commit a person read, not how it is judged",
  },
  [INPUT.maxRounds]: { other: "3", binds: false, why: "the budget; raising it must not drop a decision" },
  [INPUT.reviewerTimeoutSeconds]: { other: "7", binds: false, why: "how it is reached" },
  [INPUT.reviewerRetries]: { other: "0", binds: false, why: "how it is reached" },
  [INPUT.reviewerConcurrency]: { other: "1", binds: false, why: "how it is reached" },
  [INPUT.roundDeadlineMinutes]: {
    other: "7",
    binds: false,
    why: "how long it is waited for; a round cut off holds and records no verdict",
  },
  [INPUT.maxRoundTokens]: {
    other: "50000",
    binds: false,
    why: "what a round may spend; a round over it holds and records no verdict",
  },
  [INPUT.maxOutputTokens]: { other: "999", binds: false, why: "a reply cut there holds and is not recorded" },
  [INPUT.failOn]: { other: "blocked", binds: false, why: "the step, not the check" },
  [INPUT.decision]: { other: "approve", binds: false, why: "this run's act" },
  [INPUT.dismiss]: { other: "3fa9c2", binds: false, why: "this run's act" },
  [INPUT.reason]: { other: "because", binds: false, why: "this run's act" },
  [INPUT.forceReview]: { other: "true", binds: false, why: "this run only" },
  [INPUT.whenCriteriaBlock]: {
    other: "skip-reviewer",
    binds: false,
    why: "whether a call is made when a criterion already blocks: blocked either way, nothing kept",
  },
  [INPUT.reviewComments]: {
    other: "false",
    binds: false,
    why: "where findings are shown, not what they are",
  },
  [INPUT.reviewers]: { other: PANEL_OTHER, binds: true, why: "who is asked" },
  [INPUT.context]: { other: "none", binds: true, why: "what the reviewer is shown" },
  [INPUT.panelPolicy]: { other: "quorum:1", binds: true, why: "what approves" },
  [INPUT.priceIn]: { other: "3", binds: false, why: "what a call costs, not what it says" },
  [INPUT.priceOut]: { other: "3", binds: false, why: "what a call costs, not what it says" },
  [INPUT.maxPrCost]: {
    other: "5",
    binds: false,
    why: "what a pull request may spend; a round over it holds and records no verdict",
  },
};

describe("the settings fingerprint", () => {
  it("classifies every input of action.yml", () => {
    expect(Object.keys(CLASSIFIED).sort()).toEqual(Object.values(INPUT).sort());
    expect(Object.keys(CLASSIFIED).sort()).toEqual(Object.keys(ACTION_DEFAULTS).sort());
  });

  const plain = settingsFingerprint(settings(base));
  for (const [input, c] of Object.entries(CLASSIFIED)) {
    it(`${c.binds ? "changes" : "does not change"} with ${input} (${c.why})`, () => {
      const extra: Partial<Record<InputName, string>> =
        input === INPUT.decision || input === INPUT.dismiss
          ? { reason: "because" }
          : input === INPUT.reason
            ? { decision: "block" }
            : input === INPUT.command
              ? { provider: "command" }
              : // A price comes in pairs, and a cap needs a price (gpt-test is in no price table).
                input === INPUT.priceIn
                ? { "price-out": "3" }
                : input === INPUT.priceOut
                  ? { "price-in": "3" }
                  : input === INPUT.maxPrCost
                    ? { "price-in": "1", "price-out": "1" }
                    : {};
      const panel = input === INPUT.reviewers || input === INPUT.panelPolicy;
      const plainHere =
        input === INPUT.command
          ? settingsFingerprint(settings({ ...base, ...extra, command: "claude -p" }))
          : panel
            ? settingsFingerprint(settings(panelBase))
            : plain;
      const changed = settingsFingerprint(
        settings({ ...(panel ? panelBase : base), ...extra, [input]: c.other }),
      );
      expect(changed !== plainHere).toBe(c.binds);
    });
  }

  it("keeps the values earlier releases recorded: histories in the wild are bound to them", () => {
    // Computed by the release before the fingerprint was derived from settings/judgement.ts (5cc2f89).
    const panel = JSON.stringify([
      { label: "alpha", provider: "openai", model: "gpt-test", "base-url": "http://127.0.0.1:9/v1" },
      {
        label: "beta",
        provider: "anthropic",
        model: "claude-test",
        "base-url": "http://127.0.0.1:9",
        "context-window": "50000",
      },
    ]);
    const recorded: [Partial<Record<InputName, string>>, string][] = [
      [base, "52a616725941a30bdd77c7762306049622c95fcd7aedca725c2f17b12c714256"],
      [
        {
          ...base,
          "review-task": "t",
          "review-instructions": "i",
          include: "src/**",
          context: "none",
          "context-window": "32000",
        },
        "9b6e290450f9d8be21ef33d932793f6bc4dc67cf7044a9164e42e7cf244832d8",
      ],
      [
        { provider: "command", command: "claude -p", pr: "7" },
        "bc283274c3e25d2176269c75add85ca6d6a8cd9eeafe3918f03ee5dc75727947",
      ],
      [
        { pr: "7", reviewers: panel, "panel-policy": "quorum:1" },
        "7db2b3530d443748daca271c6e8de868420aa6340109a2565b820cafd134b16e",
      ],
      [
        {
          pr: "7",
          reviewers: JSON.stringify([
            { label: "solo", provider: "openai", model: "m", "base-url": "http://x/v1" },
          ]),
        },
        "e8ef8fc1251da72c8a25471d9950693536e7487a7f1bd61a7a54e998ba138c76",
      ],
    ];
    for (const [inputs, value] of recorded) expect(settingsFingerprint(settings(inputs))).toBe(value);
  });

  it("is the single reviewer's for a panel of one, whatever its label", () => {
    const one = JSON.stringify([
      { label: "solo", provider: "openai", model: "gpt-test", "base-url": "http://127.0.0.1:9/v1" },
    ]);
    const single = settings({ ...base, "base-url": "http://127.0.0.1:9/v1" });
    expect(settingsFingerprint(settings({ pr: "7", reviewers: one }))).toBe(settingsFingerprint(single));
  });

  it("changes with the gate's rules: a release that changes what the same text selects judges afresh", async () => {
    // The release that made contract globs and include/exclude one dialect (rules 2) must not reuse a
    // verdict recorded under the old meaning: the fingerprint is not the one the same settings had.
    const { canonicalJson, sha256Hex } = await import("../../src/util/canonical-json.js");
    const s = settings(base);
    const reviewer = s.reviewers.members[0] as (typeof s.reviewers.members)[number];
    const withoutRules = sha256Hex(
      canonicalJson({
        contract: s.contractPath,
        reviewer: {
          provider: reviewer.provider,
          model: reviewer.model,
          baseUrl: reviewer.baseUrl ?? null,
          command: reviewer.command ?? null,
          contextWindow: reviewer.contextWindow ?? null,
        },
        diff: {
          include: s.diff.include,
          exclude: s.diff.exclude,
          defaultExcludes: s.diff.defaultExcludes,
          maxDiffTokens: s.diff.maxDiffTokens,
        },
        prompt: {
          task: s.prompt.task,
          instructions: s.prompt.instructions,
          includePrDescription: s.prompt.includePrDescription,
        },
      }),
    );
    expect(JUDGEMENT_RULES).toBeGreaterThanOrEqual(2);
    expect(plain).not.toBe(withoutRules);
  });

  it("never carries a credential", () => {
    const s = settings({ ...base, "api-key": "sk-the-secret" });
    expect(settingsFingerprint(s)).toBe(plain);
  });
});

describe("what a record was made on", () => {
  const b = { base: "a".repeat(40), contract: "c".repeat(64), settings: "d".repeat(64) };

  it("holds only where the base, the contract and the settings are the same", () => {
    expect(bindingChange(b, b)).toBeUndefined();
    expect(bindingChange(b, { ...b, base: "b".repeat(40) })).toMatch(/^the base moved from a{12} to b{12}/);
    expect(bindingChange(b, { ...b, contract: "none" })).toMatch(
      /the contract at the base changed \(c{12} → none\)/,
    );
    expect(bindingChange(b, { ...b, settings: "e".repeat(64) })).toMatch(/settings that change a judgement/);
    expect(bindingChange(undefined, b)).toMatch(/records no base/);
  });

  it("leaves out only what the caller says the record already covers", () => {
    const moved = { ...b, base: "b".repeat(40) };
    expect(bindingChange(b, moved, { base: false })).toBeUndefined();
    expect(bindingChange(b, { ...moved, contract: "f".repeat(64) }, { base: false })).toMatch(/contract/);
    expect(bindingChange(b, { ...b, settings: "e".repeat(64) }, { settings: false })).toBeUndefined();
  });

  it("treats a contract a round did not read as the one its base and path name", () => {
    expect(bindingChange({ ...b, contract: "unread" }, b)).toBeUndefined();
    expect(bindingChange(b, { ...b, contract: "unread" })).toBeUndefined();
  });

  it("hashes the contract's text, and names a missing or unreadable one", () => {
    expect(contractHash({ kind: "found", text: "{}", sha: "x" })).toMatch(/^[0-9a-f]{64}$/);
    expect(contractHash({ kind: "found", text: "{}", sha: "x" })).not.toBe(
      contractHash({ kind: "found", text: "{ }", sha: "x" }),
    );
    expect(contractHash({ kind: "missing" })).toBe("none");
    expect(contractHash({ kind: "unreadable", message: "too large" })).toBe("unreadable");
  });
});
