// Sizes the house keeps, beside the boundary test (layers.test.ts): no source file over 600 lines (a
// file that needs a table of contents is two files), and no function in src/gate, the round, over 60
// lines (a round reads as named steps, each a helper with one job). src/verdict/reply-contract.ts is
// the one file allowed past the line limit: the rule the reviewer is given and the parser that reads
// its reply stay in one file, so neither can change without the other in view. And no port (an
// interface of src/ports with a method) over 8 members: a consumer asks for a role, not for the world.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { functionLengths } from "../scripts/function-lengths.mjs";

const SRC = path.resolve("src");
const FILE_LINES = 600;
const FILE_LINES_EXEMPT: Readonly<Record<string, string>> = {
  "verdict/reply-contract.ts": "the reply contract's rule and its parser stay together",
};
const GATE_FUNCTION_LINES = 60;

/** Lines as `wc -l` counts them: a last line without its newline still counts. */
function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** Every TypeScript file under src/, relative to it, with forward slashes. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : e.name.endsWith(".ts")
        ? [path.relative(SRC, path.join(dir, e.name)).split(path.sep).join("/")]
        : [],
  );
}

/** The files over the limit, each named with its length. */
function oversized(files: ReadonlyMap<string, number>, limit: number, exempt: readonly string[]): string[] {
  return [...files]
    .filter(([file, lines]) => lines > limit && !exempt.includes(file))
    .map(([file, lines]) => `src/${file}: ${lines} lines (at most ${limit})`);
}

describe("no source file over 600 lines", () => {
  it("counts lines as wc -l does and names each file over the limit with its length", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("a\n\nb\n")).toBe(3);
    const files = new Map([
      ["gate/round.ts", 601],
      ["gate/short.ts", 600],
      ["verdict/reply-contract.ts", 900],
    ]);
    expect(oversized(files, 600, ["verdict/reply-contract.ts"])).toEqual([
      "src/gate/round.ts: 601 lines (at most 600)",
    ]);
  });

  it("holds for every .ts file under src/, the reply contract apart", () => {
    const files = new Map(sources().map((f) => [f, lineCount(readFileSync(path.join(SRC, f), "utf8"))]));
    // The walk saw the tree, and the exemption names a file that exists (a renamed one is renamed here).
    expect(files.get("gate/round.ts")).toBeGreaterThan(100);
    for (const file of Object.keys(FILE_LINES_EXEMPT)) expect(files.has(file)).toBe(true);
    expect(oversized(files, FILE_LINES, Object.keys(FILE_LINES_EXEMPT))).toEqual([]);
  });
});

describe("no function in src/gate over 60 lines", () => {
  it("measures the round's functions, and none is longer than the limit", () => {
    const lengths = functionLengths(path.join(SRC, "gate"));
    // The measure found the round's own entry, with a body longer than a line.
    const entry = lengths.find((f) => f.name === "runPullRequestRound");
    expect(entry?.where).toMatch(/gate[/\\]round\.ts:\d+$/);
    expect(entry?.lines).toBeGreaterThan(5);
    const over = lengths
      .filter((f) => f.lines > GATE_FUNCTION_LINES)
      .map((f) => `${f.name} (${path.relative(process.cwd(), f.where)}): ${f.lines} lines`);
    expect(over).toEqual([]);
  });
});

const PORT_MEMBERS = 8;

/** Each interface of a source text that has a method (a port, not a record of data), with its members. */
function ports(file: string, text: string): { name: string; members: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const isMethod = (m: ts.TypeElement) =>
    ts.isMethodSignature(m) ||
    (ts.isPropertySignature(m) && m.type !== undefined && ts.isFunctionTypeNode(m.type));
  return source.statements
    .filter(ts.isInterfaceDeclaration)
    .filter((i) => i.members.some(isMethod))
    .map((i) => ({ name: `${file}: ${i.name.text}`, members: i.members.length }));
}

describe("no port over 8 members", () => {
  it("counts an interface with a method as a port, and a record of data as none", () => {
    const text =
      "interface Port { a(): void; b: () => void; c: string }\ninterface Facts { x: string; y: number }";
    expect(ports("x.ts", text)).toEqual([{ name: "x.ts: Port", members: 3 }]);
  });

  it("holds for every interface of src/ports", () => {
    const dir = path.join(SRC, "ports");
    const found = readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) => ports(`src/ports/${f}`, readFileSync(path.join(dir, f), "utf8")));
    expect(found.map((p) => p.name)).toContain("src/ports/github.ts: GitHub");
    expect(
      found.filter((p) => p.members > PORT_MEMBERS).map((p) => `${p.name}: ${p.members} members`),
    ).toEqual([]);
  });
});
