import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CloudplatEmulator } from "./index.js";
import { allPages, boot, errorCode, ok, stopClean } from "./testkit.js";

// APIs bound to IP strategies per environment: BindIPStrategy / UnBindIPStrategy, and what
// DescribeIPStrategy (one environment, paged) and DescribeIPStrategysStatus (all of them) report.
describe("cloudplat emulator: binding IP strategies to APIs", () => {
  let emu: CloudplatEmulator;
  let serviceId: string;
  let strategyId: string;
  let authApi: string;
  let businessApi: string;
  beforeEach(async () => {
    emu = await boot();
    serviceId = (
      await ok(emu, "apigateway", "CreateService", { ServiceName: "edge", Protocol: "http", NetTypes: ["OUTER"] })
    ).ServiceId;
    const create = async (path: string, extra: Record<string, unknown>) =>
      (
        await ok(emu, "apigateway", "CreateApi", {
          ServiceId: serviceId,
          ApiName: path.slice(1),
          Protocol: "HTTP",
          RequestConfig: { Path: path, Method: "POST" },
          ServiceType: "MOCK",
          ServiceTimeout: 5,
          ServiceMockReturnMessage: "ok",
          ...extra,
        })
      ).Result.ApiId as string;
    authApi = await create("/token", {
      AuthType: "OAUTH",
      ApiBusinessType: "OAUTH",
      OauthConfig: { PublicKey: "pk", TokenLocation: "method.req.header.authorization", LoginRedirectUrl: "https://l" },
    });
    businessApi = await create("/orders", { AuthType: "OAUTH", ApiBusinessType: "NORMAL", AuthRelationApiId: authApi });
    strategyId = (
      await ok(emu, "apigateway", "CreateIPStrategy", {
        ServiceId: serviceId,
        StrategyName: "office",
        StrategyType: "WHITE",
        StrategyData: "10.0.0.1",
      })
    ).Result.StrategyId;
  });
  afterEach(() => stopClean(emu));

  const bind = (env: string, ids: string[], action = "BindIPStrategy", list = "BindApiIds") =>
    ok(emu, "apigateway", action, { ServiceId: serviceId, StrategyId: strategyId, EnvironmentName: env, [list]: ids });
  const boundIn = async (env: string) =>
    (
      await ok(emu, "apigateway", "DescribeIPStrategy", {
        ServiceId: serviceId,
        StrategyId: strategyId,
        EnvironmentName: env,
      })
    ).Result;

  it("binds per environment, reads each environment's APIs as DesApisStatus, and counts them all", async () => {
    expect((await bind("test", [authApi, businessApi])).Result).toBe(true);
    expect((await bind("release", [businessApi])).Result).toBe(true);
    await bind("test", [authApi]); // already bound: no duplicate

    const test = await boundIn("test");
    expect(test.BindApiTotalCount).toBe(2);
    expect(test.BindApis.map((a: any) => a.ApiId)).toEqual([authApi, businessApi]);
    expect(test.BindApis[0]).toEqual({
      ServiceId: serviceId,
      ApiId: authApi,
      ApiDesc: "",
      CreatedTime: "2026-01-15T09:00:00Z",
      ModifiedTime: "2026-01-15T09:00:00Z",
      ApiName: "token",
      VpcId: 0,
      UniqVpcId: "",
      ApiType: "NORMAL",
      Protocol: "HTTP",
      IsDebugAfterCharge: false,
      AuthType: "OAUTH",
      ApiBusinessType: "OAUTH",
      AuthRelationApiId: "",
      OauthConfig: { PublicKey: "pk", TokenLocation: "method.req.header.authorization", LoginRedirectUrl: "https://l" },
      RelationBuniessApiIds: [businessApi],
      Tags: [],
      Path: "/token",
      Method: "POST",
    });
    expect(test.BindApis[1]).toMatchObject({
      AuthRelationApiId: authApi,
      OauthConfig: null,
      RelationBuniessApiIds: [],
    });
    const release = await boundIn("release");
    expect([release.BindApiTotalCount, release.BindApis.map((a: any) => a.ApiId)]).toEqual([1, [businessApi]]);
    expect(await boundIn("prepub")).toMatchObject({ StrategyName: "office", BindApiTotalCount: 0, BindApis: [] });

    const status = await ok(emu, "apigateway", "DescribeIPStrategysStatus", { ServiceId: serviceId });
    expect(status.Result.StrategySet).toMatchObject([{ StrategyId: strategyId, BindApiTotalCount: 3 }]);

    // Paged with Limit/Offset; BindApiTotalCount stays the environment's total on every page.
    const pages = await allPages(
      emu,
      "apigateway",
      "DescribeIPStrategy",
      { ServiceId: serviceId, StrategyId: strategyId, EnvironmentName: "test" },
      1,
      (res) => ({ list: res.Result.BindApis, total: res.Result.BindApiTotalCount }),
    );
    expect(pages).toMatchObject({ pages: 3, total: 2 });
    expect(pages.items.map((a) => a.ApiId)).toEqual([authApi, businessApi]);
  });

  it("unbinds with UnBindApiIds in one environment only, and drops deleted APIs", async () => {
    await bind("test", [authApi, businessApi]);
    await bind("release", [authApi]);
    expect((await bind("test", [authApi], "UnBindIPStrategy", "UnBindApiIds")).Result).toBe(true);
    expect((await boundIn("test")).BindApis.map((a: any) => a.ApiId)).toEqual([businessApi]);
    expect((await boundIn("release")).BindApis.map((a: any) => a.ApiId)).toEqual([authApi]);
    await bind("prepub", [authApi], "UnBindIPStrategy", "UnBindApiIds"); // not bound there: nothing to do
    // UnBindIPStrategy names its list UnBindApiIds: BindApiIds leaves it missing.
    expect(
      await errorCode(emu, "apigateway", "UnBindIPStrategy", {
        ServiceId: serviceId,
        StrategyId: strategyId,
        EnvironmentName: "test",
        BindApiIds: [businessApi],
      }),
    ).toBe("MissingParameter");

    await ok(emu, "apigateway", "DeleteApi", { ServiceId: serviceId, ApiId: businessApi });
    expect(await boundIn("test")).toMatchObject({ BindApiTotalCount: 0, BindApis: [] });
  });

  it("refuses unknown services, strategies and APIs, and binds nothing when one API is unknown", async () => {
    const other = (
      await ok(emu, "apigateway", "CreateService", { ServiceName: "other", Protocol: "http", NetTypes: ["OUTER"] })
    ).ServiceId;
    const params = { ServiceId: serviceId, StrategyId: strategyId, EnvironmentName: "test", BindApiIds: [authApi] };
    const code = (p: Record<string, unknown>) => errorCode(emu, "apigateway", "BindIPStrategy", { ...params, ...p });
    expect(await code({ BindApiIds: [authApi, "api-nothere"] })).toBe("ResourceNotFound.InvalidApi");
    expect((await boundIn("test")).BindApis).toEqual([]);
    expect(await code({ StrategyId: "IPStrategy-nothere" })).toBe("ResourceNotFound.InvalidIPStrategy");
    // A strategy and an API belong to one service: named under another, neither exists.
    expect(await code({ ServiceId: other })).toBe("ResourceNotFound.InvalidIPStrategy");
    expect(await code({ ServiceId: "service-nothere" })).toBe("ResourceNotFound.InvalidService");
    expect(await code({ EnvironmentName: "staging" })).toBe("InvalidParameterValue");
    expect(await code({ BindApiIds: [] })).toBe("MissingParameter");
    expect(await code({ BindApiIds: "api-x" })).toBe("InvalidParameter");
    const otherApi = (
      await ok(emu, "apigateway", "CreateApi", {
        ServiceId: other,
        ApiName: "x",
        AuthType: "NONE",
        Protocol: "HTTP",
        RequestConfig: { Path: "/x" },
        ServiceType: "MOCK",
        ServiceTimeout: 5,
        ServiceMockReturnMessage: "ok",
      })
    ).Result.ApiId;
    expect(await code({ BindApiIds: [otherApi] })).toBe("ResourceNotFound.InvalidApi");
  });
});
