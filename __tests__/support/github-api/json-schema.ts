// GitHub publishes its REST API as OpenAPI 3.0.3, whose schemas are not quite JSON Schema: `nullable`
// stands beside `type`, and keywords such as `example`, `discriminator` or `x-github-*` are unknown to a
// JSON Schema validator. This turns one OpenAPI schema into the JSON Schema (draft-07) ajv checks, without
// loosening it: a nullable field accepts null and nothing else it did not accept before.

/** Where the description's component schemas live once registered with ajv. */
export const COMPONENTS_ID = "github-openapi";

/** Keywords that constrain a value. Everything else (`example`, `description`, `discriminator`,
 * `readOnly`, vendor extensions) only annotates, so dropping it changes no verdict. `discriminator` is
 * safe to drop because GitHub's `oneOf` branches already tell themselves apart by an `enum` on the
 * discriminating property. */
const CONSTRAINTS = new Set([
  "type",
  "format",
  "enum",
  "const",
  "required",
  "maxLength",
  "minLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
]);

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `#/components/schemas/x` → an absolute reference into the registered components document, so an
 * operation's schema compiled on its own still resolves it. */
function absoluteRef(ref: string): string {
  return ref.startsWith("#") ? `${COMPONENTS_ID}${ref}` : ref;
}

export function toJsonSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  // OpenAPI 3.0 ignores a `$ref`'s siblings; so do we, except `nullable`, which GitHub never puts there
  // but which would otherwise be silently lost.
  if (typeof schema.$ref === "string") {
    const ref = { $ref: absoluteRef(schema.$ref) };
    return schema.nullable === true ? { anyOf: [{ type: "null" }, ref] } : ref;
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, toJsonSchema(sub)]),
      );
    } else if (key === "items" || key === "not") {
      out[key] = toJsonSchema(value);
    } else if (key === "additionalProperties") {
      out[key] = typeof value === "boolean" ? value : toJsonSchema(value);
    } else if (key === "oneOf" || key === "anyOf" || key === "allOf") {
      out[key] = (value as unknown[]).map(toJsonSchema);
    } else if (CONSTRAINTS.has(key)) {
      out[key] = value;
    }
  }
  if (schema.nullable !== true) return out;
  const combined = "oneOf" in out || "anyOf" in out || "allOf" in out || "not" in out;
  if (typeof out.type === "string" && !combined) {
    out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  // No plain `type` beside `nullable` (an anyOf, or `{ nullable: true }` alone, which means
  // "anything"): null is one more alternative, so the combinators never see it.
  return Object.keys(out).length === 0 ? {} : { anyOf: [{ type: "null" }, out] };
}
