// The docs against the code: every criterion and requirement type is documented, and every JSON example
// loads as a contract; every provider and the configurations people ask for are in reviewers.md, its
// default-excludes list is the code's, and its copy of the reply rule is PROMPT_RULE; every status and
// its conclusion are in statuses.md; every workflow step uses real inputs; every CLI example uses real
// flags; every relative link resolves.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { COMMANDS } from "../../src/cli/commands.js";
import { ACTION_REF } from "../../src/cli/templates/project.js";
import { CRITERION_TYPES, loadContract, REQUIREMENT_TYPES } from "../../src/criteria/index.js";
import { OLLAMA_DEFAULT_WINDOW } from "../../src/providers/context-window.js";
import { DEFAULT_EXCLUDES } from "../../src/review/scope.js";
import { INPUT } from "../../src/settings/inputs.js";
import { conclusionOf, STATUSES } from "../../src/verdict/four-values.js";
import { PROMPT_RULE } from "../../src/verdict/reply-contract.js";
import { loaded } from "./commands.js";

const DOCS = ["README.md", "docs/contract.md", "docs/reviewers.md", "docs/statuses.md"] as const;
const text = (file: string) => readFileSync(file, "utf8");

/** Every doc, for the checks that hold in all of them (inputs, flags, links). */
const ALL_DOCS = [
  ...DOCS,
  "docs/workflows.md",
  "docs/history.md",
  "docs/security.md",
  "docs/samples/README.md",
  "docs/eval.md",
  "docs/cli.md",
  "docs/inputs.md",
  "CONTRIBUTING.md",
] as const;

function blocks(markdown: string, language: string): string[] {
  const found: string[] = [];
  const fence = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "gm");
  for (const m of markdown.matchAll(fence)) found.push(m[1] as string);
  return found;
}

describe("docs/contract.md", () => {
  const doc = text("docs/contract.md");

  it("documents every criterion type and every requirement type under its own heading", () => {
    for (const type of [...CRITERION_TYPES, ...REQUIREMENT_TYPES])
      expect(doc, type).toContain(`### \`${type}\``);
  });

  it("has an example of each type that loads in a contract", () => {
    const seen = new Set<string>();
    for (const file of DOCS) {
      for (const block of blocks(text(file), "json")) {
        const value = JSON.parse(block) as Record<string, unknown>;
        if ("json.schemas" in value) continue; // an editor setting, not a contract
        const type = value.type as string | undefined;
        const contract =
          "intended_action" in value
            ? value
            : (CRITERION_TYPES as readonly string[]).includes(type ?? "")
              ? { intended_action: "example", success_criteria: [value] }
              : (REQUIREMENT_TYPES as readonly string[]).includes(type ?? "")
                ? { intended_action: "example", success_criteria: [], requires: [value] }
                : undefined;
        expect(
          contract,
          `${file}: a JSON block that is no contract, criterion or requirement:\n${block}`,
        ).toBeDefined();
        const loaded = loadContract(JSON.stringify(contract), file);
        for (const c of loaded.success_criteria) seen.add(c.type);
        for (const r of loaded.requires) seen.add(r.type);
      }
    }
    for (const type of [...CRITERION_TYPES, ...REQUIREMENT_TYPES]) expect(seen, type).toContain(type);
  });
});

describe("docs/reviewers.md", () => {
  const doc = text("docs/reviewers.md");

  it("has a working configuration for each provider people ask about", () => {
    for (const heading of [
      "### OpenAI",
      "### Azure OpenAI",
      "### Anthropic",
      "### Ollama",
      "### OpenRouter",
      "### Gemini",
      "### A CLI reviewer: `claude -p`",
      "### A CLI reviewer: `codex exec`",
    ])
      expect(doc).toContain(heading);
    for (const provider of ["openai", "anthropic", "command"]) expect(doc).toContain(`provider: ${provider}`);
  });

  it("tells Ollama users to set context-window, with the default the gate assumes", () => {
    const ollama = doc.slice(doc.indexOf("### Ollama"), doc.indexOf("### OpenRouter"));
    expect(ollama).toContain("context-window");
    expect(ollama).toContain(OLLAMA_DEFAULT_WINDOW.toLocaleString("en-US"));
  });

  it("lists exactly the default excludes the code applies", () => {
    const listed = [
      ...doc
        .slice(doc.indexOf("<!-- default-excludes:start -->"), doc.indexOf("<!-- default-excludes:end -->"))
        .matchAll(/`([^`]+)`/g),
    ].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set(DEFAULT_EXCLUDES.map((r) => r.glob)));
  });

  it("quotes the reply rule as the prompt carries it", () => {
    expect(blocks(doc, "text")).toContain(PROMPT_RULE);
  });
});

describe("docs/statuses.md", () => {
  const doc = text("docs/statuses.md");

  it("has each status, its conclusion, and what to do next", () => {
    for (const status of STATUSES) {
      expect(doc).toContain(`## \`${status}\``);
      const conclusion = conclusionOf(status);
      const row = doc.split("\n").find((l) => new RegExp(`^\\| \`${status}\` +\\|`).test(l));
      expect(row, status).toBeDefined();
      expect(row).toContain(conclusion === null ? "in_progress" : `\`${conclusion}\``);
      const section = doc.slice(doc.indexOf(`## \`${status}\``));
      expect(section).toMatch(/\*\*Next:\*\*/);
    }
  });
});

describe("every doc", () => {
  it("uses only real action inputs in its workflow steps", () => {
    const inputs = new Set<string>(Object.values(INPUT));
    let steps = 0;
    const visit = (node: unknown, file: string): void => {
      if (Array.isArray(node)) for (const n of node) visit(n, file);
      else if (node !== null && typeof node === "object") {
        const step = node as { uses?: unknown; with?: Record<string, unknown> };
        if (step.uses === ACTION_REF) {
          steps += 1;
          for (const name of Object.keys(step.with ?? {})) expect(inputs, `${file}: ${name}`).toContain(name);
        }
        for (const v of Object.values(node)) visit(v, file);
      }
    };
    for (const file of ALL_DOCS)
      for (const block of blocks(text(file), "yaml")) visit(parseYaml(block), file);
    expect(steps).toBeGreaterThan(8);
  });

  it("uses only flags its commands accept in CLI examples", async () => {
    for (const file of ALL_DOCS) {
      for (const block of blocks(text(file), "sh")) {
        for (const m of block.matchAll(/verdict-gate (\w+)([^|\n]*(?:\\\n[^|\n]*)*)/g)) {
          const entry = COMMANDS.find((c) => c.name === m[1]);
          expect(entry, `${file}: verdict-gate ${m[1]}`).toBeDefined();
          const command = entry === undefined ? undefined : await loaded(entry);
          // A quoted value (`--command "codex exec --skip-git-repo-check -"`) holds another program's flags.
          const args = (m[2] ?? "").replace(/"[^"]*"|'[^']*'/g, "");
          for (const flag of args.match(/--[a-z-]+/g) ?? [])
            expect(command?.usage, `${file}: verdict-gate ${m[1]} ${flag}`).toContain(flag);
        }
      }
    }
  });

  it("links only to files that exist", () => {
    for (const file of ALL_DOCS) {
      for (const m of text(file).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        const target = m[1] as string;
        if (/^[a-z]+:/.test(target)) continue;
        const resolved = path.normalize(path.join(path.dirname(file), target));
        expect(existsSync(resolved), `${file} links to ${target}`).toBe(true);
      }
    }
  });
});

/** Whether `title` is a parameterised test's title (`"$name holds, naming it"`, `"%s holds"`) with a
 * value the file spells out (`name: "hang"`) in place of each placeholder. */
function fromTemplate(title: string, source: string): boolean {
  for (const m of source.matchAll(/"([^"\n]*(?:\$\w+|%s)[^"\n]*)"/g)) {
    const parts = (m[1] as string).split(/\$\w+|%s/);
    const escaped = parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const match = new RegExp(`^${escaped.join("(.+?)")}$`).exec(title);
    if (match?.slice(1).every((value) => source.includes(`"${value}"`))) return true;
  }
  return false;
}

describe("the documented dispatch of a decision", () => {
  it("fills head-sha with the commit the person read, never with the pull request's head as it is now", () => {
    for (const file of ["docs/workflows.md", "docs/statuses.md", "README.md"]) {
      const lines = text(file).split("\n");
      const dispatching = lines.filter(
        (l) => /gh workflow run .*-f decision=/.test(l) || /-f decision=/.test(l),
      );
      for (const line of dispatching) expect(line, `${file}: ${line}`).not.toMatch(/headRefOid/);
      for (const [i, line] of lines.entries()) {
        if (/-f decision=/.test(line))
          expect(`${lines[i - 1] ?? ""}\n${line}`, `${file}: ${line}`).toMatch(
            /-f head-sha=<the (check run's commit|commit you read)>/,
          );
      }
    }
  });
});

describe("docs/security.md", () => {
  const doc = text("docs/security.md");

  it("names only test files that exist", () => {
    const named = [...doc.matchAll(/`(__tests__\/[^`\s]+)`/g)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(10);
    for (const file of named) expect(existsSync(file), `docs/security.md names ${file}`).toBe(true);
  });

  it("names only tests that exist in the file it cites", () => {
    let checked = 0;
    for (const line of doc.split("\n")) {
      // A cell may cite several files, each followed by its titles: a title belongs to the nearest
      // file named before it.
      const files = [...line.matchAll(/`(__tests__\/[^`\s]+\.test\.ts)` ›/g)].map((m) => ({
        at: m.index ?? 0,
        file: m[1] as string,
      }));
      if (files.length === 0) continue;
      // A title is quoted in _italics_ or *italics*; `%s` and `…` stand for the parts a table abridges.
      for (const m of line.matchAll(/(?<![\w*])[_*]([^_*|]{12,}?)[_*](?![\w*])/g)) {
        const owner = files.filter((f) => f.at < (m.index ?? 0)).at(-1);
        if (owner === undefined) continue;
        const file = owner.file;
        const source = text(file);
        const title = (m[1] as string).trim();
        const pattern = title
          .split(/%s|…/)
          .map((piece) => piece.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join("[\\s\\S]*?");
        const unquoted = source.replace(/\\'/g, "'");
        expect(
          new RegExp(pattern).test(unquoted) || fromTemplate(title, unquoted),
          `${file}: "${title}"`,
        ).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
