// JSON that means what it shows. `JSON.parse('{"path": "f.txt", "path": "nothing-here"}')` keeps the
// last value without a word, so a contract edit that reads as strict in review (the first `path`) can
// be weak in effect (the second); other readers (a Go decoder, jq's --stream, an editor's outline)
// keep the first. RFC 8259 §4 says names SHOULD be unique and leaves duplicates to each reader; I-JSON
// (RFC 7493 §2.3) says they MUST NOT occur. Every JSON the gate reads from a repository or a user goes
// through parseStrictJson, which refuses a duplicate naming the key, where it is (a JSON pointer) and
// its line and column. Pure.
//
// The text is first parsed by JSON.parse, so what is and is not JSON, and the value returned, are
// exactly JSON.parse's; only then does a small scanner, which may assume valid JSON, look for a key
// repeated within one object. Keys are compared decoded (`"a"` and `"\u0061"` are the same key, as
// JSON.parse sees them).

export interface DuplicateKey {
  /** The key, decoded. */
  readonly key: string;
  /** RFC 6901 pointer to the second occurrence (the object's pointer plus the key). */
  readonly pointer: string;
  /** 1-based line and column (UTF-16 code units) of the second occurrence's opening quote. */
  readonly line: number;
  readonly column: number;
}

export class DuplicateKeyError extends SyntaxError {
  override readonly name = "DuplicateKeyError";
  constructor(readonly duplicate: DuplicateKey) {
    super(
      `duplicate key ${JSON.stringify(duplicate.key)} at ${duplicate.pointer} (line ${duplicate.line}, column ${duplicate.column}): readers disagree on which of the two values counts, so the JSON does not mean what it shows`,
    );
  }
}

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
function pointerToken(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

interface ObjectFrame {
  readonly kind: "object";
  readonly pointer: string;
  readonly keys: Set<string>;
  /** Whether the next string is a key (after `{` or `,`), not a value (after `:`). */
  expectKey: boolean;
  /** The pointer of the member whose value comes next. */
  member: string;
}

interface ArrayFrame {
  readonly kind: "array";
  readonly pointer: string;
  index: number;
}

/** The end (exclusive) of the string literal opening at `start`. Assumes valid JSON. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === QUOTE) return i + 1;
    else i += 1;
  }
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first key repeated within one object of `text`, which must already be valid JSON. */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  const stack: (ObjectFrame | ArrayFrame)[] = [];
  /** The pointer of the value that starts next. */
  const valuePointer = (): string => {
    const top = stack[stack.length - 1];
    if (top === undefined) return "";
    return top.kind === "object" ? top.member : `${top.pointer}/${top.index}`;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    switch (c) {
      case "{":
        stack.push({ kind: "object", pointer: valuePointer(), keys: new Set(), expectKey: true, member: "" });
        i += 1;
        break;
      case "[":
        stack.push({ kind: "array", pointer: valuePointer(), index: 0 });
        i += 1;
        break;
      case "}":
      case "]":
        stack.pop();
        i += 1;
        break;
      case ",": {
        const top = stack[stack.length - 1];
        if (top?.kind === "array") top.index += 1;
        else if (top?.kind === "object") top.expectKey = true;
        i += 1;
        break;
      }
      case '"': {
        const end = stringEnd(text, i);
        const top = stack[stack.length - 1];
        if (top?.kind === "object" && top.expectKey) {
          const raw = text.slice(i + 1, end - 1);
          const key = raw.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : raw;
          const pointer = `${top.pointer}/${pointerToken(key)}`;
          if (top.keys.has(key)) return { key, pointer, ...position(text, i) };
          top.keys.add(key);
          top.expectKey = false;
          top.member = pointer;
        }
        i = end;
        break;
      }
      default:
        // Whitespace, `:`, numbers, true, false, null: nothing that opens, closes or names anything.
        i += 1;
    }
  }
  return undefined;
}

/** JSON.parse, refusing a key repeated within one object (DuplicateKeyError). Whatever JSON.parse
 * refuses is thrown as JSON.parse threw it. */
export function parseStrictJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) throw new DuplicateKeyError(duplicate);
  return value;
}

/** Where `text` stops being JSON (RFC 8259), as a 0-based offset, or undefined when it is JSON. For
 * the line and column of a syntax error JSON.parse reports without a position (`Unexpected end of JSON
 * input`, and on Node 20 `Unexpected token '}', "…" is not valid JSON`): a contract's author needs to
 * know where to look, whatever Node version runs the gate. Iterative, so nesting depth costs no stack. */
export function jsonSyntaxErrorOffset(text: string): number | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i += 1;
  };
  const literal = (word: string): boolean => {
    for (let k = 0; k < word.length; k += 1) {
      if (text[i] !== word[k]) return false;
      i += 1;
    }
    return true;
  };
  const string = (): boolean => {
    i += 1; // the opening quote
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        i += 1;
        return true;
      }
      if (c < 0x20) return false;
      if (c === BACKSLASH) {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 2;
            return false;
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else {
          i += 1;
          return false;
        }
      } else i += 1;
    }
    return false;
  };
  const number = (): boolean => {
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 1100));
    if (m === null || m[0] === "" || m[0] === "-") return false;
    i += m[0].length;
    return true;
  };
  /** Reads one scalar, or opens a container (pushed on `stack`). */
  const stack: ("{" | "[")[] = [];
  const value = (): boolean => {
    ws();
    const c = text[i];
    if (c === "{" || c === "[") {
      stack.push(c);
      i += 1;
      ws();
      return true;
    }
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    return number();
  };
  // After `{` (first member or `}`), after `[` (first value or `]`), after a value (`,` or the close).
  let justOpened = false;
  if (!value()) return i;
  justOpened = stack.length > 0;
  while (stack.length > 0) {
    ws();
    const top = stack[stack.length - 1] as "{" | "[";
    const close = top === "{" ? "}" : "]";
    if (justOpened && text[i] === close) {
      stack.pop();
      i += 1;
      justOpened = false;
      continue;
    }
    if (!justOpened) {
      if (text[i] === close) {
        stack.pop();
        i += 1;
        continue;
      }
      if (text[i] !== ",") return i;
      i += 1;
      ws();
    }
    if (top === "{") {
      if (text[i] !== '"' || !string()) return i;
      ws();
      if (text[i] !== ":") return i;
      i += 1;
    }
    const depth = stack.length;
    if (!value()) return i;
    justOpened = stack.length > depth;
  }
  ws();
  return i < text.length ? i : undefined;
}

/** 1-based line and column (UTF-16 code units) of an offset in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  return position(text, offset);
}
