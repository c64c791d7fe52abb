import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetsvcEmulator } from "./index.js";
import { boot, Client, stopClean, TRANSIT_PORT } from "./testkit.js";

const tunnelInterface = (n: number) => ({
  interfaceType: "ipSecTunnel",
  ipAddresses: [`10.9.${n}.1/30`],
  bfd: {},
  ipSecTunnelOptions: {
    sourceIpAddress: "10.1.1.1",
    destinationIpAddress: `10.2.2.${n}`,
    preSharedKey: "psk-very-secret",
  },
});

describe("netsvc emulator: MCR IPsec add-ons (§3.9)", () => {
  let emu: NetsvcEmulator;
  let api: Client;
  let mcr: string;
  beforeEach(async () => {
    emu = await boot({ provisioning: { configuredAfterMs: 10_000, liveAfterMs: 20_000 } });
    api = new Client(emu);
    mcr = await api.buyMcr();
    emu.clock.advance(20_000);
  });
  afterEach(() => stopClean(emu));

  it("adds an add-on (no data in the answer), shows it in the MCR's addOns and re-configures the MCR", async () => {
    const r = await api.post(`/v3/product/${mcr}/addon`, { addOnType: "IP_SEC", tunnelCount: 10 });
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty("data");
    const m = await api.product(mcr);
    expect(m.provisioningStatus).toBe("CONFIGURING");
    expect(m.addOns).toEqual([
      { productUid: mcr, addOnUid: expect.any(String), addOnType: "IP_SEC", tunnelCount: 10, packCount: 1 },
    ]);
    emu.clock.advance(20_000);
    expect((await api.product(mcr)).provisioningStatus).toBe("LIVE");

    expect((await api.post(`/v3/product/${mcr}/addon`, { addOnType: "IP_SEC", tunnelCount: 10 })).body.message).toMatch(
      /already has/,
    );
    expect((await api.post(`/v3/product/${mcr}/addon`, { addOnType: "IP_SEC", tunnelCount: 0 })).status).toBe(400);
    const port = await api.buyPort();
    expect(
      (await api.post(`/v3/product/${port}/addon`, { addOnType: "IP_SEC", tunnelCount: 10 })).body.message,
    ).toMatch(/not a MCR2/);
  });

  it("changes the tunnel count and removes the add-on with tunnelCount 0", async () => {
    await api.post(`/v3/product/${mcr}/addon`, { addOnType: "IP_SEC", tunnelCount: 10 });
    const addOnUid = (await api.product(mcr)).addOns[0].addOnUid as string;
    expect(
      (await api.put(`/v3/product/${mcr}/addon/${addOnUid}`, { addOnType: "IP_SEC", tunnelCount: 30 })).status,
    ).toBe(200);
    expect((await api.product(mcr)).addOns[0].tunnelCount).toBe(30);
    expect(
      (await api.put(`/v3/product/${mcr}/addon/${addOnUid}`, { addOnType: "IP_SEC", tunnelCount: 15 })).status,
    ).toBe(400);
    expect(
      (await api.put(`/v3/product/${mcr}/addon/${addOnUid}`, { addOnType: "IP_SEC", tunnelCount: 0 })).status,
    ).toBe(200);
    expect((await api.product(mcr)).addOns).toEqual([]);
    expect(
      (await api.put(`/v3/product/${mcr}/addon/${addOnUid}`, { addOnType: "IP_SEC", tunnelCount: 10 })).status,
    ).toBe(404);
  });

  it("refuses to go below the configured tunnels with a 400 mentioning 'configured tunnels'", async () => {
    await api.post(`/v3/product/${mcr}/addon`, { addOnType: "IP_SEC", tunnelCount: 20 });
    const addOnUid = (await api.product(mcr)).addOns[0].addOnUid as string;

    // Tunnels defined on a VXC count...
    const vxc = await api.buyVxc(mcr, {
      aEnd: {
        productUid: mcr,
        partnerConfig: { interfaces: Array.from({ length: 12 }, (_, i) => tunnelInterface(i)) },
      },
      bEnd: { productUid: TRANSIT_PORT, partnerConfig: { connectType: "TRANSIT" } },
    });
    const down = await api.put(`/v3/product/${mcr}/addon/${addOnUid}`, { addOnType: "IP_SEC", tunnelCount: 10 });
    expect(down.status).toBe(400);
    expect(down.body.message).toContain("configured tunnels");
    expect(JSON.stringify(await api.product(vxc))).not.toContain("psk-very-secret");

    // ...and so does the test switch; removal works once both are gone.
    await api.post(`/v3/product/${vxc}/action/CANCEL_NOW`);
    emu.state.setConfiguredTunnels(mcr, 1);
    const remove = await api.put(`/v3/product/${mcr}/addon/${addOnUid}`, { addOnType: "IP_SEC", tunnelCount: 0 });
    expect(remove.body.message).toContain("configured tunnels");
    emu.state.setConfiguredTunnels(mcr, 0);
    expect(
      (await api.put(`/v3/product/${mcr}/addon/${addOnUid}`, { addOnType: "IP_SEC", tunnelCount: 0 })).status,
    ).toBe(200);
  });

  it("caps VXC tunnels at the add-on's tunnel count", async () => {
    await api.post(`/v3/product/${mcr}/addon`, { addOnType: "IP_SEC", tunnelCount: 10 });
    const r = await api.post("/v3/networkdesign/validate", [
      {
        productUid: mcr,
        associatedVxcs: [
          {
            productName: "ipsec",
            rateLimit: 100,
            term: 1,
            aEnd: {
              productUid: mcr,
              partnerConfig: { interfaces: Array.from({ length: 11 }, (_, i) => tunnelInterface(i)) },
            },
            bEnd: { productUid: TRANSIT_PORT, partnerConfig: { connectType: "TRANSIT" } },
          },
        ],
      },
    ]);
    expect(r.body.message).toMatch(/would have 11 IPsec tunnels but its add-on allows 10/);
  });
});
