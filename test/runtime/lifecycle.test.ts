import { describe, expect, it } from "vitest";
import {
  diffInputs,
  formatImportId,
  parseImportId,
  secret,
  ServiceError,
  TransportError,
  ValidationError,
  waitFor,
  type WaitVerdict,
} from "@sdkgen/runtime";
import { apiGatewayUsagePlanAttachmentDescriptor } from "cloudplat";
import {
  mcrPrefixFilterListDescriptor,
  mveDescriptor,
  portDescriptor,
  serviceKeyDescriptor,
  vxcDescriptor,
} from "netsvc";
import { createMadeNothing } from "../../runtime/src/lifecycle/order.js";

const messageOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as ValidationError).issues[0]!.message;
  }
  return "no error";
};

describe("import ids, per each resource's format", () => {
  it("splits <mcr_uid>:<prefix_list_id> and checks the positive integer", () => {
    expect(parseImportId(mcrPrefixFilterListDescriptor, "mcr-1:42")).toEqual({
      mcrId: "mcr-1",
      mcrPrefixFilterListId: 42,
    });
    expect(messageOf(() => parseImportId(mcrPrefixFilterListDescriptor, "mcr-1:0"))).toBe(
      'McrPrefixFilterList id "mcr-1:0" has mcrPrefixFilterListId "0", which must be a positive integer; expected <mcrId>:<mcrPrefixFilterListId>',
    );
    expect(messageOf(() => parseImportId(mcrPrefixFilterListDescriptor, "mcr-1"))).toBe(
      'McrPrefixFilterList id "mcr-1" has 1 part, not 2; expected <mcrId>:<mcrPrefixFilterListId>',
    );
    expect(messageOf(() => parseImportId(mcrPrefixFilterListDescriptor, ":7"))).toContain("has an empty mcrId");
  });

  it("takes a service key's value whole", () => {
    expect(parseImportId(serviceKeyDescriptor, "e19de6a6-5354:x")).toEqual({
      key: "e19de6a6-5354:x",
    });
  });

  it("reads six '#' parts with optional and list parts, and formats them back", () => {
    const spec = apiGatewayUsagePlanAttachmentDescriptor.importId!;
    const parsed = parseImportId(
      apiGatewayUsagePlanAttachmentDescriptor,
      "usagePlan-1#service-2#release#API#api-3#AKID1,AKID2",
    );
    expect(parsed).toMatchObject({
      usagePlanId: "usagePlan-1",
      serviceId: "service-2",
      environment: "release",
      apiId: "api-3",
      accessKeyIds: ["AKID1", "AKID2"],
    });
    const noApi = parseImportId(apiGatewayUsagePlanAttachmentDescriptor, "usagePlan-1#service-2#release#SERVICE##");
    expect(noApi).not.toHaveProperty("apiId");
    expect(formatImportId(spec, parsed)).toBe("usagePlan-1#service-2#release#API#api-3#AKID1,AKID2");
  });
});

describe("diff: desired inputs against current state", () => {
  const port = {
    productName: "edge",
    contractTermMonths: 12,
    locationId: 5,
    marketplaceVisibility: false,
    portSpeed: 10000,
  };

  it("is empty for the same inputs, and ignores outputs and inputs the caller left out", () => {
    expect(
      diffInputs(portDescriptor.fields, port, { ...port, productUid: "p-1", diversityZone: "red", costCentre: "x" })
        .changes,
    ).toEqual([]);
  });

  it("says which changes update in place and which replace, with the schema's reason", () => {
    const d = diffInputs(portDescriptor.fields, { ...port, productName: "edge-2", portSpeed: 100000 }, port);
    expect(d.replaces).toBe(true);
    expect(d.changes).toEqual([
      { field: "portSpeed", replaces: true, reason: expect.stringMatching(/./) as unknown, from: 10000, to: 100000 },
      { field: "productName", replaces: false, from: "edge", to: "edge-2" },
    ]);
  });

  it("normalises case-insensitive enums and numbers read back as strings", () => {
    const desired = {
      mcrId: "m",
      description: "d",
      addressFamily: "ipv4",
      entries: [{ action: "permit", prefix: "10.0.0.0/8", ge: 16, le: 24 }],
    };
    const current = {
      ...desired,
      addressFamily: "IPv4",
      entries: [{ action: "permit", prefix: "10.0.0.0/8", ge: "16", le: "24" }],
    };
    expect(diffInputs(mcrPrefixFilterListDescriptor.fields, desired, current).changes).toEqual([]);
  });

  it("applies defaults on both sides", () => {
    const vxc = {
      productName: "v",
      contractTermMonths: 1,
      rateLimit: 100,
      aEnd: { productUid: "a" },
      bEnd: { productUid: "b" },
    };
    expect(diffInputs(vxcDescriptor.fields, { ...vxc, shutdown: false }, vxc).changes).toEqual([]);
  });

  it("shows of a nested object's current value only what it compared: the inputs the desired value sets", () => {
    const vxc = { productName: "v", contractTermMonths: 1, rateLimit: 100, bEnd: { productUid: "b" } };
    const read = { productUid: "a", vlan: 100, ownerUid: "o", locationId: 3, assignedProductUid: "a" };
    const d = diffInputs(
      vxcDescriptor.fields,
      { ...vxc, aEnd: { productUid: "a", vlan: 200 } },
      { ...vxc, aEnd: read },
    );
    expect(d.changes).toEqual([
      expect.objectContaining({
        field: "aEnd",
        from: { productUid: "a", vlan: 100 },
        to: { productUid: "a", vlan: 200 },
      }),
    ]);
  });

  it("updates a vrouter partner config in place but replaces for any other partner", () => {
    const vxc = {
      productName: "v",
      contractTermMonths: 1,
      rateLimit: 100,
      aEnd: { productUid: "a" },
      bEnd: { productUid: "b" },
    };
    const vrouter = (asn: number) => ({
      partner: "vrouter",
      interfaces: [
        {
          ipAddresses: ["10.0.0.1/30"],
          bgpConnections: [{ peerAsn: asn, localIpAddress: "10.0.0.1", peerIpAddress: "10.0.0.2" }],
        },
      ],
    });
    const inPlace = diffInputs(
      vxcDescriptor.fields,
      { ...vxc, aEndPartnerConfig: vrouter(65001) },
      { ...vxc, aEndPartnerConfig: vrouter(65000) },
    );
    expect(inPlace.changes.map((c) => [c.field, c.replaces])).toEqual([["aEndPartnerConfig", false]]);
    const aws = (account: string) => ({
      partner: "aws",
      connectType: "AWS",
      type: "private",
      ownerAccount: account,
      name: "x",
    });
    const replaced = diffInputs(
      vxcDescriptor.fields,
      { ...vxc, bEndPartnerConfig: aws("2") },
      { ...vxc, bEndPartnerConfig: aws("1") },
    );
    expect(replaced.changes.map((c) => [c.field, c.replaces])).toEqual([["bEndPartnerConfig", true]]);
  });

  it("adopts a write-only input the service never returned (after an import), and compares it once known", () => {
    const mve = {
      productName: "edge",
      contractTermMonths: 1,
      locationId: 3,
      vendorConfig: { vendor: "aruba", imageId: 1, productSize: "SMALL", accountName: "a" },
    };
    const imported = { productName: "edge", contractTermMonths: 1, locationId: 3 };
    expect(diffInputs(mveDescriptor.fields, mve, imported).changes).toEqual([]);
    const known = { ...imported, vendorConfig: { ...mve.vendorConfig, imageId: 2 } };
    expect(diffInputs(mveDescriptor.fields, mve, known).changes.map((c) => [c.field, c.replaces])).toEqual([
      ["vendorConfig", true],
    ]);
  });

  it("compares secrets by value and never shows them", () => {
    const vxc = {
      productName: "v",
      contractTermMonths: 1,
      rateLimit: 100,
      aEnd: { productUid: "a" },
      bEnd: { productUid: "b" },
    };
    expect(
      diffInputs(vxcDescriptor.fields, { ...vxc, serviceKey: secret("k-1") }, { ...vxc, serviceKey: "k-1" }).changes,
    ).toEqual([]);
    const d = diffInputs(vxcDescriptor.fields, { ...vxc, serviceKey: secret("k-2") }, { ...vxc, serviceKey: "k-1" });
    expect(d.changes).toEqual([
      {
        field: "serviceKey",
        replaces: true,
        reason: expect.stringMatching(/./) as unknown,
        from: "[secret]",
        to: "[secret]",
      },
    ]);
    expect(JSON.stringify(d)).not.toContain("k-1");
  });

  it("never shows a secret nested in an object, on either side of a change, given plain", () => {
    const mve = (licenseData: string) => ({
      productName: "edge",
      contractTermMonths: 1,
      locationId: 3,
      vendorConfig: { vendor: "fortinet", imageId: 1, productSize: "SMALL", adminSshPublicKey: "ssh", licenseData },
    });
    const d = diffInputs(mveDescriptor.fields, mve("hunter2-new-licence"), mve("hunter2-old-licence"), true);
    expect(d.changes.map((c) => c.field)).toEqual(["vendorConfig"]);
    expect(d.changes[0]).toMatchObject({
      from: { vendor: "fortinet", imageId: 1, licenseData: "[secret]" },
      to: { vendor: "fortinet", imageId: 1, licenseData: "[secret]" },
    });
    expect(JSON.stringify(d)).not.toContain("hunter2");
  });
});

describe("waiting for a state", () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, sleep: async (ms: number) => void (t += ms) };
  };
  const states = (...s: string[]) => {
    let i = 0;
    return async () => s[Math.min(i++, s.length - 1)]!;
  };
  const classify = (s: string): WaitVerdict =>
    ["LIVE", "CONFIGURED"].includes(s)
      ? { state: "ready", status: s }
      : s === "DECOMMISSIONED"
        ? { state: "failed", status: s, message: "it was cancelled" }
        : s === "PENDING_APPROVAL"
          ? { state: "blocked", status: s, message: "the other party must approve it" }
          : { state: "pending", status: s };

  it("reports each new status and stops when ready", async () => {
    const seen: string[] = [];
    const r = await waitFor(states("DEPLOYABLE", "DEPLOYABLE", "CONFIGURED"), classify, {
      timeoutMs: 60_000,
      ...clock(),
      onProgress: (s) => seen.push(s),
    });
    expect(r).toMatchObject({ outcome: "ready", status: "CONFIGURED" });
    expect(seen).toEqual(["DEPLOYABLE", "CONFIGURED"]);
  });

  it("fails fast on a terminal state and stops on one that needs a person", async () => {
    expect(
      await waitFor(states("DEPLOYABLE", "DECOMMISSIONED"), classify, { timeoutMs: 60_000, ...clock() }),
    ).toMatchObject({ outcome: "failed", message: "it was cancelled" });
    expect(await waitFor(states("PENDING_APPROVAL"), classify, { timeoutMs: 60_000, ...clock() })).toMatchObject({
      outcome: "blocked",
    });
  });

  it("times out within the bound, backing off between polls", async () => {
    const c = clock();
    let polls = 0;
    const r = await waitFor(async () => (polls++, "DEPLOYABLE"), classify, {
      timeoutMs: 60_000,
      firstDelayMs: 1000,
      maxDelayMs: 8000,
      ...c,
    });
    expect(r).toMatchObject({ outcome: "timeout", status: "DEPLOYABLE" });
    expect(c.now()).toBe(60_000);
    expect(polls).toBeLessThan(15);
  });
});

describe("createMadeNothing: whether a failed create's error proves nothing was made", () => {
  const ref = { method: "POST", path: "/buy" };
  it("says so of refused input, a refusal and a request that never left", () => {
    expect(createMadeNothing(new ValidationError([]))).toBe(true);
    expect(createMadeNothing(new ServiceError(ref, 400, "bad location"))).toBe(true);
    expect(createMadeNothing(new TransportError(ref, "refused", false))).toBe(true);
  });

  it("not of a server fault, a lost answer, an answer that could not be read, or an unknown error", () => {
    expect(createMadeNothing(new ServiceError(ref, 502, "bad gateway"))).toBe(false);
    expect(createMadeNothing(new ServiceError(ref, 200, "unreadable answer: <html>"))).toBe(false);
    expect(createMadeNothing(new TransportError(ref, "reset", true))).toBe(false);
    expect(createMadeNothing(new Error("the add-on was requested but reading it back failed"))).toBe(false);
  });
});
