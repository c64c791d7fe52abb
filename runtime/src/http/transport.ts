import type * as Http from "node:http";
import { urlToHttpOptions } from "node:url";
import type { RequestRef } from "./errors.js";
import { TransportError } from "./errors.js";
import { nodeHttp, nodeHttps } from "./builtins.js";
import { DIRECT_NETWORK, type Network, type Route } from "./network.js";
import { ValidationError } from "../validate.js";
import { TunnelRefusedError } from "./tunnel.js";

export interface HttpRequest {
  readonly method: string;
  /** A string is parsed (and refused if it holds dot segments); a URL a client built is used as it is. */
  readonly url: string | URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
}

/** The response headers, read by name (case-insensitive), as fetch's Headers reads them. */
export interface ResponseHeaders {
  get(name: string): string | null;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly text: string;
}

export interface SendOptions {
  /** Per-attempt timeout in milliseconds. */
  readonly timeoutMs: number;
  /** The caller's cancellation: aborts the attempt and any retry wait. */
  readonly signal?: AbortSignal | undefined;
  /** The provider's agents and proxies (default: straight to the host on shared keep-alive agents). */
  readonly network?: Network | undefined;
  /** Where the address came from (`from NETSVC_ENDPOINT`): said when it cannot be reached. */
  readonly origin?: string | undefined;
}

/**
 * One HTTP exchange on node:http(s) with keep-alive agents. Not on fetch: in Node 20 undici's fetch
 * costs about twice as much per request as http.request on a kept-alive socket (measured against
 * both emulators), which is the difference between beating the official cloudplat client and not.
 * Failures without an answer become TransportError naming the host (and the proxy), classified by
 * whether the server may have received the request: a connection never made cannot have reached it;
 * a reset, drop or timeout may have.
 */
export function send(req: HttpRequest, ref: RequestRef, options: SendOptions): Promise<HttpResponse> {
  const url = typeof req.url === "string" ? new URL(req.url) : req.url;
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new TransportError(ref, `unsupported protocol ${url.protocol}`, false));
  // An id holding "../" would climb to another endpoint once the URL is normalized: refused, not sent.
  if (typeof req.url === "string" && DOT_SEGMENT.test(req.url.split("?")[0]!.replace(/^[a-z]+:\/\/[^/]+/i, "")))
    return Promise.reject(
      new ValidationError([
        {
          path: ref.path,
          message: `${ref.path}: an id or path part holds "." or ".." segments, which would address another endpoint`,
        },
      ]),
    );
  const unsafe = Object.keys(req.headers).find((name) => UNSAFE_HEADER_VALUE.test(req.headers[name]!));
  if (unsafe !== undefined)
    return Promise.reject(
      new ValidationError([
        {
          path: unsafe,
          message: `the ${unsafe} header would carry a line break or control character: check the setting or profile value it comes from`,
        },
      ]),
    );
  const route = (options.network ?? DIRECT_NETWORK).route(url);
  const where =
    `${url.hostname}:${url.port || DEFAULT_PORTS[url.protocol]}` +
    (options.origin ? ` (the address ${options.origin})` : "") +
    (route.proxy ? ` through proxy ${route.proxy.display}` : "");
  const headers =
    req.body === undefined ? req.headers : { ...req.headers, "content-length": String(Buffer.byteLength(req.body)) };
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const fail = (e: Error & { code?: string }) => {
      clearTimeout(timer);
      if (options.signal?.aborted) return reject(options.signal.reason ?? e);
      if (timedOut)
        return reject(new TransportError(ref, `timed out after ${options.timeoutMs} ms waiting for ${where}`, true));
      const { reason, reached } = failure(e, where);
      reject(new TransportError(ref, reason, reached));
    };
    const request = open(url, route, { method: req.method, headers, signal: options.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", fail);
      res.on("end", () => {
        clearTimeout(timer);
        if (!res.complete) return fail(Object.assign(new Error("the response was cut off"), { code: "ECONNRESET" }));
        resolve({
          status: res.statusCode ?? 0,
          headers: headerView(res.headers),
          text: Buffer.concat(chunks).toString("utf8"),
        });
      });
    });
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error("timeout"));
    }, options.timeoutMs);
    request.on("error", fail);
    request.end(req.body);
  });
}

/** A "." or ".." path segment, raw or percent-encoded. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/** What Node refuses in a header value (with a TypeError): anything but tab, printable ASCII and Latin-1. */
const UNSAFE_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

const DEFAULT_PORTS: Readonly<Record<string, string>> = { "http:": "80", "https:": "443" };

type RequestOptions = { method: string; headers: Readonly<Record<string, string>>; signal?: AbortSignal | undefined };

/**
 * The request along its route: to the host, or, for plain HTTP through a proxy, to the proxy with the
 * absolute URL as target, the host's name in Host (unless the caller set one) and the proxy's credentials.
 */
function open(
  url: URL,
  route: Route,
  { method, headers, signal }: RequestOptions,
  onResponse: (res: Http.IncomingMessage) => void,
): Http.ClientRequest {
  if (!route.forward) {
    const lib = url.protocol === "https:" ? nodeHttps() : nodeHttp();
    return lib.request(url, { method, headers, agent: route.agent, signal }, onResponse);
  }
  const proxy = route.proxy;
  const authorization = proxy.authorization?.reveal();
  return (proxy.url.protocol === "https:" ? nodeHttps() : nodeHttp()).request(
    {
      ...urlToHttpOptions(proxy.url),
      path: url.href,
      method,
      headers: { host: url.host, ...headers, ...(authorization ? { "proxy-authorization": authorization } : {}) },
      agent: route.agent,
      signal,
    },
    onResponse,
  );
}

/** Errors that happen before a connection exists: the request cannot have reached the server. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
/** A refused certificate ends the handshake before any request byte is sent. */
const TLS_REFUSED = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|^ERR_TLS_|^ERR_SSL_/;

/** What went wrong, naming the host (and proxy), and whether the server may have received the request. */
function failure(e: Error & { code?: string }, where: string): { reason: string; reached: boolean } {
  if (e instanceof TunnelRefusedError) return { reason: `could not connect to ${where}: ${e.message}`, reached: false };
  const code = e.code ?? e.message;
  if (e.code && NOT_CONNECTED.has(e.code)) return { reason: `could not connect to ${where} (${code})`, reached: false };
  if (e.code && TLS_REFUSED.test(e.code))
    return { reason: `could not connect securely to ${where} (${code})`, reached: false };
  return { reason: `lost the connection to ${where} (${code})`, reached: true };
}

function headerView(raw: Http.IncomingHttpHeaders): ResponseHeaders {
  return {
    get: (name) => {
      const v = raw[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
    },
  };
}
