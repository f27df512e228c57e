// parseStrictJson: JSON.parse's answer on every input without a repeated key (property-tested for
// agreement), and a refusal naming the key, its JSON pointer and its line and column on every input
// with one, including the ones JSON.parse would read as something else.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  DuplicateKeyError,
  findDuplicateKey,
  jsonSyntaxErrorOffset,
  lineAndColumn,
  parseStrictJson,
} from "../../src/util/strict-json.js";

function thrown(text: string): unknown {
  try {
    parseStrictJson(text);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("duplicate keys are refused, named and located", () => {
  test("the issue's contract: the last `path` would silently win", () => {
    const text = '{\n  "id": "c",\n  "type": "file_exists",\n  "path": "f.txt",\n  "path": "nothing-here"\n}';
    expect(JSON.parse(text).path).toBe("nothing-here");
    const error = thrown(text);
    expect(error).toBeInstanceOf(DuplicateKeyError);
    expect((error as DuplicateKeyError).duplicate).toEqual({
      key: "path",
      pointer: "/path",
      line: 5,
      column: 3,
    });
    expect((error as Error).message).toContain('duplicate key "path" at /path (line 5, column 3)');
  });

  test("nested: the pointer names the object through arrays and members", () => {
    const text = '{"success_criteria": [{"id": "a"}, {"id": "b", "pattern": "x", "pattern": ""}]}';
    expect(findDuplicateKey(text)).toMatchObject({ key: "pattern", pointer: "/success_criteria/1/pattern" });
  });

  test("keys are compared as JSON.parse decodes them: an escaped spelling is the same key", () => {
    expect(findDuplicateKey('{"path": 1, "p\\u0061th": 2}')).toMatchObject({ key: "path", pointer: "/path" });
    expect(findDuplicateKey('{"__proto__": 1, "__proto__": 2}')).toMatchObject({ key: "__proto__" });
  });

  test("pointer tokens escape ~ and / (RFC 6901)", () => {
    expect(findDuplicateKey('{"a/b": {"~x": 1, "~x": 2}}')?.pointer).toBe("/a~1b/~0x");
  });

  test("the same key in different objects, or a key spelled as a value, is not a duplicate", () => {
    for (const text of [
      '{"a": {"k": 1}, "b": {"k": 2}}',
      '[{"k": 1}, {"k": 2}]',
      '{"k": "k", "j": ["k", "k"]}',
      '{"k": {"k": {"k": 1}}}',
      '{"a\\"b": 1, "a\\\\": 2, "x": "}{,\\"", "y": 3}',
    ]) {
      expect(parseStrictJson(text)).toEqual(JSON.parse(text));
    }
  });

  test("what JSON.parse refuses is refused the same way", () => {
    for (const text of ["", "{", '{"a": 1,}', "NaN", "{'a': 1}", '"\\x"']) {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      const error = thrown(text);
      expect(error).toBeInstanceOf(SyntaxError);
      expect(error).not.toBeInstanceOf(DuplicateKeyError);
    }
  });
});

describe("properties", () => {
  test("on any JSON text without a repeated key, the value is JSON.parse's", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 0, 2, "\t"), (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(parseStrictJson(text)).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  test("on any string, strict parsing throws exactly when JSON.parse does (absent duplicates)", () => {
    const near = fc.oneof(
      fc.string(),
      fc
        .json()
        .chain((j) =>
          fc
            .tuple(fc.nat(j.length), fc.string({ maxLength: 3 }))
            .map(([at, s]) => j.slice(0, at) + s + j.slice(at)),
        ),
    );
    fc.assert(
      fc.property(near, (text) => {
        let parsed: unknown;
        let parseFailed = false;
        try {
          parsed = JSON.parse(text);
        } catch {
          parseFailed = true;
        }
        const error = thrown(text);
        if (parseFailed) expect(error).toBeInstanceOf(SyntaxError);
        else if (error instanceof DuplicateKeyError) expect(findDuplicateKey(text)).toBeDefined();
        else expect(parseStrictJson(text)).toStrictEqual(parsed);
      }),
      { numRuns: 2000 },
    );
  });

  test("a key repeated in any object of any value is found, at that object", () => {
    const object = fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 });
    fc.assert(
      fc.property(object, fc.jsonValue(), fc.nat(), (obj, extra, pick) => {
        const keys = Object.keys(obj);
        const key = keys[pick % keys.length] as string;
        // The object's own text with the picked key written once more at the end.
        const inner = JSON.stringify(obj);
        const text = `{"outer": [1, ${inner.slice(0, -1)}, ${JSON.stringify(key)}: ${JSON.stringify(extra)}}]}`;
        // JSON.parse keeps the last value (as JSON text has it: -0 is written 0).
        expect(JSON.parse(text).outer[1][key]).toStrictEqual(JSON.parse(JSON.stringify(extra)));
        const found = findDuplicateKey(text);
        expect(found?.key).toBe(key);
        expect(found?.pointer).toBe(`/outer/1/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
      }),
      { numRuns: 500 },
    );
  });
});

describe("where a text stops being JSON", () => {
  const offset = (text: string) => jsonSyntaxErrorOffset(text);

  test("cut-off texts and stray tokens are located, JSON is not", () => {
    expect(offset('{\n  "a": 1,\n}')).toBe(12);
    expect(offset('{\n  "a": tru}')).toBe(12);
    expect(offset('{"a": 1')).toBe(7);
    expect(offset("")).toBe(0);
    expect(offset("[1, 2] x")).toBe(7);
    expect(offset('{"a": "\\q"}')).toBe(8);
    expect(offset('{"a": [1, {"b": null}], "c": -0.5e+3}')).toBeUndefined();
    expect(offset(`${"[".repeat(10_000)}${"]".repeat(10_000)}`)).toBeUndefined();
    expect(lineAndColumn('{\n  "a": 1,\n}', 12)).toEqual({ line: 3, column: 1 });
  });

  test("agrees with JSON.parse on what is JSON (property)", () => {
    const jsonish = fc.oneof(
      fc.json().map((t) => t),
      fc
        .tuple(fc.json(), fc.nat(), fc.constantFrom("", ",", "}", "]", '"', ":", "x", " ", "\\", "{", "["))
        .map(([t, at, insert]) => {
          const k = at % (t.length + 1);
          return t.slice(0, k) + insert + t.slice(k);
        }),
      fc.tuple(fc.json(), fc.nat()).map(([t, at]) => t.slice(0, at % (t.length + 1))),
      fc.string(),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(offset(text) === undefined).toBe(valid);
      }),
      { numRuns: 3000 },
    );
  });
});
