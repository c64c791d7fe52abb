/**
 * Helpers for the emulator's own tests: a raw client that signs with our TC3 signer (sign.ts) and can bend every part
 * of a request, and a frozen-clock boot. Not part of the emulator.
 */
import { request } from "node:http";
import { startCloudplatEmulator, type CloudplatEmulator, type CloudplatEmulatorOptions } from "./index.js";
import { authorization, canonicalRequest, signature } from "./sign.js";

/** Fixed virtual start, frozen clock: tests move time only with `clock.advance`. */
export const START = Date.UTC(2026, 0, 15, 9, 0, 0);
export const MINUTE = 60_000;

export const VERSIONS: Record<string, string> = {
  apigateway: "2018-08-08",
  antiddos: "2020-03-09",
  vpc: "2017-03-12",
  sts: "2018-08-13",
  tag: "2018-08-13",
};

export function boot(options: CloudplatEmulatorOptions = {}): Promise<CloudplatEmulator> {
  return startCloudplatEmulator({ clock: { start: START, speed: 0 }, ...options });
}

/** Parsed JSON responses are untyped on purpose: the tests assert the wire shape field by field. */
export type Wire = any;

export interface CallOptions {
  secretId?: string;
  secretKey?: string;
  token?: string;
  /** Seconds; default the emulator's virtual now. */
  timestamp?: number;
  /** The Host header sent; default `127.0.0.1:PORT` (service then comes from the scope). */
  host?: string;
  /** The host put in the canonical headers; default the Host header without its port. */
  signedHost?: string;
  /** The service named in the credential scope; default the call's service. */
  scopeService?: string;
  version?: string;
  region?: string | null;
  contentType?: string;
  /** `SKIP` or any literal Authorization value instead of a signature. */
  authorization?: string;
  method?: "POST" | "GET";
  /** Exact body text, instead of JSON.stringify(params). */
  rawBody?: string;
  /** A body sent in place of the signed one (tampering in transit). */
  sentBody?: string;
}

export interface Res {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Wire;
}

export async function call(
  emu: CloudplatEmulator,
  service: string,
  action: string,
  params: Record<string, unknown> = {},
  o: CallOptions = {},
): Promise<Res> {
  const method = o.method ?? "POST";
  const host = o.host ?? new URL(emu.url).host;
  const timestamp = o.timestamp ?? Math.floor(emu.clock.now() / 1000);
  const contentType = o.contentType ?? (method === "GET" ? "application/x-www-form-urlencoded" : "application/json");
  const query = method === "GET" ? new URLSearchParams(flatten(params)).toString() : "";
  const body = method === "GET" ? "" : (o.rawBody ?? JSON.stringify(params));
  const scope = o.scopeService ?? service;
  const headers: Record<string, string> = {
    Host: host,
    "Content-Type": contentType,
    "X-TC-Action": action,
    "X-TC-Version": o.version ?? VERSIONS[service] ?? "",
    "X-TC-Timestamp": String(timestamp),
  };
  if (o.region !== null) headers["X-TC-Region"] = o.region ?? "ap-guangzhou";
  if (o.token !== undefined) headers["X-TC-Token"] = o.token;
  if (o.authorization !== undefined) headers["Authorization"] = o.authorization;
  else {
    const signedHost = o.signedHost ?? host.replace(/:\d+$/, "");
    const canonical = canonicalRequest({
      method,
      query,
      headers: [
        ["content-type", contentType],
        ["host", signedHost],
      ],
      payload: body,
    });
    const sig = signature(o.secretKey ?? emu.credentials.secretKey, timestamp, scope, canonical);
    headers["Authorization"] = authorization(
      o.secretId ?? emu.credentials.secretId,
      timestamp,
      scope,
      "content-type;host",
      sig,
    );
  }
  const path = `/${query ? `?${query}` : ""}`;
  const r = await send(emu.url, method, path, headers, method === "POST" ? (o.sentBody ?? body) : "");
  return { ...r, body: r.text.startsWith("{") ? JSON.parse(r.text) : r.text };
}

/** node:http rather than fetch, which refuses to send a Host header of our choosing. */
export function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** `Response` of a successful call; throws with the error code otherwise. */
export async function ok(
  emu: CloudplatEmulator,
  service: string,
  action: string,
  params: Record<string, unknown> = {},
  o: CallOptions = {},
): Promise<Wire> {
  const r = await call(emu, service, action, params, o);
  const res = r.body?.Response;
  if (r.status !== 200 || !res || res.Error) throw new Error(`${action}: ${r.status} ${JSON.stringify(r.body)}`);
  return res;
}

/** `Response.Error.Code` of a call that must fail. */
export async function errorCode(
  emu: CloudplatEmulator,
  service: string,
  action: string,
  params: Record<string, unknown> = {},
  o: CallOptions = {},
): Promise<string> {
  const r = await call(emu, service, action, params, o);
  const code = r.body?.Response?.Error?.Code;
  if (typeof code !== "string") throw new Error(`${action} did not fail: ${JSON.stringify(r.body)}`);
  return code;
}

/** The GET form of parameters: `Filters.0.Name=x` (reference §1.2). */
export function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (value === null || typeof value !== "object") return { [prefix]: String(value) };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

/** Every page of an Offset/Limit action, in the given style; returns the concatenated lists. */
export async function allPages(
  emu: CloudplatEmulator,
  service: string,
  action: string,
  params: Record<string, unknown>,
  limit: number,
  pick: (res: Wire) => { list: Wire[]; total: number },
  asStrings = false,
): Promise<{ items: Wire[]; pages: number; total: number }> {
  const items: Wire[] = [];
  let pages = 0;
  let total = -1;
  for (let offset = 0; ; offset += limit) {
    const window = asStrings ? { Offset: String(offset), Limit: String(limit) } : { Offset: offset, Limit: limit };
    const page = pick(await ok(emu, service, action, { ...params, ...window }));
    pages++;
    total = page.total;
    items.push(...page.list);
    if (page.list.length < limit) break;
  }
  return { items, pages, total };
}

/** Stops the emulator after checking that no handler threw unexpectedly (each such throw was answered InternalError). */
export async function stopClean(emu: CloudplatEmulator): Promise<void> {
  const errors = [...emu.state.internalErrors()];
  await emu.stop();
  if (errors.length > 0) throw new Error(`emulator internal errors:\n${errors.join("\n")}`);
}
