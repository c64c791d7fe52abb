// `make bench` (request overhead): the time one call takes through each SDK's request path against the
// fastest equivalent request a program could send itself: a bare `http.request` on a keep-alive agent
// with the same headers (for cloudplat also signed with TC3, its derived key cached as the SDK caches it).
// The emulators run in processes of their own; the variants alternate in short blocks whose order
// rotates, and every figure is the median of 5 runs, each run's own figure printed beside it.
import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import { Provider as CloudplatProvider } from "cloudplat";
import { Port, Provider as NetsvcProvider } from "netsvc";
import { emulatorProcess } from "./emulatorProcess.mjs";
import { printLoad } from "./load.mjs";

printLoad("start");

const RUNS = 5;
const BLOCKS = 20; // per run and variant
const CALLS = 100; // per block
const WARMUP = 2000; // calls per variant before the first run

const agent = new http.Agent({ keepAlive: true });
/** A bare keep-alive request: status and body text. */
function bare(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Per-call microseconds of each variant over one run: blocks alternate, their order rotating. */
async function run(variants) {
  const names = Object.keys(variants);
  const perCall = Object.fromEntries(names.map((n) => [n, []]));
  for (let b = 0; b < BLOCKS; b++)
    for (let i = 0; i < names.length; i++) {
      const name = names[(b + i) % names.length];
      const t = performance.now();
      for (let c = 0; c < CALLS; c++) await variants[name]();
      perCall[name].push(((performance.now() - t) * 1000) / CALLS);
    }
  return Object.fromEntries(names.map((n) => [n, median(perCall[n])]));
}

/** Runs, warm-up first; prints one row per figure: the median ratio, then every run's. */
async function measure(label, variants, figure, bound, within) {
  for (const call of Object.values(variants)) for (let i = 0; i < WARMUP; i++) await call();
  const runs = [];
  for (let r = 0; r < RUNS; r++) runs.push(await run(variants));
  const ratios = runs.map(figure);
  const value = median(ratios);
  const us = (name) => median(runs.map((r) => r[name])).toFixed(1);
  const times = Object.keys(variants)
    .map((n) => `${n} ${us(n)} µs`)
    .join(", ");
  rows.push([
    label,
    value.toFixed(3),
    `${times}; runs ${ratios.map((x) => x.toFixed(3)).join(" ")}`,
    bound,
    within(value),
  ]);
}
const rows = [];

// netsvc: GET one product, the SDK's whole request path (token cache, retries, envelope, errors).
{
  const emu = await emulatorProcess("netsvc");
  const provider = new NetsvcProvider(
    { endpoint: emu.url, ...emu.credentials, acceptPurchaseTerms: true },
    {},
    { pollMs: 10 },
  );
  const port = await Port.create(
    { productName: "bench", contractTermMonths: 1, locationId: 3, marketplaceVisibility: false, portSpeed: 10000 },
    { provider },
  );
  const path = `/v2/product/${port.productUid}`;
  await provider.client.call("GET", path);
  const basic = Buffer.from(`${emu.credentials.accessKey}:${emu.credentials.secretKey}`).toString("base64");
  const token = JSON.parse(
    (
      await bare(`${emu.tokenUrl}?grant_type=client_credentials`, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      })
    ).text,
  ).access_token;
  const headers = { authorization: `Bearer ${token}`, accept: "application/json", "user-agent": "sdkgen-netsvc" };
  const url = emu.url + path;
  await measure(
    "netsvc GET: SDK / bare keep-alive http.request",
    {
      sdk: () => provider.client.call("GET", path),
      bare: async () => {
        const res = await bare(url, { method: "GET", headers });
        if (res.status !== 200) throw new Error(`bare GET: ${res.status}`);
        return JSON.parse(res.text).data;
      },
    },
    (r) => r.sdk / r.bare,
    "<= 1.15",
    (v) => v <= 1.15,
  );
  await emu.stop();
}

// cloudplat: one signed DescribeAddressTemplates; the figure is the SDK's rate as a share of the bare one.
{
  const emu = await emulatorProcess("cloudplat");
  const { secretId, secretKey } = emu.credentials;
  const provider = new CloudplatProvider({ secretId, secretKey, endpoint: emu.url }, {}, { rateLimit: false });
  const params = { Filters: [{ Name: "address-template-name", Values: ["t7"] }], Offset: "0", Limit: "100" };
  const host = new URL(emu.url).host;
  const keys = new Map();
  const hmac = (key, text, enc) => createHmac("sha256", key).update(text).digest(enc);
  const sha = (text) => createHash("sha256").update(text).digest("hex");
  const signed = () => {
    const body = JSON.stringify(params);
    const timestamp = Math.floor(Date.now() / 1000);
    const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
    let key = keys.get(date);
    if (!key) keys.set(date, (key = hmac(hmac(hmac(`TC3${secretKey}`, date), "vpc"), "tc3_request")));
    const canonical = `POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:${host}\n\ncontent-type;host\n${sha(body)}`;
    const signature = hmac(key, `TC3-HMAC-SHA256\n${timestamp}\n${date}/vpc/tc3_request\n${sha(canonical)}`, "hex");
    return bare(emu.url, {
      method: "POST",
      body,
      headers: {
        authorization: `TC3-HMAC-SHA256 Credential=${secretId}/${date}/vpc/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`,
        "content-type": "application/json; charset=utf-8",
        host,
        "x-tc-action": "DescribeAddressTemplates",
        "x-tc-version": "2017-03-12",
        "x-tc-timestamp": String(timestamp),
        "x-tc-language": "en-US",
      },
    });
  };
  const check = JSON.parse((await signed()).text).Response;
  if (check.Error) throw new Error(`bare signed request refused: ${check.Error.Code} ${check.Error.Message}`);
  await measure(
    "cloudplat call: bare signed http.request / SDK (share of the bare rate)",
    {
      sdk: () => provider.client.call("vpc", "DescribeAddressTemplates", params),
      bare: async () => JSON.parse((await signed()).text).Response,
    },
    (r) => r.bare / r.sdk,
    ">= 0.90",
    (v) => v >= 0.9,
  );
  await emu.stop();
}
agent.destroy();

const table = [
  ["figure", "median", "detail", "bound", ""],
  ...rows.map(([a, b, c, d, ok]) => [a, b, c, d, ok ? "ok" : "MISSED"]),
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
