import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ManagedResource } from "@sdkgen/runtime";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { stopClean } from "../emulators/netsvc/testkit.js";
import { probePackage } from "./probePackage.js";

// Issue 10's probe: an input added to port.yaml alone (lacpEnabled, which the emulator knows and no
// real service does) reaches the wire on create and on update, and the object then reads back equal
// to what was asked. The package is generated here with that edit; the shipped schemas lack the field.
let emu: NetsvcEmulator;
beforeEach(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
});
afterEach(() => stopClean(emu));

type Port = ManagedResource & { lacpEnabled?: boolean; productUid?: string };
type PortClass = {
  create(args: object, options: object): Promise<Port>;
  get(id: string, options: object): Promise<Port>;
};
let probe: { Port: PortClass; Provider: new (...args: unknown[]) => object };
beforeAll(async () => {
  probe = (await probePackage("lacp", "netsvc", {
    file: "resources/port.yaml",
    after: "fields:\n",
    insert:
      "  lacpEnabled:\n    type: boolean\n    mode: optional\n    description: Whether LACP is enabled on the port.\n",
  })) as unknown as typeof probe;
}, 60_000);

const provider = () =>
  new probe.Provider(
    {
      endpoint: emu.url,
      accessKey: emu.credentials.accessKey,
      secretKey: emu.credentials.secretKey,
      acceptPurchaseTerms: true,
      waitTime: 1,
    },
    {},
    { pollMs: 20 },
  );
const port = {
  productName: "edge",
  contractTermMonths: 12,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
};
const bodyOf = (method: string, path: string): Record<string, unknown> =>
  JSON.parse(emu.state.lastRequest({ method, path })!.body) as Record<string, unknown>;

describe("a field added by a YAML edit alone (Port.lacpEnabled)", () => {
  it("is sent in the order and the modify body, read back, and leaves no diff after update", async () => {
    const p = await probe.Port.create({ ...port, lacpEnabled: true }, { provider: provider() });
    const buy = bodyOf("POST", "/v4/networkdesign/buy") as { networkDesign: Record<string, unknown>[] };
    expect(buy.networkDesign[0]).toMatchObject({ productType: "MEGAPORT", lacpEnabled: true });
    expect(p.lacpEnabled).toBe(true);
    expect(p.diff({ ...port, lacpEnabled: true }).changes).toEqual([]);

    const desired = { ...port, lacpEnabled: false };
    expect(p.diff(desired).changes).toEqual([
      expect.objectContaining({ field: "lacpEnabled", replaces: false, from: true, to: false }),
    ]);
    await p.update(desired);
    expect(bodyOf("PUT", "/v2/product/megaport/")).toEqual({
      name: "edge",
      costCentre: "",
      marketplaceVisibility: false,
      lacpEnabled: false,
    });
    expect(p.lacpEnabled).toBe(false);
    expect(p.diff(desired).changes).toEqual([]);
    const again = await probe.Port.get(p.productUid!, { provider: provider() });
    expect(again.diff(desired).changes).toEqual([]);
  });
});
