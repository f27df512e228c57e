// A path exactly as git writes it in a diff, and back. Pure.
//
// A file's name is the name git gives it: nothing here trims, normalises Unicode, folds case or
// collapses `./` and `//`. git adds exactly two things to a name, and only those are undone:
// - C-style quoting (`"a/caf\303\251"`, `"a/tab\there"`) when the name has a byte git will not print
//   raw: a control character, `"`, `\`, DEL, and with core.quotepath (the default, GitHub's too) every
//   byte above 0x7f;
// - a tab after a `---`/`+++` label that contains a space, so `patch` can find its end.
// The counterexample that forced this file: `+++ b/package-lock.json <TAB>` names an executable file
// "package-lock.json " (trailing space). Trimming the label turned it into the lockfile, which is
// excluded from review by default, and the gate approved what no reviewer saw.

const ESCAPES: Readonly<Record<string, number>> = {
  a: 7,
  b: 8,
  t: 9,
  n: 10,
  v: 11,
  f: 12,
  r: 13,
  '"': 34,
  "\\": 92,
};

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The name inside git's C-style quotes, or an error saying why it is not one git wrote: an escape git
 * never writes, or bytes that are not UTF-8 (two different byte strings would read as one name). */
export function unquoteGitPath(quoted: string): { name: string } | { error: string } {
  if (quoted.length < 2 || !quoted.startsWith('"') || !quoted.endsWith('"'))
    return { error: `${JSON.stringify(quoted)} is not a quoted name` };
  const body = quoted.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i] as string;
    if (ch === '"') return { error: `${JSON.stringify(quoted)} has an unescaped quote inside` };
    if (ch !== "\\") {
      bytes.push(...Buffer.from(ch, "utf8"));
      continue;
    }
    const octal = /^[0-3][0-7]{2}/.exec(body.slice(i + 1, i + 4));
    const next = body[i + 1] ?? "";
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
    } else if (next in ESCAPES) {
      bytes.push(ESCAPES[next] as number);
      i += 1;
    } else {
      return { error: `${JSON.stringify(quoted)} has an escape git does not write (\\${next})` };
    }
  }
  try {
    return { name: STRICT_UTF8.decode(Uint8Array.from(bytes)) };
  } catch {
    return { error: `${JSON.stringify(quoted)} is not UTF-8 once unquoted` };
  }
}

/** Whether git would have quoted this (unquoted) text: a character it never prints raw. U+FFFD is
 * what a non-UTF-8 byte becomes when the diff was decoded; the name it stood for is unknown. */
export function needsGitQuoting(text: string): boolean {
  return /[\u0000-\u001f\u007f"\\\ufffd]/.test(text);
}

/** `text` quoted as git quotes it with core.quotepath on (GitHub's default): for headers the gate
 * writes itself (the file list has no header), so a name with a newline cannot forge diff lines. */
export function quoteGitPath(text: string): string {
  if (!/[\u0000-\u001f\u007f"\\]|[^\u0000-\u007f]/.test(text)) return text;
  let out = '"';
  for (const byte of Buffer.from(text, "utf8")) {
    const named = Object.entries(ESCAPES).find(([, b]) => b === byte)?.[0];
    if (named !== undefined) out += `\\${named}`;
    else if (byte < 0x20 || byte >= 0x7f) out += `\\${byte.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}"`;
}

/** One token of a git header line: a quoted name, or the text as written (which must hold nothing
 * git would have quoted). */
export function gitToken(text: string): { name: string } | { error: string } {
  if (text.startsWith('"')) return unquoteGitPath(text);
  if (needsGitQuoting(text)) {
    const why = text.endsWith("\r")
      ? "it ends in a carriage return (were the diff's line endings converted?)"
      : "it holds a character git always quotes";
    return { error: `${JSON.stringify(text)} is not a name as git writes it: ${why}` };
  }
  return { name: text };
}

/** The name of a `---`/`+++` label in a git section (the text after `--- `): null for /dev/null. git
 * appends one tab to a label that contains a space; that tab, and nothing else, is removed. */
export function gitLabel(raw: string): { name: string | null } | { error: string } {
  let label = raw;
  if (label.endsWith("\t") && label.slice(0, -1).includes(" ")) label = label.slice(0, -1);
  if (label === "/dev/null") return { name: null };
  return gitToken(label);
}

/** The name of a `---`/`+++` label of a plain `diff -u` (no `diff --git` line): up to the tab before
 * its timestamp. Such a name is read as written; diff has no quoting to undo. */
export function plainLabel(raw: string): string | null {
  const tab = raw.indexOf("\t");
  const label = tab < 0 ? raw : raw.slice(0, tab);
  return label === "/dev/null" ? null : label;
}

/** The two tokens of `diff --git X Y` (the text after `diff --git `), unquoted. When neither is quoted
 * and a name holds a space, the line can be split at every space: all splits are returned, and the
 * section's other lines decide (see git-header.ts). */
export function gitHeaderSplits(rest: string): { splits: [string, string][] } | { error: string } {
  if (rest.startsWith('"')) {
    const end = closingQuote(rest, 0);
    if (end < 0 || rest[end + 1] !== " ") return { error: "its first quoted name does not end" };
    const left = unquoteGitPath(rest.slice(0, end + 1));
    const right = gitToken(rest.slice(end + 2));
    if ("error" in left) return left;
    if ("error" in right) return right;
    return { splits: [[left.name, right.name]] };
  }
  const quote = rest.indexOf('"');
  if (quote >= 0) {
    // An unquoted name cannot hold a quote, so the first one opens the second name.
    if (rest[quote - 1] !== " ") return { error: "a quote stands inside an unquoted name" };
    const left = gitToken(rest.slice(0, quote - 1));
    const right = unquoteGitPath(rest.slice(quote));
    if ("error" in left) return left;
    if ("error" in right) return right;
    return { splits: [[left.name, right.name]] };
  }
  if (needsGitQuoting(rest)) return gitToken(rest) as { error: string };
  const splits: [string, string][] = [];
  for (let i = rest.indexOf(" "); i >= 0; i = rest.indexOf(" ", i + 1))
    splits.push([rest.slice(0, i), rest.slice(i + 1)]);
  return { splits };
}

/** Index of the quote closing the quoted string that opens at `start`, or -1. */
function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === "\\") i += 1;
    else if (text[i] === '"') return i;
  }
  return -1;
}
