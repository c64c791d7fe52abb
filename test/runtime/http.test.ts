import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  backoff,
  NotFoundError,
  retryable,
  retryAfterMs,
  secret,
  send,
  ServiceError,
  setLogSink,
  TransportError,
  ValidationError,
  withRetries,
  type RetryPolicy,
} from "@sdkgen/runtime";
import { NetsvcClient } from "@sdkgen/runtime/netsvc";

const FAST: RetryPolicy = { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50, budgetMs: 500 };
const ref = { method: "GET", path: "/x" };

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const servers: { close: () => void }[] = [];

/** A local server answering with `handlers` in turn (the last one repeats); returns its URL and the requests seen. */
async function serve(...handlers: Handler[]) {
  const seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handlers[Math.min(seen.length - 1, handlers.length - 1)]!(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push({ close: () => server.close() });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}
afterEach(() => servers.splice(0).forEach((s) => s.close()));

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_q, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
const token = json(200, { access_token: "tok-1", token_type: "Bearer", expires_in: 3600 });
/** Token requests get a token; API requests get `api` in turn. */
const api = (...replies: Handler[]): Handler[] => {
  let i = 0;
  return [
    (q, r, b) =>
      q.url!.startsWith("/oauth2/token") ? token(q, r, b) : replies[Math.min(i++, replies.length - 1)]!(q, r, b),
  ];
};
const client = (url: string) =>
  new NetsvcClient({
    apiBase: url,
    tokenUrl: `${url}/oauth2/token`,
    accessKey: "AK",
    secretKey: secret("SK-very-secret"),
    retry: FAST,
    timeoutMs: 2000,
  });

describe("retry classification", () => {
  it.each([
    [new ServiceError(ref, 429, "slow down"), false, true],
    [new ServiceError(ref, 503, "unavailable"), false, true],
    [new ServiceError(ref, 502, "bad gateway"), false, true],
    [new ServiceError(ref, 400, "bad"), false, false],
    [new ServiceError(ref, 500, "boom"), false, false],
    [new ServiceError(ref, 429, "slow down"), true, true],
    [new ServiceError(ref, 503, "unavailable"), true, false],
    [new TransportError(ref, "reset", true), false, true],
    [new TransportError(ref, "refused", false), true, true],
    [new TransportError(ref, "reset", true), true, false],
  ])("%s (order: %s) -> %s", (error, once, expected) => expect(retryable(error, once)).toBe(expected));

  it("backs off with full jitter under a doubling, capped ceiling", () => {
    expect(backoff(FAST, 0, () => 0.999)).toBe(4);
    expect(backoff(FAST, 1, () => 0.999)).toBe(9);
    expect(backoff(FAST, 5, () => 0.999)).toBe(19);
    expect(backoff(FAST, 3, () => 0)).toBe(0);
  });

  it("reads Retry-After as seconds or a date, capped by the policy", () => {
    expect(retryAfterMs("0.02", FAST)).toBe(20);
    expect(retryAfterMs("120", FAST)).toBe(50);
    expect(retryAfterMs(new Date(1_000_030).toUTCString(), FAST, 1_000_000)).toBe(0);
    expect(retryAfterMs("soon", FAST)).toBeUndefined();
    expect(retryAfterMs(null, FAST)).toBeUndefined();
  });

  it("stops at the attempt limit and at the waiting budget", async () => {
    let calls = 0;
    const fail = () => (calls++, Promise.reject(new ServiceError(ref, 503, "down")));
    await expect(withRetries(fail, { policy: FAST, once: false, sleep: async () => {} })).rejects.toThrow("503");
    expect(calls).toBe(4);
    calls = 0;
    // The server asks for 100 ms; the budget allows 50: no retry starts.
    const throttled = () => (calls++, Promise.reject(new ServiceError(ref, 429, "slow", { retryAfterMs: 100 })));
    await expect(
      withRetries(throttled, { policy: { ...FAST, budgetMs: 50 }, once: false, sleep: async () => {} }),
    ).rejects.toThrow("429");
    expect(calls).toBe(1);
  });

  it("stops waiting when the caller aborts", async () => {
    const abort = new AbortController();
    const run = withRetries(() => Promise.reject(new ServiceError(ref, 503, "down")), {
      policy: { ...FAST, baseDelayMs: 10_000, maxDelayMs: 10_000, budgetMs: 1e9 },
      once: false,
      signal: abort.signal,
    });
    setTimeout(() => abort.abort(new Error("cancelled by caller")), 20);
    await expect(run).rejects.toThrow("cancelled by caller");
  });
});

describe("transport", () => {
  it("reports a refused connection as one the server never saw", async () => {
    const { url } = await serve(() => {});
    servers.splice(0).forEach((s) => s.close()); // nothing listens there any more
    const error = await send({ method: "POST", url, headers: {} }, ref, { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toContain("ECONNREFUSED");
    expect((error as TransportError).mayHaveReachedServer).toBe(false);
  });

  it("times out an attempt, as one the server may have seen", async () => {
    const { url } = await serve(() => {});
    const error = await send({ method: "GET", url, headers: {} }, ref, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toContain("timed out after 50 ms");
    expect((error as TransportError).mayHaveReachedServer).toBe(true);
  });

  it("refuses a header value with a line break, naming the header, and sends nothing", async () => {
    let requests = 0;
    const { url } = await serve(() => void requests++);
    const error = await send({ method: "POST", url, headers: { "X-TC-Region": "ap-1\r\nX-Evil: 1" } }, ref, {
      timeoutMs: 1000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["X-TC-Region"]);
    expect(requests).toBe(0);
  });

  it("reports a dropped connection as one the server may have seen", async () => {
    const { url } = await serve((req) => req.socket.destroy());
    const error = await send({ method: "GET", url, headers: {} }, ref, { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect((error as TransportError).mayHaveReachedServer).toBe(true);
  });
});

describe("the netsvc client", () => {
  it("authenticates with Basic credentials, sends the bearer token and unwraps the envelope", async () => {
    const { url, seen } = await serve(
      ...api(json(200, { message: "Found Product p-1", terms: "t", data: { productUid: "p-1" } })),
    );
    expect(await client(url).call("GET", "/v2/product/p-1")).toEqual({ productUid: "p-1" });
    expect(seen[0]!.url).toBe("/oauth2/token?grant_type=client_credentials");
    expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from("AK:SK-very-secret").toString("base64")}`);
    expect(seen[1]!.headers.authorization).toBe("Bearer tok-1");
  });

  it("caches the token across calls", async () => {
    const { url, seen } = await serve(...api(json(200, { data: 1 })));
    const c = client(url);
    await c.call("GET", "/a");
    await c.call("GET", "/b");
    expect(seen.filter((r) => r.url.startsWith("/oauth2")).length).toBe(1);
  });

  it("refreshes the token once on a 401, and does not loop on a persistent one", async () => {
    const first = await serve(...api(json(401, { message: "token expired" }), json(200, { data: "ok" })));
    expect(await client(first.url).call("GET", "/a")).toBe("ok");
    expect(first.seen.filter((r) => r.url.startsWith("/oauth2")).length).toBe(2);
    const second = await serve(...api(json(401, { message: "not allowed" })));
    await expect(client(second.url).call("GET", "/a")).rejects.toThrow("failed with 401: not allowed");
    expect(second.seen.length).toBe(4);
  });

  it("cuts a huge service message in the error's text, keeping it whole in serviceMessage", async () => {
    const huge = "x".repeat(5_000_000);
    const { url } = await serve(...api(json(400, { message: `bad name ${huge}` })));
    const error = (await client(url)
      .call("POST", "/v2/service/key", { body: {} })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.message.length).toBeLessThan(1_300);
    expect(error.message).toContain("more characters");
    expect(error.serviceMessage.length).toBeGreaterThan(5_000_000);
  });

  it("repeats a read answered 500: reading twice is harmless", async () => {
    const { url } = await serve(...api(json(500, { message: "busy" }), json(200, { data: "ok" })));
    expect(await client(url).call("GET", "/v2/product/p-1")).toBe("ok");
  });

  it("never repeats a POST whose answer was lost or failed: it may have created something", async () => {
    const dropped = await serve(...api((req) => req.socket.destroy()));
    await expect(client(dropped.url).call("POST", "/v2/service/key", { body: {} })).rejects.toThrow(TransportError);
    expect(dropped.seen.filter((r) => r.method === "POST" && !r.url.startsWith("/oauth2")).length).toBe(1);
    const failed = await serve(...api(json(503, { message: "unavailable" }), json(200, { data: "second" })));
    await expect(client(failed.url).call("POST", "/v2/service/key", { body: {} })).rejects.toThrow("failed with 503");
    expect(failed.seen.filter((r) => r.method === "POST" && !r.url.startsWith("/oauth2")).length).toBe(1);
  });

  it("repeats a POST the caller declares idempotent (once: false)", async () => {
    const { url } = await serve(...api(json(503, { message: "unavailable" }), json(200, { data: "valid" })));
    expect(await client(url).call("POST", "/v3/networkdesign/validate", { body: [], once: false })).toBe("valid");
  });

  it("names the resource, the request, the status, the service's message and the trace id", async () => {
    const { url } = await serve(
      ...api(json(400, { message: "Validation failed", data: "portSpeed invalid", trace_id: "tr-9" })),
    );
    const error = await client(url)
      .call("POST", "/v3/networkdesign/validate", {
        body: [{}],
        resource: { token: "netsvc:index/port:Port", name: "edge" },
      })
      .catch((e: unknown) => e);
    expect((error as ServiceError).message).toBe(
      'netsvc:index/port:Port "edge": POST /v3/networkdesign/validate failed with 400: Validation failed (portSpeed invalid) (trace id tr-9)',
    );
    expect((error as ServiceError).traceId).toBe("tr-9");
  });

  it("treats the 400 'Could not find a service with UID' and a 404 as not found", async () => {
    const a = await serve(
      ...api(json(400, { message: "Could not find a service with UID x-1", data: null }, { "trace-id": "h-1" })),
    );
    const error = await client(a.url)
      .call("GET", "/v2/product/x-1")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).traceId).toBe("h-1");
    const b = await serve(...api(json(404, { message: "no" })));
    await expect(client(b.url).call("GET", "/v2/product/x-2")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("retries 429 honouring Retry-After, and 503 for reads", async () => {
    const { url, seen } = await serve(
      ...api(
        json(429, { message: "slow" }, { "retry-after": "0.01" }),
        json(503, { message: "busy" }),
        json(200, { data: 7 }),
      ),
    );
    expect(await client(url).call("GET", "/a")).toBe(7);
    expect(seen.filter((r) => !r.url.startsWith("/oauth2")).length).toBe(3);
  });

  it("never resends an order after a 503 or a dropped connection, but does after a 429", async () => {
    const unavailable = await serve(...api(json(503, { message: "busy" })));
    await expect(
      client(unavailable.url).call("POST", "/v4/networkdesign/buy", { body: {}, once: true }),
    ).rejects.toThrow("503");
    expect(unavailable.seen.filter((r) => r.url.includes("buy")).length).toBe(1);
    const dropped = await serve(...api((req) => req.socket.destroy()));
    await expect(
      client(dropped.url).call("POST", "/v4/networkdesign/buy", { body: {}, once: true }),
    ).rejects.toBeInstanceOf(TransportError);
    expect(dropped.seen.filter((r) => r.url.includes("buy")).length).toBe(1);
    const throttled = await serve(
      ...api(
        json(429, { message: "slow" }, { "retry-after": "0" }),
        json(200, { data: [{ technicalServiceUid: "p-9" }] }),
      ),
    );
    expect(await client(throttled.url).call("POST", "/v4/networkdesign/buy", { body: {}, once: true })).toEqual([
      { technicalServiceUid: "p-9" },
    ]);
  });

  it("keeps a secret out of logs and errors where JSON escapes it: a line break, a quote", async () => {
    const lines: string[] = [];
    setLogSink((l) => lines.push(l));
    try {
      const licence = '-----BEGIN LICENSE-----\nhunter2 "SECRET"\n-----END LICENSE-----';
      const { url } = await serve(
        ...api((_q, res, body) => json(400, { message: `bad licence in ${body}` })(_q, res, body)),
      );
      const error = await client(url)
        .call("POST", "/v4/networkdesign/buy", { body: [{ licenseData: licence }], secrets: [licence] })
        .catch((e: unknown) => e);
      const text = [...lines, String(error), JSON.stringify(error), (error as ServiceError).serviceMessage].join("\n");
      expect(text).toContain("bad licence in");
      expect(text).not.toContain("hunter2");
    } finally {
      setLogSink(undefined);
    }
  });

  it("redacts a text answer before cutting it: no secret's beginning is left", async () => {
    const key = "svc-key-hunter2-0123456789";
    const { url } = await serve(
      ...api((_q, res, body) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(`${"m".repeat(270)} echo ${body}`);
      }),
    );
    const error = await client(url)
      .call("POST", "/v2/service/key", { body: { serviceKey: key }, secrets: [key] })
      .catch((e: unknown) => e);
    expect(String(error)).toContain("echo");
    expect(String(error)).not.toContain("svc-key-h");
  });

  it("keeps the credentials out of a token endpoint's error that echoes the request", async () => {
    const { url } = await serve((q, res) =>
      json(400, { message: `bad request: ${JSON.stringify(q.headers)}` })(q, res, ""),
    );
    const error = await client(url)
      .call("GET", "/a")
      .catch((e: unknown) => e);
    const text = [
      String(error),
      JSON.stringify(error),
      (error as Error).stack,
      (error as ServiceError).serviceMessage,
    ].join("\n");
    expect(text).toContain("could not obtain an API token");
    expect(text).not.toContain(Buffer.from("AK:SK-very-secret").toString("base64"));
    expect(text).not.toContain("SK-very-secret");
  });

  it("keeps credentials and secret inputs out of debug logs and errors", async () => {
    const lines: string[] = [];
    setLogSink((l) => lines.push(l));
    try {
      const { url } = await serve(...api(json(400, { message: "bad key" })));
      const error = await client(url)
        .call("POST", "/v2/service/key", { body: { serviceKey: "svc-key-123", note: "x" }, secrets: ["svc-key-123"] })
        .catch((e: unknown) => e);
      const text = [...lines, String(error), JSON.stringify(error)].join("\n");
      expect(lines.length).toBeGreaterThan(0);
      for (const leaked of [
        "SK-very-secret",
        "tok-1",
        "svc-key-123",
        Buffer.from("AK:SK-very-secret").toString("base64"),
      ])
        expect(text).not.toContain(leaked);
    } finally {
      setLogSink(undefined);
    }
  });
});
