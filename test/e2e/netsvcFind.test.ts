import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LagPort, McrPrefixFilterList, Port, Provider, ServiceKey, ValidationError, Vxc } from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { Client, stopClean } from "../emulators/netsvc/testkit.js";

// The state-input form: Kind.find(state) lists the existing objects of a kind and keeps those whose
// state matches every field given.
let emu: NetsvcEmulator;
let client: Client;
beforeEach(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  client = new Client(emu);
});
afterEach(() => stopClean(emu));

const provider = () =>
  new Provider(
    {
      endpoint: emu.url,
      accessKey: emu.credentials.accessKey,
      secretKey: emu.credentials.secretKey,
      acceptPurchaseTerms: true,
    },
    {},
    { pollMs: 10 },
  );
const port = { contractTermMonths: 12, locationId: 3, marketplaceVisibility: false, portSpeed: 10000 } as const;

describe("find (the state-input form)", () => {
  it("finds ports by name and by a subset of their tags, leaving out LAG members and cancelled ports", async () => {
    const p = provider();
    const edge = await Port.create(
      { ...port, productName: "edge", resourceTags: { env: "prod", team: "net" } },
      { provider: p },
    );
    const spare = await Port.create({ ...port, productName: "spare", resourceTags: { env: "dev" } }, { provider: p });
    const lag = await LagPort.create({ ...port, productName: "lag", lagCount: 2 }, { provider: p });

    const all = await Port.find({}, { provider: p });
    expect(all.map((x) => x.productName).sort()).toEqual(["edge", "spare"]);
    expect(all.every((x) => Port.isInstance(x))).toBe(true);
    expect((await Port.find({ productName: "edge" }, { provider: p })).map((x) => x.productUid)).toEqual([
      edge.productUid,
    ]);
    expect((await Port.find({ resourceTags: { env: "prod" } }, { provider: p })).map((x) => x.productUid)).toEqual([
      edge.productUid,
    ]);
    expect(await Port.find({ resourceTags: { env: "prod", team: "ops" } }, { provider: p })).toEqual([]);
    expect((await LagPort.find({}, { provider: p })).map((x) => x.productUid)).toEqual([lag.productUid]);

    await spare.delete();
    expect((await Port.find({ locationId: 3 }, { provider: p })).map((x) => x.productName)).toEqual(["edge"]);
  });

  it("compares as the diff does: enums ignoring case, ge/le read back as strings", async () => {
    const p = provider();
    const mcr = await client.buyMcr();
    const other = await client.buyMcr({ productName: "other" });
    const entries = [{ action: "permit" as const, prefix: "10.0.0.0/8", ge: 16, le: 24 }];
    const v4 = await McrPrefixFilterList.create(
      { mcrId: mcr, description: "v4", addressFamily: "IPv4", entries },
      { provider: p },
    );
    await McrPrefixFilterList.create(
      { mcrId: other, description: "v4 too", addressFamily: "IPv4", entries },
      { provider: p },
    );

    const onMcr = await McrPrefixFilterList.find({ mcrId: mcr, addressFamily: "ipv4" as never }, { provider: p });
    expect(onMcr.map((l) => l.id)).toEqual([v4.id]);
    const anywhere = await McrPrefixFilterList.find({ entries }, { provider: p });
    expect(anywhere.map((l) => l.description).sort()).toEqual(["v4", "v4 too"]);
  });

  it("finds service keys of a product and VXCs by rate limit", async () => {
    const p = provider();
    const a = await client.buyPort();
    const b = await client.buyPort();
    const key = await ServiceKey.create(
      { productUid: a, maxSpeed: 100, singleUse: true, active: true, vlan: 100 },
      { provider: p },
    );
    await ServiceKey.create(
      { productUid: b, maxSpeed: 100, singleUse: true, active: true, vlan: 100 },
      { provider: p },
    );
    const found = await ServiceKey.find({ productUid: a }, { provider: p });
    expect(found.map((k) => k.key.reveal())).toEqual([key.key.reveal()]);
    expect(JSON.stringify(found)).not.toContain(key.key.reveal());

    const mcr = await client.buyMcr();
    await client.buyVxc(mcr, {
      productName: "slow",
      rateLimit: 50,
      aEnd: { productUid: mcr },
      bEnd: { productUid: a },
    });
    await client.buyVxc(mcr, {
      productName: "fast",
      rateLimit: 500,
      aEnd: { productUid: mcr },
      bEnd: { productUid: b },
    });
    expect((await Vxc.find({ rateLimit: 500 }, { provider: p })).map((v) => v.productName)).toEqual(["fast"]);
  });

  it("refuses a field the kind does not have, before any request", async () => {
    const p = provider();
    const before = emu.state.requests({}).length;
    await expect(Port.find({ colour: "red" } as never, { provider: p })).rejects.toThrow(ValidationError);
    await expect(Port.find({ colour: "red" } as never, { provider: p })).rejects.toThrow(
      "Port.colour is not a field of Port, so it cannot filter",
    );
    expect(emu.state.requests({}).length).toBe(before);
  });
});
