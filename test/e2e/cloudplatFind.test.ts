import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiGatewayService, ApiGatewayUsagePlan, Provider } from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider } from "./cloudplatKit.js";

// The state-input form without an id: Kind.find(state) lists the services (DescribeServicesStatus) or
// usage plans (DescribeUsagePlansStatus) page after page, 100 a page, reads each, and keeps those whose
// state matches every field given. A name is sent as the platform's filter, so only its matches are
// listed and read; other fields page through everything. More than 100 objects, so a match sits on page 2.
let emu: CloudplatEmulator;
let p: Provider;
beforeEach(async () => {
  emu = await startCloudplatEmulator();
  p = keyedProvider(emu, { pollMs: 10 });
});
afterEach(() => emu.stop());

type Wire = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const write = (action: string, params: object) => p.client.call<Wire>("apigateway", action, params, { read: false });

/** The request bodies of a list action the runtime sent, and the Offset/Limit of each page. */
const bodies = (action: string) =>
  emu.state.requests({ service: "apigateway", action }).map((r) => JSON.parse(r.body) as Wire);
const windows = (action: string) => bodies(action).map((b) => [b.Offset, b.Limit]);

const FILLER = 102;

describe("ApiGatewayService.find without an id", () => {
  it("reads every page of DescribeServicesStatus and matches by name, or by description and protocol", async () => {
    const ids: string[] = [];
    for (let i = 0; i < FILLER; i++) {
      const edge = i === 7 ? { ServiceDesc: "edge", Protocol: "https" } : { Protocol: "http" };
      ids.push((await write("CreateService", { ServiceName: `svc${i}`, NetTypes: ["OUTER"], ...edge })).ServiceId);
    }
    const billing = (
      await write("CreateService", {
        ServiceName: "billing",
        Protocol: "https",
        NetTypes: ["OUTER"],
        ServiceDesc: "edge",
      })
    ).ServiceId as string;

    const found = await ApiGatewayService.find({ serviceName: "billing" }, { provider: p });
    expect(found.map((s) => s.id)).toEqual([billing]);
    expect(found[0]!.serviceDesc).toBe("edge");
    expect(bodies("DescribeServicesStatus")).toEqual([
      { Filters: [{ Name: "ServiceName", Values: ["billing"] }], Offset: 0, Limit: 100 },
    ]);
    expect(emu.state.requests({ service: "apigateway", action: "DescribeService" })).toHaveLength(1);

    emu.state.clearRequests();
    const edges = await ApiGatewayService.find({ serviceDesc: "edge", protocol: "https" }, { provider: p });
    expect(edges.map((s) => s.id)).toEqual([ids[7], billing]);
    expect(windows("DescribeServicesStatus")).toEqual([
      [0, 100],
      [100, 100],
    ]);
    // No filter for these fields: every listed service was read and its state compared.
    expect(emu.state.requests({ service: "apigateway", action: "DescribeService" })).toHaveLength(FILLER + 1);

    expect(await ApiGatewayService.find({ serviceName: "nothing" }, { provider: p })).toEqual([]);
    expect(await ApiGatewayService.find({ serviceName: "billing", protocol: "http" }, { provider: p })).toEqual([]);
  });
});

describe("ApiGatewayUsagePlan.find without an id", () => {
  it("reads every page of DescribeUsagePlansStatus and matches by name, or by limits", async () => {
    const ids: string[] = [];
    for (let i = 0; i < FILLER; i++)
      ids.push(
        (
          await write("CreateUsagePlan", {
            UsagePlanName: `plan${i}`,
            MaxRequestNumPreSec: i === 3 ? 7 : 100,
          })
        ).Result.UsagePlanId,
      );
    const platinum = (
      await write("CreateUsagePlan", { UsagePlanName: "platinum", UsagePlanDesc: "top", MaxRequestNumPreSec: 7 })
    ).Result.UsagePlanId as string;

    const found = await ApiGatewayUsagePlan.find({ usagePlanName: "platinum" }, { provider: p });
    expect(found.map((u) => u.id)).toEqual([platinum]);
    expect([found[0]!.usagePlanDesc, found[0]!.maxRequestNum]).toEqual(["top", -1]);
    expect(bodies("DescribeUsagePlansStatus")).toEqual([
      { Filters: [{ Name: "UsagePlanName", Values: ["platinum"] }], Offset: 0, Limit: 100 },
    ]);

    emu.state.clearRequests();
    const seven = await ApiGatewayUsagePlan.find({ maxRequestNumPreSec: 7 }, { provider: p });
    expect(seven.map((u) => u.id)).toEqual([ids[3], platinum]);
    expect(windows("DescribeUsagePlansStatus")).toEqual([
      [0, 100],
      [100, 100],
    ]);

    expect(await ApiGatewayUsagePlan.find({ usagePlanName: "nothing" }, { provider: p })).toEqual([]);
    expect(await ApiGatewayUsagePlan.find({ usagePlanName: "platinum", maxRequestNum: 5 }, { provider: p })).toEqual(
      [],
    );
  });
});
