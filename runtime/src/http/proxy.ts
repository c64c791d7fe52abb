import { BlockList, isIP } from "node:net";
import { getEnv, type Env } from "../env.js";
import { Secret } from "../secret.js";
import { ValidationError } from "../validate.js";

/** A proxy as the transport uses it. Its credentials are kept only as the header that carries them, a Secret. */
export interface ProxyEndpoint {
  /** Scheme, host and port: no credentials. */
  readonly url: URL;
  /** `host:port`, for messages. */
  readonly display: string;
  /** The Proxy-Authorization value, when the proxy URL has a user (and password). */
  readonly authorization?: Secret<string> | undefined;
}

/** The proxy variables of one environment, read once. */
export interface ProxySettings {
  readonly http?: ProxyEndpoint | undefined;
  readonly https?: ProxyEndpoint | undefined;
  readonly noProxy: NoProxy;
}

interface NoProxy {
  readonly all: boolean;
  readonly names: readonly { readonly host: string; readonly port?: string | undefined }[];
  readonly subnets: BlockList;
}

/**
 * Reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY the way curl does, the lower-case spelling first: a proxy
 * URL without a scheme is http, NO_PROXY is a comma- or space-separated list of host names (each
 * matching itself and its subdomains, a leading `.` or `*.` allowed), `host:port`, IP addresses, CIDR
 * ranges, or `*` for every host. A proxy value that cannot be used is a ValidationError naming the
 * variable; the value itself is never echoed, as it may hold a password.
 */
export function proxySettings(env: Env): ProxySettings {
  const https = variable(env, "https_proxy");
  const http = variable(env, "http_proxy");
  return {
    https: https && parseProxy(https.name, https.value),
    http: http && parseProxy(http.name, http.value),
    noProxy: parseNoProxy(variable(env, "no_proxy")?.value ?? ""),
  };
}

/** The proxy a request to `url` goes through, or undefined to go direct. */
export function proxyFor(settings: ProxySettings, url: URL): ProxyEndpoint | undefined {
  const proxy = url.protocol === "https:" ? settings.https : url.protocol === "http:" ? settings.http : undefined;
  return proxy && !bypassed(settings.noProxy, url) ? proxy : undefined;
}

function variable(env: Env, lower: string): { name: string; value: string } | undefined {
  for (const name of [lower, lower.toUpperCase()]) {
    const value = getEnv(env, name)?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

function parseProxy(name: string, value: string): ProxyEndpoint {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw invalid(name, `${name} is not a proxy URL such as http://proxy.example:3128`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw invalid(
      name,
      `${name} uses ${url.protocol.slice(0, -1)}, which is not supported: use an http:// or https:// proxy`,
    );
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const credentials = url.username || url.password;
  const authorization = credentials
    ? new Secret(
        `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`,
      )
    : undefined;
  return { url: new URL(`${url.protocol}//${url.host}`), display: `${url.hostname}:${port}`, authorization };
}

const invalid = (name: string, message: string) => new ValidationError([{ path: name, message }]);

function parseNoProxy(text: string): NoProxy {
  const subnets = new BlockList();
  const names: { host: string; port?: string }[] = [];
  let all = false;
  for (const entry of text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)) {
    if (entry === "*") all = true;
    else if (entry.includes("/")) addSubnet(subnets, entry);
    else names.push(hostAndPort(entry.replace(/^\*?\./, "")));
  }
  return { all, names, subnets };
}

/** `host`, `host:port`, `[v6]:port` or a bare IPv6 address. */
function hostAndPort(entry: string): { host: string; port?: string } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return bracketed[2] ? { host: bracketed[1]!, port: bracketed[2] } : { host: bracketed[1]! };
  if (isIP(entry) === 6) return { host: entry };
  const [host, port] = entry.split(":");
  return port ? { host: host!, port } : { host: host! };
}

function addSubnet(subnets: BlockList, entry: string): void {
  const [address, bits] = entry.split("/");
  const family = isIP(address!);
  // An entry that is not a range is ignored, as curl ignores what it cannot read in NO_PROXY.
  if (family !== 0 && /^\d+$/.test(bits!)) subnets.addSubnet(address!, Number(bits), family === 6 ? "ipv6" : "ipv4");
}

function bypassed(noProxy: NoProxy, url: URL): boolean {
  if (noProxy.all) return true;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const family = isIP(host);
  if (family !== 0 && noProxy.subnets.check(host, family === 6 ? "ipv6" : "ipv4")) return true;
  return noProxy.names.some(
    (n) =>
      (n.port === undefined || n.port === port) && (host === n.host || (family === 0 && host.endsWith(`.${n.host}`))),
  );
}
