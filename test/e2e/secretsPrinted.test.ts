import { format, inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ServiceError, setLogSink } from "@sdkgen/runtime";
import { Port, Provider, Vxc } from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { AWS_PORT, Client, stopClean } from "../emulators/netsvc/testkit.js";

// What a live provider holds after real calls (a cached bearer token, the environment it was built
// from) and what a service echoes back never reach any printed form.
let emu: NetsvcEmulator;
const logs: string[] = [];
beforeEach(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  logs.length = 0;
  setLogSink((line) => logs.push(line));
  process.env.SDKGEN_DEBUG = "1";
});
afterEach(async () => {
  delete process.env.SDKGEN_DEBUG;
  setLogSink(undefined);
  await stopClean(emu);
});

const forms = (value: unknown): string[] => [
  String(value),
  JSON.stringify(value) ?? "",
  inspect(value, { depth: Infinity, showHidden: true }),
  format("%o %O %j", value, value, value),
];

describe("a live provider prints no credential", () => {
  it("neither the secret key from its environment nor the bearer token it cached", async () => {
    const env = {
      NETSVC_ACCESS_KEY: emu.credentials.accessKey,
      NETSVC_SECRET_KEY: emu.credentials.secretKey,
      NETSVC_ACCEPT_PURCHASE_TERMS: "true",
      NETSVC_ENDPOINT: emu.url,
    };
    const provider = new Provider({}, env);
    const port = await Port.create(
      { productName: "edge", locationId: 3, portSpeed: 10000, marketplaceVisibility: false, contractTermMonths: 1 },
      { provider, waitMinutes: 1 },
    );
    const authorization = String(emu.state.requests({ method: "GET" }).at(-1)!.headers.authorization);
    const token = authorization.replace(/^Bearer /, "");
    expect(token.length).toBeGreaterThan(8);
    const printed = [provider, provider.client, port, { provider }, [port]].flatMap(forms).join("\n");
    expect(printed).not.toContain(emu.credentials.secretKey);
    expect(printed).not.toContain(token);
    expect(logs.join("\n")).not.toContain(token);
    expect(logs.join("\n")).not.toContain(emu.credentials.secretKey);
  });
});

describe("a service error that echoes a secret the caller sent", () => {
  it("is redacted, though the caller passed the secret as a plain string", async () => {
    const c = new Client(emu);
    const mcr = await c.buyMcr();
    const authKey = "bgp-auth-key-9f8e7d";
    emu.faults.next({ kind: "status", status: 400, path: "/networkdesign/", message: `bad authKey ${authKey}` });
    const provider = new Provider({
      endpoint: emu.url,
      accessKey: emu.credentials.accessKey,
      secretKey: emu.credentials.secretKey,
      acceptPurchaseTerms: true,
    });
    const error = await Vxc.create(
      {
        productName: "to-aws",
        contractTermMonths: 1,
        rateLimit: 100,
        aEnd: { productUid: mcr },
        bEnd: { productUid: AWS_PORT },
        bEndPartnerConfig: {
          partner: "aws",
          connectType: "AWS",
          type: "private",
          ownerAccount: "123456789012",
          name: "vif",
          authKey,
        },
      },
      { provider },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(forms(error).join("\n")).not.toContain(authKey);
    expect((error as Error).message).toContain("bad authKey [secret]");
    expect(logs.join("\n")).not.toContain(authKey);
  });
});
