import { describe, expect, it } from "vitest";
import { CommandLineError } from "../../src/providers/command-line.js";
import { createReviewer } from "../../src/providers/create.js";
import { ReviewerConfigError } from "../../src/providers/endpoint.js";

const base = { model: "gpt-4o", apiKey: "sk-real-key-0123456789", timeoutMs: 1_000, retries: 2 };

describe("createReviewer", () => {
  it("creates each provider from settings", () => {
    expect(createReviewer({ ...base, provider: "openai" }).label).toBe("openai gpt-4o @ api.openai.com");
    expect(createReviewer({ ...base, provider: "anthropic", model: "claude-opus-4-5" }).label).toBe(
      "anthropic claude-opus-4-5 @ api.anthropic.com",
    );
    expect(createReviewer({ ...base, provider: "command", model: "", command: "codex exec" }).label).toBe(
      "command codex",
    );
  });

  it("sends a key over plain http only to this machine", () => {
    expect(() =>
      createReviewer({ ...base, provider: "openai", baseUrl: "http://gateway.internal/v1" }),
    ).toThrow(/refusing to send the API key over plain http to gateway.internal/);
    expect(
      createReviewer({ ...base, provider: "openai", baseUrl: "http://127.0.0.1:8000/v1" }).label,
    ).toContain("127.0.0.1:8000");
    expect(
      createReviewer({
        ...base,
        provider: "openai",
        apiKey: "",
        baseUrl: "http://ollama:11434/v1",
        model: "qwen2.5",
      }).contextWindow,
    ).toBe(2_048);
  });

  it("refuses credentials in the URL and non-http schemes, without echoing them", () => {
    const attempt = () =>
      createReviewer({ ...base, provider: "anthropic", baseUrl: "https://user:hunter2@proxy.example" });
    expect(attempt).toThrow(ReviewerConfigError);
    try {
      attempt();
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
    expect(() => createReviewer({ ...base, provider: "openai", baseUrl: "file:///etc/passwd" })).toThrow(
      ReviewerConfigError,
    );
  });

  it("requires a model for http providers and a command for command", () => {
    expect(() => createReviewer({ ...base, provider: "openai", model: " " })).toThrow(/a model is required/);
    expect(() => createReviewer({ ...base, provider: "command", model: "" })).toThrow(
      /a command is required/,
    );
    expect(() =>
      createReviewer({ ...base, provider: "command", model: "", command: "claude -p | tee" }),
    ).toThrow(CommandLineError);
  });

  it("uses the configured context window over the table", () => {
    expect(createReviewer({ ...base, provider: "openai", contextWindow: 50_000 }).contextWindow).toBe(50_000);
    expect(createReviewer({ ...base, provider: "openai" }).contextWindow).toBe(128_000);
  });
});
