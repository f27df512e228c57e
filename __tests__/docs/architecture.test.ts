// docs/architecture.md against the tree: every folder of src/ is in its layer table, on the side the
// boundary test (__tests__/layers.test.ts) puts it; every path it names exists; every link resolves;
// and the glossary has the words a newcomer meets first. A map that names a folder that moved is worse
// than none.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DOC = "docs/architecture.md";
const doc = readFileSync(DOC, "utf8");

/** The layer table's rows: folder → "core" | "edge". */
function layerRows(markdown: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const m of markdown.matchAll(/^\| `src\/([a-z-]+)\/` +\| (core|edge) +\|/gm))
    rows.set(m[1] as string, m[2] as string);
  return rows;
}

/** The boundary test's own lists, read from its source: the CORE array and the EDGE record's keys. */
function boundarySides(): Map<string, string> {
  const source = readFileSync("__tests__/layers.test.ts", "utf8");
  const core = /const CORE = \[([\s\S]*?)\] as const;/.exec(source)?.[1] ?? "";
  const edge = /const EDGE[^=]*= \{([\s\S]*?)\};/.exec(source)?.[1] ?? "";
  const sides = new Map<string, string>();
  for (const m of core.matchAll(/"([a-z-]+)"/g)) sides.set(m[1] as string, "core");
  for (const m of edge.matchAll(/^\s*"?([a-z-]+)"?:/gm)) sides.set(m[1] as string, "edge");
  return sides;
}

describe("docs/architecture.md", () => {
  it("reads the layer table's rows", () => {
    expect(layerRows("| `src/gate/` | core | the round |\n| `src/cli/`  | edge | x |")).toEqual(
      new Map([
        ["gate", "core"],
        ["cli", "edge"],
      ]),
    );
  });

  it("names every folder of src/ in its layer table, on the side the boundary test puts it", () => {
    const folders = readdirSync("src", { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const rows = layerRows(doc);
    expect([...rows.keys()].sort()).toEqual(folders);
    const sides = boundarySides();
    expect(sides.size).toBe(folders.length);
    for (const [folder, side] of rows) expect(`${folder}: ${side}`).toBe(`${folder}: ${sides.get(folder)}`);
  });

  it("names only paths that exist", () => {
    const named = [...doc.matchAll(/`((?:src|__tests__|scripts)\/[^`\s]*)`/g)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(40);
    for (const name of named) {
      if (!name.includes("*")) {
        expect(existsSync(name), `${DOC} names ${name}`).toBe(true);
        continue;
      }
      // `src/cli/eval*.ts`: at least one file of the folder matches.
      const dir = path.dirname(name);
      const pattern = new RegExp(`^${path.basename(name).replace(/[.]/g, "\\.").replace(/\*/g, ".*")}$`);
      expect(
        readdirSync(dir).some((f) => pattern.test(f)),
        `${DOC} names ${name}`,
      ).toBe(true);
    }
  });

  it("links only to files that exist", () => {
    const links = [...doc.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((m) => m[1] as string);
    expect(links.length).toBeGreaterThan(0);
    for (const target of links)
      expect(existsSync(path.join(path.dirname(DOC), target)), `${DOC} links to ${target}`).toBe(true);
  });

  it("defines the project's words in its glossary", () => {
    const glossary = doc.slice(doc.indexOf("## Glossary"));
    const words = [
      "round",
      "part",
      "head",
      "binding",
      "history",
      "exclusion",
      "standing block",
      "withheld",
      "coverage",
      "reuse key",
      "panel",
      "policy",
      "hold",
      "conditional-on",
      "verdict4",
      "verdict-contract",
      "verdictkit",
    ];
    for (const word of words) expect(glossary, word).toContain(`**${word}**`);
  });

  it("stays a page: 1,500 words at most", () => {
    expect(doc.split(/\s+/).filter((w) => w !== "").length).toBeLessThanOrEqual(1_500);
  });

  it("names every port, each with what implements it", () => {
    const rows = [...doc.matchAll(/^\| `src\/ports\/([a-z-]+\.ts)` +\|[^|]*\|([^|]*)\|/gm)];
    expect(rows.map((m) => m[1]).sort()).toEqual(
      readdirSync("src/ports")
        .filter((f) => f.endsWith(".ts"))
        .sort(),
    );
    for (const row of rows) expect(row[2], `src/ports/${row[1]}`).toMatch(/`src\//);
  });

  it("is right that both paths run one evaluation, and that a local round loads none of a pull request's", () => {
    const imports = (file: string, values = false) =>
      [...readFileSync(file, "utf8").matchAll(/^import ([^;]*?) from "(\.[^"]+)";/gm)]
        .filter((m) => !values || !(m[1] as string).startsWith("type "))
        .map((m) => path.join(path.dirname(file), (m[2] as string).replace(/\.js$/, ".ts")));
    // Every module a file loads at run time, through any chain of value imports.
    const loaded = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file) || !existsSync(file)) return seen;
      seen.add(file);
      for (const next of imports(file, true)) loaded(next, seen);
      return seen;
    };
    expect(imports("src/gate/round.ts")).toContain("src/gate/evaluation.ts");
    expect(loaded("src/gate/round.ts")).toContain("src/gate/person-act.ts");
    const local = loaded("src/gate/local-round.ts");
    expect(local).toContain("src/gate/evaluation.ts");
    for (const pullRequestOnly of [
      "round",
      "person-act",
      "decision-target",
      "human-decision",
      "shared-commit",
    ])
      expect(local, pullRequestOnly).not.toContain(`src/gate/${pullRequestOnly}.ts`);
    expect(imports("src/compose/local-round.ts")).toEqual(
      expect.arrayContaining(["src/gate/local-round.ts", "src/workspace/local-change.ts"]),
    );
    expect(loaded("src/compose/local-round.ts")).not.toContain("src/cli/recorded-github.ts");
  });

  it("is linked from CONTRIBUTING.md", () => {
    expect(readFileSync("CONTRIBUTING.md", "utf8")).toContain("](docs/architecture.md)");
  });
});
