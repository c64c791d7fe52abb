// `make bench` (cloudplat): requests per second of the generated SDK against the official client
// (tencentcloud-sdk-nodejs-common) on the same emulator action in the same run, beside the bound of a
// ratio of at least 1.0. Both sign every request with TC3 and keep connections alive; the official
// client reaches the emulator through an agent that resolves its service host to 127.0.0.1.
import http from "node:http";
import { getAddressTemplates, Provider } from "cloudplat";
import tencentcloud from "tencentcloud-sdk-nodejs-common";
import { startCloudplatEmulator } from "../../build/examples/test/emulators/cloudplat/index.js";
import { printLoad } from "./load.mjs";

printLoad("start");

const emu = await startCloudplatEmulator();
// Node asks for every address (`all`) or one; either way the emulator's.
const toLoopback = (_host, options, done) =>
  options.all ? done(null, [{ address: "127.0.0.1", family: 4 }]) : done(null, "127.0.0.1", 4);
const port = new URL(emu.url).port;
const { secretId, secretKey } = emu.credentials;
// No client-side rate limit: this measures the request path, not the throttle.
const provider = new Provider({ secretId, secretKey, endpoint: emu.url }, {}, { rateLimit: false });
const official = new tencentcloud.CommonClient(`vpc.tencentcloudapi.com:${port}`, "2017-03-12", {
  credential: { secretId, secretKey },
  region: "ap-guangzhou",
  profile: {
    httpProfile: {
      protocol: "http://",
      agent: new http.Agent({ keepAlive: true, lookup: toLoopback }),
    },
  },
});
for (let i = 0; i < 20; i++)
  await provider.client.call(
    "vpc",
    "CreateAddressTemplate",
    { AddressTemplateName: `t${i}`, Addresses: [`10.${i}.0.0/16`] },
    { read: false },
  );

// The same request from both: one page of the templates named t7.
const sdk = () => getAddressTemplates({ name: "t7" }, { provider });
const theirs = () =>
  official.request("DescribeAddressTemplates", {
    Filters: [{ Name: "address-template-name", Values: ["t7"] }],
    Offset: "0",
    Limit: "100",
  });
const check = async () => {
  const [a, b] = [await sdk(), await theirs()];
  if (a.templateLists.length !== 1 || b.AddressTemplateSet.length !== 1) throw new Error("the two clients disagree");
};
await check();

// Alternating rounds of a fixed duration each, so drift in the machine's speed hits both alike.
const rate = async (call, ms) => {
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) (await call(), n++);
  return (n * 1000) / ms;
};
for (const call of [sdk, theirs]) await rate(call, 500); // warm-up
const rounds = { sdk: [], theirs: [] };
for (let i = 0; i < 6; i++) {
  rounds.sdk.push(await rate(sdk, 1000));
  rounds.theirs.push(await rate(theirs, 1000));
}
await emu.stop();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [ours, them] = [median(rounds.sdk), median(rounds.theirs)];
const ratio = ours / them;
console.log(
  `cloudplat requests/s, generated SDK vs official client (DescribeAddressTemplates): ${ours.toFixed(0)} vs ${them.toFixed(0)}, ratio ${ratio.toFixed(2)} (bound >= 1.0) ${ratio >= 1 ? "ok" : "UNDER"}`,
);
printLoad("end");
