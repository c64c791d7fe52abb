import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ValidationError } from "@sdkgen/runtime";
import * as netsvc from "netsvc";

// A call that passes no provider uses the one built from the environment (defaultProvider). Its
// configuration problems and the call's own argument problems come back together, in one error.
const NETSVC_VARIABLES = ["NETSVC_ACCESS_KEY", "NETSVC_SECRET_KEY", "NETSVC_ACCEPT_PURCHASE_TERMS", "NETSVC_ENDPOINT"];
beforeEach(() => {
  for (const name of NETSVC_VARIABLES) vi.stubEnv(name, undefined);
});
afterEach(() => vi.unstubAllEnvs());

/** The messages of the ValidationError `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues.map((i) => i.message);
}

const port: netsvc.PortArgs = {
  productName: "edge",
  contractTermMonths: 12,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
};

describe("configuration and argument problems together", () => {
  it("a create names the missing NETSVC_* variables and the bad argument in one ValidationError", async () => {
    const messages = await rejection(netsvc.Port.create({ ...port, portSpeed: 25000 as 10000 }));
    expect(messages.some((m) => m.includes("NETSVC_ACCESS_KEY"))).toBe(true);
    expect(messages.some((m) => m.includes("NETSVC_SECRET_KEY"))).toBe(true);
    expect(messages).toContain("Port.portSpeed must be one of 1000, 10000, 100000, 400000 (got 25000)");
  });

  it("so does a lookup", async () => {
    const messages = await rejection(netsvc.getLocation({ id: "three" as unknown as number }));
    expect(messages.some((m) => m.includes("NETSVC_ACCESS_KEY"))).toBe(true);
    expect(messages.some((m) => m.startsWith("getLocation.id must be"))).toBe(true);
  });

  it("and an import whose id does not parse", async () => {
    const messages = await rejection(netsvc.McrIpsecAddon.import("no-colon"));
    expect(messages.some((m) => m.includes("NETSVC_ACCESS_KEY"))).toBe(true);
    expect(messages.some((m) => m.includes("McrIpsecAddon"))).toBe(true);
  });

  it("with valid arguments, the configuration problems alone", async () => {
    const messages = await rejection(netsvc.Port.create(port));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => !m.startsWith("Port."))).toBe(true);
  });
});
