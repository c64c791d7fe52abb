import http from "node:http";
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { TransportError } from "@sdkgen/runtime";
import { type NetsvcProviderOptions } from "@sdkgen/runtime/netsvc";
import { type CloudplatProviderOptions } from "@sdkgen/runtime/cloudplat";
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { startCloudplatEmulator } from "../emulators/cloudplat/index.js";
import { startNetsvcEmulator } from "../emulators/netsvc/index.js";
import { closedPort, startProxy, type ProxyServer } from "../emulators/proxy.js";

// Both SDKs through a local forward proxy set in the provider's environment, as HTTP_PROXY and friends
// are set for programs behind a corporate proxy. The emulators speak plain HTTP, so requests are
// forwarded as absolute URIs; HTTPS tunnels (CONNECT) are covered in test/runtime/proxy.test.ts.
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function proxy(credentials?: string): Promise<ProxyServer> {
  const p = await startProxy(credentials ? { credentials } : {});
  stops.push(() => p.stop());
  return p;
}

async function netsvcEmulator() {
  const emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  stops.push(() => emu.stop());
  const provider = (env: Record<string, string>, options: NetsvcProviderOptions = {}) =>
    new netsvc.Provider(
      {
        endpoint: emu.url,
        accessKey: emu.credentials.accessKey,
        secretKey: emu.credentials.secretKey,
        acceptPurchaseTerms: true,
      },
      env,
      options,
    );
  return { emu, provider };
}

async function cloudplatEmulator() {
  const emu = await startCloudplatEmulator();
  stops.push(() => emu.stop());
  // The endpoint comes from the environment too: CLOUDPLAT_ENDPOINT, as NETSVC_ENDPOINT for netsvc.
  const provider = (env: Record<string, string>, options: CloudplatProviderOptions = {}) =>
    new cloudplat.Provider(
      { secretId: emu.credentials.secretId, secretKey: emu.credentials.secretKey },
      { CLOUDPLAT_ENDPOINT: emu.url, ...env },
      { rateLimit: false, ...options },
    );
  return { emu, provider };
}

describe("netsvc through a proxy", () => {
  it("sends the token request and the API calls through HTTP_PROXY, with its credentials, on one connection", async () => {
    const { emu, provider } = await netsvcEmulator();
    const p = await proxy("corp-user:hunter22");
    const env = { HTTP_PROXY: `http://corp-user:hunter22@127.0.0.1:${p.port}` };
    const location = await netsvc.getLocation({ id: 3 }, { provider: provider(env) });
    expect(location.name).toBe("Equinix SY1");
    const targets = p.seen.map((r) => `${r.method} ${r.target.split("?")[0]}`);
    expect(targets[0]).toBe(`POST ${emu.url}/oauth2/token`);
    expect(targets.slice(1).every((t) => t.startsWith(`GET ${emu.url}/v3/locations`))).toBe(true);
    expect(new Set(p.seen.map((r) => r.authorization))).toEqual(
      new Set([`Basic ${Buffer.from("corp-user:hunter22").toString("base64")}`]),
    );
    expect(p.connections()).toBe(1);
  });

  it("goes direct to hosts in NO_PROXY", async () => {
    const { provider } = await netsvcEmulator();
    const p = await proxy();
    const location = await netsvc.getLocation(
      { id: 3 },
      { provider: provider({ http_proxy: p.url, no_proxy: "127.0.0.1" }) },
    );
    expect(location.id).toBe(3);
    expect(p.seen).toEqual([]);
  });

  it("names the API host and the proxy when the proxy cannot be reached, never its password", async () => {
    const { emu, provider } = await netsvcEmulator();
    const port = await closedPort();
    const p = provider({ HTTP_PROXY: `http://corp-user:hunter22@127.0.0.1:${port}` }, { retry: NO_RETRY });
    const error = await netsvc.getLocation({ id: 3 }, { provider: p }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(String(error)).toContain(
      `could not connect to ${new URL(emu.url).host} (the address from the endpoint setting) through proxy 127.0.0.1:${port} (ECONNREFUSED)`,
    );
    expect([String(error), JSON.stringify(error), inspect(error), inspect(p, { depth: 8 })].join()).not.toContain(
      "hunter22",
    );
  });

  it("uses a caller's own agent instead of the proxy variables", async () => {
    const { provider } = await netsvcEmulator();
    const p = await proxy();
    const agent = new CountingAgent();
    stops.push(async () => agent.destroy());
    await netsvc.getLocation({ id: 3 }, { provider: provider({ HTTP_PROXY: p.url }, { agent }) });
    expect(agent.created).toBe(1);
    expect(p.seen).toEqual([]);
  });
});

describe("cloudplat through a proxy", () => {
  it("sends signed calls through HTTP_PROXY to the endpoint from CLOUDPLAT_ENDPOINT", async () => {
    const { emu, provider } = await cloudplatEmulator();
    const p = await proxy("corp-user:hunter22");
    const result = await cloudplat.getAddressTemplates(
      {},
      { provider: provider({ HTTP_PROXY: `http://corp-user:hunter22@127.0.0.1:${p.port}` }) },
    );
    expect(result.templateLists).toEqual([]);
    expect(p.seen.map((r) => `${r.method} ${r.target}`)).toEqual([`POST ${emu.url}/`]);
    expect(emu.state.requests({ action: "DescribeAddressTemplates" })).toHaveLength(1);
  });

  it("goes direct to hosts in NO_PROXY", async () => {
    const { provider } = await cloudplatEmulator();
    const p = await proxy();
    await cloudplat.getAddressTemplates({}, { provider: provider({ HTTP_PROXY: p.url, NO_PROXY: "127.0.0.1" }) });
    expect(p.seen).toEqual([]);
  });

  it("names the endpoint's host when nothing listens there", async () => {
    const { provider } = await cloudplatEmulator();
    const port = await closedPort();
    const error = await cloudplat
      .getAddressTemplates(
        {},
        { provider: provider({ CLOUDPLAT_ENDPOINT: `http://127.0.0.1:${port}` }, { retry: NO_RETRY }) },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(String(error)).toContain(`could not connect to 127.0.0.1:${port} (ECONNREFUSED)`);
  });
});

const NO_RETRY = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0, budgetMs: 0 };

class CountingAgent extends http.Agent {
  created = 0;
  constructor() {
    super({ keepAlive: true });
  }
  override createConnection(...args: Parameters<http.Agent["createConnection"]>) {
    this.created++;
    return super.createConnection(...args);
  }
}
