import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CloudplatEmulator } from "./index.js";
import { boot, errorCode, ok, stopClean } from "./testkit.js";

describe("cloudplat emulator: IP strategies, plug-ins and custom domains", () => {
  let emu: CloudplatEmulator;
  let serviceId: string;
  let apiId: string;
  let outer: string;
  beforeEach(async () => {
    emu = await boot();
    const svc = await ok(emu, "apigateway", "CreateService", {
      ServiceName: "edge",
      Protocol: "http",
      NetTypes: ["OUTER"],
    });
    serviceId = svc.ServiceId;
    outer = svc.OuterSubDomain;
    apiId = (
      await ok(emu, "apigateway", "CreateApi", {
        ServiceId: serviceId,
        ApiName: "a",
        AuthType: "NONE",
        Protocol: "HTTP",
        RequestConfig: { Path: "/a" },
        ServiceType: "MOCK",
        ServiceTimeout: 5,
        ServiceMockReturnMessage: "ok",
      })
    ).Result.ApiId;
  });
  afterEach(() => stopClean(emu));

  it("IP strategies: create, read, list unpaged with a name filter, modify, delete, not found", async () => {
    const s = (
      await ok(emu, "apigateway", "CreateIPStrategy", {
        ServiceId: serviceId,
        StrategyName: "deny",
        StrategyType: "BLACK",
        StrategyData: "1.2.3.4\n10.0.0.0/8",
      })
    ).Result;
    expect(s.StrategyId).toMatch(/^IPStrategy-/);
    expect(
      await errorCode(emu, "apigateway", "CreateIPStrategy", {
        ServiceId: serviceId,
        StrategyName: "x",
        StrategyType: "GREY",
        StrategyData: "1.2.3.4",
      }),
    ).toBe("InvalidParameterValue");
    const read = await ok(emu, "apigateway", "DescribeIPStrategy", {
      ServiceId: serviceId,
      StrategyId: s.StrategyId,
      EnvironmentName: "test",
      Limit: 100,
      Offset: 0,
    });
    expect(read.Result).toMatchObject({ StrategyData: "1.2.3.4\n10.0.0.0/8", BindApis: [] });
    const list = await ok(emu, "apigateway", "DescribeIPStrategysStatus", {
      ServiceId: serviceId,
      Filters: [{ Name: "StrategyName", Values: ["deny"] }],
    });
    expect(list.Result.TotalCount).toBe(1);
    expect(
      (
        await ok(emu, "apigateway", "ModifyIPStrategy", {
          ServiceId: serviceId,
          StrategyId: s.StrategyId,
          StrategyData: "5.6.7.8",
        })
      ).Result,
    ).toBe(true);
    expect(
      (await ok(emu, "apigateway", "DeleteIPStrategy", { ServiceId: serviceId, StrategyId: s.StrategyId })).Result,
    ).toBe(true);
    expect(
      await errorCode(emu, "apigateway", "DeleteIPStrategy", { ServiceId: serviceId, StrategyId: s.StrategyId }),
    ).toBe("ResourceNotFound.InvalidIPStrategy");
  });

  it("plug-ins: create, describe by id, attach, the by-API and all-APIs views, delete rules", async () => {
    const p = (
      await ok(emu, "apigateway", "CreatePlugin", {
        PluginName: "allow",
        PluginType: "IPControl",
        PluginData: '{"type":"white_list","blocks":"1.1.1.1"}',
      })
    ).Result;
    expect(
      await errorCode(emu, "apigateway", "CreatePlugin", {
        PluginName: "bad",
        PluginType: "IPControl",
        PluginData: "{nope",
      }),
    ).toBe("InvalidParameterValue");
    expect((await ok(emu, "apigateway", "DescribePlugins", { PluginIds: [p.PluginId] })).Result).toMatchObject({
      TotalCount: 1,
      PluginSet: [{ PluginName: "allow" }],
    });
    await ok(emu, "apigateway", "AttachPlugin", {
      PluginId: p.PluginId,
      ServiceId: serviceId,
      EnvironmentName: "release",
      ApiIds: [apiId],
    });
    const byApi = await ok(emu, "apigateway", "DescribePluginsByApi", {
      ServiceId: serviceId,
      ApiId: apiId,
      Limit: 20,
      Offset: 0,
    });
    expect(byApi.Result.PluginSummary).toMatchObject([{ PluginId: p.PluginId, Environment: "release" }]);
    const apis = await ok(emu, "apigateway", "DescribeAllPluginApis", {
      ServiceId: serviceId,
      PluginId: p.PluginId,
      EnvironmentName: "release",
      Limit: 100,
      Offset: 0,
    });
    expect(apis.Result.ApiSet).toMatchObject([{ ApiId: apiId, IsAttached: true, AttachedOtherPlugin: false }]);
    expect(await errorCode(emu, "apigateway", "DeletePlugin", { PluginId: p.PluginId })).toBe(
      "UnsupportedOperation.ResourceAssociated",
    );
    await ok(emu, "apigateway", "DetachPlugin", {
      PluginId: p.PluginId,
      ServiceId: serviceId,
      EnvironmentName: "release",
      ApiId: apiId,
    });
    await ok(emu, "apigateway", "ModifyPlugin", { PluginId: p.PluginId, Description: "d" });
    await ok(emu, "apigateway", "DeletePlugin", { PluginId: p.PluginId });
    expect((await ok(emu, "apigateway", "DescribePlugins", { PluginIds: [p.PluginId] })).Result.TotalCount).toBe(0);
  });

  it("custom domains: bind with path mappings, list, mappings, modify, unbind, refusals", async () => {
    const bind = {
      ServiceId: serviceId,
      SubDomain: "api.example.com",
      Protocol: "http",
      NetType: "OUTER",
      NetSubDomain: outer,
      IsDefaultMapping: false,
      PathMappingSet: [{ Path: "/", Environment: "release" }],
    };
    expect(Object.keys(await ok(emu, "apigateway", "BindSubDomain", bind))).toEqual(["RequestId"]);
    expect(await errorCode(emu, "apigateway", "BindSubDomain", bind)).toBe("FailedOperation.DomainAlreadyBindService");
    expect(
      await errorCode(emu, "apigateway", "BindSubDomain", { ...bind, SubDomain: "b.example.com", Protocol: "https" }),
    ).toBe("MissingParameter");
    const list = await ok(emu, "apigateway", "DescribeServiceSubDomains", {
      ServiceId: serviceId,
      Limit: 100,
      Offset: 0,
    });
    expect(list.Result.DomainSet).toMatchObject([
      { DomainName: "api.example.com", Status: 1, IsDefaultMapping: false },
    ]);
    const maps = await ok(emu, "apigateway", "DescribeServiceSubDomainMappings", {
      ServiceId: serviceId,
      SubDomain: "api.example.com",
    });
    expect(maps.Result.PathMappingSet).toEqual([{ Path: "/", Environment: "release" }]);
    expect(
      (
        await ok(emu, "apigateway", "ModifySubDomain", {
          ServiceId: serviceId,
          SubDomain: "api.example.com",
          IsDefaultMapping: true,
          IsForcedHttps: false,
        })
      ).Result,
    ).toBe(true);
    expect(
      (await ok(emu, "apigateway", "UnBindSubDomain", { ServiceId: serviceId, SubDomain: "api.example.com" })).Result,
    ).toBe(true);
    expect(
      await errorCode(emu, "apigateway", "UnBindSubDomain", { ServiceId: serviceId, SubDomain: "api.example.com" }),
    ).toBe("ResourceNotFound");
  });
});
