import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetsvcEmulator } from "./index.js";
import { boot, Client, DAY, START, stopClean, vxcOrder } from "./testkit.js";

describe("netsvc emulator: service keys (§3.7)", () => {
  let emu: NetsvcEmulator;
  let api: Client;
  let port: string;
  beforeEach(async () => {
    emu = await boot();
    api = new Client(emu);
    port = await api.buyPort();
  });
  afterEach(() => stopClean(emu));

  it("creates a key and reads it back by ?key= and by mpgo's escaped %3Fkey= form", async () => {
    const created = await api.post("/v2/service/key", {
      productUid: port,
      singleUse: false,
      maxSpeed: 1000,
      description: "for partner",
      preApproved: true,
      validFor: { start: START, end: START + 30 * DAY },
      ValidFor: { start: new Date(START).toISOString(), end: new Date(START + 30 * DAY).toISOString() }, // mpgo twin, ignored
    });
    expect(created.status).toBe(200);
    const key = created.body.data.key as string;
    expect(created.body.message).toBe(`New service key [${key}] generated`);
    expect(created.body.data).toMatchObject({
      key,
      productUid: port,
      productId: expect.any(Number),
      productDto: { productUid: port, productType: "MEGAPORT" },
      maxSpeed: 1000,
      singleUse: false,
      active: true,
      preApproved: true,
      vlan: null,
      lastUsed: null,
      validFor: { start: START, end: START + 30 * DAY },
      expired: false,
      valid: true,
      createDate: START,
    });

    const plain = await api.get(`/v2/service/key?key=${key}`);
    expect(plain.status).toBe(200);
    expect(plain.body.data.key).toBe(key);
    expect(Array.isArray(plain.body.data)).toBe(false);
    const escaped = await api.get(`/v2/service/key%3Fkey=${key}`);
    expect(escaped.status).toBe(200);
    expect(escaped.body.data).toEqual(plain.body.data);
    expect(emu.state.lastRequest({ path: "%3Fkey" })?.url).toBe(`/v2/service/key%3Fkey=${key}`);
    expect((await api.get("/v2/service/key?key=nope")).status).toBe(404);
  });

  it("lists keys, filtered by productIdOrUid (UID or numeric id)", async () => {
    const port2 = await api.buyPort({ productName: "other" });
    await api.post("/v2/service/key", { productUid: port, singleUse: false, maxSpeed: 100 });
    await api.post("/v2/service/key", { productUid: port2, singleUse: false, maxSpeed: 100 });
    expect((await api.get("/v2/service/key")).body.data).toHaveLength(2);
    expect((await api.get(`/v2/service/key?productIdOrUid=${port2}`)).body.data.map((k: any) => k.productUid)).toEqual([
      port2,
    ]);
    const id = (await api.product(port)).productId as number;
    expect((await api.get(`/v2/service/key?productIdOrUid=${id}`)).body.data.map((k: any) => k.productUid)).toEqual([
      port,
    ]);
  });

  it("validates creation", async () => {
    const single = await api.post("/v2/service/key", { productUid: port, singleUse: true, maxSpeed: 100 });
    expect(single.body.message).toMatch(/vlan is required for a single-use/);
    expect((await api.post("/v2/service/key", { productUid: port, singleUse: false, maxSpeed: 20000 })).status).toBe(
      400,
    );
    expect((await api.post("/v2/service/key", { productUid: port, maxSpeed: 100 })).body.message).toMatch(
      /singleUse is required/,
    );
    const mcr = await api.buyMcr();
    expect((await api.post("/v2/service/key", { productUid: mcr, singleUse: false, maxSpeed: 100 })).status).toBe(400);
  });

  it("has no DELETE; PUT active:false deactivates, and validFor changes in place", async () => {
    const key = (await api.post("/v2/service/key", { productUid: port, singleUse: false, maxSpeed: 100 })).body.data
      .key;
    expect((await api.del("/v2/service/key")).status).toBe(405);
    const off = await api.put("/v2/service/key", { key, productUid: port, singleUse: false, active: false });
    expect(off.body.data).toMatchObject({ active: false, valid: false });
    const window = await api.put("/v2/service/key", {
      key,
      active: true,
      validFor: { start: START, end: START + DAY },
    });
    expect(window.body.data).toMatchObject({ active: true, valid: true, validFor: { start: START, end: START + DAY } });
    emu.clock.advance(2 * DAY);
    await api.login();
    expect((await api.get(`/v2/service/key?key=${key}`)).body.data).toMatchObject({ expired: true, valid: false });
    expect((await api.put("/v2/service/key", { key, singleUse: true, active: true })).body.message).toMatch(
      /cannot change/,
    );
  });

  it("lets a VXC order find its B-end through a key; a single-use key works once", async () => {
    const mcr = await api.buyMcr();
    const key = (await api.post("/v2/service/key", { productUid: port, singleUse: true, maxSpeed: 300, vlan: 444 }))
      .body.data.key;
    const tooFast = await api.post("/v3/networkdesign/validate", [
      vxcOrder(mcr, { serviceKey: key, rateLimit: 500, bEnd: {} }),
    ]);
    expect(tooFast.body.message).toMatch(/exceeds the 300 Mbps/);
    const uid = await api.buyVxc(mcr, { serviceKey: key, rateLimit: 300, bEnd: {} });
    expect((await api.product(uid)).bEnd).toMatchObject({ productUid: port, vlan: 444 });
    expect((await api.get(`/v2/service/key?key=${key}`)).body.data).toMatchObject({ lastUsed: START, valid: false });
    const again = await api.post("/v3/networkdesign/validate", [
      vxcOrder(mcr, { serviceKey: key, rateLimit: 300, bEnd: {} }),
    ]);
    expect(again.body.message).toMatch(/already been used/);
  });
});
