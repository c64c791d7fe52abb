import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetsvcEmulator } from "./index.js";
import { boot, Client, stopClean, TRANSIT_PORT } from "./testkit.js";

const list = {
  description: "customer-routes",
  addressFamily: "IPv4",
  entries: [
    { action: "permit", prefix: "10.0.0.0/8", ge: 16, le: 24 },
    { action: "deny", prefix: "192.168.0.0/16" },
  ],
};

describe("netsvc emulator: MCR prefix filter lists (§3.8)", () => {
  let emu: NetsvcEmulator;
  let api: Client;
  let mcr: string;
  let base: string;
  beforeEach(async () => {
    emu = await boot();
    api = new Client(emu);
    mcr = await api.buyMcr();
    base = `/v2/product/mcr2/${mcr}`;
  });
  afterEach(() => stopClean(emu));

  it("creates with numeric ge/le and reads them back as strings", async () => {
    const created = await api.post(`${base}/prefixList`, list);
    expect(created.status).toBe(200);
    expect(created.body.message).toBe("Created a new prefix list for MCR");
    const id = created.body.data.id as number;
    expect(Number.isInteger(id) && id > 0).toBe(true);

    const one = await api.get(`${base}/prefixList/${id}`);
    expect(one.body.data).toEqual({
      id,
      description: "customer-routes",
      addressFamily: "IPv4",
      entries: [
        { action: "permit", prefix: "10.0.0.0/8", ge: "16", le: "24" },
        { action: "deny", prefix: "192.168.0.0/16" },
      ],
    });
    const summaries = await api.get(`${base}/prefixLists`);
    expect(summaries.body.data).toEqual([{ id, description: "customer-routes", addressFamily: "IPv4" }]);
    expect((await api.get(`${base}/prefixList`)).status).toBe(405); // the list endpoint is plural
  });

  it("validates lists", async () => {
    const bad = async (body: unknown) => (await api.post(`${base}/prefixList`, body)).body.message as string;
    expect(await bad({ ...list, entries: [{ action: "permit", prefix: "10.0.0.0/8", ge: "16" }] })).toMatch(
      /ge must be an integer/,
    );
    expect(await bad({ ...list, entries: [] })).toMatch(/at least 1/);
    expect(await bad({ ...list, entries: [{ action: "permit", prefix: "10.0.0.1/8" }] })).toMatch(/host bits/);
    expect(await bad({ ...list, entries: [{ action: "permit", prefix: "2001:db8::/32" }] })).toMatch(
      /not an IPv4 prefix/,
    );
    expect(await bad({ ...list, entries: [{ action: "allow", prefix: "10.0.0.0/8" }] })).toMatch(/permit, deny/);
    expect(await bad({ ...list, entries: [{ action: "permit", prefix: "10.0.0.0/8", ge: 4 }] })).toMatch(
      /below the prefix length/,
    );
    expect(await bad({ ...list, addressFamily: "IPX" })).toMatch(/IPv4 or IPv6/);
    const v6 = await api.post(`${base}/prefixList`, {
      description: "v6",
      addressFamily: "ipv6",
      entries: [{ action: "permit", prefix: "2001:db8::/32", le: 48 }],
    });
    expect(v6.body.data.addressFamily).toBe("IPv6");
    const port = await api.buyPort();
    expect((await api.post(`/v2/product/mcr2/${port}/prefixList`, list)).body.message).toMatch(/not a MCR2/);
  });

  it("updates with the full object and deletes", async () => {
    const id = (await api.post(`${base}/prefixList`, list)).body.data.id;
    const updated = await api.put(`${base}/prefixList/${id}`, {
      ...list,
      description: "renamed",
      entries: [{ action: "deny", prefix: "0.0.0.0/0", le: 32 }],
    });
    expect(updated.status).toBe(200);
    expect((await api.get(`${base}/prefixList/${id}`)).body.data).toMatchObject({
      description: "renamed",
      entries: [{ action: "deny", prefix: "0.0.0.0/0", le: "32" }],
    });
    expect((await api.del(`${base}/prefixList/${id}`)).status).toBe(200);
    expect((await api.get(`${base}/prefixList/${id}`)).status).toBe(404);
    expect((await api.del(`${base}/prefixList/${id}`)).status).toBe(404);
  });

  it("answers 409 on delete while the list is in use (test switch, or a BGP connection that references it)", async () => {
    const id = (await api.post(`${base}/prefixList`, list)).body.data.id as number;
    emu.state.setPrefixListInUse(mcr, id);
    const r = await api.del(`${base}/prefixList/${id}`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: expect.stringContaining("in use"), data: null });
    emu.state.setPrefixListInUse(mcr, id, false);

    const bgp = {
      peerAsn: 65030,
      localIpAddress: "10.0.0.1",
      peerIpAddress: "10.0.0.2",
      shutdown: false,
      bfdEnabled: false,
      exportWhitelist: id,
    };
    const vxc = await api.buyVxc(mcr, {
      aEnd: {
        productUid: mcr,
        partnerConfig: { interfaces: [{ ipAddresses: ["10.0.0.1/30"], bgpConnections: [bgp], bfd: {} }] },
      },
      bEnd: { productUid: TRANSIT_PORT, partnerConfig: { connectType: "TRANSIT" } },
    });
    expect((await api.del(`${base}/prefixList/${id}`)).status).toBe(409);
    await api.post(`/v3/product/${vxc}/action/CANCEL_NOW`);
    expect((await api.del(`${base}/prefixList/${id}`)).status).toBe(200);
  });
});
