/**
 * The HTTP side: accept a request (origin-form, absolute-form through a plain proxy, or tunnelled through CONNECT as
 * the official client's proxy agent does), log it, apply latency and any armed fault, route by Host or credential
 * scope to a service, check version and action, authenticate, parse the parameters, run the handler and answer the
 * `{"Response": …}` envelope (reference §1, §2.1).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServiceDef } from "./actions.js";
import { authenticate, credentialScope } from "./auth.js";
import { ApiError, errorBody, okBody, requestId } from "./envelope.js";
import { defaultFaultMessage, type Faults } from "./faults.js";
import { metadata, METADATA_PREFIX, type MetadataOptions } from "./metadata.js";
import { Params, type Obj } from "./params.js";
import { unflatten } from "./query.js";
import type { Store } from "./state.js";
import type { KeyRec, LoggedRequest } from "./types.js";

/** The platform's POST limit is 10 MB (DOC-SIG); GET is 32 KB. */
const MAX_BODY = 10 * 1024 * 1024;
const MAX_GET = 32 * 1024;

export const REGIONS: ReadonlySet<string> = new Set([
  "ap-guangzhou",
  "ap-shanghai",
  "ap-nanjing",
  "ap-beijing",
  "ap-chengdu",
  "ap-chongqing",
  "ap-hongkong",
  "ap-singapore",
  "ap-jakarta",
  "ap-seoul",
  "ap-tokyo",
  "ap-mumbai",
  "ap-bangkok",
  "na-siliconvalley",
  "na-ashburn",
  "eu-frankfurt",
  "sa-saopaulo",
]);

export interface ServerDeps {
  store: () => Store;
  faults: Faults;
  services: Record<string, ServiceDef>;
  metadata: MetadataOptions;
  defaultRegion: string;
  /** The permanent key pair of the account. */
  permanent: () => { secretId: string; secretKey: string };
}

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

const first = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? "") : (v ?? ""));

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

  /** Host label first (the real endpoints), else the credential scope (our SDK's endpoint override, §1.1). */
  function serviceOf(req: IncomingMessage): string {
    const label = first(req.headers.host).split(".")[0]?.split(":")[0] ?? "";
    if (label in deps.services) return label;
    return credentialScope(req.headers)?.service ?? "";
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const store = deps.store();
    const method = (req.method ?? "GET").toUpperCase();
    const rawTarget = req.url ?? "/";
    const target = new URL(rawTarget, "http://emulator.invalid");
    const isMetadata = target.pathname.startsWith(`${METADATA_PREFIX}/`);
    const entry: LoggedRequest = {
      seq: ++seq,
      at: store.now(),
      method,
      url: rawTarget,
      headers: { ...req.headers },
      body: body.toString("utf8"),
      service: isMetadata ? "metadata" : serviceOf(req),
      action: isMetadata ? target.pathname.slice(METADATA_PREFIX.length) : first(req.headers["x-tc-action"]),
      version: first(req.headers["x-tc-version"]),
      errorCode: null,
      fault: null,
    };
    store.requests.push(entry);
    const rid = requestId(entry.seq);

    await sleep(deps.faults.latencyMs);
    const fault = deps.faults.take(entry.service, entry.action);
    if (fault) {
      entry.fault = fault.kind;
      if (fault.kind === "drop") return void req.socket.destroy();
      if (fault.kind === "delay") await sleep(fault.ms);
      if (fault.kind === "http") {
        const headers = fault.retryAfter === undefined ? {} : { "Retry-After": String(fault.retryAfter) };
        return send(res, entry, fault.status, "text/plain", `HTTP ${fault.status}`, headers);
      }
      if (fault.kind === "answer")
        return send(res, entry, 200, "application/json", JSON.stringify(okBody(fault.answer, rid)));
      if (fault.kind === "error") {
        entry.errorCode = fault.code;
        const message = fault.message ?? defaultFaultMessage(fault.code);
        return send(res, entry, 200, "application/json", JSON.stringify(errorBody(fault.code, message, rid)));
      }
    }
    if (aborter.signal.aborted) return void req.socket.destroy();

    if (isMetadata) {
      const reply = metadata(store, deps.metadata, method, target.pathname.slice(METADATA_PREFIX.length));
      return send(res, entry, reply.status, reply.contentType, reply.body);
    }
    if (target.pathname !== "/") return send(res, entry, 404, "text/plain", "404 Not Found");

    let payload: unknown;
    try {
      payload = okBody(dispatch(store, entry, method, target, req, body), rid);
    } catch (e) {
      if (e instanceof ApiError) {
        entry.errorCode = e.code;
        payload = errorBody(e.code, e.message, rid);
      } else {
        const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
        store.internalErrors.push(`${entry.service}:${entry.action}: ${message}`);
        entry.errorCode = "InternalError";
        payload = errorBody("InternalError", "An internal error has occurred.", rid);
      }
    }
    if (fault?.kind === "dropAfter") return void req.socket.destroy();
    const traceId = first(req.headers["x-tc-traceid"]);
    send(res, entry, 200, "application/json", JSON.stringify(payload), traceId ? { "X-TC-TraceId": traceId } : {});
  }

  function dispatch(
    store: Store,
    entry: LoggedRequest,
    method: string,
    target: URL,
    req: IncomingMessage,
    body: Buffer,
  ): Obj {
    if (method !== "POST" && method !== "GET")
      throw new ApiError("UnsupportedProtocol", `The HTTP method \`${method}\` is not supported; use GET or POST.`);
    if (body.length > MAX_BODY || (method === "GET" && target.search.length > MAX_GET))
      throw new ApiError("RequestSizeLimitExceeded", "The request size exceeds the limit.");
    if (entry.action === "")
      throw new ApiError("MissingParameter", "The request is missing a required parameter `Action`.");
    const def = deps.services[entry.service];
    if (!def) throw new ApiError("NoSuchProduct", `The product \`${entry.service || "(none)"}\` does not exist.`);
    if (entry.version === "")
      throw new ApiError("MissingParameter", "The request is missing a required parameter `Version`.");
    if (entry.version !== def.version)
      throw new ApiError(
        "NoSuchVersion",
        `The requested version \`${entry.version}\` of service \`${entry.service}\` does not exist.`,
      );
    const handler = Object.hasOwn(def.actions, entry.action) ? def.actions[entry.action] : undefined;
    if (!handler) throw new ApiError("InvalidAction", `The requested action \`${entry.action}\` does not exist.`);

    const permanent = deps.permanent();
    const lookup = (id: string): KeyRec | undefined =>
      id === permanent.secretId ? { ...permanent, principal: store.rootPrincipal() } : store.keys.get(id);
    const key = authenticate(store, lookup, {
      method,
      query: method === "GET" ? target.search.slice(1) : "",
      headers: req.headers,
      body,
      service: entry.service,
      action: entry.action,
    });

    const region = first(req.headers["x-tc-region"]);
    if (region !== "" && !REGIONS.has(region))
      throw new ApiError("UnsupportedRegion", `The region \`${region}\` is not supported.`);

    let params: Obj;
    if (method === "GET") params = unflatten(target.searchParams);
    else {
      const type = first(req.headers["content-type"]).split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json")
        throw new ApiError("InvalidRequest", `Content-Type \`${type || "none"}\` is not supported by this action.`);
      params = parseJson(body);
    }
    return handler({
      store,
      now: store.now(),
      p: new Params(params, method === "GET"),
      region: region || deps.defaultRegion,
      key,
    });
  }

  function send(
    res: ServerResponse,
    entry: LoggedRequest,
    status: number,
    contentType: string,
    payload: string,
    headers: Record<string, string> = {},
  ): void {
    if (res.destroyed || res.writableEnded) return;
    if (status !== 200) entry.errorCode = `HTTP ${status}`;
    res.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(payload), ...headers });
    res.end(payload);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      deps.store().internalErrors.push(String(e));
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end("Internal emulator error");
      } else res.destroy();
    });
  });
  // The official client's proxy agent (https-proxy-agent) tunnels even plain HTTP through CONNECT: answer 200 and
  // feed the tunnel back into this server, which then sees `Host: <service>.tencentcloudapi.com`.
  server.on("connect", (_req: IncomingMessage, socket, head: Buffer) => {
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) socket.unshift(head);
    server.emit("connection", socket);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
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

function parseJson(body: Buffer): Obj {
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    throw new ApiError("InvalidParameter", "The request body is not valid JSON.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new ApiError("InvalidParameter", "The request body must be a JSON object.");
  return parsed as Obj;
}
