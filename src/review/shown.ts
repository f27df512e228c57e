// What a reviewer is shown of the code at the head, read back out of the prompts it was sent: per
// path, each line of the new side that a prompt puts before it, by line number. Today that is the
// context and added lines of the diff's hunks (the untrusted diff block, found by the fence id the
// system message names, so nothing the pull request wrote can pose as a block of its own), and the
// lines of each context block (the code around the change, src/context/), placed by the line the gate
// writes above it: which file, from which line. `verdict-gate eval --reach` asks of it
// whether a defect's evidence was in view at all: the ceiling on what any model can catch under this
// gate. Reading the prompts as sent, rather than the plan they came from, means a line counts as shown
// only when it is really in the text a model reads. Pure.

import type { ContextKind } from "../context/material.js";
import { parseUnifiedDiff } from "../diff/parse.js";
import type { PromptMessages } from "../ports/reviewer.js";
import { nameKey } from "../util/path-name.js";
import { CONTEXT_LABEL, contextKindOf, DIFF_LABEL } from "./prompt.js";

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

/** The gate's own line above a context block (prompt.ts contextBlock): the path as JSON, then where,
 * then what the block is. */
const CONTEXT_HEADING = /^### ("(?:[^"\\]|\\.)*") lines? (\d+)(?:–\d+)?: (.*)$/;

/** A context block as a prompt shows it: its file, first line and lines, the kind its heading names,
 * and the text it costs (heading and fence lines included). */
export interface ShownBlock {
  readonly path: string;
  readonly from: number;
  readonly lines: readonly string[];
  readonly kind: ContextKind | undefined;
  readonly text: string;
}

/** The prompt's context blocks. A block opens with the fence id, which the pull request cannot know,
 * so the heading just above it is the gate's; a block whose heading does not read as one is left out
 * (never counted as shown). */
export function contextBlocksOf(prompt: PromptMessages): ShownBlock[] {
  const id = fenceIdOf(prompt.system);
  if (id === undefined) return [];
  const open = `\n<<<BEGIN ${CONTEXT_LABEL} ${id}>>>\n`;
  const close = `\n<<<END ${CONTEXT_LABEL} ${id}>>>`;
  const { user } = prompt;
  const found: ShownBlock[] = [];
  let at = user.indexOf(open);
  while (at !== -1) {
    const start = at + open.length;
    const end = user.indexOf(close, start);
    if (end === -1) break;
    const headingStart = user.lastIndexOf("\n", at - 1) + 1;
    const heading = CONTEXT_HEADING.exec(user.slice(headingStart, at));
    if (heading !== null) {
      found.push({
        path: JSON.parse(heading[1] as string) as string,
        from: Number(heading[2]),
        lines: user.slice(start, end).split("\n"),
        kind: contextKindOf(heading[3] as string),
        text: user.slice(headingStart, end + close.length),
      });
    }
    at = user.indexOf(open, end + close.length);
  }
  return found;
}

/** Adds the lines of the prompt's context blocks to `into`, each at the line its heading names. */
function addContextLines(into: ShownLines, prompt: PromptMessages): void {
  for (const block of contextBlocksOf(prompt)) {
    const key = nameKey(block.path);
    const lines = into.get(key) ?? new Map<number, string>();
    block.lines.forEach((text, k) => {
      lines.set(block.from + k, text);
    });
    into.set(key, lines);
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

/** The first lines of every contiguous run of lines in what is shown of `path` that reads as `text`
 * (one or more lines, as at the head). A trailing newline ends the last line; it adds no empty one. */
export function shownAt(shown: ShownLines, path: string, text: string): number[] {
  const file = shown.get(nameKey(path));
  if (file === undefined) return [];
  const wanted = text
    .replace(/\r?\n$/, "")
    .split("\n")
    .map(normal);
  const starts: number[] = [];
  for (const [start, first] of file) {
    if (normal(first) !== wanted[0]) continue;
    if (wanted.every((line, k) => file.has(start + k) && normal(file.get(start + k) as string) === line))
      starts.push(start);
  }
  return starts;
}

/** Whether `text` appears in what is shown of `path` as a contiguous run of lines (shownAt). */
export function isShown(shown: ShownLines, path: string, text: string): boolean {
  return shownAt(shown, path, text).length > 0;
}
