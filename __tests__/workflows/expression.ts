// The part of GitHub Actions' expression language the documented workflows use, evaluated the way
// GitHub documents it ("Evaluate expressions in workflows and actions",
// https://docs.github.com/en/actions/reference/workflows-and-actions/expressions), so a test can ask
// what a workflow's `ref:` or concurrency group becomes for a given event:
// - literals: null, true, false, numbers, 'strings' ('' is a quote);
// - property access `a.b`, `a['b']`, `a[0]`; a missing property is null; names ignore case;
// - operators, tightest first: ( ), [ ], ., !, == and !=, &&, ||;
// - `||` gives the first truthy operand (else the last), `&&` the first falsy one (else the last);
//   false, 0, -0, '', null and NaN are falsy;
// - `==` compares strings ignoring case; values of different types are compared as numbers
//   (null is 0, true 1, '' 0, a non-numeric string NaN);
// - functions format(), fromJSON(), startsWith(), and the status functions success(), failure(),
//   cancelled() and always(), given the run's status in the contexts (RUN_STATUS);
// - `${{ … }}` in a value: a value that is one expression keeps its type, otherwise each expression is
//   turned into a string (null is '') and joined with the text around it.
// Anything else throws, so a workflow that starts using more of the language fails its test instead of
// being read wrongly. (Differentially checked against @actions/expressions, GitHub's own evaluator,
// for every expression the workflows use.)

export type Contexts = Record<string, unknown>;

type Token =
  | { kind: "num"; value: number }
  | { kind: "str"; value: string }
  | { kind: "name"; value: string }
  | { kind: "op"; value: string };

function tokens(source: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === "'") {
      let value = "";
      i += 1;
      for (;;) {
        if (i >= source.length) throw new Error(`unterminated string in ${source}`);
        if (source[i] === "'") {
          if (source[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        value += source[i];
        i += 1;
      }
      out.push({ kind: "str", value });
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(source.slice(i)) as RegExpExecArray;
      out.push({ kind: "num", value: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(source.slice(i)) as RegExpExecArray;
      out.push({ kind: "name", value: m[0] });
      i += m[0].length;
    } else {
      const two = source.slice(i, i + 2);
      if (["||", "&&", "==", "!="].includes(two)) {
        out.push({ kind: "op", value: two });
        i += 2;
      } else if ("()[].,!".includes(c)) {
        out.push({ kind: "op", value: c });
        i += 1;
      } else {
        throw new Error(`unsupported character ${JSON.stringify(c)} in ${source}`);
      }
    }
  }
  return out;
}

function truthy(v: unknown): boolean {
  return !(v === false || v === null || v === undefined || v === "" || v === 0 || Number.isNaN(v));
}

function toNumber(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  if (typeof v === "string") return v.trim() === "" ? 0 : Number(v);
  return Number.NaN;
}

function equal(a: unknown, b: unknown): boolean {
  const na = a === undefined ? null : a;
  const nb = b === undefined ? null : b;
  if (typeof na === "string" && typeof nb === "string") return na.toLowerCase() === nb.toLowerCase();
  if (na === null && nb === null) return true;
  if (typeof na === typeof nb && typeof na === "object") return na === nb;
  if (typeof na === typeof nb) return na === nb;
  return toNumber(na) === toNumber(nb);
}

/** An expression result as GitHub writes it into a string. */
export function asString(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

function property(target: unknown, key: unknown): unknown {
  if (target === null || typeof target !== "object") return null;
  if (Array.isArray(target)) return typeof key === "number" ? (target[key] ?? null) : null;
  const wanted = String(key).toLowerCase();
  const found = Object.keys(target).find((k) => k.toLowerCase() === wanted);
  return found === undefined ? null : (target as Record<string, unknown>)[found];
}

/** Where a test running a workflow's steps says how the run stands, for the status functions. */
export const RUN_STATUS = "__run_status";

function call(name: string, args: unknown[], contexts: Contexts): unknown {
  const status = () => {
    const s = contexts[RUN_STATUS];
    if (s !== "success" && s !== "failure" && s !== "cancelled")
      throw new Error(`${name}() needs the run's status (${RUN_STATUS} in the contexts)`);
    return s;
  };
  switch (name.toLowerCase()) {
    // The status functions: GitHub's success() is "no earlier step or needed job failed or was
    // cancelled"; always() is true even when cancelled.
    case "success":
      return status() === "success";
    case "failure":
      return status() === "failure";
    case "cancelled":
      return status() === "cancelled";
    case "always":
      return true;
    case "format": {
      const [template, ...values] = args;
      return asString(template).replace(/\{\{|\}\}|\{(\d+)\}/g, (m, index?: string) => {
        if (m === "{{") return "{";
        if (m === "}}") return "}";
        const i = Number(index);
        if (i >= values.length) throw new Error(`format: no argument {${i}}`);
        return asString(values[i]);
      });
    }
    case "fromjson":
      return JSON.parse(asString(args[0])) as unknown;
    // GitHub's startsWith ignores case.
    case "startswith":
      return asString(args[0]).toLowerCase().startsWith(asString(args[1]).toLowerCase());
    default:
      throw new Error(`unsupported function ${name}()`);
  }
}

/** Evaluates one expression (the text between `${{` and `}}`, or an `if:`). */
export function evaluate(source: string, contexts: Contexts): unknown {
  const list = tokens(source);
  let at = 0;
  const peek = (): Token | undefined => list[at];
  const isOp = (value: string) => peek()?.kind === "op" && peek()?.value === value;
  const expect = (value: string) => {
    if (!isOp(value)) throw new Error(`expected ${value} at token ${at} of ${source}`);
    at += 1;
  };

  function primary(): unknown {
    const t = peek();
    if (t === undefined) throw new Error(`unexpected end of ${source}`);
    at += 1;
    if (t.kind === "num" || t.kind === "str") return t.value;
    if (t.kind === "op" && t.value === "(") {
      const v = or();
      expect(")");
      return v;
    }
    if (t.kind === "name") {
      const lower = t.value.toLowerCase();
      if (lower === "null") return null;
      if (lower === "true") return true;
      if (lower === "false") return false;
      if (isOp("(")) {
        at += 1;
        const args: unknown[] = [];
        if (!isOp(")")) {
          args.push(or());
          while (isOp(",")) {
            at += 1;
            args.push(or());
          }
        }
        expect(")");
        return call(t.value, args, contexts);
      }
      return property(contexts, t.value);
    }
    throw new Error(`unexpected ${t.value} in ${source}`);
  }

  function postfix(value: unknown): unknown {
    let v = value;
    for (;;) {
      if (isOp(".")) {
        at += 1;
        const name = peek();
        if (name?.kind !== "name") throw new Error(`expected a property name in ${source}`);
        at += 1;
        v = property(v, name.value);
      } else if (isOp("[")) {
        at += 1;
        const key = or();
        expect("]");
        v = property(v, key);
      } else {
        return v;
      }
    }
  }

  function unary(): unknown {
    if (isOp("!")) {
      at += 1;
      return !truthy(unary());
    }
    return postfix(primary());
  }

  function comparison(): unknown {
    let left = unary();
    while (isOp("==") || isOp("!=")) {
      const op = (peek() as Token).value;
      at += 1;
      const right = unary();
      left = op === "==" ? equal(left, right) : !equal(left, right);
    }
    return left;
  }

  function and(): unknown {
    let left = comparison();
    while (isOp("&&")) {
      at += 1;
      const right = comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  }

  function or(): unknown {
    let left = and();
    while (isOp("||")) {
      at += 1;
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  }

  const result = or();
  if (at !== list.length) throw new Error(`unexpected ${String(peek()?.value)} in ${source}`);
  return result;
}

const EMBEDDED = /\$\{\{([\s\S]*?)\}\}/g;

/** A workflow value with `${{ … }}` in it, as the runner sees it. */
export function interpolate(value: string, contexts: Contexts): unknown {
  const whole = /^\$\{\{([\s\S]*?)\}\}$/.exec(value);
  if (whole !== null && !whole[1]?.includes("}}")) return evaluate(whole[1] as string, contexts);
  return value.replace(EMBEDDED, (_, expr: string) => asString(evaluate(expr, contexts)));
}

/** Every expression in a value (for the differential check and for naming what a value reads). */
export function expressionsIn(value: string): string[] {
  return [...value.matchAll(EMBEDDED)].map((m) => (m[1] as string).trim());
}
