// `make bench` (netsvc): the runtime's overhead per call against a bare fetch of the same request (with and
// without the timeout every runtime request carries), and getVxcs with tags over 200 VXCs at 20 ms of
// emulated latency, each beside its bound.
import { Port, Provider, getVxcs } from "netsvc";
import { TAG_CONCURRENCY } from "@sdkgen/runtime";
import { startNetsvcEmulator } from "../../build/examples/test/emulators/netsvc/index.js";

const emu = await startNetsvcEmulator({ clock: { speed: 1000 }, tokenLifetimeSeconds: 1e9 });
const provider = new Provider(
  { endpoint: emu.url, accessKey: emu.credentials.accessKey, secretKey: emu.credentials.secretKey, acceptPurchaseTerms: true },
  {},
  { pollMs: 10 },
);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];

// 1. Overhead per call: the same GET through the runtime (token cache, retry wrapper, envelope, error
// classification) and as a bare fetch with the same token, in alternating rounds.
const port = await Port.create({ productName: "bench", contractTermMonths: 1, locationId: 3, marketplaceVisibility: false, portSpeed: 10000 }, { provider });
const path = `/v2/product/${port.productUid}`;
await provider.client.call("GET", path);
const tokenRes = await fetch(`${emu.tokenUrl}?grant_type=client_credentials`, {
  method: "POST",
  headers: { authorization: `Basic ${Buffer.from(`${emu.credentials.accessKey}:${emu.credentials.secretKey}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
});
const token = (await tokenRes.json()).access_token;
const headers = { authorization: `Bearer ${token}`, accept: "application/json", "user-agent": "sdkgen-netsvc" };
const get = async (signal) => {
  const res = await fetch(emu.url + path, { headers, signal });
  if (res.status !== 200) throw new Error(`bare fetch: ${res.status}`);
  return (await res.json()).data;
};
// The same request the runtime sends: the same headers and, like every runtime request, a timeout.
const bare = async () => {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), 60_000);
  try {
    return await get(timeout.signal);
  } finally {
    clearTimeout(timer);
  }
};
// And with no timeout at all: undici's handling of any AbortSignal costs about 10 µs a request. (The
// runtime itself is on node:http with keep-alive agents, which is why it can beat a bare fetch.)
const untimed = () => get(undefined);
const sdk = () => provider.client.call("GET", path);
// Interleaved call by call, so drift in the machine's speed hits all alike; compared by the median
// per-call time of each, which a garbage-collection pause in a few calls does not move.
const times = { sdk: [], bare: [], untimed: [] };
const calls = { sdk, bare, untimed };
for (let i = 0; i < 4000; i++)
  for (const [name, call] of Object.entries(calls)) {
    const t = performance.now();
    await call();
    if (i >= 500) times[name].push(performance.now() - t); // the first 500 warm up
  }
const [sdkMs, bareMs, untimedMs] = [median(times.sdk), median(times.bare), median(times.untimed)];
const overhead = (label, baseMs) =>
  rows.push([label, (sdkMs / baseMs).toFixed(3), `${sdkMs.toFixed(3)} ms vs ${baseMs.toFixed(3)} ms per GET`, "1.10", sdkMs / baseMs <= 1.1]);
overhead("runtime overhead per call (SDK / bare fetch, same timeout)", bareMs);
overhead("  the same against a fetch with no timeout signal", untimedMs);

// 2. getVxcs with tags over 200 VXCs, 20 ms per request.
const mcr = await provider.client.call("POST", "/v4/networkdesign/buy", {
  body: { networkDesign: [{ locationId: 3, productName: "hub", term: 1, productType: "MCR2", portSpeed: 10000, costCentre: "", config: {} }], discountCodes: [] },
});
const hub = mcr[0].technicalServiceUid;
for (let i = 0; i < 200; i++)
  await provider.client.call("POST", "/v4/networkdesign/buy", {
    body: {
      networkDesign: [{ productUid: hub, associatedVxcs: [{ productName: `v${i}`, rateLimit: 10, term: 1, shutdown: false, aEnd: { productUid: hub }, bEnd: { productUid: port.productUid } }] }],
      discountCodes: [],
    },
  });
emu.faults.latencyMs = 20;
const expected = Math.ceil(200 / TAG_CONCURRENCY) * 20;
const walls = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const result = await getVxcs({ includeResourceTags: true }, { provider });
  walls.push(performance.now() - t);
  if (result.vxcs.length !== 200) throw new Error(`expected 200 VXCs, got ${result.vxcs.length}`);
}
const wall = median(walls);
rows.push([
  `getVxcs with tags, 200 VXCs, 20 ms latency, ${TAG_CONCURRENCY} at a time`,
  `${wall.toFixed(0)} ms`,
  `${(wall / expected).toFixed(2)} x ceil(200/${TAG_CONCURRENCY}) x 20 ms = ${expected} ms`,
  `${1.5 * expected} ms`,
  wall <= 1.5 * expected,
]);
await emu.stop();

const table = [["figure", "measured", "detail", "bound", ""], ...rows.map(([a, b, c, d, ok]) => [a, b, c, d, ok ? "ok" : "OVER"])];
const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
for (const r of table) console.log(r.map((cell, c) => cell.padEnd(widths[c])).join("  ").trimEnd());
