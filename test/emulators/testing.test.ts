// The packages' `testing` entries (netsvc/testing, cloudplat/testing) from their sources: what a
// downstream test gets, driven by the SDKs themselves. The packed entries run in a scratch project in
// test/packages/packInstall.test.ts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ApiGatewayService, Provider as CloudplatProvider } from "cloudplat";
import { Port, Provider as NetsvcProvider, type PortArgs } from "netsvc";
import { fileBackend, Stack } from "netsvc/stack";
import { startEmulator as startCloudplat, type Emulator as CloudplatEmulator } from "./cloudplat/testing.js";
import { startEmulator as startNetsvc, type Emulator as NetsvcEmulator } from "./netsvc/testing.js";

const PORT: PortArgs = {
  productName: "edge",
  contractTermMonths: 1,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
};
/** Readiness polls every 50 ms rather than from 2 s: these tests wait on many of them. */
const FAST = { pollMs: 50 };

describe("netsvc/testing", () => {
  let emulator: NetsvcEmulator;
  afterEach(() => emulator?.close());

  it("points a Provider at itself by its env; a stack's preview, up through a 429, destroy", async () => {
    emulator = await startNetsvc();
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const stack = new Stack("test", {
      providers: { netsvc: new NetsvcProvider({}, emulator.env, FAST) },
      backend: fileBackend(mkdtempSync(join(tmpdir(), "stack-"))),
      passphrase: "test",
    });
    stack.resource(Port, "edge", PORT);
    expect((await stack.preview()).steps.map((s) => s.operation)).toEqual(["create"]);
    const limited = emulator.fault({ status: 429, retryAfter: 1, path: "/buy" });
    expect((await stack.up()).failed).toEqual([]);
    expect(limited).toMatchObject({ hits: 1, remaining: 0 });
    expect(emulator.objects).toEqual([
      { kind: "MEGAPORT", id: expect.any(String), name: "edge", state: expect.stringMatching(/^(CONFIGURED|LIVE)$/) },
    ]);
    expect((await stack.destroy()).failed).toEqual([]);
    expect(emulator.objects).toEqual([]);
  });

  it("speed scales provisioning; a lost answer, latency and a rate limit; reset forgets", async () => {
    emulator = await startNetsvc({ speed: 1 });
    const provider = new NetsvcProvider({}, emulator.env, FAST);
    emulator.speed = 1000; // LIVE after 60 ms rather than a minute
    const lost = emulator.fault({ lose: "answer", path: "/buy" });
    const port = await Port.create(PORT, { provider });
    expect(lost.hits).toBe(1); // the SDK found what it had ordered rather than ordering again
    expect(emulator.objects.map((o) => [o.id, o.state])).toEqual([
      [port.id, expect.stringMatching(/^(CONFIGURED|LIVE)$/)],
    ]);

    const slow = emulator.fault({ latencyMs: 200, method: "GET" });
    const started = performance.now();
    await port.refresh();
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(slow.hits).toBe(1);

    const limit = emulator.fault({ rateLimit: 2 });
    await Promise.all([1, 2, 3].map(() => port.refresh())); // the third is refused with 429, then retried
    expect(limit.hits).toBeGreaterThan(0);
    expect(limit.remaining).toBe(Infinity);
    const refused = limit.hits;
    limit.clear();
    await Promise.all([1, 2, 3].map(() => port.refresh()));
    expect(limit.hits).toBe(refused);

    emulator.reset();
    expect(emulator.objects).toEqual([]);
    expect(emulator.speed).toBe(1000);
    expect(() => (emulator.speed = 0)).toThrow(RangeError);
  });
});

describe("cloudplat/testing", () => {
  let emulator: CloudplatEmulator;
  afterEach(() => emulator?.close());

  it("a signed Provider by its env; HTTP and error-code faults the SDK retries; objects as made and deleted", async () => {
    emulator = await startCloudplat();
    const provider = new CloudplatProvider({}, emulator.env, FAST);
    const unavailable = emulator.fault({ status: 503, retryAfter: 1, action: "DescribeServicesStatus" });
    const busy = emulator.fault({ code: "RequestLimitExceeded", action: "CreateService" });
    const service = await ApiGatewayService.create(
      { serviceName: "shop", protocol: "http", netTypes: ["OUTER"] },
      { provider },
    );
    expect([unavailable.hits, busy.hits]).toEqual([expect.any(Number), 1]);
    expect(emulator.objects).toEqual([{ kind: "Service", id: service.id, name: "shop", state: "created" }]);
    await service.delete();
    expect(emulator.objects).toEqual([]);
  });

  it("a rate limit answers RequestLimitExceeded, which the SDK retries", async () => {
    emulator = await startCloudplat();
    const provider = new CloudplatProvider({}, emulator.env, FAST);
    const limit = emulator.fault({ rateLimit: 2 });
    await ApiGatewayService.create({ serviceName: "shop", protocol: "http", netTypes: ["OUTER"] }, { provider });
    expect(limit.hits).toBeGreaterThan(0);
    expect(emulator.objects.map((o) => o.name)).toEqual(["shop"]);
  });
});
