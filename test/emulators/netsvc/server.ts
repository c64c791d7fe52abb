/**
 * The HTTP side: read the body, log the raw request, apply global latency and any armed fault, authenticate, parse
 * JSON, route, and write the JSON reply with a `Trace-Id` header (reference §1.3, §2.2).
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { expireTokenOf, issueToken, requireBearer, TOKEN_PATH, type Credentials } from "./auth.js";
import { ApiError, errorBody, type Reply } from "./envelope.js";
import { defaultFaultMessage, type Faults } from "./faults.js";
import type { Router } from "./router.js";
import type { Store } from "./state.js";
import type { LoggedRequest } from "./types.js";

const MAX_BODY = 1024 * 1024;

export interface ServerDeps {
  /** The current store (a getter: `reset()` swaps it). */
  store: () => Store;
  faults: Faults;
  credentials: Credentials;
  router: Router;
}

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/**
 * mpgo builds the get-one service-key URL with JoinPath, which escapes the `?` (§3.7). Undo that for this one path so
 * `/v2/service/key%3Fkey=K` routes like `/v2/service/key?key=K`.
 */
export function unescapeServiceKeyQuery(target: string): string {
  return target.replace(/^\/v2\/service\/key%3[Ff]/, "/v2/service/key?");
}

/** Trace ids come from the request sequence number, shaped as UUIDs, so they never disturb the seeded id stream. */
const traceId = (seq: number): string => `00000000-0000-4000-8000-${seq.toString(16).padStart(12, "0")}`;

export async function startServer(deps: ServerDeps): Promise<RunningServer> {
  const aborter = new AbortController();
  let seq = 0;

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (ms <= 0 || aborter.signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        aborter.signal.removeEventListener("abort", done);
        resolve();
      }
      aborter.signal.addEventListener("abort", done);
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    }
    const body = Buffer.concat(chunks).toString("utf8");
    const store = deps.store();
    const method = (req.method ?? "GET").toUpperCase();
    const rawTarget = req.url ?? "/";
    const url = new URL(unescapeServiceKeyQuery(rawTarget), "http://emulator.invalid");
    const query: Record<string, string[]> = {};
    for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
    const entry: LoggedRequest = {
      seq: ++seq,
      at: store.now(),
      method,
      url: rawTarget,
      path: url.pathname,
      query,
      headers: { ...req.headers },
      body,
      status: null,
      fault: null,
    };
    store.requests.push(entry);
    const trace = traceId(entry.seq);

    await sleep(deps.faults.latencyMs);
    const fault = deps.faults.take(method, rawTarget);
    if (fault) {
      entry.fault = fault.kind;
      if (fault.kind === "drop") {
        req.socket.destroy();
        return;
      }
      if (fault.kind === "delay") await sleep(fault.ms);
      if (fault.kind === "status") {
        const headers: Record<string, string> = {};
        if (fault.retryAfter !== undefined) headers["Retry-After"] = String(fault.retryAfter);
        const message = fault.message ?? defaultFaultMessage(fault.status);
        send(res, entry, { status: fault.status, body: errorBody(message, fault.data ?? null, trace), headers }, trace);
        return;
      }
      if (fault.kind === "expireToken") expireTokenOf(store, req.headers);
    }
    if (aborter.signal.aborted) {
      req.socket.destroy();
      return;
    }

    let reply: Reply;
    try {
      reply = dispatch(store, method, url, req.headers, body);
    } catch (e) {
      if (e instanceof ApiError) {
        reply = { status: e.status, body: errorBody(e.message, e.data, trace, e.extra), headers: { ...e.headers } };
      } else {
        const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
        store.internalErrors.push(`${method} ${rawTarget}: ${message}`);
        reply = { status: 500, body: errorBody("Internal emulator error", String(e), trace) };
      }
    }
    if (fault?.kind === "dropAfter") {
      entry.status = reply.status;
      req.socket.destroy();
      return;
    }
    send(res, entry, reply, trace);
  }

  function dispatch(store: Store, method: string, url: URL, headers: IncomingHttpHeaders, body: string): Reply {
    if (url.pathname === TOKEN_PATH) {
      if (method !== "POST") throw new ApiError(405, "Method Not Allowed", null, { Allow: "POST" });
      return issueToken(store, deps.credentials, url.searchParams, headers, body);
    }
    requireBearer(store, headers);
    if (Buffer.byteLength(body) > MAX_BODY) throw new ApiError(413, "Request body too large");

    let parsed: unknown;
    if (body.trim() !== "" && method !== "GET" && method !== "HEAD") {
      const type = (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json")
        throw new ApiError(415, `Content-Type must be application/json (got ${type || "none"})`);
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new ApiError(400, "Malformed JSON in request body");
      }
    }

    const now = store.now();
    store.settleAll(now);
    const match = deps.router.match(method, url.pathname);
    if (match.kind === "none") throw new ApiError(404, `No resource at ${method} ${url.pathname}`);
    if (match.kind === "wrongMethod")
      throw new ApiError(405, `Method ${method} not allowed on ${url.pathname}`, null, {
        Allow: match.allowed.join(", "),
      });
    return match.handler({ store, now, params: match.params, query: url.searchParams, body: parsed, headers });
  }

  function send(res: ServerResponse, entry: LoggedRequest, reply: Reply, trace: string): void {
    if (res.destroyed || res.writableEnded) return;
    const payload = JSON.stringify(reply.body);
    entry.status = reply.status;
    res.writeHead(reply.status, {
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(payload),
      "Trace-Id": trace,
      ...reply.headers,
    });
    res.end(payload);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      deps.store().internalErrors.push(String(e));
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify(errorBody("Internal emulator error", String(e), "")));
      } else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Loopback only, ephemeral port.
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        aborter.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
