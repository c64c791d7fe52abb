import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash, createHmac } from "node:crypto";

/** One request as the stub saw it. */
export interface Seen {
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly json: Record<string, unknown>;
  readonly action: string;
}

/** What the stub answers: a `Response` object (wrapped for you), a raw reply, or a dropped connection. */
export type Reply =
  Record<string, unknown> | { readonly raw: string; readonly status?: number } | { readonly drop: true };

/** A tiny local HTTP server for the client tests: records requests and answers with `handler`. */
export async function startStub(handler: (req: Seen, n: number) => Reply | Promise<Reply>) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body || "{}") as Record<string, unknown>;
      } catch {
        /* a GET (metadata) has no JSON body */
      }
      const s: Seen = {
        url: req.url ?? "/",
        headers: req.headers,
        body,
        json,
        action: String(req.headers["x-tc-action"] ?? ""),
      };
      seen.push(s);
      void Promise.resolve(handler(s, seen.length - 1)).then((reply) => {
        if ("drop" in reply) return req.socket.destroy();
        if ("raw" in reply && typeof reply.raw === "string") {
          res.writeHead((reply.status as number | undefined) ?? 200, { "content-type": "application/json" });
          return res.end(reply.raw);
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ Response: { RequestId: `req-${seen.length}`, ...reply } }));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The TC3 signature a server computes for a request (as the emulator will), for checking what the client sent. */
export function expectedSignature(s: Seen, secretKey: string, service: string): string {
  const ts = Number(s.headers["x-tc-timestamp"]);
  const date = new Date(ts * 1000).toISOString().slice(0, 10);
  const hash = (x: string) => createHash("sha256").update(x).digest("hex");
  const canonical = `POST\n/\n\ncontent-type:${s.headers["content-type"]}\nhost:${s.headers.host}\n\ncontent-type;host\n${hash(s.body)}`;
  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/${service}/tc3_request\n${hash(canonical)}`;
  const k = [date, service, "tc3_request"].reduce<Buffer | string>(
    (key, part) => createHmac("sha256", key).update(part).digest(),
    `TC3${secretKey}`,
  );
  return createHmac("sha256", k).update(toSign).digest("hex");
}
