import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CloudplatEmulator } from "./index.js";
import { allPages, boot, errorCode, ok, stopClean } from "./testkit.js";

// The account-wide API gateway lists: DescribeServicesStatus and DescribeUsagePlansStatus, paged with
// integer Offset/Limit and Result.TotalCount (reference §2.4), filtered as the SDK documents.
describe("cloudplat emulator: DescribeServicesStatus and DescribeUsagePlansStatus", () => {
  let emu: CloudplatEmulator;
  beforeEach(async () => {
    emu = await boot({ releaseDelayMs: 0 });
  });
  afterEach(() => stopClean(emu));

  const createService = async (name: string, extra: Record<string, unknown> = {}): Promise<string> =>
    (
      await ok(emu, "apigateway", "CreateService", {
        ServiceName: name,
        Protocol: "http",
        NetTypes: ["OUTER"],
        ...extra,
      })
    ).ServiceId;
  const createPlan = async (name: string): Promise<string> =>
    (await ok(emu, "apigateway", "CreateUsagePlan", { UsagePlanName: name, MaxRequestNumPreSec: 10 })).Result
      .UsagePlanId;

  it("services: every page in creation order, the Service shape, filters, and paging limits", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await createService(`svc${i}`, i === 3 ? { ServiceDesc: "third" } : {}));
    const r = await allPages(emu, "apigateway", "DescribeServicesStatus", {}, 3, (res) => ({
      list: res.Result.ServiceSet,
      total: res.Result.TotalCount,
    }));
    expect(r).toMatchObject({ pages: 3, total: 7 });
    expect(r.items.map((s) => s.ServiceId)).toEqual(ids);
    // Without Limit the platform answers 20 a page.
    for (let i = 7; i < 22; i++) await createService(`svc${i}`);
    const first = (await ok(emu, "apigateway", "DescribeServicesStatus", {})).Result;
    expect([first.TotalCount, first.ServiceSet.length]).toEqual([22, 20]);

    await ok(emu, "apigateway", "CreateApi", {
      ServiceId: ids[3],
      ApiName: "a",
      AuthType: "NONE",
      Protocol: "HTTP",
      RequestConfig: { Path: "/a", Method: "GET" },
      ServiceType: "MOCK",
      ServiceTimeout: 5,
      ServiceMockReturnMessage: "ok",
    });
    await ok(emu, "apigateway", "ReleaseService", { ServiceId: ids[3], EnvironmentName: "release", ReleaseDesc: "v" });
    const byName = await ok(emu, "apigateway", "DescribeServicesStatus", {
      Filters: [{ Name: "ServiceName", Values: ["svc3"] }],
    });
    expect(byName.Result).toEqual({
      TotalCount: 1,
      ServiceSet: [
        {
          ServiceId: ids[3],
          ServiceName: "svc3",
          ServiceDesc: "third",
          Protocol: "http",
          NetTypes: ["OUTER"],
          IpVersion: "IPv4",
          ExclusiveSetName: "",
          AvailableEnvironments: ["release"],
          OuterSubDomain: expect.stringContaining(ids[3]!),
          InnerSubDomain: "",
          InnerHttpPort: 80,
          InnerHttpsPort: 443,
          CreatedTime: "2026-01-15T09:00:00Z",
          ModifiedTime: "2026-01-15T09:00:00Z",
          TradeIsolateStatus: 0,
          InstanceId: "",
          SetType: "",
          DeploymentType: "SHARED",
          Tags: [],
        },
      ],
    });
    const byIds = await ok(emu, "apigateway", "DescribeServicesStatus", {
      Filters: [{ Name: "ServiceId", Values: [ids[1], ids[5], "service-nothere"] }],
    });
    expect(byIds.Result.ServiceSet.map((s: any) => s.ServiceId)).toEqual([ids[1], ids[5]]);
    const none = await ok(emu, "apigateway", "DescribeServicesStatus", {
      Filters: [{ Name: "ServiceName", Values: ["nothing"] }],
    });
    expect(none.Result).toEqual({ TotalCount: 0, ServiceSet: [] });

    expect(await errorCode(emu, "apigateway", "DescribeServicesStatus", { Limit: 101 })).toBe("InvalidParameterValue");
    expect(await errorCode(emu, "apigateway", "DescribeServicesStatus", { Offset: "0" })).toBe("InvalidParameter");
    expect(
      await errorCode(emu, "apigateway", "DescribeServicesStatus", { Filters: [{ Name: "Colour", Values: ["x"] }] }),
    ).toBe("InvalidParameterValue");
    expect(await errorCode(emu, "apigateway", "DescribeServicesStatus", { ServiceId: ids[0] })).toBe(
      "UnknownParameter",
    );
  });

  it("services: NotUsagePlanId leaves out services bound to the plan, in the Environment given", async () => {
    const a = await createService("bound");
    const b = await createService("free");
    const plan = await createPlan("gold");
    await ok(emu, "apigateway", "BindEnvironment", {
      ServiceId: a,
      UsagePlanIds: [plan],
      Environment: "release",
      BindType: "SERVICE",
    });
    const list = async (filters: object[]) =>
      (await ok(emu, "apigateway", "DescribeServicesStatus", { Filters: filters })).Result.ServiceSet.map(
        (s: any) => s.ServiceId,
      );
    expect(await list([{ Name: "NotUsagePlanId", Values: [plan] }])).toEqual([b]);
    expect(
      await list([
        { Name: "NotUsagePlanId", Values: [plan] },
        { Name: "Environment", Values: ["test"] },
      ]),
    ).toEqual([a, b]);
  });

  it("usage plans: every page in creation order, the UsagePlanStatusInfo shape, and filters", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createPlan(`plan${i}`));
    const r = await allPages(emu, "apigateway", "DescribeUsagePlansStatus", {}, 2, (res) => ({
      list: res.Result.UsagePlanStatusSet,
      total: res.Result.TotalCount,
    }));
    expect(r).toMatchObject({ pages: 3, total: 5 });
    expect(r.items.map((p) => p.UsagePlanId)).toEqual(ids);

    const byName = await ok(emu, "apigateway", "DescribeUsagePlansStatus", {
      Filters: [{ Name: "UsagePlanName", Values: ["plan2"] }],
    });
    expect(byName.Result).toEqual({
      TotalCount: 1,
      UsagePlanStatusSet: [
        {
          UsagePlanId: ids[2],
          UsagePlanName: "plan2",
          UsagePlanDesc: "",
          MaxRequestNumPreSec: 10,
          MaxRequestNum: -1,
          CreatedTime: "2026-01-15T09:00:00Z",
          ModifiedTime: "2026-01-15T09:00:00Z",
        },
      ],
    });
    const byId = await ok(emu, "apigateway", "DescribeUsagePlansStatus", {
      Filters: [{ Name: "UsagePlanId", Values: [ids[4]] }],
    });
    expect(byId.Result.UsagePlanStatusSet.map((p: any) => p.UsagePlanName)).toEqual(["plan4"]);

    const service = await createService("svc");
    await ok(emu, "apigateway", "BindEnvironment", {
      ServiceId: service,
      UsagePlanIds: [ids[0]],
      Environment: "test",
      BindType: "SERVICE",
    });
    const notOnService = await ok(emu, "apigateway", "DescribeUsagePlansStatus", {
      Filters: [{ Name: "NotServiceId", Values: [service] }],
    });
    expect(notOnService.Result.UsagePlanStatusSet.map((p: any) => p.UsagePlanId)).toEqual(ids.slice(1));
    const none = await ok(emu, "apigateway", "DescribeUsagePlansStatus", {
      Filters: [{ Name: "UsagePlanName", Values: ["nothing"] }],
    });
    expect(none.Result).toEqual({ TotalCount: 0, UsagePlanStatusSet: [] });
    expect(await errorCode(emu, "apigateway", "DescribeUsagePlansStatus", { Limit: 0 })).toBe("InvalidParameterValue");
  });
});
