// `make bench` (netsvc): getVxcs with tags over 200 VXCs at 20 ms of emulated latency, beside its bound.
// (The overhead per call is measured by overhead.mjs, against a bare keep-alive http.request.)
import { Port, Provider, getVxcs } from "netsvc";
import { TAG_CONCURRENCY } from "@sdkgen/runtime/netsvc";
import { startNetsvcEmulator } from "../../build/examples/test/emulators/netsvc/index.js";
import { printLoad } from "./load.mjs";

printLoad("start");

const emu = await startNetsvcEmulator({ clock: { speed: 1000 }, tokenLifetimeSeconds: 1e9 });
const provider = new Provider(
  {
    endpoint: emu.url,
    accessKey: emu.credentials.accessKey,
    secretKey: emu.credentials.secretKey,
    acceptPurchaseTerms: true,
  },
  {},
  { pollMs: 10 },
);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];

const port = await Port.create(
  { productName: "bench", contractTermMonths: 1, locationId: 3, marketplaceVisibility: false, portSpeed: 10000 },
  { provider },
);

// getVxcs with tags over 200 VXCs, 20 ms per request.
const mcr = await provider.client.call("POST", "/v4/networkdesign/buy", {
  body: {
    networkDesign: [
      { locationId: 3, productName: "hub", term: 1, productType: "MCR2", portSpeed: 10000, costCentre: "", config: {} },
    ],
    discountCodes: [],
  },
});
const hub = mcr[0].technicalServiceUid;
for (let i = 0; i < 200; i++)
  await provider.client.call("POST", "/v4/networkdesign/buy", {
    body: {
      networkDesign: [
        {
          productUid: hub,
          associatedVxcs: [
            {
              productName: `v${i}`,
              rateLimit: 10,
              term: 1,
              shutdown: false,
              aEnd: { productUid: hub },
              bEnd: { productUid: port.productUid },
            },
          ],
        },
      ],
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

const table = [
  ["figure", "measured", "detail", "bound", ""],
  ...rows.map(([a, b, c, d, ok]) => [a, b, c, d, ok ? "ok" : "OVER"]),
];
const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
for (const r of table)
  console.log(
    r
      .map((cell, c) => cell.padEnd(widths[c]))
      .join("  ")
      .trimEnd(),
  );
printLoad("end");
