// Binding a panel: each reviewer gets its own key and endpoint only, and a command reviewer's
// environment holds none of the other reviewers' keys, whatever variable holds them: a prompt-injected
// agent on the panel cannot send another vendor's key anywhere.
import { describe, expect, it } from "vitest";
import { makePanel, panelSecrets } from "../../src/compose/panel.js";
import { type PanelSettings, readPanel } from "../../src/settings/panel.js";
import type { ReviewerSet } from "../../src/settings/settings.js";
import { fakeReviewerCommand } from "../support/reviewers.js";

const ALPHA_KEY = "sk-alpha-Key0For0The0OpenAI0Host0Only0000";
const DEFAULTS = { timeoutMs: 10_000, retries: 0, maxOutputTokens: 1024 };

/** The panel as the settings hold it: the round's reviewer set. */
function asSet(panel: PanelSettings): ReviewerSet {
  return { policy: panel.policy, members: panel.reviewers, concurrency: 1 };
}

describe("a panel's reviewers", () => {
  it("each carry their own label and endpoint; a command reviewer never sees another reviewer's key", async () => {
    const env = {
      PATH: process.env.PATH ?? "",
      ALPHA_KEY,
      // The same key copied under another name: withheld by value, not by name.
      COPIED: ALPHA_KEY,
      CODEX_API_KEY: "sk-codex-own-key-000000000000",
      PANEL_MARK: "visible",
    };
    const panel = readPanel(
      JSON.stringify([
        {
          label: "alpha",
          provider: "openai",
          model: "gpt-4o",
          "base-url": "http://127.0.0.1:9/v1",
          "api-key-env": "ALPHA_KEY",
        },
        { label: "agent", provider: "command", command: fakeReviewerCommand("env") },
      ]),
      "unanimous",
      DEFAULTS,
      env,
    );
    const members = makePanel(asSet(panel), "ghs_github_token_0000000000", env);
    expect(members.map((m) => m.label)).toEqual(["alpha", "agent"]);
    expect(members[0]?.reviewer.label).toBe("openai gpt-4o @ 127.0.0.1:9");
    const reply = await members[1]?.reviewer.review({ system: "s", user: "u" });
    expect(reply?.ok).toBe(true);
    const seen = JSON.parse(reply?.ok ? reply.text : "{}") as Record<string, string>;
    expect(seen.PANEL_MARK).toBe("visible");
    expect(Object.keys(seen)).not.toContain("ALPHA_KEY");
    expect(Object.keys(seen)).not.toContain("COPIED");
    // Its own credential passes (redacted in what it prints, as a single command reviewer's is).
    expect(Object.keys(seen)).toContain("CODEX_API_KEY");
    expect(JSON.stringify(seen)).not.toContain(ALPHA_KEY);
  });

  it("hold every key among the secrets the step redacts", () => {
    const env = { ALPHA_KEY, BETA_KEY: "sk-ant-beta-Key0For0The0Anthropic0Host0Only" };
    const panel = readPanel(
      "- label: alpha\n  provider: openai\n  model: m\n  api-key-env: ALPHA_KEY\n- label: beta\n  provider: anthropic\n  model: n\n  api-key-env: BETA_KEY",
      "",
      DEFAULTS,
      env,
    );
    const secrets = panelSecrets(asSet(panel), "ghs_x", env);
    expect(secrets).toEqual(expect.arrayContaining([ALPHA_KEY, env.BETA_KEY]));
  });
});
