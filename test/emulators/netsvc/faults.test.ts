import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetsvcEmulator } from "./index.js";
import { boot, Client, portOrder, stopClean } from "./testkit.js";

const SECRET = "sk-never-leak-4d1e";

describe("netsvc emulator: faults, request log, lifecycle of the server", () => {
  let emu: NetsvcEmulator;
  let api: Client;
  beforeEach(async () => {
    emu = await boot({ credentials: { accessKey: "ak-faults", secretKey: SECRET } });
    api = new Client(emu);
    await api.login();
  });
  afterEach(() => stopClean(emu));

  const buyBody = { networkDesign: [portOrder()], discountCodes: [] };

  it("status: answers 429 with Retry-After for the next N matching requests, then lets them through", async () => {
    const armed = emu.faults.next({ path: /buy/, kind: "status", status: 429, retryAfter: 1, times: 2 });
    const other = await api.get("/v2/products"); // does not match
    expect(other.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const r = await api.post("/v4/networkdesign/buy", buyBody);
      expect(r.status).toBe(429);
      expect(r.headers.get("retry-after")).toBe("1");
      expect(r.body).toEqual({ message: "Too Many Requests", data: null, trace_id: r.headers.get("trace-id") });
    }
    expect(armed).toMatchObject({ hits: 2, remaining: 0 });
    expect(emu.faults.pending()).toEqual([]);
    expect((await api.post("/v4/networkdesign/buy", buyBody)).status).toBe(200);
    expect(emu.state.buyCount()).toBe(1); // the faulted attempts created nothing
    expect(emu.state.requests({ path: "/buy" }).map((r) => [r.status, r.fault])).toEqual([
      [429, "status"],
      [429, "status"],
      [200, null],
    ]);
  });

  it("status: 503 and a custom message (the transient 'rollback-only' delete failure)", async () => {
    emu.faults.next({ kind: "status", status: 503 });
    expect((await api.get("/v2/products")).body.message).toBe("Service Unavailable");
    emu.faults.next({
      kind: "status",
      status: 500,
      method: "post",
      path: "/action/",
      message: "Transaction silently rolled back because it has been marked as rollback-only",
    });
    const port = await api.buyPort();
    const r = await api.post(`/v3/product/${port}/action/CANCEL_NOW`);
    expect(r.status).toBe(500);
    expect(r.body.message).toContain("rollback-only");
    expect((await api.post(`/v3/product/${port}/action/CANCEL_NOW`)).status).toBe(200);
  });

  it("drop: closes the connection without an answer", async () => {
    emu.faults.next({ kind: "drop", path: "/v2/products" });
    await expect(api.get("/v2/products")).rejects.toThrow();
    expect(emu.state.lastRequest({ path: "/v2/products" })).toMatchObject({ status: null, fault: "drop" });
    expect((await api.get("/v2/products")).status).toBe(200);
  });

  it("delay: holds the answer for the given real time, then answers normally", async () => {
    emu.faults.next({ kind: "delay", ms: 150 });
    const t0 = performance.now();
    const r = await api.get("/v2/products");
    expect(r.status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it("expireToken: the token on the matching request stops working", async () => {
    emu.faults.next({ kind: "expireToken", path: "/v2/products" });
    const r = await api.get("/v2/products");
    expect(r.status).toBe(401);
    expect(r.body.message).toContain("expired");
    expect((await api.get("/v3/locations")).status).toBe(401); // same token, still expired
    await api.login();
    expect((await api.get("/v2/products")).status).toBe(200);
  });

  it("global latency applies to every request", async () => {
    emu.faults.latencyMs = 60;
    const t0 = performance.now();
    await api.get("/v2/products");
    expect(performance.now() - t0).toBeGreaterThanOrEqual(55);
    emu.faults.clear();
    expect(emu.faults.latencyMs).toBe(0);
  });

  it("keeps raw requests so a test can check that the secret never travels outside the token request", async () => {
    await api.buyPort();
    await api.get("/v2/products");
    const all = emu.state.requests();
    const token = all.filter((r) => r.path === "/oauth2/token");
    const apiCalls = all.filter((r) => r.path !== "/oauth2/token");
    expect(token[0]?.headers["authorization"]).toBe(`Basic ${Buffer.from(`ak-faults:${SECRET}`).toString("base64")}`);
    expect(apiCalls.length).toBeGreaterThan(0);
    for (const r of apiCalls) {
      expect(JSON.stringify(r)).not.toContain(SECRET);
      expect(r.headers["authorization"]).toMatch(/^Bearer [0-9a-f]{64}$/);
      expect(r.headers["authorization"]).not.toContain(Buffer.from(SECRET).toString("base64"));
    }
    const buy = emu.state.lastRequest({ method: "POST", path: "/v4/networkdesign/buy" });
    expect(JSON.parse(buy?.body ?? "{}")).toEqual({ networkDesign: [portOrder()], discountCodes: [] });
    expect(buy?.headers["content-type"]).toBe("application/json");
    emu.state.clearRequests();
    expect(emu.state.requests()).toEqual([]);
  });

  it("reset forgets everything; stop ends a pending delayed request promptly", async () => {
    await api.buyPort();
    emu.reset();
    expect(emu.state.products()).toEqual([]);
    await api.login();
    expect((await api.get("/v2/products")).body.data).toEqual([]);

    emu.faults.next({ kind: "delay", ms: 60_000 });
    const pending = api.get("/v2/products");
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    await emu.stop();
    await expect(pending).rejects.toThrow();
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(emu.state.internalErrors()).toEqual([]);
  });

  it("gives the same ids to the same requests under the same seed", async () => {
    const a = await boot({ seed: 7 });
    const b = await boot({ seed: 7 });
    try {
      const [ua, ub] = await Promise.all([new Client(a).buyPort(), new Client(b).buyPort()]);
      expect(ua).toBe(ub);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
