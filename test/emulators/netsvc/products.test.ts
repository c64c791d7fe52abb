import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetsvcEmulator } from "./index.js";
import { boot, Client, DAY, mveOrder, portOrder, START, stopClean } from "./testkit.js";

const ix = (portUid: string, extra: Record<string, unknown> = {}) => ({
  productUid: portUid,
  associatedIxs: [
    {
      productName: "syd-ix",
      networkServiceType: "Sydney IX",
      asn: 64600,
      macAddress: "00:11:22:33:44:55",
      rateLimit: 1000,
      vlan: 300,
      shutdown: false,
      ...extra,
    },
  ],
});

describe("netsvc emulator: product reads, list nesting, modify, cancel/restore, lock, tags (§3)", () => {
  let emu: NetsvcEmulator;
  let api: Client;
  beforeEach(async () => {
    emu = await boot({ provisioning: { configuredAfterMs: 10_000, liveAfterMs: 20_000 } });
    api = new Client(emu);
  });
  afterEach(() => stopClean(emu));

  it("answers an unknown UID with the non-standard 400 'Could not find a service with UID'", async () => {
    const uid = "11111111-2222-4333-8444-555555555555";
    for (const r of [
      await api.get(`/v2/product/${uid}`),
      await api.put(`/v2/product/megaport/${uid}`, { name: "x" }),
      await api.post(`/v3/product/${uid}/action/CANCEL_NOW`),
      await api.get(`/v2/product/${uid}/tags`),
    ]) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(`Could not find a service with UID ${uid}`);
      expect(r.body.trace_id).toBe(r.headers.get("trace-id"));
    }
  });

  it("lists only Ports, MCRs and MVEs, with VXCs under both ends and IXs under their Port", async () => {
    const port = await api.buyPort();
    const mcr = await api.buyMcr();
    const mve = (await api.buy(mveOrder()))[0].technicalServiceUid as string;
    const vxc = await api.buyVxc(port, { bEnd: { productUid: mcr } });
    const ixUid = (await api.buy(ix(port)))[0].technicalServiceUid as string;

    const list = (await api.get("/v2/products")).body.data as Record<string, any>[];
    expect(list.map((p) => p.productUid)).toEqual([port, mcr, mve]);
    expect(list.map((p) => p.productType)).toEqual(["MEGAPORT", "MCR2", "MVE"]);
    const [p, m, v] = list;
    expect(p?.associatedVxcs.map((x: any) => x.productUid)).toEqual([vxc]);
    expect(m?.associatedVxcs.map((x: any) => x.productUid)).toEqual([vxc]);
    expect(v?.associatedVxcs).toEqual([]);
    expect(p?.associatedIxs.map((x: any) => x.productUid)).toEqual([ixUid]);
    expect(m?.associatedIxs).toEqual([]);
    expect(p?.associatedVxcs[0]).toMatchObject({
      productType: "VXC",
      aEnd: { productUid: port },
      bEnd: { productUid: mcr },
    });

    const ixView = await api.product(ixUid);
    expect(ixView).toMatchObject({
      productType: "IX",
      networkServiceType: "Sydney IX",
      vlan: 300,
      macAddress: "00:11:22:33:44:55",
      asn: 64600,
      locationId: 3,
      deployDate: null,
    });
    expect(ixView.resources.vpls_interface).toMatchObject({
      mac_address: "00:11:22:33:44:55",
      rate_limit_mbps: 1000,
      vlan: 300,
    });
    expect(ixView.resources.bgp_connection[0]).toMatchObject({
      customer_asn: 64600,
      isp_asn: 7594,
      resource_type: "bgp_connection",
    });
  });

  it("refuses IX orders that do not fit the Port", async () => {
    const port = await api.buyPort();
    const la = await api.post("/v3/networkdesign/validate", [ix(port, { networkServiceType: "Los Angeles IX" })]);
    expect(la.body.message).toMatch(/not reachable from a Port in Sydney/);
    expect((await api.post("/v3/networkdesign/validate", [ix(port, { macAddress: "zz" })])).body.message).toMatch(
      /MAC/,
    );
    expect((await api.post("/v3/networkdesign/validate", [ix(port, { rateLimit: 20000 })])).status).toBe(400);
    await api.buy(ix(port));
    const clash = await api.post("/v3/networkdesign/validate", [ix(port)]);
    expect(clash.body.message).toMatch(/VLAN 300 is already in use/);
  });

  it("modifies a Port: answers the product in DEPLOYABLE, which comes back to LIVE", async () => {
    const uid = await api.buyPort();
    emu.clock.advance(20_000);
    expect((await api.product(uid)).provisioningStatus).toBe("LIVE");

    // mpgo also sends the untagged Go fields ProductID/ProductType (§1.3): ignored.
    const r = await api.put(`/v2/product/megaport/${uid}`, {
      name: "renamed",
      costCentre: "CC-9",
      marketplaceVisibility: true,
      term: 24,
      ProductID: 1,
      ProductType: "megaport",
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(`Product [${uid}] has been updated`);
    expect(r.body.data).toMatchObject({
      productName: "renamed",
      costCentre: "CC-9",
      marketplaceVisibility: true,
      contractTermMonths: 24,
      contractEndDate: Date.UTC(2028, 0, 15, 9, 0, 0),
      provisioningStatus: "DEPLOYABLE",
      liveDate: START + 20_000,
    });
    emu.clock.advance(10_000);
    expect((await api.product(uid)).provisioningStatus).toBe("CONFIGURED");
    emu.clock.advance(10_000);
    expect((await api.product(uid)).provisioningStatus).toBe("LIVE");

    expect((await api.put(`/v2/product/megaport/${uid}`, { term: 5 })).body.message).toMatch(/term must be one of/);
    expect((await api.put(`/v2/product/mcr2/${uid}`, { name: "x" })).body.message).toMatch(/is a MEGAPORT, not a MCR2/);
  });

  it("modifies the MCR ASN and MVE vNIC descriptions by position", async () => {
    const mcr = await api.buyMcr();
    const r = await api.put(`/v2/product/mcr2/${mcr}`, { name: "r2", costCentre: "", asn: 65001 });
    expect(r.body.data.resources.virtual_router.mcrAsn).toBe(65001);

    const mve = (await api.buy(mveOrder({ vnics: [{ description: "a" }, { description: "b" }] })))[0]
      .technicalServiceUid as string;
    const m = await api.put(`/v2/product/mve/${mve}`, { costCentre: "", vnics: [{ description: "first" }] });
    expect(m.body.data.vnics.map((v: any) => v.description)).toEqual(["first", "b"]);
    const tooMany = await api.put(`/v2/product/mve/${mve}`, { vnics: [{}, {}, {}] });
    expect(tooMany.status).toBe(400);
    expect((await api.product(mve)).vnics.map((v: any) => v.description)).toEqual(["first", "b"]);
  });

  it("modifies an IX", async () => {
    const port = await api.buyPort();
    const uid = (await api.buy(ix(port)))[0].technicalServiceUid as string;
    const r = await api.put(`/v2/product/ix/${uid}`, {
      name: "ix2",
      rateLimit: 2000,
      vlan: 301,
      shutdown: true,
      password: "bgp-pass",
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      productName: "ix2",
      rateLimit: 2000,
      vlan: 301,
      provisioningStatus: "DEPLOYABLE",
    });
    expect(r.body.data.resources.vpls_interface.shutdown).toBe(true);
    expect(JSON.stringify(r.body.data)).not.toContain("bgp-pass");
  });

  it("CANCEL marks the product and its VXCs cancelled until the end of term; UN_CANCEL restores them", async () => {
    const port = await api.buyPort({ term: 1 });
    const mcr = await api.buyMcr();
    const vxc = await api.buyVxc(port, { bEnd: { productUid: mcr } });
    emu.clock.advance(20_000);

    const r = await api.post(`/v3/product/${port}/action/CANCEL`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: `Action [CANCEL Service ${port}] has been done.`, terms: expect.any(String) });
    const cancelled = await api.product(port);
    expect(cancelled.provisioningStatus).toBe("CANCELLED");
    expect(cancelled.terminateDate).toBe(Date.UTC(2026, 1, 15, 9, 0, 0)); // end of the one-month term
    expect((await api.product(vxc)).provisioningStatus).toBe("CANCELLED_PARENT");

    const restored = await api.post(`/v3/product/${port}/action/UN_CANCEL`);
    expect(restored.body.message).toBe(`Action [UN_CANCEL Service ${port}] has been done.`);
    expect(await api.product(port)).toMatchObject({ provisioningStatus: "LIVE", terminateDate: null });
    expect((await api.product(vxc)).provisioningStatus).toBe("LIVE");

    await api.post(`/v3/product/${port}/action/CANCEL`);
    emu.clock.advance(32 * DAY);
    await api.login(); // the token expired during those 32 days
    expect((await api.product(port)).provisioningStatus).toBe("DECOMMISSIONED");
    expect((await api.product(vxc)).provisioningStatus).toBe("DECOMMISSIONED");
    const late = await api.post(`/v3/product/${port}/action/UN_CANCEL`);
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/only a CANCELLED service can be restored/);
  });

  it("CANCEL_NOW decommissions at once; GET still returns the product, the VXC's vll becomes []", async () => {
    const port = await api.buyPort();
    const mcr = await api.buyMcr();
    const vxc = await api.buyVxc(port, { bEnd: { productUid: mcr } });

    const safe = await api.post(`/v3/product/${port}/action/CANCEL_NOW?safeDelete=true`);
    expect(safe.status).toBe(400);
    expect(safe.body.message).toBe("Cannot delete product with active VXCs attached");

    expect((await api.post(`/v3/product/${vxc}/action/CANCEL_NOW`)).status).toBe(200);
    const gone = await api.product(vxc);
    expect(gone).toMatchObject({ provisioningStatus: "DECOMMISSIONED", terminateDate: START, cancelable: false });
    expect(gone.resources.vll).toEqual([]);

    expect((await api.post(`/v3/product/${port}/action/CANCEL_NOW?safeDelete=true`)).status).toBe(200);
    expect((await api.product(port)).provisioningStatus).toBe("DECOMMISSIONED");
    expect((await api.post(`/v3/product/${port}/action/CANCEL_NOW`)).status).toBe(400);
    expect((await api.put(`/v2/product/megaport/${port}`, { name: "late" })).status).toBe(400);
    expect((await api.post(`/v3/product/${port}/action/EXPLODE`)).body.message).toMatch(/Unknown action/);
  });

  it("LAG members are cancelled together", async () => {
    const data = await api.buy(portOrder({ portSpeed: 10000, lagPortCount: 2 }));
    await api.post(`/v3/product/${data[0].technicalServiceUid}/action/CANCEL_NOW`);
    expect((await api.product(data[1].technicalServiceUid as string)).provisioningStatus).toBe("DECOMMISSIONED");
  });

  it("lock blocks changes until unlocked", async () => {
    const port = await api.buyPort();
    const locked = await api.post(`/v2/product/${port}/lock`);
    expect(locked.body).toMatchObject({ message: "Service locked", data: { productUid: port, locked: true } });
    expect((await api.put(`/v2/product/megaport/${port}`, { name: "x" })).body.message).toMatch(/locked/);
    expect((await api.post(`/v3/product/${port}/action/CANCEL_NOW`)).status).toBe(400);
    const unlocked = await api.del(`/v2/product/${port}/lock`);
    expect(unlocked.body.data.locked).toBe(false);
    expect((await api.put(`/v2/product/megaport/${port}`, { name: "x" })).status).toBe(200);
  });

  it("reads and replaces resource tags", async () => {
    const port = await api.buyPort();
    expect((await api.get(`/v2/product/${port}/tags`)).body.data).toEqual({ resourceTags: [] });
    const tags = [
      { key: "team", value: "net" },
      { key: "env", value: "" },
    ];
    expect((await api.put(`/v2/product/${port}/tags`, { resourceTags: tags })).status).toBe(200);
    expect((await api.get(`/v2/product/${port}/tags`)).body.data).toEqual({ resourceTags: tags });
    const dup = await api.put(`/v2/product/${port}/tags`, { resourceTags: [tags[0], tags[0]] });
    expect(dup.status).toBe(400);
    expect((await api.put(`/v2/product/${port}/tags`, { tags: {} })).body.message).toMatch(/resourceTags is required/);
  });

  it("reports free VLANs on a Port", async () => {
    const port = await api.buyPort();
    await api.buy(ix(port));
    expect((await api.get(`/v2/product/port/${port}/vlan?vlan=300`)).body.data).toEqual([]);
    expect((await api.get(`/v2/product/port/${port}/vlan?vlan=301`)).body.data).toEqual([301]);
    const all = (await api.get(`/v2/product/port/${port}/vlan`)).body.data as number[];
    expect(all).toHaveLength(4091);
    expect(all).not.toContain(300);
  });
});
