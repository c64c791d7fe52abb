import type * as Http from "node:http";
import type { Env } from "../env.js";
import { proxyFor, proxySettings, type ProxyEndpoint, type ProxySettings } from "./proxy.js";
import { nodeHttp, nodeHttps } from "./builtins.js";
import { tunnelAgent } from "./tunnel.js";

/**
 * An `http.Agent` or `https.Agent`. Typed by a member every agent has rather than by Node's class, so
 * the declarations a program compiles against need no `@types/node`; the runtime checks the class.
 */
export interface AgentLike {
  destroy(): void;
}

/**
 * A caller's own agent: an https.Agent carries the https requests, an http.Agent the http ones, or one
 * of each. Requests it carries ignore the proxy variables: the agent is the caller's networking.
 */
export type AgentOption = AgentLike | { readonly http?: AgentLike | undefined; readonly https?: AgentLike | undefined };

export interface NetworkOptions {
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read (either case); without it, no proxy. */
  readonly env?: Env | undefined;
  readonly agent?: AgentOption | undefined;
}

/**
 * @internal
 * How one request travels: straight to the host, or through a proxy. Plain HTTP through a proxy is
 * forwarded: sent to the proxy with the absolute URL as its target, as proxies expect (many refuse
 * CONNECT to ports other than 443). HTTPS through a proxy is tunnelled by the agent.
 */
export type Route =
  | { readonly agent: Http.Agent; readonly proxy?: ProxyEndpoint | undefined; readonly forward: false }
  | { readonly agent: Http.Agent; readonly proxy: ProxyEndpoint; readonly forward: true };

// Connections are kept alive and shared by every provider of the process: direct ones (and those to a
// proxy that forwards plain HTTP) per protocol, tunnels per proxy.
let direct: Readonly<Record<string, Http.Agent>> | undefined;
const directAgent = (protocol: string): Http.Agent =>
  (direct ??= {
    "http:": new (nodeHttp().Agent)({ keepAlive: true }),
    "https:": new (nodeHttps().Agent)({ keepAlive: true }),
  })[protocol]!;
const TUNNELS = new Map<string, Http.Agent>();

/** Where a provider's requests go: a caller's agent, a proxy from its environment, or straight to the host. */
export class Network {
  readonly #proxies: ProxySettings | undefined;
  readonly #own: Readonly<Record<string, Http.Agent | undefined>>;

  constructor(options: NetworkOptions = {}) {
    this.#proxies = options.env && proxySettings(options.env);
    this.#own = ownAgents(options.agent);
  }

  /** @internal */
  route(url: URL): Route {
    const own = this.#own[url.protocol];
    if (own) return { agent: own, forward: false };
    const proxy = this.#proxies && proxyFor(this.#proxies, url);
    if (!proxy) return { agent: directAgent(url.protocol), forward: false };
    if (url.protocol === "http:") return { agent: directAgent(proxy.url.protocol), proxy, forward: true };
    return { agent: tunnelThrough(proxy), proxy, forward: false };
  }
}

/** Straight to every host, on the shared keep-alive agents. */
export const DIRECT_NETWORK = new Network();

function ownAgents(agent: AgentOption | undefined): Record<string, Http.Agent | undefined> {
  if (!agent) return {};
  if (agent instanceof nodeHttps().Agent) return { "https:": agent };
  if (agent instanceof nodeHttp().Agent) return { "http:": agent };
  const { http: forHttp, https: forHttps } = agent as Exclude<AgentOption, AgentLike>;
  return { "http:": checkedAgent(forHttp, "http"), "https:": checkedAgent(forHttps, "https") };
}

function checkedAgent(agent: AgentLike | undefined, protocol: "http" | "https"): Http.Agent | undefined {
  if (agent === undefined || agent instanceof (protocol === "https" ? nodeHttps() : nodeHttp()).Agent)
    return agent as Http.Agent;
  throw new TypeError(`the agent option's ${protocol} must be an ${protocol}.Agent`);
}

function tunnelThrough(proxy: ProxyEndpoint): Http.Agent {
  const key = `${proxy.url.href} ${proxy.authorization?.reveal() ?? ""}`;
  let agent = TUNNELS.get(key);
  if (!agent) TUNNELS.set(key, (agent = tunnelAgent(proxy)));
  return agent;
}
