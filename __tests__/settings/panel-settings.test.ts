import { describe, expect, it } from "vitest";
import type { InputName } from "../../src/settings/inputs.js";
import { settingsFromInputs } from "../support/settings.js";

const settings = (overrides: Partial<Record<InputName, string>>, keys: Record<string, string> = {}) =>
  settingsFromInputs(overrides, { env: keys });

const YAML_PANEL = [
  "# two vendors must agree",
  "- label: alpha",
  "  provider: openai",
  "  model: gpt-4.1",
  "  api-key-env: OPENAI_KEY",
  "- label: beta",
  "  provider: anthropic",
  "  model: claude-sonnet-5-5",
  "  api-key-env: ANTHROPIC_KEY",
  "  context-window: 200000",
  "  max-output-tokens: 4096",
  "- label: local",
  "  provider: openai",
  "  model: llama3.1:8b",
  "  base-url: http://127.0.0.1:11434/v1",
].join("\n");
const KEYS = { OPENAI_KEY: "sk-openai-key-0001", ANTHROPIC_KEY: "sk-ant-key-0002" };

function refusal(overrides: Partial<Record<InputName, string>>, keys: Record<string, string> = KEYS): string {
  try {
    settings({ pr: "7", ...overrides }, keys);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("accepted");
}

describe("the reviewers input", () => {
  it("reads a YAML list: each reviewer with its own key, endpoint, window and output limit", () => {
    const s = settings({ pr: "7", reviewers: YAML_PANEL, "panel-policy": "quorum:2" }, KEYS);
    expect(s.reviewers.policy).toEqual({ kind: "quorum", k: 2 });
    expect(s.reviewers.members.map((r) => [r.label, r.provider, r.model, r.apiKey, r.baseUrl])).toEqual([
      ["alpha", "openai", "gpt-4.1", "sk-openai-key-0001", undefined],
      ["beta", "anthropic", "claude-sonnet-5-5", "sk-ant-key-0002", undefined],
      ["local", "openai", "llama3.1:8b", "", "http://127.0.0.1:11434/v1"],
    ]);
    expect(s.reviewers.members[1]).toMatchObject({ contextWindow: 200_000, maxOutputTokens: 4096 });
    // The rest from the single-reviewer inputs that are not per reviewer.
    expect(s.reviewers.members[0]).toMatchObject({ maxOutputTokens: 8192, timeoutMs: 300_000, retries: 3 });
    // The round's own limits are the set's, a panel's as one reviewer's.
    expect(s.reviewers).toMatchObject({ concurrency: 2 });
  });

  it("reads the same list as JSON", () => {
    const json = JSON.stringify([
      { label: "alpha", provider: "openai", model: "gpt-4.1", "api-key-env": "OPENAI_KEY" },
      { provider: "command", command: "codex exec" },
    ]);
    const s = settings({ pr: "7", reviewers: json }, KEYS);
    expect(s.reviewers.members.map((r) => r.label)).toEqual(["alpha", "command"]);
    expect(s.reviewers.members[1]).toMatchObject({ provider: "command", command: "codex exec", apiKey: "" });
  });

  it("labels a reviewer by its provider and model when no label is given", () => {
    const s = settings(
      { pr: "7", reviewers: "- provider: openai\n  model: gpt-4.1\n  api-key-env: OPENAI_KEY" },
      KEYS,
    );
    expect(s.reviewers.members[0]?.label).toBe("openai gpt-4.1");
  });

  it("refuses two reviewers with one label, compared without case", () => {
    const twins = JSON.stringify([
      { label: "beta", provider: "openai", model: "a", "base-url": "http://127.0.0.1:1/v1" },
      { label: "Beta", provider: "openai", model: "b", "base-url": "http://127.0.0.1:1/v1" },
    ]);
    expect(refusal({ reviewers: twins })).toBe(
      "input `reviewers`: reviewer 2 (Beta): `label` is the same as reviewer 1's; each reviewer needs its own label (reasons are attributed by it)",
    );
  });

  it("refuses an api-key-env naming an unset or empty variable, naming the variable and never a value", () => {
    const message = refusal(
      { reviewers: YAML_PANEL },
      { OPENAI_KEY: "sk-openai-key-0001", ANTHROPIC_KEY: " " },
    );
    expect(message).toBe(
      "input `reviewers`: reviewer 2 (beta): `api-key-env` names ANTHROPIC_KEY, which is not set or empty (map the secret to it with `env:` in the workflow)",
    );
  });

  it("refuses a key pasted where a variable's name belongs, without echoing it", () => {
    const list = "- label: a\n  provider: openai\n  model: m\n  api-key-env: sk-live-1234567890abcdef";
    const message = refusal({ reviewers: list });
    expect(message).toContain("reviewer 1 (a): `api-key-env` takes the NAME of an environment variable");
    expect(message).not.toContain("sk-live-1234567890abcdef");
  });

  it("refuses a key in the list itself, and any unknown field, naming entry and field", () => {
    expect(refusal({ reviewers: "- label: a\n  provider: openai\n  model: m\n  api-key: sk-x" })).toMatch(
      /^input `reviewers`: reviewer 1 \(a\): `api-key` is not accepted/,
    );
    expect(refusal({ reviewers: "- label: a\n  provider: openai\n  model: m\n  api_key_env: K" })).toMatch(
      /^input `reviewers`: reviewer 1 \(a\): unknown field `api_key_env`; the fields are label, provider/,
    );
  });

  it("names the entry and the field for each missing or malformed value", () => {
    const cases: [string, RegExp][] = [
      [
        "- label: a\n  provider: gemini\n  model: m",
        /reviewer 1 \(a\): `provider` expects openai, anthropic or command/,
      ],
      [
        "- label: a\n  provider: openai\n  api-key-env: OPENAI_KEY",
        /reviewer 1 \(a\): `model` is required for provider openai/,
      ],
      ["- provider: command", /reviewer 1: `command` is required for provider command/],
      [
        "- label: a\n  provider: openai\n  model: m",
        /reviewer 1 \(a\): `api-key-env` is required for openai's own API/,
      ],
      [
        "- label: a\n  provider: openai\n  model: m\n  base-url: ftp://x",
        /reviewer 1 \(a\): `base-url` expects an http\(s\) URL/,
      ],
      [
        "- label: a\n  provider: openai\n  model: m\n  base-url: https://u:p@x.example/v1",
        /reviewer 1 \(a\): `base-url` must not contain credentials/,
      ],
      [
        "- label: a\n  provider: anthropic\n  model: m\n  api-key-env: OPENAI_KEY\n  context-window: 12k",
        /reviewer 1 \(a\): `context-window` expects a whole number from 1000 to 100000000; got "12k"/,
      ],
      [
        "- label: a\n  provider: anthropic\n  model: m\n  api-key-env: OPENAI_KEY\n  max-output-tokens: 10",
        /reviewer 1 \(a\): `max-output-tokens` expects a whole number from 256/,
      ],
      [
        "- label: a\n  provider: openai\n  model: m\n  command: claude -p",
        /`command` is only for provider command/,
      ],
      ["- label: '[a]'\n  provider: command\n  command: x", /reviewer 1 \(\[a\]\): `label` must be 1 to 40/],
      ["[]", /input `reviewers`: is an empty list/],
      ["label: a", /must be a list of reviewers/],
      ['[{"label": "a", "label": "b"}]', /is not valid JSON/],
    ];
    for (const [list, expected] of cases) expect(refusal({ reviewers: list })).toMatch(expected);
  });

  it("requires model, api-key, base-url and command empty beside a panel", () => {
    for (const input of ["model", "api-key", "base-url", "command"] as const) {
      expect(refusal({ reviewers: YAML_PANEL, [input]: "x" })).toBe(
        `input \`${input}\` must be empty when \`reviewers\` is set: each reviewer of the panel names its own ${input === "api-key" ? "key variable (api-key-env)" : input} in its entry`,
      );
    }
    // `provider` has a default and is ignored.
    expect(
      settings({ pr: "7", reviewers: YAML_PANEL, provider: "command" }, KEYS).reviewers.members,
    ).toHaveLength(3);
  });
});

describe("the panel-policy input", () => {
  it("takes quorum:K for K from 1 to the number of reviewers", () => {
    expect(refusal({ reviewers: YAML_PANEL, "panel-policy": "quorum:4" })).toMatch(
      /^input `panel-policy`: quorum:K needs K from 1 to the number of reviewers \(3\)/,
    );
    expect(refusal({ reviewers: YAML_PANEL, "panel-policy": "quorum:0" })).toMatch(/^input `panel-policy`/);
    expect(refusal({ reviewers: YAML_PANEL, "panel-policy": "most" })).toMatch(
      /^input `panel-policy`: expects unanimous or quorum:K/,
    );
  });

  it("without a panel, accepts only what one reviewer can meet", () => {
    // One reviewer is a set of one, unlabelled (it is called by its provider's label).
    expect(settings({ pr: "7", model: "m", "panel-policy": "quorum:1" }).reviewers).toMatchObject({
      policy: { kind: "unanimous" },
      members: [{ model: "m" }],
    });
    expect(settings({ pr: "7", model: "m" }).reviewers.members[0]?.label).toBeUndefined();
    expect(refusal({ model: "m", "panel-policy": "quorum:2" })).toMatch(
      /^input `panel-policy`: needs a `reviewers` panel/,
    );
  });
});

describe("the reviewers list's YAML", () => {
  it("names the line of the list a syntax error is on", () => {
    const list = "- label: a\n  provider: openai\n  model: m\n  model: n";
    expect(refusal({ reviewers: list })).toMatch(
      /^input `reviewers`: is not a YAML list the gate reads \(line 4: /,
    );
    expect(refusal({ reviewers: "- label: a\n  provider: &x openai" })).toMatch(/\(line 2: /);
  });
});
