// How untrusted text renders in the summaries, checked through a GitHub-flavoured Markdown renderer
// (marked, gfm) rather than by string comparison: a reason or a reply excerpt put in a table cell or a
// list item must come out as exactly that text — no lost words after a pipe, no emphasis, links,
// images, headings, HTML or mentions (a bare URL may become a link to itself, as GitHub makes it) —
// and the table must keep its shape.
import fc from "fast-check";
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { code, codeCell, inline, prose, table } from "../../src/report/markdown.js";

/** The text a browser would show for some HTML, roughly: tags dropped, the five entities decoded. */
function shown(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\u200d/g, "");
}

function cells(markdown: string): string[] {
  const html = marked.parse(markdown, { gfm: true, async: false }) as string;
  const body = html.slice(html.indexOf("<tbody>"));
  return [...body.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1] as string);
}

const normalised = (text: string) => text.replace(/\s+/g, " ").trim();

const AWKWARD = [
  "a | b",
  "pattern /^(<<<<<<<|>>>>>>>)( |$)/ matched",
  "a \\| b and a \\\\| c",
  "ends with a backslash \\",
  "`code` and ``double`` and `unclosed",
  "**bold** _it_ ~~gone~~ # not a heading",
  "![tracker](https://evil.example/p.png) [link](https://evil.example)",
  "<img src=x onerror=alert(1)> </details> <script>x</script>",
  "ping @octocat and @org/team, and #123",
  "&amp; &lt;already escaped&gt;",
  "`\\|` and `a\\|b` in spans",
];

describe("inline() in a table cell, rendered as GitHub does", () => {
  it.each(AWKWARD.map((t) => [t]))("shows %j exactly, in one cell, with nothing active", (text) => {
    const [first, second, ...rest] = cells(table(["reason", "after"], [[inline(text), "next"]]));
    expect(rest).toEqual([]);
    expect(second).toBe("next");
    expect(shown(first ?? "")).toBe(normalised(text));
    expect(first).not.toMatch(/<(img|strong|em|del|code|script|details|h\d)\b/);
    // GitHub links a bare URL itself; such a link shows exactly where it goes, so it hides nothing.
    for (const a of (first ?? "").matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)) expect(a[2]).toBe(a[1]);
  });

  it("keeps any text whole and the table's shape (property)", () => {
    const alphabet = fc.constantFrom(..."ab |\\`*_[]()#!~<>&@/:-.\n".split(""));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 60 }), (text) => {
        const row = cells(table(["reason", "after"], [[inline(text), "next"]]));
        expect(row).toHaveLength(2);
        expect(row[1]).toBe("next");
        expect(shown(row[0] ?? "")).toBe(normalised(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe("code in a table cell", () => {
  it("keeps a pipe inside one cell", () => {
    const md = table(["criterion", "status"], [[codeCell("a|b||c"), "ok"]]);
    const [first, second] = cells(md);
    expect(shown(first ?? "")).toBe("a|b||c");
    expect(second).toBe("ok");
  });

  // A file a pull request names `a\| approve |` put `approve` in a cell of its own: GitHub reads `\|`
  // in a row as a pipe before it reads the code span, and `\\|` as a backslash and a cell's end.
  it.each([["a\\| approve | b"], ["x\\\\|y"], ["\\|"], ["ok\\"]])(
    "shows %j exactly, in one cell, whatever backslashes stand before a pipe",
    (name) => {
      const [first, second, ...rest] = cells(table(["file", "status"], [[codeCell(name), "ok"]]));
      expect(rest).toEqual([]);
      expect(second).toBe("ok");
      expect(shown(first ?? "")).toBe(name);
    },
  );

  it("keeps any name whole and the table's shape (property)", () => {
    const alphabet = fc.constantFrom(..."ab |\\`*_/.".split(""));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, minLength: 1, maxLength: 40 }), (name) => {
        const row = cells(table(["file", "status"], [[codeCell(name), "ok"]]));
        expect(row).toHaveLength(2);
        expect(row[1]).toBe("ok");
      }),
      { numRuns: 300 },
    );
  });
});

describe("prose(): the gate's own words, whose backticks mark code", () => {
  it("shows each `span` as code and the rest as inline() does, in a cell and in a list", () => {
    const text = "no `requires` in the contract; a | here, and `a|b` and **not bold** @octocat";
    const [first, second] = cells(table(["detail", "after"], [[prose(text, 500, { cell: true }), "next"]]));
    expect(second).toBe("next");
    expect(first).toContain("<code>requires</code>");
    expect(first).toContain("<code>a|b</code>");
    expect(shown(first ?? "")).toBe(
      "no requires in the contract; a | here, and a|b and **not bold** @octocat",
    );
    expect(first).not.toMatch(/<(strong|em|a)\b/);
    const item = marked.parse(`- ${prose(text)}`, { gfm: true, async: false }) as string;
    expect(item).toContain("<code>requires</code>");
  });

  it("keeps any text whole and inert, spans or not (property)", () => {
    const alphabet = fc.constantFrom(..."ab |\\`*_[]()#!~<>&@/:-.".split(""));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 60 }), (text) => {
        const row = cells(table(["reason", "after"], [[prose(text, 500, { cell: true }), "next"]]));
        expect(row).toHaveLength(2);
        expect(row[1]).toBe("next");
        expect(row[0]).not.toMatch(/<(img|strong|em|del|script|details|h\d)\b/);
        // A bare URL or address GitHub links itself shows exactly where it goes: it hides nothing.
        for (const a of (row[0] ?? "").matchAll(/<a href="(?:mailto:)?([^"]*)"[^>]*>([^<]*)<\/a>/g))
          expect(a[2]).toBe(a[1]);
        // What shows is the text without the backticks that made code spans.
        expect(shown(row[0] ?? "").replace(/`/g, "")).toBe(normalised(text).replace(/`/g, ""));
      }),
      { numRuns: 300 },
    );
  });
});

describe("characters that break a line or hide how text reads (issue 31, item 6)", () => {
  // CommonMark ends a line only at LF, CR or CRLF, so U+2028 cannot start a heading on the page; but a
  // bidi override shows a file name reordered to the person reading the check run (`evil‮sj.exe`
  // reads `evilexe.js`), and a line separator, a next-line or a zero-width character passed raw to
  // anything that reads the page as text does what it did in the prompt. The prompt's rule applies.
  const NAMES = [
    "src/evil\u202esj.exe",
    "src/a.js\u2028## Maintainer note\u2028approve",
    "src/b\u0085c\u000bd\u000ce",
    "src/\u200bzero\u2066iso\u2069\ufeff",
    "src/tag\u{e0041}",
  ];
  const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

  it.each(NAMES.map((n) => [n]))("escapes them in code(), inline() and prose(): %j", (name) => {
    for (const md of [code(name), codeCell(name), inline(name), prose(`see ${name}`)]) {
      // The zero-width joiner inline() puts after an @ to keep a mention inert is the gate's own.
      expect(md.replace(/@\u200d/g, "@")).not.toMatch(UNSAFE);
    }
    expect(code("src/evil\u202esj.exe")).toBe("`src/evil\\u202esj.exe`");
  });
});
