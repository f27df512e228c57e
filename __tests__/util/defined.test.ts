// defined() against the spread it replaces, `...(x !== undefined ? { x } : {})` per field: the same
// object for any fields, and the type exactOptionalPropertyTypes accepts.
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { defined } from "../../src/util/defined.js";

/** The spreads defined() replaces, one per field. */
function spreadEach(fields: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields))
    out = { ...out, ...(value !== undefined ? { [key]: value } : {}) };
  return out;
}

describe("defined", () => {
  it("is the object the spreads made, for any fields: undefined left out, null, 0, '' and false kept", () => {
    const value = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.constant(0),
      fc.constant(""),
      fc.boolean(),
      fc.string(),
      fc.integer(),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor")), value),
        (fields) => {
          const kept = defined(fields);
          expect(kept).toStrictEqual(spreadEach(fields));
          expect(Object.values(kept)).not.toContain(undefined);
        },
      ),
    );
    expect(defined({ a: null, b: 0, c: "", d: false, e: undefined })).toStrictEqual({
      a: null,
      b: 0,
      c: "",
      d: false,
    });
  });

  it("types a field that may be undefined as optional and never undefined, and keeps the others required", () => {
    const maybe = (n: number): string | undefined => (n > 0 ? "x" : undefined);
    const kept = defined({ always: 1, sometimes: maybe(1) });
    expectTypeOf(kept).toEqualTypeOf<{ always: number } & { sometimes?: string }>();
    // Assignable where an optional field must be absent rather than undefined.
    const target: { always: number; sometimes?: string } = { ...kept };
    expect(target).toStrictEqual({ always: 1, sometimes: "x" });
  });
});
