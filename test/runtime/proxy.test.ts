import { createServer } from "node:http";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { send, TransportError, ValidationError } from "@sdkgen/runtime";
import { Network } from "../../runtime/src/http/network.js";
import { proxyFor, proxySettings } from "../../runtime/src/http/proxy.js";
import { tunnelAgent } from "../../runtime/src/http/tunnel.js";
import { closedPort, startProxy, startTlsFront, TEST_CERT, type ProxyServer } from "../emulators/proxy.js";

const ref = { method: "GET", path: "/x" };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A plain HTTP server answering `ok` with keep-alive, started for one test. */
async function backend(): Promise<number> {
  const server = createServer((_req, res) => res.end("ok"));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  stops.push(
    () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return (server.address() as AddressInfo).port;
}

async function proxy(options: Parameters<typeof startProxy>[0] = {}): Promise<ProxyServer> {
  const p = await startProxy(options);
  stops.push(() => p.stop());
  return p;
}

const via = (env: Record<string, string>, url: string) => proxyFor(proxySettings(env), new URL(url))?.display;

describe("which requests go through a proxy", () => {
  it("takes HTTPS_PROXY for https URLs and HTTP_PROXY for http ones, lower case first", () => {
    const env = { HTTPS_PROXY: "http://secure:3128", HTTP_PROXY: "http://plain:8080" };
    expect(via(env, "https://api.example.com/")).toBe("secure:3128");
    expect(via(env, "http://api.example.com/")).toBe("plain:8080");
    expect(via({ https_proxy: "http://lower:1", HTTPS_PROXY: "http://upper:2" }, "https://a.example/")).toBe("lower:1");
    expect(via({ HTTP_PROXY: "http://plain:8080" }, "https://api.example.com/")).toBeUndefined();
    expect(via({}, "https://api.example.com/")).toBeUndefined();
  });

  it("reads a proxy without a scheme or port as curl does: http, port 80 (443 for an https proxy)", () => {
    expect(via({ HTTPS_PROXY: "proxy.corp:3128" }, "https://a.example/")).toBe("proxy.corp:3128");
    expect(via({ HTTPS_PROXY: "proxy.corp" }, "https://a.example/")).toBe("proxy.corp:80");
    expect(via({ HTTPS_PROXY: "https://proxy.corp" }, "https://a.example/")).toBe("proxy.corp:443");
  });

  it.each([
    ["api.example.com", "https://api.example.com/", true],
    ["example.com", "https://api.example.com/", true],
    [".example.com", "https://api.example.com/", true],
    ["*.example.com", "https://example.com/", true],
    ["example.com", "https://notexample.com/", false],
    ["API.Example.COM", "https://api.example.com/", true],
    ["*", "https://anything.example/", true],
    ["api.example.com:443", "https://api.example.com/", true],
    ["api.example.com:8443", "https://api.example.com/", false],
    ["127.0.0.1", "http://127.0.0.1:8080/", true],
    ["10.0.0.0/8", "http://10.1.2.3/", true],
    ["10.0.0.0/8", "http://11.1.2.3/", false],
    ["::1", "http://[::1]:8080/", true],
    ["[::1]:8080", "http://[::1]:8080/", true],
    ["other.example, api.example.com", "https://api.example.com/", true],
    ["other.example api.example.com", "https://api.example.com/", true],
  ])("NO_PROXY=%s bypasses %s: %s", (noProxy, url, bypassed) => {
    expect(via({ HTTPS_PROXY: "http://p:1", HTTP_PROXY: "http://p:1", no_proxy: noProxy }, url)).toBe(
      bypassed ? undefined : "p:1",
    );
  });

  it("reports a proxy URL it cannot use by its variable, never echoing the value (it may hold a password)", () => {
    for (const [name, value, expected] of [
      ["HTTPS_PROXY", "socks5://user:hunter22@p:1080", "HTTPS_PROXY uses socks5, which is not supported"],
      ["http_proxy", "http://user:hunter22@[bad", "http_proxy is not a proxy URL such as http://proxy.example:3128"],
    ] as const) {
      const error = (() => {
        try {
          return new Network({ env: { [name]: value } });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ValidationError);
      expect(String(error)).toContain(expected);
      expect(String(error)).not.toContain("hunter22");
    }
  });

  it("keeps proxy credentials out of util.inspect of what it builds", () => {
    const network = new Network({ env: { HTTPS_PROXY: "http://user:hunter22@proxy.corp:3128" } });
    const route = network.route(new URL("https://api.example.com/"));
    expect(route.proxy?.display).toBe("proxy.corp:3128");
    expect(inspect(network, { depth: 10 }) + inspect(route, { depth: 10 })).not.toContain("hunter22");
    expect(inspect(route, { depth: 10 })).not.toContain(Buffer.from("user:hunter22").toString("base64"));
  });
});

describe("a caller's own agent", () => {
  it("must be an agent of the protocol it carries, said when the provider is built", () => {
    expect(() => new Network({ agent: { https: new http.Agent() } })).toThrow(
      new TypeError("the agent option's https must be an https.Agent"),
    );
    expect(() => new Network({ agent: { http: { destroy() {} } } })).toThrow("must be an http.Agent");
    expect(() => new Network({ agent: new http.Agent({ keepAlive: true }) })).not.toThrow();
  });
});

describe("requests through a proxy", () => {
  it("forwards plain HTTP as absolute URIs on one kept-alive connection, with the proxy's credentials", async () => {
    const port = await backend();
    const p = await proxy({ credentials: "user:p@ss word" });
    const network = new Network({ env: { HTTP_PROXY: `http://user:p%40ss%20word@127.0.0.1:${p.port}` } });
    for (const path of ["/a", "/b"]) {
      const res = await send({ method: "GET", url: `http://127.0.0.1:${port}${path}`, headers: {} }, ref, {
        timeoutMs: 5000,
        network,
      });
      expect(res.text).toBe("ok");
    }
    expect(p.seen.map((r) => `${r.method} ${r.target}`)).toEqual([
      `GET http://127.0.0.1:${port}/a`,
      `GET http://127.0.0.1:${port}/b`,
    ]);
    expect(p.seen[0]!.authorization).toBe(`Basic ${Buffer.from("user:p@ss word").toString("base64")}`);
    expect(p.connections()).toBe(1);
  });

  it("tunnels HTTPS with CONNECT, TLS inside the tunnel, and keeps the tunnel alive for the next request", async () => {
    const front = await startTlsFront(await backend());
    stops.push(() => front.stop());
    const p = await proxy({ credentials: "user:pw" });
    const endpoint = proxySettings({ HTTPS_PROXY: `http://user:pw@127.0.0.1:${p.port}` }).https!;
    // The test certificate is trusted through the agent's own TLS options, as a caller's custom CA would be.
    const network = new Network({ agent: tunnelAgent(endpoint, { ca: TEST_CERT }) });
    for (const path of ["/a", "/b", "/c"]) {
      const res = await send({ method: "GET", url: `${front.url}${path}`, headers: {} }, ref, {
        timeoutMs: 5000,
        network,
      });
      expect(res.text).toBe("ok");
    }
    expect(p.seen.map((r) => `${r.method} ${r.target}`)).toEqual([`CONNECT ${new URL(front.url).host}`]);
    expect(p.seen[0]!.authorization).toBe(`Basic ${Buffer.from("user:pw").toString("base64")}`);
  });

  it("names the host and the proxy when the proxy cannot be reached, and the request never left", async () => {
    const port = await closedPort();
    const network = new Network({ env: { HTTPS_PROXY: `http://user:hunter22@127.0.0.1:${port}` } });
    const error = await send({ method: "GET", url: "https://api.example.com/x", headers: {} }, ref, {
      timeoutMs: 5000,
      network,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toContain(
      `could not connect to api.example.com:443 through proxy 127.0.0.1:${port} (ECONNREFUSED)`,
    );
    expect((error as TransportError).mayHaveReachedServer).toBe(false);
    expect(String(error) + JSON.stringify(error) + inspect(error)).not.toContain("hunter22");
  });

  it("reports a refused tunnel as a connection failure naming both, whatever the proxy answered", async () => {
    const target = await closedPort();
    const open = await proxy(); // cannot reach the target: 502
    const strict = await proxy({ credentials: "user:right" }); // wrong credentials: 407
    for (const [p, answer, password] of [
      [open, "502", "pw"],
      [strict, "407", "wrong-password"],
    ] as const) {
      const network = new Network({ env: { HTTPS_PROXY: `http://user:${password}@127.0.0.1:${p.port}` } });
      const error = await send({ method: "POST", url: `https://127.0.0.1:${target}/buy`, headers: {} }, ref, {
        timeoutMs: 5000,
        network,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      const message = (error as TransportError).message;
      expect(message).toContain(`could not connect to 127.0.0.1:${target} through proxy 127.0.0.1:${p.port}`);
      expect(message).toContain(`the proxy answered ${answer}`);
      expect(message).not.toContain(password);
      expect((error as TransportError).mayHaveReachedServer).toBe(false);
    }
  });

  it("goes direct for hosts in NO_PROXY", async () => {
    const port = await backend();
    const p = await proxy();
    const network = new Network({ env: { HTTP_PROXY: p.url, NO_PROXY: "localhost,127.0.0.1" } });
    const res = await send({ method: "GET", url: `http://127.0.0.1:${port}/`, headers: {} }, ref, {
      timeoutMs: 5000,
      network,
    });
    expect(res.text).toBe("ok");
    expect(p.seen).toEqual([]);
  });
});

describe("connection errors", () => {
  it("name the host that could not be reached", async () => {
    const port = await closedPort();
    const error = await send({ method: "GET", url: `http://127.0.0.1:${port}/x`, headers: {} }, ref, {
      timeoutMs: 5000,
    }).catch((e: unknown) => e);
    expect((error as TransportError).message).toBe(
      `GET /x got no answer: could not connect to 127.0.0.1:${port} (ECONNREFUSED)`,
    );
  });

  it("say when a server's certificate is not trusted, as a request that never left", async () => {
    const front = await startTlsFront(await backend());
    stops.push(() => front.stop());
    const error = await send({ method: "GET", url: `${front.url}/x`, headers: {} }, ref, { timeoutMs: 5000 }).catch(
      (e: unknown) => e,
    );
    expect((error as TransportError).message).toContain(
      `could not connect securely to ${new URL(front.url).host} (DEPTH_ZERO_SELF_SIGNED_CERT)`,
    );
    expect((error as TransportError).mayHaveReachedServer).toBe(false);
  });
});

describe("a caller's own agent", () => {
  it("carries the requests of its protocol, and the proxy variables do not apply to it", async () => {
    const port = await backend();
    const p = await proxy();
    let created = 0;
    const agent = new (class extends http.Agent {
      override createConnection(...args: Parameters<http.Agent["createConnection"]>) {
        created++;
        return super.createConnection(...args);
      }
    })({ keepAlive: true });
    stops.push(async () => agent.destroy());
    const network = new Network({ env: { HTTP_PROXY: p.url }, agent });
    for (let i = 0; i < 2; i++)
      await send({ method: "GET", url: `http://127.0.0.1:${port}/`, headers: {} }, ref, { timeoutMs: 5000, network });
    expect(created).toBe(1);
    expect(p.seen).toEqual([]);
  });
});
