import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "@sdkgen/runtime";
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { emulatorProvider } from "./netsvcKit.js";

// No key a program passes is ignored: settings, runtime options and call options each refuse an unknown
// one with a suggestion (or where a moved one went), and map inputs refuse the keys that would reach
// an object's prototype. All before any request.
const UID = "5d7a9c1e-a0a0-4b3d-9f2a-000000000001";
const port: netsvc.PortArgs = {
  productName: "edge",
  locationId: 3,
  portSpeed: 10000,
  marketplaceVisibility: false,
  contractTermMonths: 1,
};

let emu: NetsvcEmulator;
let provider: netsvc.Provider;
beforeAll(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  provider = emulatorProvider(emu);
});
afterAll(() => emu.stop());

const rejection = async (call: () => unknown): Promise<ValidationError> => {
  const error = await (async () => call())().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
};

describe("runtime options", () => {
  it("endpoint among cloudplat's runtime options says it is a setting now, at first use", async () => {
    const p = new cloudplat.Provider({ secretId: "AKIDx", secretKey: "k" }, {}, {
      endpoint: "http://127.0.0.1:9",
    } as never);
    const e = await rejection(() => cloudplat.getApiGatewayApis({ serviceId: "service-1" }, { provider: p }));
    expect(e.message).toMatch(/endpoint.* is a setting.*first argument/);
  });

  it("a misspelt runtime option gets a suggestion", async () => {
    const p = new netsvc.Provider({ accessKey: "a", secretKey: "s", acceptPurchaseTerms: true }, {}, {
      retries: 3,
    } as never);
    const e = await rejection(() => netsvc.Port.get(UID, { provider: p }));
    expect(e.message).toContain('"retries"');
    expect(e.message).toContain('did you mean "retry"');
  });
});

describe("call options", () => {
  it.each([
    [
      "get",
      () => netsvc.Port.get(UID, { provider, retries: 3 } as never),
      '"retries"',
      "its options are provider, signal",
    ],
    [
      "import",
      () => netsvc.Port.import(UID, { provider, signl: undefined } as never),
      '"signl"',
      'did you mean "signal"',
    ],
    [
      "find",
      () => netsvc.Port.find({}, { provider, retries: 3 } as never),
      '"retries"',
      "its options are provider, signal",
    ],
    [
      "create",
      () => netsvc.Port.create(port, { provider, waitMinute: 3 } as never),
      '"waitMinute"',
      'did you mean "waitMinutes"',
    ],
    [
      "a lookup",
      () => netsvc.getLocation({ id: 3 }, { provider, retries: 3 } as never),
      '"retries"',
      "its options are provider, signal",
    ],
  ])("%s refuses an unknown key, sending nothing", async (_what, call, key, hint) => {
    emu.state.clearRequests();
    const e = await rejection(call);
    expect(e.message).toContain(key);
    expect(e.message).toContain(hint);
    expect(emu.state.requests()).toEqual([]);
  });
});

describe("map inputs", () => {
  it.each(["__proto__", "constructor", "prototype"])("refuses the key %s, sending nothing", async (key) => {
    emu.state.clearRequests();
    const resourceTags = JSON.parse(`{"${key}": "x", "team": "a"}`) as Record<string, string>;
    const e = await rejection(() => netsvc.Port.create({ ...port, resourceTags }, { provider }));
    expect(e.issues.map((i) => i.path)).toEqual([`Port.resourceTags.${key}`]);
    expect(emu.state.requests()).toEqual([]);
  });
});

describe("configuration problems belong to the first use", () => {
  it("new Provider() without NETSVC_* variables does not throw; its first call names the variables", async () => {
    const p = new netsvc.Provider({}, {});
    const e = await rejection(() => netsvc.Port.get(UID, { provider: p }));
    expect(e.message).toContain("NETSVC_ACCESS_KEY");
    expect(String(p)).not.toContain("Error");
  });
});
