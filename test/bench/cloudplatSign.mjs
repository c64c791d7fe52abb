// Signing throughput of the cloudplat runtime (TC3-HMAC-SHA256) on one core, beside its bound of
// 50,000 signatures per second.
import { printLoad } from "./load.mjs";
import { runtimeInternal } from "./runtimeInternal.mjs";

const { signRequest } = await runtimeInternal("cloudplat/sign.ts");

printLoad("start");

const BOUND = 50_000;
const body = JSON.stringify({
  ServiceId: "service-abc123",
  Limit: 100,
  Offset: 0,
  Filters: [{ Name: "ApiName", Values: ["未命名"] }],
});
const input = {
  secretId: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE",
  secretKey: "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE",
  service: "apigateway",
  host: "apigateway.tencentcloudapi.com",
  action: "DescribeApisStatus",
  version: "2018-08-08",
  region: "ap-guangzhou",
  contentType: "application/json",
  body,
};
const t0 = Math.floor(Date.now() / 1000);
const run = (n) => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) signRequest({ ...input, timestamp: t0 + (i % 60) });
  return Number(process.hrtime.bigint() - start) / 1e9;
};
run(20_000); // warm-up
const rounds = [1, 2, 3, 4, 5].map(() => 100_000 / run(100_000)).sort((a, b) => a - b);
const median = Math.round(rounds[2]);
console.log(
  `cloudplat signing: ${median.toLocaleString("en")} signatures/s, median of 5 rounds (bound ${BOUND.toLocaleString("en")}) ${median >= BOUND ? "ok" : "TOO SLOW"}`,
);
printLoad("end");
