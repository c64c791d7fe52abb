import type * as Https from "node:https";
import { isIPv6 } from "node:net";
import type { Duplex } from "node:stream";
import type * as Tls from "node:tls";
import { urlToHttpOptions } from "node:url";
import { nodeHttp, nodeHttps, nodeTls } from "./builtins.js";
import type { ProxyEndpoint } from "./proxy.js";

/** The proxy would not open a tunnel (a 407, or a 502 when it cannot reach the host): nothing reached the server. */
export class TunnelRefusedError extends Error {
  override readonly name = "TunnelRefusedError";
  constructor(
    readonly status: number,
    statusText: string,
  ) {
    super(
      `the proxy answered ${status}${statusText ? ` ${statusText}` : ""}${status === 407 ? ": check the user and password in the proxy URL" : ""}`,
    );
  }
}

/**
 * HTTPS through an HTTP(S) proxy: each new connection is a `CONNECT host:port` tunnel with TLS to the
 * host inside it. It is an https.Agent with keep-alive, so tunnelled connections are pooled and reused
 * per host like direct ones.
 *
 * Written here, on Node's own CONNECT support, rather than taken from https-proxy-agent: that package
 * hands a refused CONNECT back as the request's answer (the proxy's 407 or 502 would read as the
 * service's own, and a 502 would be retried even for an order that never left), where here it is a
 * connection failure that names the proxy; and the runtime keeps no dependencies.
 *
 * Its class extends https.Agent, so it is made on the first tunnel (builtins.ts).
 */
export function tunnelAgent(proxy: ProxyEndpoint, options?: Https.AgentOptions): Https.Agent {
  return new (tunnelClass ??= tunnelAgentClass())(proxy, options);
}

let tunnelClass: ReturnType<typeof tunnelAgentClass> | undefined;

/** The class of tunnelAgent's agents, made once node:https is loaded. */
function tunnelAgentClass() {
  return class TunnelAgent extends nodeHttps().Agent {
    readonly #proxy: ProxyEndpoint;

    constructor(proxy: ProxyEndpoint, options: Https.AgentOptions = {}) {
      super({ keepAlive: true, ...options });
      this.#proxy = proxy;
    }

    override createConnection(
      options: Https.RequestOptions,
      callback?: (err: Error | null, stream: Duplex) => void,
    ): undefined {
      const done = callback as (err: Error | null, stream?: Duplex) => void;
      const host = options.host ?? "localhost";
      const target = `${isIPv6(host) ? `[${host}]` : host}:${options.port ?? 443}`;
      const authorization = this.#proxy.authorization?.reveal();
      const connect = (this.#proxy.url.protocol === "https:" ? nodeHttps() : nodeHttp()).request({
        ...urlToHttpOptions(this.#proxy.url),
        method: "CONNECT",
        path: target,
        headers: { host: target, ...(authorization ? { "proxy-authorization": authorization } : {}) },
        agent: false,
      });
      connect.once("connect", (res, socket) => {
        if (res.statusCode !== 200) {
          socket.destroy();
          return done(new TunnelRefusedError(res.statusCode ?? 0, res.statusMessage ?? ""));
        }
        done(null, nodeTls().connect({ ...(options as Tls.ConnectionOptions), socket }));
      });
      // A CONNECT the proxy leaves unanswered ends when the proxy closes; the request waiting on it ends at its own timeout.
      connect.once("error", (e) => done(e));
      connect.end();
      return undefined;
    }
  };
}
