// What a person sees on the check-run pages, read from a real browser (Debian's Chromium through
// playwright-core): every page in docs/samples, and a check run the samples do not show (a hold for a
// binary file). The Markdown tests check the text the gate writes; these check what the page shows
// once GitHub-flavoured Markdown is rendered: the gate's own `code` shown as code, never as escaped
// backticks; an approve that leads with what passed; a hold that names both ways to decide; a
// coverage line that does not contradict itself.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, openBrowser } from "../support/browser.js";
import { samplePage } from "./sample-html.js";
import { binaryHoldRound } from "./sample-rounds.js";

const SAMPLES = path.resolve("docs", "samples");
const PAGES = readdirSync(SAMPLES).filter((f) => f.endsWith(".html"));

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await browser.context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

interface Seen {
  /** The page's text as rendered (closed <details> show only their summary). */
  text: string;
  /** Backticks shown outside code in the gate's own words: markup that reached the reader as
   * characters. */
  strayTicks: string[];
  /** The text of each element shown as code. */
  code: string[];
}

async function look(html: string): Promise<Seen> {
  await page.setContent(html, { waitUntil: "load" });
  // Run in the page (a string: the tests' TypeScript has no DOM types). innerText, not textContent:
  // what a person sees is the rendered text, in which a closed <details> shows only its summary.
  return (await page.evaluate(`(() => {
    const strayTicks = [];
    // The report itself: the title above it is GitHub's plain-text field, shown as written.
    const walker = document.createTreeWalker(document.querySelector("article") ?? document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      if (n.parentElement?.closest("code, pre") !== null) continue;
      // What the PR or the reviewer wrote is shown as written, backticks and all: a line a criterion
      // matched ("matched: …"), a reviewer's finding ("src/refund.ts:15 — …"). The gate's own words
      // around them must have none.
      const own = (n.textContent ?? "").replace(/matched: .*$/s, "").replace(/[\\w./-]+:\\d+ — .*$/s, "");
      if (own.includes("\`")) strayTicks.push(own.trim().slice(0, 120));
    }
    return {
      text: document.body.innerText,
      strayTicks,
      code: [...document.querySelectorAll("code")].map((c) => c.textContent ?? ""),
    };
  })()`)) as Seen;
}

const sample = (name: string) => readFileSync(path.join(SAMPLES, name), "utf8");

describe("the check-run pages, in a browser", () => {
  it("has every sample page to look at", () => {
    expect(PAGES).toEqual(
      expect.arrayContaining(["approve.html", "blocked.html", "hold-for-human.html", "conditional-on.html"]),
    );
  });

  it.each(PAGES.map((p) => [p]))("%s shows the gate's own code as code, never a backtick", async (name) => {
    const seen = await look(sample(name));
    expect(seen.strayTicks).toEqual([]);
    expect(seen.text).not.toContain("\\`");
  });

  it("the dependencies part reads `requires` as code, as written", async () => {
    const seen = await look(sample("approve.html"));
    expect(seen.text).toContain("no requires in the contract");
    expect(seen.code).toContain("requires");
  });

  it("an approve leads with what passed now, and shows no earlier round's red until unfolded", async () => {
    const seen = await look(sample("approve.html"));
    const lines = seen.text.split("\n").filter((l) => l.trim() !== "");
    // The check's name and conclusion, the title, then the report.
    expect(lines.slice(2, 4)).toEqual(["✅ approve", "Passed in round 3"]);
    expect(seen.text).toContain("Rounds: 3 rounds, 2 blocked before this approve");
    expect(seen.text).not.toContain("❌");
    await page.locator("summary", { hasText: "Rounds: 3 rounds" }).click();
    // biome-ignore lint/performance/useDomNodeTextContent: what a person sees is the rendered text
    expect(await page.locator("body").innerText()).toContain("❌ blocked");
  });

  it("a hold's Next names the comment a maintainer can write, as well as the dispatch", async () => {
    const seen = await look(sample("hold-for-human.html"));
    const next = seen.text.split("\n").find((l) => l.startsWith("Next:")) ?? "";
    expect(next).toContain("/verdict approve <reason>");
    expect(next).toContain("/verdict block <reason>");
    expect(next).toContain("workflow_dispatch");
  });

  it("a hold for a binary file says which part of the diff was not seen, without a contradiction", async () => {
    const round = await binaryHoldRound();
    const finished = round.writes.finished;
    if (finished === undefined) throw new Error("no check run");
    expect(round.status).toBe("hold-for-human");
    const seen = await look(
      samplePage({
        heading: "verdict-gate",
        conclusion: finished.conclusion ?? "in_progress",
        title: finished.output.title,
        markdown: finished.output.summary,
      }),
    );
    const coverage = seen.text.split("\n").find((l) => l.startsWith("coverage\t")) ?? "";
    expect(coverage).toBe(
      "coverage\t✋ partial\t66% (2/3 files, 34/34 changed lines; not seen: 1 binary file)",
    );
    expect(seen.text).not.toMatch(/99% \(2\/3 files/);
    expect(seen.strayTicks).toEqual([]);
  });
});
