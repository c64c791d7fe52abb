import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NotFoundError } from "@sdkgen/runtime";
import {
  getLocation,
  getMcrPrefixFilterLists,
  getMcrs,
  getMveImages,
  getMveSizes,
  getMves,
  getPartner,
  getVxcs,
  McrPrefixFilterList,
  Provider,
} from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { ACME_PORT, AWS_PORT, Client, stopClean } from "../emulators/netsvc/testkit.js";

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

describe("netsvc lookups against the emulator", () => {
  it("getMveSizes and getMveImages (filters compared ignoring case)", async () => {
    const sizes = await getMveSizes({}, { provider: provider() });
    expect(sizes.mveSizes.length).toBeGreaterThan(1);
    expect(sizes.mveSizes[0]).toMatchObject({ size: expect.any(String), label: expect.any(String) });
    const all = await getMveImages({}, { provider: provider() });
    const vendor = all.mveImages[0]!.vendor!;
    const filtered = await getMveImages({ vendorFilter: vendor.toUpperCase() }, { provider: provider() });
    expect(filtered.mveImages.length).toBeGreaterThan(0);
    expect(filtered.mveImages.every((i) => i.vendor === vendor)).toBe(true);
    expect(filtered.vendorFilter).toBe(vendor.toUpperCase());
  });

  it("getLocation by a misspelt name suggests the listed one, and says none of the list matched", async () => {
    const error = await getLocation({ name: "Equinix Sy1" }, { provider: provider() }).catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe(
      'getLocation: no location with name "Equinix Sy1" (did you mean "Equinix SY1"?) (GET /v3/locations answered; nothing it listed matches)',
    );
  });

  it("getPartner filters by every input and skips ports that permit no VXC", async () => {
    const aws = await getPartner({ connectType: "AWS", locationId: 3 }, { provider: provider() });
    expect(aws.productUid).toBe(AWS_PORT);
    expect(aws.vxcPermitted).toBe(true);
    await expect(getPartner({ connectType: "AWS", companyName: "nobody" }, { provider: provider() })).rejects.toThrow(
      "no partner port matches",
    );
    // The list answered 200: the error says so instead of claiming a 404.
    const error = await getPartner({ companyName: "nobody" }, { provider: provider() }).catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe(
      'getPartner: no partner port matches {"companyName":"nobody"} (GET /v2/dropdowns/partner/megaports answered; nothing it listed matches)',
    );
    expect(error.message).not.toContain("404");
    expect((await getPartner({ productUid: ACME_PORT }, { provider: provider() })).productUid).toBe(ACME_PORT);
  });

  it("getMcrs by UID or all active ones, with tags; getMves with tags on request", async () => {
    const a = await client.buyMcr({ productName: "r1" });
    await client.buyMcr({ productName: "r2" });
    await client.put(`/v2/product/${a}/tags`, { resourceTags: [{ key: "env", value: "prod" }] });
    const all = await getMcrs({}, { provider: provider() });
    expect(all.mcrs.map((m) => m.productName).sort()).toEqual(["r1", "r2"]);
    const one = await getMcrs({ productUid: a }, { provider: provider() });
    expect(one.mcrs).toHaveLength(1);
    expect(one.mcrs[0]!.resourceTags).toEqual({ env: "prod" });
    expect((await getMves({ includeResourceTags: true }, { provider: provider() })).mves).toEqual([]);
  });

  it("refuses a productUid naming a product of another kind (a port is no MCR, MVE or VXC)", async () => {
    const port = await client.buyPort();
    for (const [lookup, type] of [
      [() => getMcrs({ productUid: port }, { provider: provider() }), "MCR2"],
      [() => getMves({ productUid: port }, { provider: provider() }), "MVE"],
      [() => getVxcs({ productUid: port }, { provider: provider() }), "VXC"],
    ] as const) {
      const error = await lookup().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as Error).message).toContain(`${port} is a MEGAPORT, not a ${type}`);
    }
  });

  it("getVxcs finds each VXC once though both ends list it, and fetches tags only on request", async () => {
    const port = await client.buyPort();
    const mcr = await client.buyMcr();
    await client.buyVxc(port, { productName: "link", bEnd: { productUid: mcr } });
    const before = emu.state.requests({ path: "/tags" }).length;
    const vxcs = await getVxcs({}, { provider: provider() });
    expect(vxcs.vxcs.map((v) => v.productName)).toEqual(["link"]);
    // Each end's product as connected, as a Vxc's own read gives it.
    expect(vxcs.vxcs[0]!.aEnd?.assignedProductUid).toBe(port);
    expect(vxcs.vxcs[0]!.bEnd?.assignedProductUid).toBe(mcr);
    expect(emu.state.requests({ path: "/tags" }).length).toBe(before);
    await getVxcs({ includeResourceTags: true }, { provider: provider() });
    expect(emu.state.requests({ path: "/tags" }).length).toBe(before + 1);
  });

  it("getMcrPrefixFilterLists reads every list of an MCR in full", async () => {
    const mcr = await client.buyMcr();
    for (const description of ["a", "b"])
      await McrPrefixFilterList.create(
        {
          mcrId: mcr,
          description,
          addressFamily: "IPv4",
          entries: [{ action: "permit", prefix: "10.0.0.0/8", le: 24 }],
        },
        { provider: provider() },
      );
    const result = await getMcrPrefixFilterLists({ mcrId: mcr }, { provider: provider() });
    expect(result.prefixFilterLists.map((l) => l.description).sort()).toEqual(["a", "b"]);
    expect(result.mcrId).toBe(mcr);
    const withoutMcr = {} as Parameters<typeof getMcrPrefixFilterLists>[0]; // as a JavaScript caller could
    await expect(getMcrPrefixFilterLists(withoutMcr, { provider: provider() })).rejects.toThrow(
      "getMcrPrefixFilterLists.mcrId is required",
    );
  });
});
