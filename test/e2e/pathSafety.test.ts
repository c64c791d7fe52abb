import { afterEach, beforeEach, expect, it } from "vitest";
import { NotFoundError, send, ValidationError } from "@sdkgen/runtime";
import { McrPrefixFilterList, Provider } from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { Client, stopClean } from "../emulators/netsvc/testkit.js";

// An id is data: every part of it is URL-encoded in every path, so "../" in an id cannot climb to
// another endpoint (and take the bearer token there).
let emu: NetsvcEmulator;
beforeEach(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
});
afterEach(async () => {
  await stopClean(emu);
});

it("reads a prefix list id holding ../ segments under its own endpoint, finding nothing", async () => {
  const provider = new Provider({
    endpoint: emu.url,
    accessKey: emu.credentials.accessKey,
    secretKey: emu.credentials.secretKey,
    acceptPurchaseTerms: true,
  });
  emu.state.clearRequests();
  const error = await McrPrefixFilterList.get(`x/../../../../v2/products:1`, { provider }).catch((e) => e);
  expect(error).toBeInstanceOf(NotFoundError);
  const paths = emu.state.requests().map((r) => r.path);
  expect(paths.filter((p) => p !== "/oauth2/token")).toEqual([
    `/v2/product/mcr2/x%2F..%2F..%2F..%2F..%2Fv2%2Fproducts/prefixList/1`,
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
