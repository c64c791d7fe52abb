/**
 * A forward proxy on 127.0.0.1 for tests, as corporate proxies behave: `CONNECT host:port` opens a tunnel
 * (HTTPS), an absolute-URI request (`GET http://host/path`) is forwarded (plain HTTP). It records every
 * request and client connection, can demand credentials (407 without them), and can refuse tunnels.
 * Also here: a TLS front for an emulator, with the throwaway certificate in tls/ (made for these tests:
 * a self-signed certificate for 127.0.0.1 and localhost, valid 2000-2100, whose key guards nothing).
 */
import { readFileSync } from "node:fs";
import { createServer, request, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { connect, type AddressInfo, type Server, type Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";

export const TEST_CERT = readFileSync(new URL("tls/localhost.crt", import.meta.url));
const TEST_KEY = readFileSync(new URL("tls/localhost.key", import.meta.url));

export interface ProxiedRequest {
  readonly method: string;
  /** `host:port` of a CONNECT, the absolute URL of a forwarded request. */
  readonly target: string;
  readonly authorization: string | undefined;
}

export interface ProxyServer {
  /** `http://127.0.0.1:<port>`, without credentials. */
  readonly url: string;
  readonly port: number;
  readonly seen: ProxiedRequest[];
  /** Client connections accepted: with keep-alive, fewer than the requests seen. */
  readonly connections: () => number;
  stop(): Promise<void>;
}

export interface ProxyOptions {
  /** `user:password` the proxy demands in Proxy-Authorization (Basic); without it, anyone may use it. */
  readonly credentials?: string;
  /** Answers every CONNECT with this status instead of opening the tunnel. */
  readonly refuseTunnels?: number;
}

export async function startProxy(options: ProxyOptions = {}): Promise<ProxyServer> {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const expected = options.credentials && `Basic ${Buffer.from(options.credentials).toString("base64")}`;
  const record = (req: IncomingMessage): boolean => {
    const authorization = req.headers["proxy-authorization"];
    seen.push({ method: req.method!, target: req.url!, authorization });
    return !expected || authorization === expected;
  };

  const server = createServer((req, res) => {
    if (!record(req)) return void res.writeHead(407, { "proxy-authenticate": "Basic" }).end();
    const headers: OutgoingHttpHeaders = { ...req.headers };
    delete headers["proxy-authorization"];
    const upstream = request(req.url!, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on("connection", (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("connect", (req: IncomingMessage, client: Socket, head: Buffer) => {
    if (!record(req)) return void client.end("HTTP/1.1 407 Proxy Authentication Required\r\n\r\n");
    if (options.refuseTunnels) return void client.end(`HTTP/1.1 ${options.refuseTunnels} Refused\r\n\r\n`);
    const [host, port] = splitHostPort(req.url!);
    const target = connect(port, host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      target.write(head);
      target.pipe(client).pipe(target);
    });
    sockets.add(target);
    target.on("error", () => client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n"));
    client.on("error", () => target.destroy());
    client.on("close", () => target.destroy());
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    connections: () => connections,
    stop: () => close(server, sockets),
  };
}

/** TLS in front of an HTTP server on 127.0.0.1 (an emulator), with the test certificate: `https://127.0.0.1:<port>`. */
export async function startTlsFront(backendPort: number): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTlsServer({ key: TEST_KEY, cert: TEST_CERT }, (tls) => {
    const backend = connect(backendPort, "127.0.0.1");
    for (const s of [tls, backend]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => (s === tls ? backend : tls).destroy());
    }
    tls.pipe(backend).pipe(tls);
  });
  const port = await listen(server);
  return { url: `https://127.0.0.1:${port}`, stop: () => close(server, sockets) };
}

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  // A low port nothing listens on, checked: a port the OS lent and took back could be lent again to a
  // server of another test file running at the same time, which then answered in its stead.
  for (const port of [1, 9, 19, 29, 39, 49]) if (await refused(port)) return port;
  throw new Error("no closed low port on 127.0.0.1 to test against");
}

const refused = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => (socket.destroy(), done(false)));
    socket.on("error", (e: NodeJS.ErrnoException) => done(e.code === "ECONNREFUSED"));
  });

function splitHostPort(target: string): [string, number] {
  const at = target.lastIndexOf(":");
  return [target.slice(0, at).replace(/^\[|\]$/g, ""), Number(target.slice(at + 1))];
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function close(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}
