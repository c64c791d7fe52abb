import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetsvcEmulator } from "./index.js";
import { boot, Client, mcrOrder, mveOrder, portOrder, START, stopClean } from "./testkit.js";

describe("netsvc emulator: validate, buy and provisioning (§3, §3.1–§3.4, §6)", () => {
  let emu: NetsvcEmulator;
  let api: Client;
  beforeEach(async () => {
    emu = await boot({ provisioning: { configuredAfterMs: 30_000, liveAfterMs: 90_000 } });
    api = new Client(emu);
  });
  afterEach(() => stopClean(emu));

  it("validates a bare order array and reports what is wrong", async () => {
    const good = await api.post("/v3/networkdesign/validate", [portOrder()]);
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual([]);

    const cases: [Record<string, unknown>, RegExp][] = [
      [portOrder({ term: 7 }), /term must be one of 1, 12, 24, 36, 48, 60/],
      [portOrder({ locationId: 9999 }), /Location 9999 does not exist/],
      [portOrder({ locationId: 400 }), /not open for orders/],
      [portOrder({ portSpeed: 25000 }), /portSpeed 25000 is not available/],
      [portOrder({ portSpeed: "10000" }), /portSpeed must be an integer/],
      [portOrder({ productName: undefined }), /productName is required/],
      [portOrder({ marketplaceVisibility: undefined }), /marketplaceVisibility is required/],
      [portOrder({ locationId: 137, config: { diversityZone: "blue" } }), /no blue diversity zone/],
      [portOrder({ portSpeed: 1000, lagPortCount: 2 }), /not allowed for a LAG/],
      [portOrder({ productType: "megaport" }), /productType must be MEGAPORT, MCR2 or MVE/],
      [mcrOrder({ portSpeed: 3000 }), /not an MCR speed/],
      [mveOrder({ locationId: 137 }), /MVE is not available/],
      [mveOrder({ vendorConfig: { vendor: "acme", imageId: 1, productSize: "SMALL" } }), /not supported/],
      [mveOrder({ vendorConfig: { vendor: "fortinet", imageId: 91, productSize: "SMALL" } }), /not a Fortinet image/],
      [
        mveOrder({ vendorConfig: { vendor: "meraki", imageId: 95, productSize: "LARGE" } }),
        /not offered in size LARGE/,
      ],
      [
        mveOrder({ locationId: 23, vendorConfig: { vendor: "cisco", imageId: 91, productSize: "X_LARGE_12" } }),
        /up to 8 cores/,
      ],
      [mveOrder({ vnics: [{}, {}, {}, {}, {}, {}] }), /at most 5/],
    ];
    for (const [item, message] of cases) {
      const r = await api.post("/v3/networkdesign/validate", [item]);
      expect(r.status, JSON.stringify(item)).toBe(400);
      expect(r.body.message).toMatch(message);
      expect(typeof r.body.data === "string" || r.body.data === null).toBe(true);
    }
    expect((await api.post("/v3/networkdesign/validate", { networkDesign: [portOrder()] })).status).toBe(400);
    expect(emu.state.products()).toEqual([]);
  });

  it("buys through v4 only, with the {networkDesign, discountCodes} body", async () => {
    const bare = await api.post("/v4/networkdesign/buy", [portOrder()]);
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/networkDesign/);
    expect((await api.post("/v3/networkdesign/buy", [portOrder()])).status).toBe(404);
    expect(emu.state.buyCount()).toBe(0);

    const data = await api.buy(
      portOrder({ productName: "p1", costCentre: "CC-1", resourceTags: [{ key: "env", value: "test" }] }),
    );
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      technicalServiceUid: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      provisioningStatus: "DEPLOYABLE",
    });
    expect(emu.state.buyCount()).toBe(1);
    const tags = await api.get(`/v2/product/${data[0].technicalServiceUid}/tags`);
    expect(tags.body.data).toEqual({ resourceTags: [{ key: "env", value: "test" }] });
  });

  it("creates nothing when any item of a design is invalid", async () => {
    const r = await api.post("/v4/networkdesign/buy", {
      networkDesign: [portOrder(), portOrder({ term: 2 })],
      discountCodes: [],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/networkDesign\[1\]\.term/);
    expect(emu.state.products()).toEqual([]);
    expect(emu.state.buyCount()).toBe(0);
  });

  it("renders a Port with camelCase keys, ms timestamps and snake_case resources, and provisions it over the clock", async () => {
    const uid = await api.buyPort({ productName: "syd-1", config: { diversityZone: "red" } });
    const p = await api.product(uid);
    expect(p).toMatchObject({
      productUid: uid,
      productId: expect.any(Number),
      productName: "syd-1",
      productType: "MEGAPORT",
      provisioningStatus: "DEPLOYABLE",
      portSpeed: 10000,
      locationId: 3,
      market: "AU",
      createDate: START,
      liveDate: null,
      terminateDate: null,
      contractTermMonths: 12,
      contractStartDate: START,
      contractEndDate: Date.UTC(2027, 0, 15, 9, 0, 0),
      marketplaceVisibility: false,
      vxcPermitted: true,
      diversityZone: "red",
      lagPrimary: false,
      aggregationId: null,
      virtual: false,
      locked: false,
      cancelable: true,
      locationDetail: { name: "Equinix SY1", city: "Sydney", metro: "Sydney", country: "Australia" },
      associatedVxcs: [],
      associatedIxs: [],
    });
    expect(p.resources.interface).toMatchObject({
      port_speed: 10000,
      resource_name: "interface",
      resource_type: "interface",
      loa_template: "megaport",
      up: 0,
    });
    const found = await api.get(`/v2/product/${uid}`);
    expect(found.body.message).toBe(`Found Product ${uid}`);

    emu.clock.advance(29_999);
    expect((await api.product(uid)).provisioningStatus).toBe("DEPLOYABLE");
    emu.clock.advance(1);
    expect((await api.product(uid)).provisioningStatus).toBe("CONFIGURED");
    emu.clock.advance(60_000);
    const live = await api.product(uid);
    expect(live.provisioningStatus).toBe("LIVE");
    expect(live.liveDate).toBe(START + 90_000);
    expect(live.resources.interface.up).toBe(1);
  });

  it("runs provisioning on a sped-up clock too", async () => {
    // 90 s of virtual time in 45 ms; an hour's access token lasts 1.8 s of real time, which a loaded
    // machine's requests stay well within (at 100,000 times, 36 ms: under load it expired mid-test).
    emu.clock.setSpeed(2_000);
    const uid = await api.buyPort();
    let status = "";
    for (let i = 0; i < 100 && status !== "LIVE"; i++) {
      await new Promise((r) => setTimeout(r, 5));
      status = (await api.product(uid)).provisioningStatus as string;
    }
    expect(status).toBe("LIVE");
  });

  it("orders a LAG as one technicalServiceUid per member sharing an aggregationId (§3.2)", async () => {
    const data = await api.buy(portOrder({ productName: "lag", portSpeed: 100000, lagPortCount: 3 }));
    expect(data).toHaveLength(3);
    const members = await Promise.all(data.map((d) => api.product(d.technicalServiceUid as string)));
    const agg = members[0].aggregationId;
    expect(agg).toEqual(expect.any(Number));
    expect(members.map((m) => m.aggregationId)).toEqual([agg, agg, agg]);
    expect(members.map((m) => m.lagPrimary)).toEqual([true, false, false]);
    expect(new Set(members.map((m) => m.productUid)).size).toBe(3);
  });

  it("orders an MCR with the default ASN, an allocated zone and an IPsec add-on (§3.3)", async () => {
    const uid = await api.buyMcr({ addOns: [{ addOnType: "IP_SEC", tunnelCount: 20, packCount: 1 }] });
    const m = await api.product(uid);
    expect(m).toMatchObject({ productType: "MCR2", connectType: "VROUTER", portSpeed: 5000, diversityZone: "red" });
    expect(m.resources.virtual_router).toMatchObject({ mcrAsn: 133937, resource_type: "virtual_router", speed: 5000 });
    expect(m.addOns).toEqual([
      { productUid: uid, addOnUid: expect.any(String), addOnType: "IP_SEC", tunnelCount: 20, packCount: 1 },
    ]);
    const second = await api.product(await api.buyMcr({ config: { mcrAsn: 64512 } }));
    expect(second.diversityZone).toBe("blue"); // balanced against the first
    expect(second.resources.virtual_router.mcrAsn).toBe(64512);
  });

  it("orders an MVE, never echoes vendorConfig, and applies the vNIC defaults (§3.4, §5.2)", async () => {
    const uid = (await api.buy(mveOrder()))[0].technicalServiceUid as string;
    const m = await api.product(uid);
    expect(m).toMatchObject({
      productType: "MVE",
      vendor: "FORTINET",
      mveSize: "SMALL",
      mveLabel: "MVE 2/8",
      connectType: "MVE",
      portSpeed: null,
      vnics: [{ vlan: expect.any(Number), description: "Data Plane" }],
    });
    expect(m.resources.virtual_machine[0]).toMatchObject({
      cpu_count: 2,
      up: false,
      image: { id: 83, vendor: "Fortinet" },
    });
    expect(JSON.stringify(m)).not.toContain("LICENSE-SECRET-123");
    expect(m).not.toHaveProperty("vendorConfig");
    const rec = emu.state.record(uid);
    expect(rec?.kind === "mve" && rec.vendorConfig["licenseData"]).toBe("LICENSE-SECRET-123");

    const pa = await api.buy(
      mveOrder({ vendorConfig: { vendor: "palo_alto", imageId: 101, adminPasswordHash: "x" }, vnics: undefined }),
    );
    const paloAlto = await api.product(pa[0].technicalServiceUid as string);
    expect(paloAlto.vendor).toBe("PALO_ALTO");
    expect(paloAlto.mveSize).toBe("SMALL");
    expect(paloAlto.vnics).toHaveLength(2);
  });

  it("counts every accepted buy, so a retried order shows up as a duplicate", async () => {
    await api.buyPort();
    await api.buyPort();
    expect(emu.state.buyCount()).toBe(2);
    expect(emu.state.products()).toHaveLength(2);
  });
});
