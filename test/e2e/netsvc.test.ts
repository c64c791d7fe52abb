import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createResource,
  type FieldSpec,
  ReplacementRequiredError,
  secret,
  setLogSink,
  ValidationError,
  WaitError,
} from "@sdkgen/runtime";
import {
  getLocation,
  Ix,
  LagPort,
  type LagPortArgs,
  Mcr,
  McrIpsecAddon,
  McrPrefixFilterList,
  Mve,
  Port,
  type PortArgs,
  Provider,
  ServiceKey,
  // Deprecation warnings are routed from the package root, as logs are.
  setWarningSink,
  Vxc,
} from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { ACME_PORT, AWS_PORT, Client, stopClean, TRANSIT_PORT } from "../emulators/netsvc/testkit.js";

// The generated SDK against the emulator over real HTTP. The emulator's clock runs 1000 times faster,
// so provisioning (CONFIGURED after 20 s, LIVE after 60 s of its time) takes milliseconds.
let emu: NetsvcEmulator;
const logs: string[] = [];

beforeEach(async () => {
  logs.length = 0; // ids repeat between tests (each emulator starts from the same seed)
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  setLogSink((line) => logs.push(line));
});
afterEach(async () => {
  setLogSink(undefined);
  await stopClean(emu);
});

const provider = (overrides: Record<string, unknown> = {}) =>
  new Provider(
    {
      endpoint: emu.url,
      accessKey: emu.credentials.accessKey,
      secretKey: emu.credentials.secretKey,
      acceptPurchaseTerms: true,
      waitTime: 1,
      ...overrides,
    },
    {},
    { pollMs: 20 },
  );
const port: PortArgs = {
  productName: "edge",
  contractTermMonths: 12,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
};
const apiRequests = () => emu.state.requests().filter((r) => !r.path.startsWith("/oauth2"));

describe("Port", () => {
  it("is created, waits until ready reporting progress, and reads back in SDK shape", async () => {
    const seen: string[] = [];
    const p = await Port.create(
      { ...port, resourceTags: { team: "net" } },
      { provider: provider(), onProgress: (s) => seen.push(s) },
    );
    expect(Port.isInstance(p)).toBe(true);
    expect(p.productUid).toMatch(/^[0-9a-f-]{36}$/);
    expect(["CONFIGURED", "LIVE"]).toContain(p.provisioningStatus);
    expect(seen.at(-1)).toBe(p.provisioningStatus);
    expect(p.createDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(p.resourceTags).toEqual({ team: "net" });
    expect(emu.state.buyCount()).toBe(1);
    expect(p.diff(port).changes).toEqual([]);
  });

  it("updates in place, and refuses a replacing change unless allowed", async () => {
    const p = await Port.create(port, { provider: provider() });
    await p.update({ ...port, productName: "edge-renamed", marketplaceVisibility: true });
    expect(p.productName).toBe("edge-renamed");
    expect(emu.state.lastRequest({ method: "PUT", path: "/v2/product/megaport/" })).toBeDefined();
    const diff = p.diff({ ...port, productName: "edge-renamed", marketplaceVisibility: true, portSpeed: 100000 });
    expect(diff.changes).toEqual([
      expect.objectContaining({ field: "portSpeed", replaces: true, from: 10000, to: 100000 }),
    ]);
    await expect(p.update({ ...port, portSpeed: 100000 })).rejects.toBeInstanceOf(ReplacementRequiredError);
    const before = p.productUid;
    await p.update({ ...port, portSpeed: 100000 }, { allowReplace: true });
    expect(p.productUid).not.toBe(before);
    expect(emu.state.buyCount()).toBe(2);
  });

  it("is imported by its product UID with an empty diff, and cancelled now or at the end of term", async () => {
    const created = await Port.create(port, { provider: provider() });
    const imported = await Port.import(created.productUid!, { provider: provider() });
    expect(imported.diff(port).changes).toEqual([]);
    await imported.delete();
    expect(emu.state.lastRequest({ method: "POST", path: "/action/" })!.path).toContain("/action/CANCEL_NOW");
    const second = await Port.create(port, { provider: provider({ cancelAtEndOfTerm: true }) });
    await second.delete();
    expect(emu.state.lastRequest({ method: "POST", path: "/action/" })!.path).toMatch(/\/action\/CANCEL$/);
    await expect(Port.get(created.productUid!, { provider: provider() })).rejects.toThrow("does not exist");
  });

  it("validates every input before any request", async () => {
    // Values the types forbid, as a JavaScript caller could pass them.
    const invalid = { ...port, portSpeed: 25000, contractTermMonths: 6 } as unknown as PortArgs;
    const error = await Port.create(invalid, { provider: provider() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.message)).toEqual([
      "Port.contractTermMonths must be one of 1, 12, 24, 36, 48, 60 (got 6)",
      "Port.portSpeed must be one of 1000, 10000, 100000, 400000 (got 25000)",
    ]);
    expect(apiRequests()).toEqual([]);
  });

  it("refuses to order until the purchase terms are accepted", async () => {
    await expect(Port.create(port, { provider: provider({ acceptPurchaseTerms: false }) })).rejects.toThrow(
      "accept the API terms first",
    );
    expect(emu.state.buyCount()).toBe(0);
  });

  it("on a wait that times out, names the product and its import id, and importing it does not order again", async () => {
    await emu.stop();
    emu = await startNetsvcEmulator({
      clock: { speed: 1 },
      provisioning: { configuredAfterMs: 3_600_000, liveAfterMs: 7_200_000 },
    });
    const error = (await Port.create(port, { provider: provider(), waitMinutes: 0.002 }).catch(
      (e: unknown) => e,
    )) as WaitError;
    expect(error).toBeInstanceOf(WaitError);
    expect(error.outcome).toBe("timeout");
    expect(error.importId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toContain(`import("${error.importId}")`);
    const adopted = await Port.import(error.importId!, { provider: provider() });
    expect(adopted.productUid).toBe(error.importId);
    expect(emu.state.buyCount()).toBe(1);
  });
});

describe("LagPort", () => {
  it("orders several member ports and reports them", async () => {
    const args: LagPortArgs = {
      productName: "lag",
      contractTermMonths: 12,
      locationId: 3,
      marketplaceVisibility: false,
      portSpeed: 10000,
      lagCount: 2,
    };
    const lag = await LagPort.create(args, { provider: provider() });
    expect(lag.lagCount).toBe(2);
    expect(lag.lagPortUids).toHaveLength(2);
    expect(lag.lagPortUids).toContain(lag.productUid);
  });
});

describe("McrPrefixFilterList", () => {
  const list = (mcrId: string) => ({
    mcrId,
    description: "allowed",
    addressFamily: "IPv4" as const,
    entries: [{ action: "permit" as const, prefix: "10.0.0.0/8", ge: 16, le: 24 }],
  });

  it("is created, read back with ge/le normalised, updated, imported by <mcr>:<id> and deleted through a 409", async () => {
    const mcr = await new Client(emu).buyMcr();
    const created = await McrPrefixFilterList.create(list(mcr), { provider: provider() });
    expect(created.mcrPrefixFilterListId).toBeGreaterThan(0);
    expect(created.diff(list(mcr)).changes).toEqual([]);
    await created.update({ ...list(mcr), description: "allowed, v2" });
    expect(created.description).toBe("allowed, v2");
    const imported = await McrPrefixFilterList.import(`${mcr}:${created.mcrPrefixFilterListId}`, {
      provider: provider(),
    });
    expect(imported.diff({ ...list(mcr), description: "allowed, v2" }).changes).toEqual([]);
    await expect(McrPrefixFilterList.import(`${mcr}:zero`, { provider: provider() })).rejects.toThrow(
      'McrPrefixFilterList id "' + mcr + ':zero" has mcrPrefixFilterListId "zero", which must be a positive integer',
    );
    emu.state.setPrefixListInUse(mcr, created.mcrPrefixFilterListId!, true);
    setTimeout(() => emu.state.setPrefixListInUse(mcr, created.mcrPrefixFilterListId!, false), 50);
    const p = provider();
    await McrPrefixFilterList.get(created.id, { provider: p }).then((l) => l.delete());
    expect(emu.state.requests({ method: "DELETE" }).length).toBeGreaterThanOrEqual(2);
  });

  it("sends the address family in its canonical spelling, however the caller cased it", async () => {
    const mcr = await new Client(emu).buyMcr();
    // A program without types may write it in any case (the seed: case-insensitive).
    const args = { ...list(mcr), addressFamily: "ipv4" as "IPv4" };
    const created = await McrPrefixFilterList.create(args, { provider: provider() });
    const sent = () =>
      JSON.parse(
        emu.state
          .requests({ path: "/prefixList" })
          .filter((r) => r.method !== "GET")
          .at(-1)!.body!,
      ) as Record<string, unknown>;
    expect(sent().addressFamily).toBe("IPv4");
    expect(created.diff(args).changes).toEqual([]);
    await created.update({ ...args, description: "v2" });
    expect(sent().addressFamily).toBe("IPv4");
  });
});

describe("getLocation", () => {
  it("finds a location by id or by name, and warns that siteCode filters nothing", async () => {
    const byId = await getLocation({ id: 3 }, { provider: provider() });
    expect(byId).toMatchObject({ id: 3, name: "Equinix SY1" });
    // v3 has no products object: what can be ordered there comes from the location's diversity zones.
    expect(byId.products).toEqual({
      mcr: true,
      ports: [1000, 10000, 100000],
      mcr2: [1000, 2500, 5000, 10000, 25000, 50000, 100000],
    });
    expect((await getLocation({ name: "Equinix SY1" }, { provider: provider() })).id).toBe(3);
    const warnings: string[] = [];
    setWarningSink((w) => warnings.push(w));
    await getLocation({ id: 3, siteCode: "syd" }, { provider: provider() });
    expect(warnings).toEqual([expect.stringContaining("siteCode is deprecated")]);
    await expect(getLocation({ id: 999_999 }, { provider: provider() })).rejects.toThrow("no location with id 999999");
    emu.state.clearRequests();
    await expect(getLocation({}, { provider: provider() })).rejects.toBeInstanceOf(ValidationError);
    expect(emu.state.requests().filter((r) => r.path !== "/oauth2/token")).toEqual([]);
  });
});

describe("secrets", () => {
  it("never appear in debug logs, errors or JSON", async () => {
    const p = provider();
    const created = await Port.create(port, { provider: p });
    const failure = await Port.get("no-such-product", { provider: p }).catch((e: unknown) => e);
    const text = [
      ...logs,
      String(failure),
      JSON.stringify(created),
      JSON.stringify(p.config),
      JSON.stringify(p.terraformConfig()),
    ].join("\n");
    expect(logs.length).toBeGreaterThan(0);
    expect(text).not.toContain(emu.credentials.secretKey);
    const tokens = emu.state
      .requests()
      .flatMap((r) => /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ""))?.[1] ?? []);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(text).not.toContain(token);
  });
});

describe("ServiceKey", () => {
  it("is created on a port, read back with its key as a Secret, updated, imported by its value and deactivated", async () => {
    const portUid = await new Client(emu).buyPort();
    const args = {
      productUid: portUid,
      maxSpeed: 1000,
      singleUse: true,
      active: true,
      vlan: 100,
      description: "for acme",
    };
    const key = await ServiceKey.create(args, { provider: provider() });
    const value = key.key.reveal();
    expect(value).toMatch(/^[0-9a-f-]{36}$/);
    expect(key.diff(args).changes).toEqual([]);
    await key.update({
      ...args,
      validFor: { startTime: "2026-02-01T00:00:00.000Z", endTime: "2026-03-01T00:00:00.000Z" },
    });
    expect(key.validFor).toEqual({ startTime: "2026-02-01T00:00:00.000Z", endTime: "2026-03-01T00:00:00.000Z" });
    // The same instants written another way (no milliseconds, an offset) are no change.
    expect(
      key.diff({ ...args, validFor: { startTime: "2026-02-01T00:00:00Z", endTime: "2026-03-01T01:00:00+01:00" } })
        .changes,
    ).toEqual([]);
    expect(
      key.diff({ ...args, validFor: { startTime: "2026-02-01T00:00:01Z", endTime: "2026-03-01T00:00:00Z" } }).changes,
    ).toEqual([expect.objectContaining({ field: "validFor" })]);
    const imported = await ServiceKey.import(value, { provider: provider() });
    expect(
      imported.diff({
        ...args,
        validFor: { startTime: "2026-02-01T00:00:00.000Z", endTime: "2026-03-01T00:00:00.000Z" },
      }).changes,
    ).toEqual([]);
    await imported.delete();
    expect((await ServiceKey.get(value, { provider: provider() })).active).toBe(false);
    const missing = await ServiceKey.get("00000000-0000-4000-8000-000000000000", { provider: provider() }).catch(
      (e: unknown) => e,
    );
    const printed = [String(missing), JSON.stringify(key), JSON.stringify(imported), ...logs].join("\n");
    expect(printed).not.toContain(value);
    expect(printed).not.toContain("00000000-0000-4000-8000-000000000000");
  });
});

describe("Mcr and McrIpsecAddon", () => {
  const mcr = { productName: "core", contractTermMonths: 1, locationId: 3, portSpeed: 5000 } as const;

  it("creates an MCR with its default ASN, changes the ASN in place, and replaces on a speed change only when allowed", async () => {
    const router = await Mcr.create(mcr, { provider: provider() });
    expect(router.asn).toBe(133937);
    // Omitted, the ASN goes out at its schema default, as its docs say.
    expect(JSON.stringify(emu.state.buyBodies().at(-1))).toContain('"mcrAsn":133937');
    expect(router.diff(mcr).changes).toEqual([]);
    await router.update({ ...mcr, asn: 64512 });
    expect(router.asn).toBe(64512);
    expect(emu.state.lastRequest({ method: "PUT", path: "/v2/product/mcr2/" })).toBeDefined();
    expect(router.diff({ ...mcr, asn: 64512, portSpeed: 10000 }).replaces).toBe(true);
    await expect(router.update({ ...mcr, asn: 64512, portSpeed: 10000 })).rejects.toBeInstanceOf(
      ReplacementRequiredError,
    );
    const imported = await Mcr.import(router.productUid!, { provider: provider({ cancelAtEndOfTerm: true }) });
    expect(imported.diff({ ...mcr, asn: 64512 }).changes).toEqual([]);
    await imported.delete();
    expect(emu.state.lastRequest({ method: "POST", path: "/action/" })!.path).toContain("/action/CANCEL_NOW");
  });

  it("creates the deprecated inline prefix filter lists through the prefix-list endpoint, never in the order", async () => {
    const entries = [{ prefix: "10.0.0.0/8", action: "permit", le: 24 }] as const;
    const lists = [{ description: "inline", addressFamily: "IPv4", entries }] as const;
    const warnings: string[] = [];
    setWarningSink((w) => warnings.push(w));
    const router = await Mcr.create({ ...mcr, prefixFilterLists: [...lists] }, { provider: provider() });
    expect(warnings).toEqual([
      expect.stringContaining("Mcr: prefixFilterLists is deprecated: Use the McrPrefixFilterList"),
    ]);
    const buy = emu.state.buyBodies().at(-1);
    expect(JSON.stringify(buy)).not.toContain("prefixFilterLists");
    const created = emu.state.lastRequest({ method: "POST", path: `/v2/product/mcr2/${router.productUid}/prefixList` });
    expect(JSON.parse(created!.body)).toEqual({
      description: "inline",
      addressFamily: "IPv4",
      entries: [{ prefix: "10.0.0.0/8", action: "permit", le: 24 }],
    });
    // Created with the MCR only: a later change to them is not compared (McrPrefixFilterList manages lists).
    expect(router.diff({ ...mcr, prefixFilterLists: [] }).changes).toEqual([]);
  });

  it("adds, changes, imports and removes an IPsec add-on, waiting while tunnels still use it", async () => {
    const router = await Mcr.create(mcr, { provider: provider() });
    // A tunnel pack is bought: like an order, not before the purchase terms are accepted.
    emu.state.clearRequests();
    await expect(
      McrIpsecAddon.create(
        { mcrId: router.productUid!, tunnelCount: 10 },
        { provider: provider({ acceptPurchaseTerms: false }) },
      ),
    ).rejects.toThrow("accept the API terms first");
    expect(emu.state.requests().filter((r) => r.method !== "GET")).toEqual([]);
    const addOn = await McrIpsecAddon.create({ mcrId: router.productUid!, tunnelCount: 10 }, { provider: provider() });
    expect(addOn.id).toBe(`${router.productUid}:${addOn.addOnUid}`);
    await addOn.update({ mcrId: router.productUid!, tunnelCount: 20 });
    expect(addOn.tunnelCount).toBe(20);
    const imported = await McrIpsecAddon.import(addOn.id, { provider: provider() });
    expect(imported.diff({ mcrId: router.productUid!, tunnelCount: 20 }).changes).toEqual([]);
    emu.state.setConfiguredTunnels(router.productUid!, 4);
    setTimeout(() => emu.state.setConfiguredTunnels(router.productUid!, 0), 50);
    await imported.delete();
    await expect(McrIpsecAddon.get(addOn.id, { provider: provider() })).rejects.toThrow("does not exist");
  });

  it("sends an add-on field its schema gains, though a hook makes the add-on", async () => {
    const router = await Mcr.create(mcr, { provider: provider() });
    // The descriptor a schema with one more input would generate.
    const label: FieldSpec = { wire: "tunnelLabel", mode: "optional", type: { kind: "string" } };
    const d = { ...McrIpsecAddon.descriptor, fields: { ...McrIpsecAddon.descriptor.fields, tunnelLabel: label } };
    const addOn = await createResource(
      McrIpsecAddon,
      d,
      { mcrId: router.productUid!, tunnelCount: 10, tunnelLabel: "L1" },
      provider(),
    );
    const sent = emu.state.lastRequest({ method: "POST", path: "/addon" })!;
    expect(JSON.parse(sent.body)).toEqual({ addOnType: "IP_SEC", tunnelCount: 10, tunnelLabel: "L1" });
    expect(addOn.addOnUid).toBeDefined();
  });
});

describe("Ix", () => {
  it("is ordered on a port, updated in place, imported with an empty diff, and cancelled", async () => {
    const portUid = await new Client(emu).buyPort();
    const args = {
      productName: "peering",
      requestedProductUid: portUid,
      networkServiceType: "Sydney IX",
      macAddress: "00:1a:2b:3c:4d:5e",
      rateLimit: 1000,
      vlan: 100,
    };
    const ix = await Ix.create(args, { provider: provider() });
    expect(["CONFIGURED", "LIVE"]).toContain(ix.provisioningStatus);
    expect(ix.diff(args).changes).toEqual([]);
    await ix.update({ ...args, rateLimit: 500, productName: "peering-2" });
    expect(ix.rateLimit).toBe(500);
    expect(emu.state.lastRequest({ method: "PUT", path: "/v2/product/ix/" })).toBeDefined();
    const imported = await Ix.import(ix.productUid!, { provider: provider() });
    expect(imported.diff({ ...args, rateLimit: 500, productName: "peering-2" }).changes).toEqual([]);
    await imported.delete();
    expect(emu.state.lastRequest({ method: "POST", path: "/action/" })!.path).toContain("CANCEL_NOW");
  });

  it("ordered shut down, reads back shut down (from its VPLS interface): no change on the next diff", async () => {
    const portUid = await new Client(emu).buyPort();
    const args = {
      productName: "quiet",
      requestedProductUid: portUid,
      networkServiceType: "Sydney IX",
      macAddress: "00:1a:2b:3c:4d:5e",
      rateLimit: 1000,
      vlan: 100,
      shutdown: true,
    };
    const ix = await Ix.create(args, { provider: provider() });
    expect(ix.shutdown).toBe(true);
    expect(ix.diff(args).changes).toEqual([]);
    const imported = await Ix.import(ix.productUid!, { provider: provider() });
    expect(imported.shutdown).toBe(true);
  });

  it("has read-only attribute tags: the IX API has no place to set them, so one given is refused before any request", async () => {
    const portUid = await new Client(emu).buyPort();
    const args = {
      productName: "tagged",
      requestedProductUid: portUid,
      networkServiceType: "Sydney IX",
      macAddress: "00:1a:2b:3c:4d:5e",
      rateLimit: 1000,
      vlan: 100,
    };
    emu.state.clearRequests();
    const error = await Ix.create({ ...args, attributeTags: { team: "net" } } as typeof args, {
      provider: provider(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(String(error)).toContain("attributeTags");
    expect(emu.state.requests()).toEqual([]);
    const ix = await Ix.create(args, { provider: provider() });
    expect(ix.attributeTags).toEqual({});
    await ix.update(args);
  });

  it("sets at creation what the order item cannot carry, by the modify call, and refuses an exchange change before any request", async () => {
    const portUid = await new Client(emu).buyPort();
    const args = {
      productName: "peering",
      requestedProductUid: portUid,
      networkServiceType: "Sydney IX",
      macAddress: "00:1a:2b:3c:4d:5e",
      rateLimit: 1000,
      vlan: 100,
      costCentre: "cc-7",
      publicGraph: true,
      reverseDns: "peer.example.net",
    };
    const ix = await Ix.create(args, { provider: provider() });
    const modify = emu.state.lastRequest({ method: "PUT", path: `/v2/product/ix/${ix.productUid}` });
    expect(JSON.parse(modify!.body)).toEqual({ costCentre: "cc-7", publicGraph: true, reverseDns: "peer.example.net" });
    expect(ix.diff(args).changes).toEqual([]);
    const moved = { ...args, networkServiceType: "Los Angeles IX" };
    expect(ix.diff(moved).changes[0]).toMatchObject({ field: "networkServiceType", rejected: expect.any(String) });
    emu.state.clearRequests();
    await expect(ix.update(moved)).rejects.toThrow("Ix.networkServiceType cannot be changed after creation");
    expect(emu.state.requests().filter((r) => r.method !== "GET")).toEqual([]);
  });
});

describe("Mve", () => {
  const mve = {
    productName: "edge-fw",
    contractTermMonths: 1 as const,
    locationId: 3,
    vendorConfig: {
      vendor: "fortinet" as const,
      imageId: 83,
      productSize: "SMALL" as const,
      licenseData: secret("LICENSE-123"),
    },
    vnics: [{ description: "inside" }, { description: "outside" }],
  };

  it("orders the vendor's bootstrap data (secrets only in the order), keeps the never-returned config, and adopts it after import", async () => {
    const edge = await Mve.create(mve, { provider: provider() });
    expect(edge.vendor?.toLowerCase()).toBe("fortinet");
    const sent = emu.state.buyBodies().at(-1) as {
      networkDesign: { vendorConfig: Record<string, unknown>; vnics: unknown[] }[];
    };
    expect(sent.networkDesign[0]!.vendorConfig).toMatchObject({
      vendor: "fortinet",
      imageId: 83,
      productSize: "SMALL",
      licenseData: "LICENSE-123",
    });
    expect(sent.networkDesign[0]!.vnics).toEqual([
      { description: "inside", vlan: 0 },
      { description: "outside", vlan: 0 },
    ]);
    expect(edge.diff(mve).changes).toEqual([]);
    expect(edge.diff({ ...mve, vendorConfig: { ...mve.vendorConfig, imageId: 84 } }).changes).toEqual([
      expect.objectContaining({ field: "vendorConfig", replaces: true }),
    ]);
    await edge.update({ ...mve, productName: "edge-fw-2" });
    expect(edge.productName).toBe("edge-fw-2");
    const imported = await Mve.import(edge.productUid!, { provider: provider() });
    expect(imported.diff({ ...mve, productName: "edge-fw-2" }).changes).toEqual([]);
    expect([JSON.stringify(edge), JSON.stringify(imported), ...logs].join("\n")).not.toContain("LICENSE-123");
    await imported.delete();
  });

  it("leaves the vNICs to the vendor's minimum when none are given (2 for Palo Alto), and reads them back without a diff", async () => {
    const args = {
      productName: "edge-pa",
      contractTermMonths: 1 as const,
      locationId: 3,
      vendorConfig: { vendor: "palo_alto" as const, imageId: 101, productSize: "SMALL" as const },
    };
    const edge = await Mve.create(args, { provider: provider() });
    const sent = emu.state.buyBodies().at(-1) as { networkDesign: Record<string, unknown>[] };
    expect(sent.networkDesign[0]).not.toHaveProperty("vnics");
    expect(edge.vnics).toHaveLength(2);
    expect(edge.diff(args).changes).toEqual([]);
  });
});

describe("Vxc", () => {
  const vrouter = (peerAsn: number) => ({
    partner: "vrouter" as const,
    interfaces: [
      {
        ipAddresses: ["10.0.0.1/30"],
        bgpConnections: [{ peerAsn, localIpAddress: "10.0.0.1", peerIpAddress: "10.0.0.2" }],
      },
    ],
  });

  it("connects an MCR and a port, updates in place (a vrouter config too), and adopts partner configs after import", async () => {
    const c = new Client(emu);
    const [mcr, portUid] = [await c.buyMcr(), await c.buyPort()];
    const args = {
      productName: "link",
      contractTermMonths: 1 as const,
      rateLimit: 500,
      aEnd: { productUid: mcr },
      bEnd: { productUid: portUid },
      aEndPartnerConfig: vrouter(65000),
    };
    const vxc = await Vxc.create(args, { provider: provider() });
    expect(["CONFIGURED", "LIVE"]).toContain(vxc.provisioningStatus);
    expect(vxc.aEnd?.assignedProductUid).toBe(mcr);
    const sent = emu.state.buyBodies().at(-1) as {
      networkDesign: { associatedVxcs: { aEnd: Record<string, unknown> }[] }[];
    };
    expect(sent.networkDesign[0]!.associatedVxcs[0]!.aEnd.partnerConfig).toEqual({
      // bfd goes on every interface, as {} when not given (wire reference §5.4).
      interfaces: [expect.objectContaining({ ipAddresses: ["10.0.0.1/30"], bfd: {} })],
    });
    expect(vxc.diff(args).changes).toEqual([]);
    const changed = { ...args, rateLimit: 1000, aEndPartnerConfig: vrouter(65001) };
    expect(vxc.diff(changed).replaces).toBe(false);
    await vxc.update(changed);
    expect(vxc.rateLimit).toBe(1000);
    const put = JSON.parse(emu.state.lastRequest({ method: "PUT", path: "/v3/product/vxc/" })!.body);
    expect(put.aEndConfig.interfaces[0].bfd).toEqual({});
    const imported = await Vxc.import(vxc.productUid!, { provider: provider() });
    expect(imported.diff(changed).changes).toEqual([]);
    await imported.delete();
  });

  it("refuses, before any request, an end's change the update call has no place for; a VLAN beside it is sent", async () => {
    const c = new Client(emu);
    const [mcr, portUid] = [await c.buyMcr(), await c.buyPort()];
    const args = {
      productName: "zoned",
      contractTermMonths: 1 as const,
      rateLimit: 100,
      aEnd: { productUid: mcr, diversityZone: "red" as const },
      bEnd: { productUid: portUid },
    };
    const vxc = await Vxc.create(args, { provider: provider() });
    // Never read back, the zone is kept from the order: the next diff is empty.
    expect(vxc.diff(args).changes).toEqual([]);
    emu.state.clearRequests();
    const moved = { ...args, aEnd: { ...args.aEnd, diversityZone: "blue" as const } };
    await expect(vxc.update(moved)).rejects.toThrow(
      "Vxc.aEnd.diversityZone cannot be changed in place: the VXC update call has no place for it",
    );
    expect(emu.state.requests().filter((r) => r.method !== "GET")).toEqual([]);
    // The zone unchanged, the end's VLAN is updated as ever.
    await vxc.update({ ...args, aEnd: { ...args.aEnd, vlan: 200 } });
    expect(JSON.parse(emu.state.lastRequest({ method: "PUT", path: "/v3/product/vxc/" })!.body)).toMatchObject({
      aEndVlan: 200,
    });
  });

  it("to a cloud: replaces on a partner config change, and the config is sent with its connectType", async () => {
    const mcr = await new Client(emu).buyMcr();
    const aws = (ownerAccount: string) => ({
      partner: "aws" as const,
      connectType: "AWS" as const,
      type: "private" as const,
      ownerAccount,
      name: "vif",
    });
    const args = {
      productName: "to-aws",
      contractTermMonths: 1 as const,
      rateLimit: 100,
      aEnd: { productUid: mcr },
      bEnd: { productUid: AWS_PORT },
      bEndPartnerConfig: aws("123456789012"),
    };
    const vxc = await Vxc.create(args, { provider: provider() });
    const sent = emu.state.buyBodies().at(-1) as {
      networkDesign: { associatedVxcs: { bEnd: Record<string, unknown> }[] }[];
    };
    expect(sent.networkDesign[0]!.associatedVxcs[0]!.bEnd.partnerConfig).toEqual({
      connectType: "AWS",
      type: "private",
      ownerAccount: "123456789012",
      name: "vif",
    });
    // A read cannot tell a write-only input: it stays as the object was given it.
    await vxc.refresh();
    const diff = vxc.diff({ ...args, bEndPartnerConfig: aws("210987654321") });
    expect(diff.changes).toEqual([expect.objectContaining({ field: "bEndPartnerConfig", replaces: true })]);
  });

  it("to the internet: a transit config, which names no field, still goes out with its connectType", async () => {
    const mcr = await new Client(emu).buyMcr();
    const args = {
      productName: "to-internet",
      contractTermMonths: 1 as const,
      rateLimit: 100,
      aEnd: { productUid: mcr },
      bEnd: { productUid: TRANSIT_PORT },
      bEndPartnerConfig: { partner: "transit" as const },
    };
    const vxc = await Vxc.create(args, { provider: provider() });
    const sent = emu.state.buyBodies().at(-1) as {
      networkDesign: { associatedVxcs: { bEnd: Record<string, unknown> }[] }[];
    };
    expect(sent.networkDesign[0]!.associatedVxcs[0]!.bEnd.partnerConfig).toEqual({ connectType: "TRANSIT" });
    expect(vxc.diff(args).changes).toEqual([]);
  });

  it("a partner config added to a VXC made without one: a vrouter config is sent in place, a cloud one replaces", async () => {
    const c = new Client(emu);
    const [mcr, portUid] = [await c.buyMcr(), await c.buyPort()];
    const args = {
      productName: "plain",
      contractTermMonths: 1 as const,
      rateLimit: 500,
      aEnd: { productUid: mcr },
      bEnd: { productUid: portUid },
    };
    const vxc = await Vxc.create(args, { provider: provider() });
    const withRouting = { ...args, aEndPartnerConfig: vrouter(65010) };
    expect(vxc.diff(withRouting).changes).toEqual([
      expect.objectContaining({ field: "aEndPartnerConfig", replaces: false }),
    ]);
    await vxc.update(withRouting);
    expect(emu.state.lastRequest({ method: "PUT", path: "/v3/product/vxc/" })!.body).toContain('"aEndConfig"');
    const withCloud = { ...args, bEndPartnerConfig: { partner: "google" as const, pairingKey: "k/1" } };
    expect(vxc.diff(withCloud).changes).toContainEqual(
      expect.objectContaining({ field: "bEndPartnerConfig", replaces: true }),
    );
  });

  it("refuses VLAN 0 before any request: omitted is how the service is asked to choose one", async () => {
    const c = new Client(emu);
    const [mcr, portUid] = [await c.buyMcr(), await c.buyPort()];
    const bought = emu.state.buyCount();
    const args = {
      productName: "any-vlan",
      contractTermMonths: 1 as const,
      rateLimit: 100,
      aEnd: { productUid: mcr, vlan: 0 },
      bEnd: { productUid: portUid },
    };
    const error = await Vxc.create(args, { provider: provider() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(String(error)).toContain("Vxc.aEnd.vlan must not be 0");
    expect(emu.state.buyCount()).toBe(bought);
    // Omitted, the service chooses, and the next diff shows no change.
    const vxc = await Vxc.create({ ...args, aEnd: { productUid: mcr } }, { provider: provider() });
    expect(vxc.aEnd?.vlan).toEqual(expect.any(Number));
    expect(vxc.diff({ ...args, aEnd: { productUid: mcr } }).changes).toEqual([]);
  });

  it("stops waiting when the other party must approve it, and says so", async () => {
    const portUid = await new Client(emu).buyPort();
    const args = {
      productName: "to-acme",
      contractTermMonths: 1 as const,
      rateLimit: 100,
      aEnd: { productUid: portUid },
      bEnd: { productUid: ACME_PORT },
    };
    const error = (await Vxc.create(args, { provider: provider() }).catch((e: unknown) => e)) as WaitError;
    expect(error).toBeInstanceOf(WaitError);
    expect(error.outcome).toBe("blocked");
    expect(error.message).toContain("waits for the other party's approval");
    expect(error.message).toContain(`import("${error.importId}")`);
    emu.state.approveVxc(error.importId!);
    const vxc = await Vxc.import(error.importId!, { provider: provider() });
    expect(vxc.productName).toBe("to-acme");
    expect(emu.state.buyCount()).toBe(2);
  });
});
