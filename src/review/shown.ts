// What a reviewer is shown of the code at the head, read back out of the prompts it was sent: per
// path, each line of the new side that a prompt puts before it, by line number. Today that is the
// context and added lines of the diff's hunks (the untrusted diff block, found by the fence id the
// system message names, so nothing the pull request wrote can pose as a block of its own), and the
// lines of each context block (the code around the change, src/context/), placed by the line the gate
// writes above it: which file, from which line. `verdict-gate eval --reach` asks of it
// whether a defect's evidence was in view at all: the ceiling on what any model can catch under this
// gate. Reading the prompts as sent, rather than the plan they came from, means a line counts as shown
// only when it is really in the text a model reads. Pure.

import { parseUnifiedDiff } from "../diff/parse.js";
import type { PromptMessages } from "../ports/reviewer.js";
import { nameKey } from "../util/path-name.js";
import { CONTEXT_LABEL, DIFF_LABEL } from "./prompt.js";

/** Per path (as the diff names it at the head, in NFC: names compare as the gate compares them), each shown line's text by its line number. */
export type ShownLines = Map<string, Map<number, string>>;

/** The fence id the system message announces. */
function fenceIdOf(system: string): string | undefined {
  return /"<<<BEGIN <label> ([^\s>]+)>>>"/.exec(system)?.[1];
}

/** The text of every block with this label in the user message. */
function blocks(user: string, label: string, id: string): string[] {
  const open = `<<<BEGIN ${label} ${id}>>>\n`;
  const close = `\n<<<END ${label} ${id}>>>`;
  const found: string[] = [];
  let at = user.indexOf(open);
  while (at !== -1) {
    const start = at + open.length;
    const end = user.indexOf(close, start);
    if (end === -1) break;
    found.push(user.slice(start, end));
    at = user.indexOf(open, end + close.length);
  }
  return found;
}

/** Adds the head-side lines of the prompt's diff blocks to `into`. */
function addDiffLines(into: ShownLines, prompt: PromptMessages): void {
  const id = fenceIdOf(prompt.system);
  if (id === undefined) return;
  for (const text of blocks(prompt.user, DIFF_LABEL, id)) {
    for (const file of parseUnifiedDiff(`${text}\n`).files) {
      if (file.status === "removed" || file.malformed !== undefined) continue;
      const key = nameKey(file.path);
      const lines = into.get(key) ?? new Map<number, string>();
      for (const hunk of file.hunks) {
        for (const line of hunk.lines) {
          if ((line.kind === "add" || line.kind === "context") && line.newLine !== undefined)
            lines.set(line.newLine, line.text);
        }
      }
      into.set(key, lines);
    }
  }
}

/** The gate's own line above a context block (prompt.ts contextBlock): the path as JSON, then where. */
const CONTEXT_HEADING = /^### ("(?:[^"\\]|\\.)*") lines? (\d+)(?:–\d+)?: /;

/** Adds the lines of the prompt's context blocks to `into`, each at the line its heading names. A
 * block opens with the fence id, which the pull request cannot know, so the heading just above it is
 * the gate's; a block whose heading does not read as one is not counted (never counted as shown). */
function addContextLines(into: ShownLines, prompt: PromptMessages): void {
  const id = fenceIdOf(prompt.system);
  if (id === undefined) return;
  const open = `\n<<<BEGIN ${CONTEXT_LABEL} ${id}>>>\n`;
  const close = `\n<<<END ${CONTEXT_LABEL} ${id}>>>`;
  const { user } = prompt;
  let at = user.indexOf(open);
  while (at !== -1) {
    const start = at + open.length;
    const end = user.indexOf(close, start);
    if (end === -1) break;
    const heading = CONTEXT_HEADING.exec(user.slice(user.lastIndexOf("\n", at - 1) + 1, at));
    if (heading !== null) {
      const path = JSON.parse(heading[1] as string) as string;
      const from = Number(heading[2]);
      const lines = into.get(nameKey(path)) ?? new Map<number, string>();
      user
        .slice(start, end)
        .split("\n")
        .forEach((text, k) => {
          lines.set(from + k, text);
        });
      into.set(nameKey(path), lines);
    }
    at = user.indexOf(open, end + close.length);
  }
}

/** Everything the prompts show of the head, merged. */
export function shownLines(prompts: readonly PromptMessages[]): ShownLines {
  const shown: ShownLines = new Map();
  for (const prompt of prompts) {
    addDiffLines(shown, prompt);
    addContextLines(shown, prompt);
  }
  return shown;
}

/** Lines compared as a reader compares them: whitespace at the end of a line does not count. */
const normal = (line: string) => line.replace(/\s+$/, "");

/** Whether `text` (one or more lines, as at the head) appears in what is shown of `path` as a
 * contiguous run of lines. A trailing newline ends the last line; it adds no empty one. */
export function isShown(shown: ShownLines, path: string, text: string): boolean {
  const file = shown.get(nameKey(path));
  if (file === undefined) return false;
  const wanted = text
    .replace(/\r?\n$/, "")
    .split("\n")
    .map(normal);
  for (const [start, first] of file) {
    if (normal(first) !== wanted[0]) continue;
    if (wanted.every((line, k) => file.has(start + k) && normal(file.get(start + k) as string) === line))
      return true;
  }
  return false;
}
