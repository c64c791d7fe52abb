import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetsvcEmulator } from "./index.js";
import { boot, Client, stopClean } from "./testkit.js";

describe("netsvc emulator: lookups (§4)", () => {
  let emu: NetsvcEmulator;
  let api: Client;
  beforeEach(async () => {
    emu = await boot();
    api = new Client(emu);
  });
  afterEach(() => stopClean(emu));

  it("lists v3 locations with diversity zones, filterable by repeated locationStatuses", async () => {
    const all = (await api.get("/v3/locations")).body.data as any[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    const sy1 = all.find((l) => l.id === 3);
    expect(sy1).toMatchObject({
      name: "Equinix SY1",
      metro: "Sydney",
      market: "AU",
      status: "Active",
      address: {
        street: expect.any(String),
        suburb: "Mascot",
        city: "Sydney",
        state: "NSW",
        postcode: "2020",
        country: "Australia",
      },
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      dataCentre: { id: expect.any(Number), name: "Equinix" },
      orderingMessage: null,
      productAddOns: { crossConnect: { available: true, type: "Standard" } },
    });
    expect(Object.keys(sy1.diversityZones)).toEqual(["red", "blue"]);
    expect(sy1.diversityZones.red).toEqual({
      mcrSpeedMbps: expect.arrayContaining([1000, 2500, 5000]),
      megaportSpeedMbps: [1000, 10000, 100000],
      mveMaxCpuCoreCount: 12,
      mveAvailable: true,
      natGatewaySpeedMbps: expect.any(Array),
    });
    expect(Object.keys(all.find((l) => l.id === 137).diversityZones)).toEqual(["red"]);
    const deploying = (await api.get("/v3/locations?locationStatuses=Deployment")).body.data as any[];
    expect(deploying.map((l) => l.id)).toEqual([400]);
    const both = (await api.get("/v3/locations?locationStatuses=Deployment&locationStatuses=Active")).body
      .data as any[];
    expect(both).toHaveLength(all.length);
  });

  it("lists partner ports with title as the product name and every documented connectType", async () => {
    const r = await api.get("/v2/dropdowns/partner/megaports");
    expect(r.body.message).toBe("All Partner Megaports");
    const ports = r.body.data as any[];
    for (const type of ["AWS", "AWSHC", "AZURE", "GOOGLE", "ORACLE", "IBM", "OUTSCALE", "TRANSIT", "FRANCEIX"])
      expect(
        ports.some((p) => p.connectType === type),
        type,
      ).toBe(true);
    expect(ports[0]).toEqual({
      productUid: expect.any(String),
      companyUid: expect.any(String),
      companyName: "AWS",
      title: "Asia Pacific (Sydney) (ap-southeast-2)",
      locationId: 3,
      speed: 10000,
      maxVxcSpeed: 10000,
      rank: 1,
      vxcPermitted: true,
      diversityZone: "red",
      connectType: "AWS",
    });
    expect(ports.some((p) => p.vxcPermitted === false)).toBe(true);
    const aws = (await api.get("/v2/dropdowns/partner/megaports?connectType=AWS&vxcPermitted=true")).body.data as any[];
    expect(aws.map((p) => p.connectType)).toEqual(["AWS"]);
    // A partner port can be read like any product (tf reads each end's productType).
    expect(await api.product(ports[0].productUid)).toMatchObject({
      productType: "MEGAPORT",
      companyName: "AWS",
      associatedVxcs: [],
    });
  });

  it("serves MVE images on v4 only, and the sizes", async () => {
    const images = await api.get("/v4/product/mve/images");
    expect(images.body.message).toBe("Current supported MVE images");
    const groups = images.body.data.mveImages as any[];
    expect(groups.map((g) => g.vendor)).toEqual(expect.arrayContaining(["Fortinet", "Cisco", "Meraki"]));
    expect(groups[0]).toMatchObject({
      product: expect.any(String),
      vendor: "Fortinet",
      vendorProductId: expect.any(String),
      images: [
        {
          id: 83,
          version: expect.any(String),
          productCode: "fortigate",
          vendorDescription: null,
          releaseImage: true,
          availableSizes: expect.arrayContaining(["MVE 2/8"]),
        },
        expect.objectContaining({ releaseImage: false }),
      ],
    });
    expect(groups[0]).not.toHaveProperty("vendorKey");
    expect((await api.get("/v3/product/mve/images")).status).toBe(404);
    const sizes = (await api.get("/v3/product/mve/variants")).body.data as any[];
    expect(sizes.slice(0, 2)).toEqual([
      { size: "SMALL", label: "MVE 2/8", cpuCoreCount: 2, ramGB: 8 },
      { size: "MEDIUM", label: "MVE 4/16", cpuCoreCount: 4, ramGB: 16 },
    ]);
    expect(sizes.map((s) => s.size)).toEqual(["SMALL", "MEDIUM", "LARGE", "X_LARGE_12"]);
  });

  it("lists internet exchanges", async () => {
    const ixps = (await api.get("/v2/ixp")).body.data as any[];
    expect(ixps.find((x) => x.name === "Los Angeles IX")).toMatchObject({
      id: expect.any(Number),
      asn: expect.any(Number),
      metro: "Los Angeles",
      ipv4_network: expect.any(String),
      ipv6_network: expect.any(String),
    });
  });
});
