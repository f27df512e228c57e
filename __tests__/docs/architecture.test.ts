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

  it("is linked from CONTRIBUTING.md", () => {
    expect(readFileSync("CONTRIBUTING.md", "utf8")).toContain("](docs/architecture.md)");
  });
});
