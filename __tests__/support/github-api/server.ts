// The loopback GitHub REST API: a `node:http` server on 127.0.0.1 that answers the routes the gate
// uses from the in-memory model, records every request, injects the faults a test asks for, and checks
// every request and every answer against GitHub's published description. A violation does not stop
// the exchange (the client sees what it would have seen); it is recorded, and `assertClean()` fails
// the test, so the fake cannot drift from api.github.com unnoticed.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import errors from "../../data/github/errors.json" with { type: "json" };
import type { Fault, FaultPlan } from "./faults.js";
import { answerGraphql } from "./graphql.js";
import type { GitHubModel, TokenGrant } from "./model.js";
import { matchOperation, pathIsDocumented } from "./openapi-description.js";
import { validateRequest, validateResponse, warmUp } from "./openapi-validator.js";
import type { Hosts } from "./representations/urls.js";
import { WEB } from "./representations/urls.js";
import { actionsRoutes } from "./routes/actions.js";
import { checkRoutes } from "./routes/checks.js";
import { compareRoutes } from "./routes/compare.js";
import { contentRoutes } from "./routes/contents.js";
import { type GitHubLimits, githubError, type Handler, type Reply } from "./routes/context.js";
import { issueRoutes } from "./routes/issues.js";
import { pullRoutes } from "./routes/pulls.js";
import { repositoryRoutes } from "./routes/repository.js";
import { reviewRoutes } from "./routes/reviews.js";
import { statusRoutes } from "./routes/statuses.js";

const ROUTES: Record<string, Handler> = {
  ...pullRoutes,
  ...contentRoutes,
  ...checkRoutes,
  ...statusRoutes,
  ...issueRoutes,
  ...repositoryRoutes,
  ...compareRoutes,
  ...reviewRoutes,
  ...actionsRoutes,
};

/** GitHub's GraphQL endpoint, outside the REST description: validated against the GraphQL schema
 * instead (graphql.ts). */
export const GRAPHQL_ROUTE = "POST /graphql";

/** The routes the fake answers, as `METHOD /template`. */
export const EMULATED_ROUTES: readonly string[] = Object.keys(ROUTES);

export interface RecordedRequest {
  readonly seq: number;
  /** When the request arrived (Date.now(), taken as its headers came in, before the body): the write
   * spacing test measures the gaps between writes with it. */
  readonly receivedAt: number;
  readonly method: string;
  /** Path without the query string, as sent (percent-encoded). */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** Lower-cased header names. Includes `authorization`: tests that look for secrets skip the token. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** `METHOD /template` from GitHub's description, or null for a path GitHub does not have. */
  readonly route: string | null;
  readonly operationId: string | null;
  /** What the fake answered; 0 when a fault left it unanswered. */
  status: number;
  fault: Fault["kind"] | null;
}

export interface ServerOptions {
  readonly model: GitHubModel;
  readonly limits: GitHubLimits;
  readonly faults: FaultPlan;
  /** Largest request body accepted (GitHub's own limit is far higher; this catches runaway clients). */
  readonly maxBodyBytes?: number;
}

export interface LoopbackServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly violations: string[];
  close(): Promise<void>;
}

function flatHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(", ") : (v ?? "")]),
  );
}

function grantFor(model: GitHubModel, authorization: string | undefined): TokenGrant | "missing" | "bad" {
  if (authorization === undefined || authorization === "") return "missing";
  const m = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization.trim());
  if (!m) return "bad";
  return model.tokens.get(m[1] as string) ?? "bad";
}

let requestIds = 0;

export async function startServer(options: ServerOptions): Promise<LoopbackServer> {
  const { model, limits, faults } = options;
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const sockets = new Set<Socket>();
  const hangs = new Set<NodeJS.Timeout>();
  let hosts: Hosts = { api: "", web: WEB };
  let used = 0;

  const server = http.createServer((req, res) => {
    const receivedAt = Date.now();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= (options.maxBodyBytes ?? 50 * 1024 * 1024)) chunks.push(chunk);
    });
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks).toString("utf8"), receivedAt);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  function rateHeaders(): Record<string, string> {
    used += 1;
    return {
      "x-ratelimit-limit": "5000",
      "x-ratelimit-remaining": String(Math.max(0, 5000 - used)),
      "x-ratelimit-reset": String(Math.floor(model.now().getTime() / 1000) + 3600),
      "x-ratelimit-used": String(used),
      "x-ratelimit-resource": "core",
    };
  }

  function send(
    res: http.ServerResponse,
    record: RecordedRequest,
    reply: Reply,
    extra: Record<string, string> = {},
    cut?: "half" | "reset-half" | "stall-half" | "empty" | "malformed",
  ): void {
    requestIds += 1;
    let body: Buffer;
    let contentType: string | undefined;
    if (reply.json !== undefined) {
      body = Buffer.from(JSON.stringify(reply.json));
      contentType = "application/json; charset=utf-8";
    } else if (reply.text !== undefined) {
      body = Buffer.isBuffer(reply.text) ? reply.text : Buffer.from(reply.text);
      const textual = reply.mediaType !== undefined && !reply.mediaType.includes("raw");
      contentType = `${reply.mediaType ?? "text/plain"}${textual && !reply.mediaType?.includes("charset") ? "; charset=utf-8" : ""}`;
    } else {
      body = Buffer.alloc(0);
    }
    if (cut === "half") body = body.subarray(0, Math.floor(body.length / 2));
    if (cut === "empty") body = Buffer.alloc(0);
    if (cut === "malformed") body = Buffer.from('{"id": 1, "head": {"sha": ');
    if (cut === "half" || cut === "empty" || cut === "malformed")
      contentType = "application/json; charset=utf-8";
    const headers: Record<string, string> = {
      server: "github.com",
      // GitHub's clock, the one its timestamps (a check run's started_at) come from: the model's.
      date: model.now().toUTCString(),
      "x-github-api-version-selected": "2022-11-28",
      "x-github-media-type": "github.v3; format=json",
      "x-github-request-id": `C1A2:${requestIds.toString(16).toUpperCase()}:5D6E7F:8A9B0C:65F0A1B2`,
      ...rateHeaders(),
      ...(reply.headers ?? {}),
      ...extra,
    };
    if (contentType !== undefined && reply.status !== 204) headers["content-type"] = contentType;
    record.status = reply.status;
    if (cut === "reset-half" || cut === "stall-half") {
      headers["content-length"] = String(body.length);
      res.writeHead(reply.status, headers);
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => {
        if (cut === "reset-half") res.socket?.destroy();
      });
      return;
    }
    if (reply.status === 204 || reply.status === 304) {
      res.writeHead(reply.status, headers);
      res.end();
      return;
    }
    headers["content-length"] = String(body.length);
    res.writeHead(reply.status, headers);
    res.end(body);
  }

  function serverError(status: 500 | 502 | 503 | 504): Reply {
    return githubError(
      status === 502 ? "badGatewayHtml" : status === 503 ? "serviceUnavailable" : "serverError",
    );
  }

  /** The answer of a fault that replaces the handler's, or undefined for faults that act on the
   * transport or on the real answer. */
  function faultReply(fault: Fault): { reply: Reply; headers: Record<string, string> } | undefined {
    const now = Math.floor(model.now().getTime() / 1000);
    switch (fault.kind) {
      case "status":
        return { reply: serverError(fault.status), headers: {} };
      case "rate-limit": {
        const entry = fault.limit === "secondary" ? errors.secondaryRateLimit : errors.primaryRateLimit;
        const body = { ...entry.body, status: String(fault.status) };
        const headers: Record<string, string> = {};
        if (fault.limit === "secondary") headers["retry-after"] = String(fault.retryAfterSeconds ?? 60);
        else {
          headers["x-ratelimit-remaining"] = "0";
          headers["x-ratelimit-reset"] = String(now + (fault.resetInSeconds ?? 60));
          headers["x-ratelimit-used"] = "5000";
          if (fault.retryAfterSeconds !== undefined) headers["retry-after"] = String(fault.retryAfterSeconds);
        }
        return { reply: { status: fault.status, json: body }, headers };
      }
      case "cannot-write-checks":
        return { reply: githubError("resourceNotAccessibleByIntegration"), headers: {} };
      default:
        return undefined;
    }
  }

  function handleGraphql(record: RecordedRequest, res: http.ServerResponse, rawBody: string): void {
    const fault = faults.take(GRAPHQL_ROUTE, {
      method: record.method,
      path: record.path,
      headers: record.headers,
      query: record.query,
    });
    if (fault !== undefined) record.fault = fault.kind;
    const injected = fault === undefined ? undefined : faultReply(fault);
    if (injected !== undefined) {
      send(res, record, injected.reply, injected.headers);
      return;
    }
    if (fault !== undefined)
      violations.push(`request ${record.seq} POST /graphql: fault ${fault.kind} is not emulated here`);
    if (record.method !== "POST") {
      violations.push(`request ${record.seq} ${record.method} /graphql: GitHub's GraphQL API takes POST`);
      send(res, record, githubError("notFound"));
      return;
    }
    const grant = grantFor(model, record.headers.authorization);
    if (grant === "missing" || grant === "bad") {
      violations.push(
        `request ${record.seq} POST /graphql: ${grant === "missing" ? "no token sent" : "unknown token"}`,
      );
      send(res, record, githubError(grant === "missing" ? "requiresAuthentication" : "badCredentials"));
      return;
    }
    let answer: ReturnType<typeof answerGraphql>;
    try {
      answer = answerGraphql(model, grant, rawBody);
    } catch (error) {
      violations.push(
        `request ${record.seq} POST /graphql: the endpoint threw ${(error as Error).stack ?? String(error)}`,
      );
      send(res, record, githubError("serverError"));
      return;
    }
    violations.push(...answer.violations.map((v) => `request ${record.seq} POST /graphql: ${v}`));
    send(res, record, { status: 200, json: answer.json });
  }

  function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    rawBody: string,
    receivedAt: number,
  ): void {
    const url = new URL(req.url ?? "/", "http://loopback.invalid");
    const method = (req.method ?? "GET").toUpperCase();
    const headers = flatHeaders(req.headers);
    if (url.pathname === "/graphql") {
      const record: RecordedRequest = {
        seq: requests.length + 1,
        receivedAt,
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: rawBody,
        route: GRAPHQL_ROUTE,
        operationId: null,
        status: 0,
        fault: null,
      };
      requests.push(record);
      handleGraphql(record, res, rawBody);
      return;
    }
    const match = matchOperation(method, url.pathname);
    const record: RecordedRequest = {
      seq: requests.length + 1,
      receivedAt,
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: rawBody,
      route: match === null ? null : `${method} ${match.template}`,
      operationId: match?.operation.operationId ?? null,
      status: 0,
      fault: null,
    };
    requests.push(record);

    if (match === null) {
      violations.push(
        pathIsDocumented(url.pathname)
          ? `${method} ${url.pathname}: GitHub documents no ${method} here`
          : `${method} ${url.pathname}: no such path in GitHub's REST description`,
      );
      send(res, record, githubError("notFound"));
      return;
    }
    violations.push(
      ...validateRequest({
        match,
        query: url.searchParams,
        contentType: headers["content-type"],
        body: rawBody,
      }).map((v) => `request ${record.seq} ${method} ${url.pathname}: ${v}`),
    );

    const fault = faults.take(record.route, { method, path: url.pathname, headers, query: record.query });
    if (fault !== undefined) record.fault = fault.kind;
    // Everything after the fault is taken, so that a hook can run first (another run of the gate, an
    // edit of the model) and this request then sees, or overwrites, what the hook did.
    const serve = (): void => {
      if (fault?.kind === "reset") {
        req.socket.destroy();
        return;
      }
      if (fault?.kind === "hang") {
        if (fault.ms !== undefined) {
          const timer = setTimeout(() => {
            hangs.delete(timer);
            req.socket.destroy();
          }, fault.ms);
          hangs.add(timer);
        }
        faults.hung({ method, path: url.pathname });
        return;
      }
      const injected = fault === undefined ? undefined : faultReply(fault);
      if (injected !== undefined) {
        // Infrastructure answers: GitHub sends them on any route, so they are exempt from the
        // documented-status check (their JSON bodies are still GitHub's own, from errors.json).
        send(res, record, injected.reply, injected.headers);
        return;
      }

      const grant = grantFor(model, headers.authorization);
      if (grant === "missing" || grant === "bad") {
        const reply = githubError(grant === "missing" ? "requiresAuthentication" : "badCredentials");
        violations.push(
          `request ${record.seq} ${method} ${url.pathname}: ${grant === "missing" ? "no token sent" : "unknown token"}`,
        );
        send(res, record, reply);
        return;
      }
      const handler = ROUTES[record.route as string];
      if (handler === undefined) {
        violations.push(`request ${record.seq} ${record.route}: not emulated by the loopback GitHub API`);
        send(res, record, githubError("notFound"));
        return;
      }
      let body: unknown;
      if (rawBody !== "") {
        try {
          body = JSON.parse(rawBody);
        } catch {
          send(res, record, {
            status: 400,
            json: {
              message: "Problems parsing JSON",
              documentation_url: "https://docs.github.com/rest",
              status: "400",
            },
          });
          return;
        }
      }
      let reply: Reply;
      try {
        reply = handler({
          model,
          hosts,
          limits,
          params: match.pathParams,
          query: url.searchParams,
          body,
          headers,
          grant,
        });
      } catch (error) {
        violations.push(
          `request ${record.seq} ${record.route}: handler threw ${(error as Error).stack ?? String(error)}`,
        );
        reply = githubError("serverError");
      }
      const respond = () => {
        if (fault?.kind === "applied") {
          // The handler ran (the write took effect); the client hears only the server error.
          send(res, record, serverError(fault.status));
          return;
        }
        if (
          fault?.kind === "malformed-json" ||
          fault?.kind === "empty-body" ||
          fault?.kind === "truncated-json"
        ) {
          const cut =
            fault.kind === "malformed-json" ? "malformed" : fault.kind === "empty-body" ? "empty" : "half";
          send(res, record, { ...reply, status: reply.status < 300 ? reply.status : 200 }, {}, cut);
          return;
        }
        if (fault?.kind === "reset-mid-body") {
          send(res, record, reply, {}, "reset-half");
          return;
        }
        if (fault?.kind === "stall-mid-body") {
          send(res, record, reply, {}, "stall-half");
          faults.hung({ method, path: url.pathname });
          return;
        }
        if (fault?.kind === "edit" && reply.json !== undefined)
          reply = { ...reply, json: fault.edit(structuredClone(reply.json)) };
        const mediaType =
          reply.json !== undefined
            ? "application/json"
            : reply.text !== undefined
              ? reply.mediaType
              : undefined;
        const bodyText =
          reply.json !== undefined
            ? JSON.stringify(reply.json)
            : reply.text === undefined
              ? ""
              : Buffer.isBuffer(reply.text)
                ? reply.text.toString("utf8")
                : reply.text;
        violations.push(
          ...validateResponse({ match, status: reply.status, mediaType, body: bodyText }).map(
            (v) => `response ${record.seq} ${method} ${url.pathname}: ${v}`,
          ),
        );
        send(res, record, reply);
      };
      if (fault?.kind === "delay") {
        const timer = setTimeout(() => {
          hangs.delete(timer);
          respond();
        }, fault.ms);
        hangs.add(timer);
      } else {
        respond();
      }
    };
    if (fault?.kind === "hook") {
      Promise.resolve()
        .then(() => fault.run())
        .then(serve, (error: unknown) => {
          violations.push(`request ${record.seq} ${record.route}: the hook threw ${String(error)}`);
          send(res, record, githubError("serverError"));
        });
      return;
    }
    serve();
  }

  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;
  hosts = { api: url, web: WEB };

  return {
    url,
    requests,
    violations,
    async close() {
      for (const timer of hangs) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close").catch(() => undefined);
    },
  };
}

/** Compiles the validators of every emulated route (see warmUp). */
export function warmUpValidators(): void {
  for (const route of EMULATED_ROUTES) {
    const [method, template] = route.split(" ") as [string, string];
    const match = matchOperation(method, template.replace(/\{[^}]+\}/g, "x"));
    if (match !== null) warmUp(match);
  }
}
