// The models the project names — the defaults (init's starters, the settings' messages) and every model
// in the README, docs/, action.yml and the workflows — are current: each is one the pinned SDKs list,
// and none is in the Anthropic SDK's table of deprecated models (its end-of-life dates). The SDKs are
// the oracle: upgrading one that retires a model fails this test until the docs move on. The OpenAI
// SDK keeps no deprecation table, so there "current" is "listed".
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STARTER_DEFAULTS } from "../../src/cli/templates/workflow.js";
import { DEFAULT_MODEL } from "../../src/settings/models.js";

const require = createRequire(import.meta.url);
/** A file of an SDK's package, by path (their exports hide package.json and the internals): both
 * packages keep their main, index.js, at the top. */
const sdk = (name: string, file: string) => path.join(path.dirname(require.resolve(name)), file);

/** The string literals of a TypeScript union type `export type NAME = 'a' | 'b' | …;` in a .d.ts. */
function union(file: string, name: string): string[] {
  const text = readFileSync(file, "utf8");
  const m = new RegExp(`export type ${name} = ([^;]*);`).exec(text);
  if (m === null) throw new Error(`no type ${name} in ${file}`);
  return [...(m[1] as string).matchAll(/'([^']+)'/g)].map((l) => l[1] as string);
}

const ANTHROPIC = new Set(union(sdk("@anthropic-ai/sdk", "resources/messages/messages.d.ts"), "Model"));
// The SDK's own table, which its client reads to warn "deprecated and will reach end-of-life on …";
// its package exports hide it, so it is read by path.
const DEPRECATED = (
  require(sdk("@anthropic-ai/sdk", "internal/data/deprecated-models.js")) as {
    DEPRECATED_MODELS: Record<string, string>;
  }
).DEPRECATED_MODELS;
const OPENAI_SHARED = sdk("openai", "resources/shared.d.ts");
const OPENAI = new Set([...union(OPENAI_SHARED, "ChatModel"), ...union(OPENAI_SHARED, "AllModels")]);

/** What is wrong with a model name the project names, or undefined when nothing is. Vendor paths
 * (OpenRouter's `anthropic/claude-sonnet-5.5`) name the vendor's model with dots for dashes. */
function problem(named: string): string | undefined {
  const bare = named.replace(/^(anthropic|openai)\//, "");
  if (bare.startsWith("claude-")) {
    const id = named.startsWith("anthropic/") ? bare.replace(/\./g, "-") : bare;
    if (DEPRECATED[id] !== undefined) return `deprecated, end of life ${DEPRECATED[id]} (Anthropic SDK)`;
    return ANTHROPIC.has(id) ? undefined : "not a model the Anthropic SDK lists";
  }
  return OPENAI.has(bare) ? undefined : "not a model the OpenAI SDK lists";
}

/** Model names as the docs and the code write them: Claude and OpenAI's GPT, o-series and Codex. */
const MODEL =
  /(?<![\w/.-])(?:anthropic\/|openai\/)?(?:claude-[a-z0-9][a-z0-9.-]*[a-z0-9]|gpt-\d[a-z0-9.-]*[a-z0-9]|o[134](?:-mini|-pro)?(?![\w.-])|chatgpt-[a-z0-9.-]+[a-z0-9]|codex-mini[a-z0-9-]*)/g;
/** Words of that shape that are no model: the Claude Code CLI's package. */
const NOT_MODELS = new Set(["claude-code"]);

function files(dir: string, test: (f: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

const NAMED_IN = [
  "README.md",
  "action.yml",
  ...files("docs", (f) => f.endsWith(".md")),
  ...files(".github/workflows", (f) => f.endsWith(".yml")),
  // Where a person is told a model: the starters, the CLI's help and messages, the settings' messages.
  ...files("src/cli", (f) => f.endsWith(".ts")),
  ...files("src/settings", (f) => f.endsWith(".ts")),
];

describe("the models the project names", () => {
  it("reads the SDKs' lists and table (a broken reading would pass anything)", () => {
    expect(ANTHROPIC.size).toBeGreaterThan(10);
    expect(OPENAI.size).toBeGreaterThan(30);
    expect(Object.keys(DEPRECATED).length).toBeGreaterThan(0);
    // The checker catches what it is here for: the old defaults, a typo, a retired spelling.
    expect(problem("claude-sonnet-4-5")).toMatch(/^deprecated, end of life /);
    expect(problem("anthropic/claude-sonnet-4.5")).toMatch(/^deprecated/);
    expect(problem("gpt-4.2")).toBe("not a model the OpenAI SDK lists");
    expect(problem("claude-sonnet-9")).toBe("not a model the Anthropic SDK lists");
  });

  it("defaults to models the pinned SDKs list and do not deprecate", () => {
    const defaults = [
      ...Object.values(DEFAULT_MODEL),
      ...Object.values(STARTER_DEFAULTS).flatMap((d) => (d.model === undefined ? [] : [d.model])),
    ];
    expect(defaults.map((m) => [m, problem(m)])).toEqual(defaults.map((m) => [m, undefined]));
  });

  it("names in its docs, workflows and messages only models the pinned SDKs list and do not deprecate", () => {
    const found: string[] = [];
    const problems: string[] = [];
    for (const file of NAMED_IN) {
      for (const [i, line] of readFileSync(file, "utf8").split("\n").entries())
        for (const m of line.matchAll(MODEL)) {
          if (NOT_MODELS.has(m[0])) continue;
          found.push(m[0]);
          const why = problem(m[0]);
          if (why !== undefined) problems.push(`${file}:${i + 1}: ${m[0]}: ${why}`);
        }
    }
    expect(problems).toEqual([]);
    expect(new Set(found)).toContain(DEFAULT_MODEL.anthropic);
    expect(found.length).toBeGreaterThan(20);
  });
});
