import { afterEach, beforeEach, expect, it } from "vitest";
import { NotFoundError, send, ValidationError } from "@sdkgen/runtime";
import { McrPrefixFilterList, Provider } from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { Client, stopClean } from "../emulators/netsvc/testkit.js";

// An id is data: every part of it is URL-encoded as one segment in every path, and an id holding "../"
// is refused before any request, so it cannot climb to another endpoint (and take the bearer token there).
let emu: NetsvcEmulator;
beforeEach(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
});
afterEach(async () => {
  await stopClean(emu);
});

it("percent-encodes each id part as one path segment (hostile ids are refused: hostileIds.test.ts)", async () => {
  const provider = new Provider({
    endpoint: emu.url,
    accessKey: emu.credentials.accessKey,
    secretKey: emu.credentials.secretKey,
    acceptPurchaseTerms: true,
  });
  emu.state.clearRequests();
  const error = await McrPrefixFilterList.get(`mcr x%41;=&:1`, { provider }).catch((e) => e);
  expect(error).toBeInstanceOf(NotFoundError);
  const paths = emu.state.requests().map((r) => r.url);
  expect(paths.filter((p) => !p.startsWith("/oauth2/token"))).toEqual([
    `/v2/product/mcr2/mcr%20x%2541%3B%3D%26/prefixList/1`,
  ]);
});

it("refuses a prefix list id whose list part is not a positive integer, sending nothing", async () => {
  const mcr = await new Client(emu).buyMcr();
  const provider = new Provider({
    endpoint: emu.url,
    accessKey: emu.credentials.accessKey,
    secretKey: emu.credentials.secretKey,
    acceptPurchaseTerms: true,
  });
  emu.state.clearRequests();
  const error = await McrPrefixFilterList.get(`${mcr}:1/../../../../v2/products`, { provider }).catch((e) => e);
  expect(error).toBeInstanceOf(ValidationError);
  expect(String(error.message)).toContain("mcrPrefixFilterListId");
  expect(emu.state.requests()).toEqual([]);
});

it("refuses a request whose path still holds dot segments, before sending it", async () => {
  const error = await send(
    { method: "GET", url: `${emu.url}/v2/product/x/../../v2/products`, headers: {} },
    { method: "GET", path: "/v2/product/x/../../v2/products" },
    { timeoutMs: 1000 },
  ).catch((e) => e);
  expect(error).toBeInstanceOf(ValidationError);
  expect(emu.state.requests()).toEqual([]);
});

it("says an unknown object does not exist, without claiming a request or status the wire never had", async () => {
  const provider = new Provider({
    endpoint: emu.url,
    accessKey: emu.credentials.accessKey,
    secretKey: emu.credentials.secretKey,
    acceptPurchaseTerms: true,
  });
  const error = (await McrPrefixFilterList.get("mcr-x:99", { provider }).catch((e) => e)) as Error;
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error.message).toBe(
    "netsvc:index/mcrPrefixFilterList:McrPrefixFilterList mcr-x:99: McrPrefixFilterList mcr-x:99 does not exist (the service has no such object)",
  );
});
