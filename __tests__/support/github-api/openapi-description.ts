// GitHub's published description of api.github.com (`@octokit/openapi`), and the lookup from a request
// line to the operation it names. The loopback API answers only what this description documents, so a
// route GitHub does not have, or a request shape GitHub would refuse, cannot pass unnoticed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export interface OpenApiParameter {
  readonly name: string;
  readonly in: "path" | "query" | "header" | "cookie";
  readonly required?: boolean;
  readonly schema?: unknown;
  readonly "x-multi-segment"?: boolean;
}

export interface OpenApiMedia {
  readonly schema?: unknown;
}

export interface OpenApiResponse {
  readonly description?: string;
  readonly content?: Record<string, OpenApiMedia>;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly parameters?: readonly (OpenApiParameter | { $ref: string })[];
  readonly requestBody?: { required?: boolean; content?: Record<string, OpenApiMedia> } | { $ref: string };
  readonly responses: Record<string, OpenApiResponse | { $ref: string }>;
}

export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: {
    readonly schemas: Record<string, unknown>;
    readonly parameters: Record<string, OpenApiParameter>;
    readonly responses: Record<string, OpenApiResponse>;
    readonly examples: Record<string, { value: unknown }>;
    readonly requestBodies?: Record<string, unknown>;
  };
}

let loaded: OpenApiDocument | undefined;

/** The description, parsed once per process. Only this file of `@octokit/openapi` is used: the package
 * root also bundles GHES and GHEC descriptions that differ from api.github.com. JSON.parse of the file
 * is several times faster than letting the test bundler transform 13 MB of JSON into a module. */
export function githubDescription(): OpenApiDocument {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@octokit/openapi/generated/api.github.com.json");
    loaded = JSON.parse(readFileSync(file, "utf8")) as OpenApiDocument;
  }
  return loaded;
}

/** Follows a local `$ref` ("#/components/parameters/owner") to what it names. */
export function resolveRef<T>(value: T | { $ref: string }): T {
  let current: unknown = value;
  for (let depth = 0; depth < 10; depth += 1) {
    if (typeof current !== "object" || current === null || !("$ref" in current)) return current as T;
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith("#/")) throw new Error(`unsupported reference ${ref}`);
    current = ref
      .slice(2)
      .split("/")
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        githubDescription(),
      );
  }
  throw new Error("reference chain too deep");
}

export interface MatchedOperation {
  /** The path template, e.g. `/repos/{owner}/{repo}/pulls/{pull_number}`. */
  readonly template: string;
  readonly method: string;
  readonly operation: OpenApiOperation;
  /** Path parameters, decoded. */
  readonly pathParams: Record<string, string>;
}

interface Segment {
  readonly literal?: string;
  readonly param?: string;
  readonly multi?: boolean;
}

interface IndexedTemplate {
  readonly template: string;
  readonly segments: readonly Segment[];
  /** More literal segments win: `/repos/{o}/{r}/pulls/{n}/files` over a template that would take
   * `files` as a parameter. */
  readonly literals: number;
  /** The path item's operations by lower-case method. */
  readonly operations: Readonly<Record<string, OpenApiOperation | undefined>>;
}

let index: IndexedTemplate[] | undefined;

function templates(): IndexedTemplate[] {
  if (index !== undefined) return index;
  const doc = githubDescription();
  index = Object.entries(doc.paths).map(([template, item]) => {
    const multi = new Set<string>();
    for (const op of Object.values(item)) {
      for (const raw of (op as Partial<OpenApiOperation>).parameters ?? []) {
        const param = resolveRef<OpenApiParameter>(raw);
        if (param.in === "path" && param["x-multi-segment"] === true) multi.add(param.name);
      }
    }
    const segments = template
      .split("/")
      .slice(1)
      .map((part): Segment => {
        const m = /^\{([^}]+)\}$/.exec(part);
        if (!m) return { literal: part };
        const name = m[1] as string;
        return { param: name, multi: multi.has(name) };
      });
    return {
      template,
      segments,
      literals: segments.filter((s) => s.literal !== undefined).length,
      operations: item as Record<string, OpenApiOperation | undefined>,
    };
  });
  index.sort((a, b) => b.literals - a.literals || b.segments.length - a.segments.length);
  return index;
}

const byLength = new Map<number, IndexedTemplate[]>();

/** The templates that can match a path of `n` segments, in the order `templates` ranks them: the same
 * length, or one with a multi-segment parameter that can stretch to it. Matching a request then tries
 * a few dozen templates instead of GitHub's thousand. */
function templatesFor(n: number): IndexedTemplate[] {
  let list = byLength.get(n);
  if (list === undefined) {
    list = templates().filter((t) =>
      t.segments.some((s) => s.multi === true) ? t.segments.length <= n : t.segments.length === n,
    );
    byLength.set(n, list);
  }
  return list;
}

function matchSegments(
  segments: readonly Segment[],
  parts: readonly string[],
): Record<string, string> | null {
  const params: Record<string, string> = {};
  let i = 0;
  for (let s = 0; s < segments.length; s += 1) {
    const seg = segments[s] as Segment;
    if (seg.multi === true && seg.param !== undefined) {
      // A multi-segment parameter (a file path) takes everything up to the literal tail.
      const tail = segments.length - s - 1;
      const take = parts.length - i - tail;
      if (take < 1) return null;
      params[seg.param] = parts
        .slice(i, i + take)
        .map(decodeURIComponent)
        .join("/");
      i += take;
      continue;
    }
    const part = parts[i];
    if (part === undefined || part === "") return null;
    if (seg.literal !== undefined) {
      if (seg.literal !== part) return null;
    } else if (seg.param !== undefined) {
      params[seg.param] = decodeURIComponent(part);
    }
    i += 1;
  }
  return i === parts.length ? params : null;
}

/** The operation GitHub documents for this method and path, or null when there is none. */
export function matchOperation(method: string, pathname: string): MatchedOperation | null {
  const parts = pathname.replace(/\/+$/, "").split("/").slice(1);
  const lower = method.toLowerCase();
  for (const entry of templatesFor(parts.length)) {
    const operation = Object.hasOwn(entry.operations, lower) ? entry.operations[lower] : undefined;
    if (operation === undefined) continue;
    const pathParams = matchSegments(entry.segments, parts);
    if (pathParams === null) continue;
    return { template: entry.template, method: method.toUpperCase(), operation, pathParams };
  }
  return null;
}

/** Whether any method is documented at this path (for telling a wrong method from a wrong path). */
export function pathIsDocumented(pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, "").split("/").slice(1);
  return templates().some((entry) => matchSegments(entry.segments, parts) !== null);
}
