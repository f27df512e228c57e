import { describe, expect, it } from "vitest";
import {
  contextWarning,
  contextWindowFor,
  looksLikeOllama,
  OLLAMA_DEFAULT_WINDOW,
  UNKNOWN_MODEL_WINDOW,
} from "../../src/providers/context-window.js";

describe("contextWindowFor", () => {
  it("knows the well-known families by longest prefix, after a vendor path", () => {
    const tokens = (model: string) => contextWindowFor({ model }).tokens;
    expect(tokens("gpt-4o-2024-08-06")).toBe(128_000);
    expect(tokens("gpt-4o-mini")).toBe(128_000);
    expect(tokens("gpt-4.1-mini")).toBe(1_047_576);
    expect(tokens("gpt-4")).toBe(8_192);
    expect(tokens("gpt-4-turbo-2024-04-09")).toBe(128_000);
    expect(tokens("gpt-5-mini")).toBe(400_000);
    expect(tokens("gpt-5.1-chat-latest")).toBe(128_000);
    expect(tokens("o3-mini")).toBe(200_000);
    expect(tokens("o1-mini")).toBe(128_000);
    expect(tokens("claude-sonnet-4-6")).toBe(200_000);
    expect(tokens("claude-3-5-haiku-20241022")).toBe(200_000);
    expect(tokens("openai/gpt-4o")).toBe(128_000);
    expect(tokens("anthropic/claude-3.5-sonnet")).toBe(200_000);
    expect(tokens("models/gemini-2.5-pro")).toBe(1_048_576);
    expect(tokens("gemini-1.5-pro-002")).toBe(2_097_152);
    expect(tokens("meta-llama/llama-3.1-70b-instruct")).toBe(131_072);
    expect(tokens("deepseek-chat")).toBe(65_536);
  });

  it("gives unknown models (an Azure deployment, a local fine-tune) a conservative default", () => {
    expect(contextWindowFor({ model: "my-prod-deployment" })).toEqual({
      tokens: UNKNOWN_MODEL_WINDOW,
      source: "unknown-default",
    });
  });

  it("gives an Ollama endpoint Ollama's small default, whatever the model could do", () => {
    expect(contextWindowFor({ model: "llama3.1:8b", baseUrl: "http://localhost:11434/v1" })).toEqual({
      tokens: OLLAMA_DEFAULT_WINDOW,
      source: "ollama-default",
    });
    expect(looksLikeOllama("https://ollama.internal.example/v1")).toBe(true);
    expect(looksLikeOllama("https://api.openai.com/v1")).toBe(false);
    expect(looksLikeOllama("not a url")).toBe(false);
  });

  it("lets the setting win", () => {
    expect(
      contextWindowFor({ model: "gpt-4o", baseUrl: "http://localhost:11434/v1", configured: 32_768 }),
    ).toEqual({
      tokens: 32_768,
      source: "setting",
    });
  });
});

describe("contextWarning", () => {
  const window = contextWindowFor({ model: "llama3", baseUrl: "http://localhost:11434/v1" });

  it("is silent up to 80% and warns above it, naming the window's source and what to do", () => {
    expect(contextWarning({ tokens: 1_638, window, model: "llama3", measured: "estimated" })).toBeUndefined();
    const warning = contextWarning({ tokens: 1_700, window, model: "llama3", measured: "estimated" });
    expect(warning).toMatch(/about 1,700 input tokens \(estimated\), 83% of a 2,048-token context window/);
    expect(warning).toMatch(/Ollama's default num_ctx/);
    expect(warning).toMatch(/context-window/);
  });
});
