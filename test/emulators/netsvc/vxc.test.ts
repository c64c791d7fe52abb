import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetsvcEmulator } from "./index.js";
import {
  ACME_PORT,
  AWS_PORT,
  AWS_RETIRED_PORT,
  AZURE_PORT,
  boot,
  Client,
  mveOrder,
  START,
  stopClean,
  TRANSIT_PORT,
  vxcOrder,
} from "./testkit.js";

const awsConfig = { connectType: "AWS", type: "private", ownerAccount: "123456789012", asn: 65010, authKey: "k" };

describe("netsvc emulator: VXCs (§3.5, §5.3–§5.5)", () => {
  let emu: NetsvcEmulator;
  let api: Client;
  let port: string;
  let mcr: string;
  beforeEach(async () => {
    emu = await boot({ provisioning: { configuredAfterMs: 10_000, liveAfterMs: 20_000 } });
    api = new Client(emu);
    port = await api.buyPort();
    mcr = await api.buyMcr();
  });
  afterEach(() => stopClean(emu));

  it("names the new VXC in vxcJTechnicalServiceUid and renders both ends", async () => {
    const data = await api.buy(
      vxcOrder(port, { bEnd: { productUid: mcr, vlan: 0 }, aEnd: { productUid: port, vlan: 200 } }),
    );
    expect(data[0]).toMatchObject({
      vxcJTechnicalServiceUid: expect.any(String),
      vxc: { provisioningStatus: "DEPLOYABLE" },
    });
    expect(data[0]).not.toHaveProperty("technicalServiceUid");
    const v = await api.product(data[0].vxcJTechnicalServiceUid as string);
    expect(v).toMatchObject({
      productType: "VXC",
      rateLimit: 500,
      distanceBand: "METRO",
      provisioningStatus: "DEPLOYABLE",
      createDate: START,
      aEnd: {
        ownerUid: expect.any(String),
        productUid: port,
        vlan: 200,
        innerVlan: null,
        locationId: 3,
        location: "Equinix SY1",
      },
      bEnd: { productUid: mcr, vlan: 100, vNicIndex: null },
      vxcApproval: { status: null, message: null, uid: null, type: null, newSpeed: null },
    });
    expect(v.resources.vll).toMatchObject({ a_vlan: 200, b_vlan: 100, rate_limit_mbps: 500, resource_type: "vll" });
    expect(v.resources.csp_connection).toMatchObject({ connectType: "VROUTER", resource_name: "b_csp_connection" });
    emu.clock.advance(20_000);
    expect((await api.product(v.productUid)).provisioningStatus).toBe("LIVE");
  });

  it("validates ends, rate limits and VLANs", async () => {
    const check = async (item: Record<string, unknown>, a = port) =>
      (await api.post("/v3/networkdesign/validate", [vxcOrder(a, item)])).body.message as string;
    expect(await check({ bEnd: {} })).toMatch(/B-End productUid/);
    expect(await check({ bEnd: { productUid: "00000000-0000-4000-8000-000000000000" } })).toBe(
      "Could not find a service with UID 00000000-0000-4000-8000-000000000000",
    );
    expect(await check({ bEnd: { productUid: port } })).toMatch(/must be different/);
    expect(await check({ rateLimit: 6000, bEnd: { productUid: mcr } })).toMatch(/exceeds the 5000 Mbps/);
    expect(await check({ term: 6, bEnd: { productUid: mcr } })).toMatch(/term must be one of/);
    expect(await check({ bEnd: { productUid: mcr, vlan: 1 } })).toMatch(/VLAN 1 is reserved/);
    expect(await check({ bEnd: { productUid: AWS_RETIRED_PORT, partnerConfig: awsConfig } })).toMatch(/not permitted/);
    expect(await check({ bEnd: { productUid: mcr } }, AWS_PORT)).toMatch(/belongs to another company/);
    expect(await check({ aEnd: { productUid: mcr }, bEnd: { productUid: mcr } })).toMatch(
      /differs from the order's productUid/,
    );
  });

  it("reports an untagged end (-1) as vlan null and refuses a second untagged VXC", async () => {
    const v = await api.product(
      await api.buyVxc(port, { aEnd: { productUid: port, vlan: -1 }, bEnd: { productUid: mcr } }),
    );
    expect(v.aEnd.vlan).toBeNull();
    const again = await api.post("/v3/networkdesign/validate", [
      vxcOrder(port, { aEnd: { productUid: port, vlan: -1 }, bEnd: { productUid: mcr } }),
    ]);
    expect(again.body.message).toMatch(/untagged slot/);
  });

  it("needs the partner's connectType config on a CSP end and never returns it", async () => {
    const missing = await api.post("/v3/networkdesign/validate", [vxcOrder(port, { bEnd: { productUid: AWS_PORT } })]);
    expect(missing.body.message).toMatch(/needs bEnd.partnerConfig with connectType AWS/);
    const wrongType = await api.post("/v3/networkdesign/validate", [
      vxcOrder(port, { bEnd: { productUid: AWS_PORT, partnerConfig: { ...awsConfig, connectType: "AZURE" } } }),
    ]);
    expect(wrongType.body.message).toMatch(/does not match the partner port \(AWS\)/);
    const badAccount = await api.post("/v3/networkdesign/validate", [
      vxcOrder(port, { bEnd: { productUid: AWS_PORT, partnerConfig: { ...awsConfig, ownerAccount: "12" } } }),
    ]);
    expect(badAccount.body.message).toMatch(/12-digit/);

    const uid = await api.buyVxc(port, { bEnd: { productUid: AWS_PORT, partnerConfig: awsConfig } });
    const v = await api.product(uid);
    expect(v.resources.csp_connection).toMatchObject({
      connectType: "AWS",
      resource_name: "b_csp_connection",
      resource_type: "csp_connection",
      ownerAccount: "123456789012",
      type: "private",
      vif_id: expect.stringMatching(/^dxvif-/),
    });
    expect(v).not.toHaveProperty("partnerConfig");
    expect(v).not.toHaveProperty("bEndConfig");
    expect(v.bEnd.ownerUid).not.toBe(v.aEnd.ownerUid);
  });

  it("sends csp_connection as an array when both ends have one (MCR to Azure), with peer_asn as a number", async () => {
    const azure = {
      connectType: "AZURE",
      serviceKey: "azure-service-key",
      peers: [
        {
          type: "private",
          peer_asn: "65020",
          primary_subnet: "10.0.0.0/30",
          secondary_subnet: "10.0.0.4/30",
          vlan: 100,
        },
      ],
    };
    const numericAsn = await api.post("/v3/networkdesign/validate", [
      vxcOrder(mcr, {
        bEnd: { productUid: AZURE_PORT, partnerConfig: { ...azure, peers: [{ ...azure.peers[0], peer_asn: 65020 }] } },
      }),
    ]);
    expect(numericAsn.body.message).toMatch(/peer_asn must be a string/);
    const uid = await api.buyVxc(mcr, {
      aEnd: { productUid: mcr, partnerConfig: { interfaces: [{ ipAddresses: ["10.0.0.1/30"], bfd: {} }] } },
      bEnd: { productUid: AZURE_PORT, partnerConfig: azure },
    });
    const csp = (await api.product(uid)).resources.csp_connection;
    expect(Array.isArray(csp)).toBe(true);
    expect(csp.map((c: any) => c.connectType)).toEqual(["VROUTER", "AZURE"]);
    expect(csp[0].ip_addresses).toEqual(["10.0.0.1/30"]);
    expect(csp[1].peers[0].peer_asn).toBe(65020);
  });

  it("checks vrouter configs: exact interfaceType casing, single ipSecTunnelOptions, prefix-list ids, the IPsec add-on", async () => {
    const v = (aEndConfig: unknown) =>
      api.post("/v3/networkdesign/validate", [
        vxcOrder(mcr, {
          aEnd: { productUid: mcr, partnerConfig: aEndConfig },
          bEnd: { productUid: TRANSIT_PORT, partnerConfig: { connectType: "TRANSIT" } },
        }),
      ]);
    expect((await v({ interfaces: [{ interfaceType: "SubInterface" }] })).body.message).toMatch(
      /interfaceType must be one of subInterface, ipSecTunnel/,
    );
    const tunnel = { sourceIpAddress: "10.1.1.1", destinationIpAddress: "10.2.2.2", preSharedKey: "psk-secret" };
    expect(
      (await v({ interfaces: [{ interfaceType: "ipSecTunnel", ipSecTunnelOptions: [tunnel] }] })).body.message,
    ).toMatch(/ipSecTunnelOptions must be a JSON object/);
    expect(
      (await v({ interfaces: [{ interfaceType: "ipSecTunnel", ipSecTunnelOptions: tunnel }] })).body.message,
    ).toMatch(/has no IP_SEC add-on/);
    const bgp = {
      peerAsn: 65030,
      localIpAddress: "10.0.0.1",
      peerIpAddress: "10.0.0.2",
      shutdown: false,
      bfdEnabled: false,
      importWhitelist: 42,
    };
    expect((await v({ interfaces: [{ bgpConnections: [bgp] }] })).body.message).toMatch(
      /importWhitelist 42 is not a prefix list/,
    );
    expect(
      (
        await v({
          interfaces: [
            {
              ipSecTunnelOptions: { ...tunnel, phase1Lifetime: 3600, phase2Lifetime: 3600 },
              interfaceType: "ipSecTunnel",
            },
          ],
        })
      ).status,
    ).toBe(400);
  });

  it("waits for the other company to approve a VXC to its marketplace port", async () => {
    const uid = await api.buyVxc(port, { bEnd: { productUid: ACME_PORT } });
    const pending = await api.product(uid);
    expect(pending.provisioningStatus).toBe("DEPLOYABLE");
    expect(pending.vxcApproval).toMatchObject({
      status: "PENDING",
      type: "NEW",
      uid: expect.any(String),
      message: expect.stringContaining("Acme"),
    });
    emu.clock.advance(60_000);
    expect((await api.product(uid)).provisioningStatus).toBe("DEPLOYABLE"); // nothing moves before approval
    expect((await api.put(`/v3/product/vxc/${uid}`, { isApproved: true })).body.message).toMatch(
      /no approval waiting for you/,
    );

    emu.state.approveVxc(uid);
    expect((await api.product(uid)).vxcApproval.status).toBe("APPROVED");
    emu.clock.advance(20_000);
    expect((await api.product(uid)).provisioningStatus).toBe("LIVE");

    const rejected = await api.buyVxc(port, { bEnd: { productUid: ACME_PORT } });
    emu.state.rejectVxc(rejected);
    expect(await api.product(rejected)).toMatchObject({
      provisioningStatus: "DECOMMISSIONED",
      vxcApproval: { status: "REJECTED" },
    });
  });

  it("lets us approve a VXC another company ordered onto our port, through PUT isApproved", async () => {
    const uid = emu.state.injectIncomingVxc({ productUid: port, rateLimit: 200 });
    const listed = (await api.get("/v2/products")).body.data[0].associatedVxcs;
    expect(listed.map((v: any) => v.productUid)).toEqual([uid]);
    expect(listed[0]).toMatchObject({ companyName: "Acme Networks", vxcApproval: { status: "PENDING" } });
    expect((await api.put(`/v3/product/vxc/${uid}`, { isApproved: true, name: "mine" })).body.message).toMatch(
      /only isApproved/,
    );
    const r = await api.put(`/v3/product/vxc/${uid}`, { isApproved: true });
    expect(r.status).toBe(200);
    expect(r.body.data.vxcApproval.status).toBe("APPROVED");
    emu.clock.advance(20_000);
    expect((await api.product(uid)).provisioningStatus).toBe("LIVE");

    const other = emu.state.injectIncomingVxc({ productUid: port });
    await api.put(`/v3/product/vxc/${other}`, { isApproved: false });
    expect((await api.product(other)).provisioningStatus).toBe("DECOMMISSIONED");
  });

  it("updates a VXC in place: rate, VLANs, shutdown, moving a non-CSP end", async () => {
    const uid = await api.buyVxc(port, { bEnd: { productUid: mcr } });
    const port2 = await api.buyPort({ productName: "second" });
    emu.clock.advance(20_000);
    const r = await api.put(`/v3/product/vxc/${uid}`, {
      name: "v2",
      rateLimit: 1000,
      aEndVlan: 777,
      shutdown: true,
      term: 24,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      productName: "v2",
      rateLimit: 1000,
      shutdown: true,
      contractTermMonths: 24,
      provisioningStatus: "DEPLOYABLE",
      aEnd: { vlan: 777 },
      up: false,
    });
    expect((await api.put(`/v3/product/vxc/${uid}`, { rateLimit: 9000 })).body.message).toMatch(
      /exceeds the 5000 Mbps/,
    );

    const moved = await api.put(`/v3/product/vxc/${uid}`, { aEndProductUid: port2 });
    expect(moved.body.data.aEnd).toMatchObject({ productUid: port2, vlan: 777 });
    const list = (await api.get("/v2/products")).body.data as any[];
    expect(list.find((p) => p.productUid === port).associatedVxcs).toEqual([]);
    expect(list.find((p) => p.productUid === port2).associatedVxcs).toHaveLength(1);

    const aws = await api.buyVxc(port, { bEnd: { productUid: AWS_PORT, partnerConfig: awsConfig } });
    expect((await api.put(`/v3/product/vxc/${aws}`, { bEndProductUid: port2 })).body.message).toMatch(
      /cannot be moved/,
    );
    expect((await api.put(`/v3/product/vxc/${aws}`, { bEndConfig: awsConfig })).body.message).toMatch(/cannot change/);
  });

  it("uses an MVE end's vNicIndex", async () => {
    const mve = (await api.buy(mveOrder({ vnics: [{ description: "a" }, { description: "b" }] })))[0]
      .technicalServiceUid as string;
    const uid = await api.buyVxc(port, { bEnd: { productUid: mve, vNicIndex: 1 } });
    expect((await api.product(uid)).bEnd).toMatchObject({ productUid: mve, vNicIndex: 1 });
    const bad = await api.post("/v3/networkdesign/validate", [
      vxcOrder(port, { bEnd: { productUid: mve, vNicIndex: 2 } }),
    ]);
    expect(bad.body.message).toMatch(/vNicIndex must be <= 1/);
    expect((await api.put(`/v3/product/vxc/${uid}`, { bVnicIndex: 0 })).body.data.bEnd.vNicIndex).toBe(0);
  });
});
