import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceError, TransportError, ValidationError } from "@sdkgen/runtime";
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";

// An error names its cause: the setting a bad header value came from, the token endpoint and the
// environment a key was refused in, the variable an unreachable address came from.
const UID = "5d7a9c1e-a0a0-4b3d-9f2a-000000000001";
let netsvcEmu: NetsvcEmulator;
let cloudplatEmu: CloudplatEmulator;
beforeAll(async () => {
  netsvcEmu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  cloudplatEmu = await startCloudplatEmulator();
});
afterAll(async () => {
  await netsvcEmu.stop();
  await cloudplatEmu.stop();
});

const failure = async (call: () => Promise<unknown>): Promise<Error> => {
  const error = await call().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  return error as Error;
};

describe("netsvc", () => {
  it("a refused access key names the token endpoint and the environment keys belong to", async () => {
    const provider = new netsvc.Provider(
      { endpoint: netsvcEmu.url, accessKey: "wrong", secretKey: "nope", acceptPurchaseTerms: true },
      {},
    );
    const error = await failure(() => netsvc.Port.get(UID, { provider }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toContain(`${netsvcEmu.url}/oauth2/token`);
    expect(error.message).toContain("the endpoint setting");
    expect(error.message).toContain("works only in the environment it was made in");
  });

  it("an address that refuses connections says it came from NETSVC_ENDPOINT", async () => {
    const provider = new netsvc.Provider(
      {},
      {
        NETSVC_ENDPOINT: "http://127.0.0.1:9",
        NETSVC_ACCESS_KEY: "a",
        NETSVC_SECRET_KEY: "s",
        NETSVC_ACCEPT_PURCHASE_TERMS: "true",
      },
    );
    const error = await failure(() => netsvc.Port.get(UID, { provider }));
    expect(error).toBeInstanceOf(TransportError);
    expect(error.message).toContain("127.0.0.1:9");
    expect(error.message).toContain("NETSVC_ENDPOINT");
  });
});

describe("cloudplat", () => {
  it.each([
    ["secretId", { secretId: "AKID\r\nX-Evil: 1", secretKey: "k" }],
    ["securityToken", { secretId: "AKID", secretKey: "k", securityToken: "t\nX-Evil: 1" }],
  ])("a line break in %s is a ValidationError naming the setting", async (setting, args) => {
    const provider = new cloudplat.Provider({ ...args, endpoint: cloudplatEmu.url }, {}, { rateLimit: false });
    const error = await failure(() => cloudplat.getApiGatewayApis({ serviceId: "service-1" }, { provider }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain(setting);
    expect(error.message).not.toContain("header");
    expect(cloudplatEmu.state.requests()).toEqual([]);
  });

  it("an AuthFailure does not print a status that reads as success", async () => {
    const provider = new cloudplat.Provider(
      { secretId: cloudplatEmu.credentials.secretId, secretKey: "wrong-key", endpoint: cloudplatEmu.url },
      {},
      { rateLimit: false },
    );
    const error = await failure(() => cloudplat.getApiGatewayApis({ serviceId: "service-1" }, { provider }));
    expect(error.message).toContain("AuthFailure");
    expect(inspect(error)).not.toContain("status: 200");
  });
});
