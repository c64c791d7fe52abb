import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CloudplatEmulator } from "./index.js";
import { allPages, boot, errorCode, ok, stopClean } from "./testkit.js";

describe("cloudplat emulator: vpc, antiddos and apigateway actions", () => {
  let emu: CloudplatEmulator;
  beforeEach(async () => {
    emu = await boot({ releaseDelayMs: 30_000 });
  });
  afterEach(() => stopClean(emu));

  it("vpc: address templates and groups, string Offset/Limit through every page, filters, delete rules", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        (await ok(emu, "vpc", "CreateAddressTemplate", { AddressTemplateName: `t${i}`, Addresses: [`10.0.${i}.0/24`] }))
          .AddressTemplate.AddressTemplateId,
      );
    const r = await allPages(
      emu,
      "vpc",
      "DescribeAddressTemplates",
      {},
      3,
      (res) => ({ list: res.AddressTemplateSet, total: res.TotalCount }),
      true,
    );
    expect(r).toMatchObject({ pages: 3, total: 7 });
    expect(r.items.map((t) => t.AddressTemplateId)).toEqual(ids);
    expect(await errorCode(emu, "vpc", "DescribeAddressTemplates", { Offset: 0, Limit: 3 })).toBe("InvalidParameter");
    const byName = await ok(emu, "vpc", "DescribeAddressTemplates", {
      Filters: [{ Name: "address-template-name", Values: ["t2"] }],
    });
    expect(byName.AddressTemplateSet.map((t: any) => t.AddressSet)).toEqual([["10.0.2.0/24"]]);
    expect(await errorCode(emu, "vpc", "DescribeAddressTemplates", { Filters: [{ Name: "bogus", Values: [] }] })).toBe(
      "InvalidParameterValue",
    );
    expect(
      await errorCode(emu, "vpc", "CreateAddressTemplate", { AddressTemplateName: "x", Addresses: ["not-an-ip"] }),
    ).toBe("InvalidParameterValue");
    const g = (
      await ok(emu, "vpc", "CreateAddressTemplateGroup", {
        AddressTemplateGroupName: "g",
        AddressTemplateIds: ids.slice(0, 2),
      })
    ).AddressTemplateGroup;
    const groups = await ok(emu, "vpc", "DescribeAddressTemplateGroups", {
      Filters: [{ Name: "address-template-group-id", Values: [g.AddressTemplateGroupId] }],
    });
    expect(groups).toMatchObject({
      TotalCount: 1,
      AddressTemplateGroupSet: [{ AddressTemplateIdSet: ids.slice(0, 2) }],
    });
    expect(await errorCode(emu, "vpc", "DeleteAddressTemplate", { AddressTemplateId: ids[0] })).toBe("ResourceInUse");
    await ok(emu, "vpc", "DeleteAddressTemplateGroup", { AddressTemplateGroupId: g.AddressTemplateGroupId });
    await ok(emu, "vpc", "DeleteAddressTemplate", { AddressTemplateId: ids[0] });
    expect(await errorCode(emu, "vpc", "DeleteAddressTemplate", { AddressTemplateId: ids[0] })).toBe(
      "ResourceNotFound",
    );
  });

  it("antiddos: instances with Total, event list through every page of 20, trends, statuses and validation", async () => {
    const inst = await ok(emu, "antiddos", "DescribeBgpInstances", {
      FilterRegion: "ap-guangzhou",
      Limit: 100,
      Offset: 0,
    });
    expect(inst.Total).toBe(2);
    const tagged = await ok(emu, "antiddos", "DescribeBgpInstances", {
      FilterRegion: "ap-guangzhou",
      FilterTag: [{ TagKey: "env", TagValue: "prod" }],
    });
    expect(tagged.BGPInstanceList.map((i: any) => i.InstanceId)).toEqual(["bgp-00000001"]);
    const window = { StartTime: "2026-01-01 00:00:00", EndTime: "2026-01-31 00:00:00" };
    const events = await allPages(emu, "antiddos", "DescribeOverviewDDoSEventList", window, 20, (res) => ({
      list: res.EventList,
      total: res.Total,
    }));
    expect(events).toMatchObject({ pages: 3, total: 45 });
    const attacking = await ok(emu, "antiddos", "DescribeOverviewDDoSEventList", { ...window, AttackStatus: "start" });
    expect(attacking.Total).toBe(5);
    const trend = await ok(emu, "antiddos", "DescribeOverviewDDoSTrend", {
      ...window,
      Period: 86400,
      MetricName: "bps",
    });
    expect(trend.Count).toBe(31);
    expect(
      await ok(emu, "antiddos", "DescribeOverviewDDoSTrend", { ...window, Period: 86400, MetricName: "bps" }),
    ).toEqual({ ...trend, RequestId: expect.any(String) });
    expect(
      await errorCode(emu, "antiddos", "DescribeOverviewCCTrend", { ...window, Period: 60, MetricName: "inqps" }),
    ).toBe("InvalidParameterValue");
    expect(
      await errorCode(emu, "antiddos", "DescribeOverviewCCTrend", { ...window, Period: 300, MetricName: "bps" }),
    ).toBe("InvalidParameterValue");
    expect(
      await errorCode(emu, "antiddos", "DescribeOverviewIndex", { StartTime: "2026-01-01", EndTime: window.EndTime }),
    ).toBe("InvalidParameterValue");
    expect(await errorCode(emu, "antiddos", "DescribeOverviewIndex", { StartTime: window.StartTime })).toBe(
      "MissingParameter",
    );
    const biz = await ok(emu, "antiddos", "DescribeBgpBizTrend", {
      ...window,
      Business: "bgpip",
      MetricName: "intraffic",
      InstanceId: "bgpip-00000001",
      Flag: 0,
    });
    expect(biz.MaxData).toBe(Math.max(...biz.DataList));
    const att = await ok(emu, "antiddos", "DescribeOverviewAttackTrend", {
      ...window,
      Type: "ddos",
      Dimension: "attackcount",
      Period: 86400,
    });
    expect(att.Count).toBe(att.Data.length);
    const st = await ok(emu, "antiddos", "DescribeBasicDeviceStatus", { IpList: ["203.0.113.11", "198.51.100.7"] });
    expect(st).toMatchObject({
      Data: [{ Key: "203.0.113.11", Value: "3" }],
      CLBData: [{ Key: "198.51.100.7", Value: "2" }],
    });
    const l = await ok(emu, "antiddos", "DescribeListListener");
    expect([l.Layer4Listeners.length, l.Layer7Listeners.length]).toEqual([1, 1]);
    const idx = await ok(emu, "antiddos", "DescribeOverviewIndex", window);
    expect(idx).toMatchObject({ AttackIpCount: 2, BlockIpCount: 1 });
  });

  it("apigateway: service, APIs, release with its asynchronous state and the delete rules", async () => {
    const svc = await ok(emu, "apigateway", "CreateService", {
      ServiceName: "shop",
      Protocol: "http",
      NetTypes: ["OUTER"],
    });
    const serviceId = svc.ServiceId as string;
    expect(serviceId).toMatch(/^service-[a-z0-9]{8}$/);
    expect(
      await errorCode(emu, "apigateway", "ReleaseService", {
        ServiceId: serviceId,
        EnvironmentName: "release",
        ReleaseDesc: "v1",
      }),
    ).toBe("FailedOperation.ServiceError");
    const apiIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await ok(emu, "apigateway", "CreateApi", {
        ServiceId: serviceId,
        ApiName: `a${i}`,
        AuthType: "NONE",
        Protocol: "HTTP",
        RequestConfig: { Path: `/p${i}`, Method: "GET" },
        ServiceType: "HTTP",
        ServiceTimeout: 15,
        ServiceConfig: { Url: "http://backend", Path: "/", Method: "GET" },
      });
      apiIds.push(r.Result.ApiId);
    }
    expect(
      await errorCode(emu, "apigateway", "CreateApi", {
        ServiceId: serviceId,
        ApiName: "m",
        AuthType: "NONE",
        Protocol: "HTTP",
        RequestConfig: { Path: "/m" },
        ServiceType: "MOCK",
        ServiceTimeout: 5,
      }),
    ).toBe("MissingParameter");
    const pages = await allPages(emu, "apigateway", "DescribeApisStatus", { ServiceId: serviceId }, 2, (res) => ({
      list: res.Result.ApiIdStatusSet,
      total: res.Result.TotalCount,
    }));
    expect(pages).toMatchObject({ pages: 3, total: 5 });
    expect(
      (await ok(emu, "apigateway", "DescribeApi", { ServiceId: serviceId, ApiId: apiIds[0] })).Result,
    ).toMatchObject({ ApiName: "a0", ServiceType: "HTTP", ServiceTimeout: 15 });
    expect(await errorCode(emu, "apigateway", "DescribeApi", { ServiceId: serviceId, ApiId: "api-nothere" })).toBe(
      "ResourceNotFound.InvalidApi",
    );
    expect(await errorCode(emu, "apigateway", "DescribeService", { ServiceId: "service-nothere" })).toBe(
      "ResourceNotFound.InvalidService",
    );

    const rel = await ok(emu, "apigateway", "ReleaseService", {
      ServiceId: serviceId,
      EnvironmentName: "release",
      ReleaseDesc: "v1",
    });
    expect((await ok(emu, "apigateway", "DescribeService", { ServiceId: serviceId })).AvailableEnvironments).toEqual(
      [],
    );
    emu.clock.advance(30_000);
    expect((await ok(emu, "apigateway", "DescribeService", { ServiceId: serviceId })).AvailableEnvironments).toEqual([
      "release",
    ]);
    const hist = await ok(emu, "apigateway", "DescribeServiceEnvironmentReleaseHistory", {
      ServiceId: serviceId,
      EnvironmentName: "release",
      Limit: 100,
      Offset: 0,
    });
    expect(hist.Result.VersionList).toMatchObject([{ VersionName: rel.Result.ReleaseVersion, VersionDesc: "v1" }]);
    const envs = await ok(emu, "apigateway", "DescribeServiceEnvironmentList", { ServiceId: serviceId });
    expect(envs.Result.EnvironmentList.map((e: any) => [e.EnvironmentName, e.Status])).toEqual([
      ["test", 0],
      ["prepub", 0],
      ["release", 1],
    ]);

    for (const id of apiIds) await ok(emu, "apigateway", "DeleteApi", { ServiceId: serviceId, ApiId: id });
    expect(await errorCode(emu, "apigateway", "DeleteService", { ServiceId: serviceId })).toBe(
      "UnsupportedOperation.UnsupportedDeleteService",
    );
    for (const e of ["test", "release", "prepub"])
      expect(
        (await ok(emu, "apigateway", "UnReleaseService", { ServiceId: serviceId, EnvironmentName: e })).Result,
      ).toBe(true);
    expect((await ok(emu, "apigateway", "DeleteService", { ServiceId: serviceId })).Result).toBe(true);
  });
});
