// The patch GitHub computes between two versions of a file: hunks with three lines of context, git's
// header conventions, and "\ No newline at end of file". Minimal for one contiguous edit (prefix and
// suffix trimmed, then a longest-common-subsequence), a plain replace for huge rewrites: always a valid
// unified diff whose line numbers are right, which is what the gate's annotations depend on.

export interface FilePatch {
  /** Hunks only, as `/pulls/{n}/files` reports `patch` (no `diff --git` or `---`/`+++` lines). */
  readonly patch: string;
  readonly additions: number;
  readonly deletions: number;
}

const CONTEXT = 3;
/** Above this many cells the LCS table costs more than a test should spend; GitHub's own output for
 * such rewrites is a near-total replace anyway. */
const LCS_CELLS = 4_000_000;

/** Lines with their terminator, so "last line without newline" differs from the same text with one. */
function tokens(text: string): string[] {
  if (text === "") return [];
  const parts = text.split("\n");
  const out = parts.slice(0, -1).map((line) => `${line}\n`);
  const last = parts[parts.length - 1] as string;
  if (last !== "") out.push(last);
  return out;
}

type Op = { kind: " " | "-" | "+"; token: string; oldLine: number; newLine: number };

function editScript(a: string[], b: string[]): Op[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  const middle: { kind: " " | "-" | "+"; token: string }[] = [];
  if (midA.length * midB.length <= LCS_CELLS && midA.length > 0 && midB.length > 0) {
    const n = midA.length;
    const m = midB.length;
    const table = new Uint32Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i -= 1) {
      for (let j = m - 1; j >= 0; j -= 1) {
        table[i * (m + 1) + j] =
          midA[i] === midB[j]
            ? (table[(i + 1) * (m + 1) + j + 1] as number) + 1
            : Math.max(table[(i + 1) * (m + 1) + j] as number, table[i * (m + 1) + j + 1] as number);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        middle.push({ kind: " ", token: midA[i] as string });
        i += 1;
        j += 1;
      } else if (
        j >= m ||
        (i < n && (table[(i + 1) * (m + 1) + j] as number) >= (table[i * (m + 1) + j + 1] as number))
      ) {
        middle.push({ kind: "-", token: midA[i] as string });
        i += 1;
      } else {
        middle.push({ kind: "+", token: midB[j] as string });
        j += 1;
      }
    }
  } else {
    for (const token of midA) middle.push({ kind: "-", token });
    for (const token of midB) middle.push({ kind: "+", token });
  }
  const ops: Op[] = [];
  let oldLine = 1;
  let newLine = 1;
  const push = (kind: " " | "-" | "+", token: string) => {
    ops.push({ kind, token, oldLine, newLine });
    if (kind !== "+") oldLine += 1;
    if (kind !== "-") newLine += 1;
  };
  for (const token of a.slice(0, prefix)) push(" ", token);
  for (const op of middle) push(op.kind, op.token);
  for (const token of a.slice(a.length - suffix)) push(" ", token);
  return ops;
}

function range(start: number, count: number): string {
  // git writes "-0,0" for an empty side and omits ",1".
  if (count === 0) return `${start - 1},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}

export function filePatch(before: string, after: string): FilePatch {
  const ops = editScript(tokens(before), tokens(after));
  const changed = ops.map((op, index) => (op.kind === " " ? -1 : index)).filter((index) => index >= 0);
  if (changed.length === 0) return { patch: "", additions: 0, deletions: 0 };
  // Group changes whose context windows touch into one hunk, as git does.
  const groups: [number, number][] = [];
  for (const index of changed) {
    const last = groups[groups.length - 1];
    if (last !== undefined && index - last[1] <= 2 * CONTEXT + 1) last[1] = index;
    else groups.push([index, index]);
  }
  const out: string[] = [];
  let additions = 0;
  let deletions = 0;
  for (const [first, last] of groups) {
    const from = Math.max(0, first - CONTEXT);
    const to = Math.min(ops.length - 1, last + CONTEXT);
    const slice = ops.slice(from, to + 1);
    const head = slice[0] as Op;
    const oldCount = slice.filter((op) => op.kind !== "+").length;
    const newCount = slice.filter((op) => op.kind !== "-").length;
    out.push(`@@ -${range(head.oldLine, oldCount)} +${range(head.newLine, newCount)} @@`);
    for (const op of slice) {
      if (op.kind === "+") additions += 1;
      if (op.kind === "-") deletions += 1;
      const hasNewline = op.token.endsWith("\n");
      out.push(`${op.kind}${hasNewline ? op.token.slice(0, -1) : op.token}`);
      if (!hasNewline) out.push("\\ No newline at end of file");
    }
  }
  return { patch: out.join("\n"), additions, deletions };
}

/** git's test for binary content: a NUL byte in the first 8,000 bytes. */
export function isBinary(content: Uint8Array): boolean {
  const limit = Math.min(content.length, 8000);
  for (let i = 0; i < limit; i += 1) if (content[i] === 0) return true;
  return false;
}
