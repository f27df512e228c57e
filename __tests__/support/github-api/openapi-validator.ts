// Checks one exchange with the loopback API against GitHub's description: the parameters and body the
// client sent, and the status and body the fake answered. Validators are compiled on first use per
// operation and cached: the description holds 800 paths and compiling them all would cost seconds per
// test file for the dozen the gate uses.
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { COMPONENTS_ID, toJsonSchema } from "./json-schema.js";
import {
  githubDescription,
  type MatchedOperation,
  type OpenApiMedia,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiResponse,
  resolveRef,
} from "./openapi-description.js";

// ajv-formats is CommonJS with a default export; under NodeNext the default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Statuses GitHub's front end can send on any route, documented or not: bad credentials, missing
 * permission or a rate limit, a resource the token cannot see, and gateway failures. A handler may use
 * them anywhere; their JSON bodies must still be GitHub's `basic-error`. Any other status an operation
 * does not document is a violation: it means the fake answers something GitHub never would. */
export const ANY_ROUTE_STATUSES: ReadonlySet<number> = new Set([401, 403, 404, 429, 500, 502, 503, 504]);

/** GitHub's custom media types that replace the JSON body, and the operations that serve them. The
 * description documents them only in prose, so they are listed here. */
const MEDIA_TYPE_OPERATIONS: Record<string, readonly string[]> = {
  "application/vnd.github.diff": ["pulls/get", "repos/get-commit", "repos/compare-commits-with-basehead"],
  "application/vnd.github.raw": ["repos/get-content"],
};

let ajvInstance: Ajv | undefined;

function ajv(): Ajv {
  if (ajvInstance !== undefined) return ajvInstance;
  const instance = new Ajv({
    allErrors: true,
    strict: false,
    // The description is GitHub's, not ours to lint; checking it against the meta-schema would cost
    // seconds on every test file for nothing.
    validateSchema: false,
    addUsedSchema: false,
  });
  addFormats(instance);
  // GitHub's own formats: `int64` ids, URI templates such as `.../{/other_user}`.
  instance.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
  const schemas = githubDescription().components.schemas;
  instance.addSchema(
    {
      $id: COMPONENTS_ID,
      components: {
        schemas: Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, toJsonSchema(s)])),
      },
    },
    COMPONENTS_ID,
  );
  ajvInstance = instance;
  return instance;
}

const compiled = new Map<string, ValidateFunction>();

function validator(key: string, schema: unknown): ValidateFunction {
  let fn = compiled.get(key);
  if (fn === undefined) {
    fn = ajv().compile(toJsonSchema(schema) as object);
    compiled.set(key, fn);
  }
  return fn;
}

function describeErrors(fn: ValidateFunction, limit = 8): string {
  const errors = fn.errors ?? [];
  const shown = errors
    .slice(0, limit)
    .map(
      (e) =>
        `${e.instancePath || "(root)"} ${e.message ?? "is invalid"}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
    );
  return errors.length > limit ? `${shown.join("; ")}; … ${errors.length - limit} more` : shown.join("; ");
}

function parameters(op: OpenApiOperation): OpenApiParameter[] {
  return (op.parameters ?? []).map((p) => resolveRef<OpenApiParameter>(p));
}

/** Query and path values arrive as text; the description types them. Convert as GitHub's router would,
 * leaving the value as text when it does not convert, so the schema reports it. */
function coerce(value: string, schema: unknown): unknown {
  const type = (schema as { type?: unknown } | undefined)?.type;
  if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

export interface RequestUnderTest {
  readonly match: MatchedOperation;
  readonly query: URLSearchParams;
  readonly contentType: string | undefined;
  /** The raw request body ("" when none was sent). */
  readonly body: string;
}

export function validateRequest(req: RequestUnderTest): string[] {
  const { match } = req;
  const id = match.operation.operationId;
  const problems: string[] = [];
  const params = parameters(match.operation);
  for (const param of params) {
    if (param.in !== "path" && param.in !== "query") continue;
    const raw = param.in === "path" ? match.pathParams[param.name] : (req.query.get(param.name) ?? undefined);
    if (raw === undefined) {
      if (param.required === true)
        problems.push(`${id}: required ${param.in} parameter "${param.name}" missing`);
      continue;
    }
    const fn = validator(`${id}:param:${param.in}:${param.name}`, param.schema ?? {});
    if (!fn(coerce(raw, param.schema))) {
      problems.push(
        `${id}: ${param.in} parameter "${param.name}"=${JSON.stringify(raw)}: ${describeErrors(fn)}`,
      );
    }
  }
  const known = new Set(params.filter((p) => p.in === "query").map((p) => p.name));
  for (const name of new Set(req.query.keys())) {
    if (!known.has(name)) problems.push(`${id}: query parameter "${name}" is not documented`);
  }
  const bodySpec =
    match.operation.requestBody === undefined ? undefined : resolveRef(match.operation.requestBody);
  if (req.body === "") {
    if (bodySpec?.required === true) problems.push(`${id}: a request body is required`);
    return problems;
  }
  if (bodySpec === undefined) {
    problems.push(`${id}: sent a body, but the operation takes none`);
    return problems;
  }
  const media = bodySpec.content?.["application/json"];
  if (media === undefined) {
    problems.push(`${id}: the operation documents no JSON request body`);
    return problems;
  }
  if (req.contentType !== undefined && !req.contentType.startsWith("application/json")) {
    problems.push(`${id}: request content-type ${req.contentType}, expected application/json`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(req.body);
  } catch {
    problems.push(`${id}: request body is not JSON`);
    return problems;
  }
  const fn = validator(`${id}:request`, media.schema ?? {});
  if (!fn(parsed)) problems.push(`${id}: request body: ${describeErrors(fn)}`);
  return problems;
}

export interface ResponseUnderTest {
  readonly match: MatchedOperation;
  readonly status: number;
  /** The media type without parameters, e.g. `application/json`. */
  readonly mediaType: string | undefined;
  readonly body: string;
}

function documentedResponse(op: OpenApiOperation, status: number): OpenApiResponse | undefined {
  const raw = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  return raw === undefined ? undefined : resolveRef<OpenApiResponse>(raw);
}

export function validateResponse(res: ResponseUnderTest): string[] {
  const op = res.match.operation;
  const id = op.operationId;
  const documented = documentedResponse(op, res.status);
  const anyRoute = ANY_ROUTE_STATUSES.has(res.status);
  if (documented === undefined && !anyRoute) {
    return [`${id}: status ${res.status} is not documented for ${res.match.method} ${res.match.template}`];
  }
  if (res.mediaType !== undefined && res.mediaType in MEDIA_TYPE_OPERATIONS) {
    const allowed = MEDIA_TYPE_OPERATIONS[res.mediaType] as readonly string[];
    if (!allowed.includes(id)) return [`${id}: GitHub does not serve ${res.mediaType} here`];
    return res.status === 200 ? [] : [`${id}: ${res.mediaType} with status ${res.status}`];
  }
  let media: OpenApiMedia | undefined = documented?.content?.["application/json"];
  if (media === undefined) {
    const otherTypes = Object.keys(documented?.content ?? {});
    if (otherTypes.length > 0) {
      return [`${id}: status ${res.status} documents ${otherTypes.join(", ")}, not JSON`];
    }
    // Documented without a body (204, or a bare 404), or an any-route status: no body, or GitHub's
    // `basic-error`.
    if (res.body === "") return [];
    if (!anyRoute) return [`${id}: status ${res.status} documents no body, but one was sent`];
    media = { schema: { $ref: "#/components/schemas/basic-error" } };
  }
  if (res.mediaType !== "application/json") {
    return [`${id}: status ${res.status} answered ${res.mediaType ?? "no content-type"}, expected JSON`];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    return [`${id}: status ${res.status} body is not JSON`];
  }
  const fn = validator(`${id}:response:${res.status}`, media.schema ?? {});
  return fn(parsed) ? [] : [`${id}: response ${res.status}: ${describeErrors(fn)}`];
}

/** Compiles every validator an operation can need, ahead of time. The fake runs in the test's own
 * process, so a first compile (half a second for a pull request) would otherwise stall the event loop
 * while a client's short deadline runs. */
export function warmUp(match: MatchedOperation): void {
  const op = match.operation;
  const id = op.operationId;
  for (const param of parameters(op)) {
    if (param.in === "path" || param.in === "query")
      validator(`${id}:param:${param.in}:${param.name}`, param.schema ?? {});
  }
  const body = op.requestBody === undefined ? undefined : resolveRef(op.requestBody);
  const media = body?.content?.["application/json"];
  if (media !== undefined) validator(`${id}:request`, media.schema ?? {});
  for (const status of Object.keys(op.responses)) {
    const schema = documentedResponse(op, Number(status))?.content?.["application/json"]?.schema;
    if (schema !== undefined) validator(`${id}:response:${status}`, schema);
  }
}

/** Checks a value against one of the description's component schemas (a webhook payload such as
 * `webhook-issue-comment-created`): the problems, or [] when it fits. */
export function validateComponent(name: string, value: unknown): string[] {
  const schema = githubDescription().components.schemas[name];
  if (schema === undefined) return [`GitHub's description has no component schema ${name}`];
  const fn = validator(`component:${name}`, schema);
  return fn(value) ? [] : [`${name}: ${describeErrors(fn)}`];
}
