import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OrderUncertainError, ServiceError, TransportError } from "@sdkgen/runtime";
import { getLocation, Port, Provider, type PortArgs } from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { stopClean } from "../emulators/netsvc/testkit.js";

// Every fault the emulator can inject, through the generated SDK: retried where that is safe, a clear
// error where it is not, and never a second order.
let emu: NetsvcEmulator;
beforeEach(async () => void (emu = await startNetsvcEmulator({ clock: { speed: 1000 } })));
afterEach(() => stopClean(emu));

const FAST = { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50, budgetMs: 2_000 };
const provider = (timeoutMs = 5_000) =>
  new Provider(
    {
      endpoint: emu.url,
      accessKey: emu.credentials.accessKey,
      secretKey: emu.credentials.secretKey,
      acceptPurchaseTerms: true,
      waitTime: 1,
    },
    {},
    { retry: FAST, timeoutMs, pollMs: 10 },
  );
const port: PortArgs = {
  productName: "edge",
  contractTermMonths: 12,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
};

describe("injected faults", () => {
  it("retries a read through 429 (honouring Retry-After) and 503", async () => {
    emu.faults.next({ kind: "status", status: 429, retryAfter: 0.01, path: "/v3/locations" });
    emu.faults.next({ kind: "status", status: 503, path: "/v3/locations" });
    expect((await getLocation({ id: 3 }, { provider: provider() })).name).toBe("Equinix SY1");
    expect(emu.state.requests({ path: "/v3/locations" })).toHaveLength(3);
  });

  it("retries a read after a dropped connection", async () => {
    emu.faults.next({ kind: "drop", path: "/v3/locations" });
    expect((await getLocation({ id: 3 }, { provider: provider() })).id).toBe(3);
  });

  it("repeats an order after a 429, since the server did not act on it", async () => {
    emu.faults.next({ kind: "status", status: 429, retryAfter: 0, path: "/buy" });
    await Port.create(port, { provider: provider() });
    expect(emu.state.buyCount()).toBe(1);
  });

  it("never repeats an order after a 503 or a dropped connection: a clear error, no second product", async () => {
    emu.faults.next({ kind: "status", status: 503, path: "/buy" });
    await expect(Port.create(port, { provider: provider() })).rejects.toThrow(
      'netsvc:index/port:Port "edge": the order may have been accepted, but its answer was lost (netsvc:index/port:Port "edge": POST /v4/networkdesign/buy failed with 503',
    );
    emu.faults.next({ kind: "drop", path: "/buy" });
    const dropped = await Port.create(port, { provider: provider() }).catch((e: unknown) => e);
    expect(dropped).toBeInstanceOf(OrderUncertainError);
    expect((dropped as OrderUncertainError).cause).toBeInstanceOf(TransportError);
    expect(emu.state.requests({ path: "/buy" })).toHaveLength(2);
    expect(emu.state.buyCount()).toBeLessThanOrEqual(1);
  });

  it("fetches a new token once when the current one has expired", async () => {
    await getLocation({ id: 3 }, { provider: provider() });
    emu.faults.next({ kind: "expireToken", path: "/v3/locations" });
    const p = provider();
    await getLocation({ id: 3 }, { provider: p });
    await getLocation({ id: 3 }, { provider: p });
    expect(emu.state.requests({ path: "/oauth2/token" }).length).toBeGreaterThanOrEqual(2);
  });

  it("times out a slow answer, and retries it for a read", async () => {
    emu.faults.next({ kind: "delay", ms: 400, path: "/v3/locations" });
    expect((await getLocation({ id: 3 }, { provider: provider(150) })).id).toBe(3);
    emu.faults.next({ kind: "delay", ms: 400, path: "/v3/locations", times: 10 });
    await expect(getLocation({ id: 3 }, { provider: provider(100) })).rejects.toThrow("timed out after 100 ms");
  });

  it("reports a service error with its message and trace id when retries run out", async () => {
    emu.faults.next({ kind: "status", status: 503, message: "maintenance", path: "/v3/locations", times: 10 });
    const error = (await getLocation({ id: 3 }, { provider: provider() }).catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toMatch(/GET \/v3\/locations failed with 503: maintenance.*\(trace id .+\)/);
  });
});
