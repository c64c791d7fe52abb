import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { getPath, setPath, ValidationError } from "@sdkgen/runtime";
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";

// Nothing listens here: every case must fail validation before any request is attempted.
const provider = new netsvc.Provider(
  { acceptPurchaseTerms: true, accessKey: "a", secretKey: "s", endpoint: "http://127.0.0.1:9" },
  {},
);
const port: netsvc.PortArgs = {
  productName: "edge",
  locationId: 3,
  portSpeed: 10000,
  marketplaceVisibility: false,
  contractTermMonths: 1,
};

/** The ValidationError a call rejects (or throws) with; fails on anything else, a TypeError above all. */
async function rejection(call: () => unknown): Promise<ValidationError> {
  let error: unknown;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  if (!(error instanceof ValidationError))
    throw new Error(`expected a ValidationError, got ${inspect(error, { depth: 1 }).slice(0, 300)}`);
  return error;
}

const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;
let deep: unknown = "bottom";
for (let i = 0; i < 10_000; i++) deep = { d: deep };

describe("hostile values get a ValidationError naming the field, before any request", () => {
  it.each([
    ["a BigInt", 10n],
    ["a Symbol", Symbol("s")],
    ["a function", () => "x"],
    ["a cyclic object", cyclic],
    ["an object 10,000 levels deep", deep],
  ])("%s as a string input", async (_what, value) => {
    const e = await rejection(() => netsvc.Port.create({ ...port, productName: value as never }, { provider }));
    expect(e.issues.map((i) => i.path)).toEqual(["Port.productName"]);
    expect(e.message.length).toBeLessThan(300);
  });

  it.each([
    ["a BigInt", 10n],
    ["a Symbol", Symbol("s")],
    ["a cyclic object", cyclic],
  ])("%s as a map value", async (_what, value) => {
    const e = await rejection(() =>
      netsvc.Port.create({ ...port, resourceTags: { team: value as never } }, { provider }),
    );
    expect(e.issues.map((i) => i.path)).toEqual(["Port.resourceTags.team"]);
  });

  it("values the service refuses: an empty name, a rate limit below 1, ASN 0", async () => {
    const vxc = {
      productName: "v",
      contractTermMonths: 1,
      aEnd: { productUid: "a" },
      bEnd: { productUid: "b" },
    } as const;
    const mcr = { productName: "r", contractTermMonths: 1, locationId: 3, portSpeed: 5000 } as const;
    const cases: [() => unknown, string][] = [
      [() => netsvc.Port.create({ ...port, productName: "" }, { provider }), "Port.productName"],
      [() => netsvc.Vxc.create({ ...vxc, rateLimit: -5 }, { provider }), "Vxc.rateLimit"],
      [() => netsvc.Mcr.create({ ...mcr, asn: 0 }, { provider }), "Mcr.asn"],
    ];
    for (const [call, path] of cases) expect((await rejection(call)).issues.map((i) => i.path)).toEqual([path]);
  });

  it("a sparse list: the missing item is named, not sent as null", async () => {
    // eslint-disable-next-line no-sparse-arrays
    const addresses = ["10.0.0.0/24", , "10.0.2.0/24"] as string[];
    const e = await rejection(() =>
      netsvc.McrPrefixFilterList.create(
        {
          mcrId: "mcr-1",
          description: "list",
          addressFamily: "IPv4",
          entries: addresses.map((prefix) => ({ action: "permit", prefix })),
        },
        { provider },
      ),
    );
    expect(e.issues.map((i) => i.path)).toContain("McrPrefixFilterList.entries[1]");
  });

  it("a huge unknown key is cut in the message", async () => {
    const key = "k".repeat(1_000_000);
    const e = await rejection(() => netsvc.Port.create({ ...port, [key]: 1 } as never, { provider }));
    expect(e.message.length).toBeLessThan(500);
  });

  it.each([NaN, -1, 0, Infinity])("waitMinutes %s", async (waitMinutes) => {
    const e = await rejection(() => netsvc.Port.create(port, { provider, waitMinutes }));
    expect(e.issues.map((i) => i.path)).toEqual(["waitMinutes"]);
  });

  it.each([null, 42, "key", [1]])("provider arguments %j", async (args) => {
    const e = await rejection(() => new netsvc.Provider(args as never, {}).check());
    expect(e.message).toMatch(/netsvc provider arguments must be an object/);
  });

  it("a line break in a value that would become a header", async () => {
    const e = await rejection(() =>
      new cloudplat.Provider({ secretId: "id", secretKey: "k", region: "ap-guangzhou\r\nX-Evil: 1" }, {}).check(),
    );
    expect(e.issues.map((i) => i.path)).toEqual(["cloudplat.region"]);
  });
});

describe("wire paths", () => {
  it("place a value under __proto__ as an own key, never on the prototype of every object", () => {
    const body: Record<string, unknown> = {};
    setPath(body, "__proto__.polluted", "PWNED");
    setPath(body, "constructor", "c");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(body))).toEqual(
      JSON.parse('{"__proto__":{"polluted":"PWNED"},"constructor":"c"}'),
    );
    expect(getPath(body, "__proto__.polluted")).toBe("PWNED");
    expect(getPath({}, "constructor")).toBeUndefined();
  });
});
