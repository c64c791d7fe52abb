import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CloudplatEmulator } from "./index.js";
import { allPages, boot, errorCode, ok, stopClean } from "./testkit.js";

describe("cloudplat emulator: apps, docs and service tags", () => {
  let emu: CloudplatEmulator;
  let serviceId: string;
  let apiId: string;
  beforeEach(async () => {
    emu = await boot({ releaseDelayMs: 5_000 });
    serviceId = (
      await ok(emu, "apigateway", "CreateService", { ServiceName: "apps", Protocol: "http", NetTypes: ["OUTER"] })
    ).ServiceId;
    apiId = (
      await ok(emu, "apigateway", "CreateApi", {
        ServiceId: serviceId,
        ApiName: "a",
        AuthType: "APP",
        Protocol: "HTTP",
        RequestConfig: { Path: "/a" },
        ServiceType: "MOCK",
        ServiceTimeout: 5,
        ServiceMockReturnMessage: "ok",
      })
    ).Result.ApiId;
  });
  afterEach(() => stopClean(emu));

  it("apps: DescribeApiApp by id (an unknown id is an empty set) and ModifyApiApp of the name and description", async () => {
    const id = (await ok(emu, "apigateway", "CreateApiApp", { ApiAppName: "one", ApiAppDesc: "d1" })).Result.ApiAppId;
    const one = await ok(emu, "apigateway", "DescribeApiApp", { ApiAppId: id });
    expect(one.Result).toMatchObject({
      TotalCount: 1,
      ApiAppSet: [{ ApiAppId: id, ApiAppName: "one", ApiAppDesc: "d1" }],
    });
    expect(one.Result.ApiAppSet[0].ApiAppSecret).toEqual(expect.any(String));
    expect((await ok(emu, "apigateway", "DescribeApiApp", { ApiAppId: "app-none" })).Result).toEqual({
      TotalCount: 0,
      ApiAppSet: [],
    });
    expect((await ok(emu, "apigateway", "ModifyApiApp", { ApiAppId: id, ApiAppDesc: "d2" })).Result).toBe(true);
    const after = (await ok(emu, "apigateway", "DescribeApiApp", { ApiAppId: id })).Result.ApiAppSet[0];
    expect(after).toMatchObject({ ApiAppName: "one", ApiAppDesc: "d2" });
    expect(await errorCode(emu, "apigateway", "ModifyApiApp", { ApiAppId: "app-none", ApiAppName: "x" })).toBe(
      "ResourceNotFound.InvalidApiApp",
    );
    expect(await errorCode(emu, "apigateway", "ModifyApiApp", { ApiAppId: id, Other: 1 })).toBe("UnknownParameter");
  });

  it("apps: create, page through, bind to an API, the binding view with filters, delete rules", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await ok(emu, "apigateway", "CreateApiApp", { ApiAppName: `app${i}` })).Result.ApiAppId);
    const all = await allPages(emu, "apigateway", "DescribeApiAppsStatus", {}, 2, (r) => ({
      list: r.Result.ApiAppSet,
      total: r.Result.TotalCount,
    }));
    expect(all).toMatchObject({ pages: 3, total: 5 });
    const named = await ok(emu, "apigateway", "DescribeApiAppsStatus", {
      Filters: [{ Name: "ApiAppName", Values: ["app3"] }],
    });
    expect(named.Result.ApiAppSet.map((a: any) => a.ApiAppId)).toEqual([ids[3]]);
    await ok(emu, "apigateway", "BindApiApp", {
      ApiAppIds: [ids[0]],
      Environment: "release",
      ServiceIds: [serviceId],
      ApiIds: [apiId],
    });
    const bound = await ok(emu, "apigateway", "DescribeApiBindApiAppsStatus", {
      ServiceId: serviceId,
      ApiIds: [apiId],
      Filters: [{ Name: "Environment", Values: ["release"] }],
      Limit: 20,
      Offset: 0,
    });
    expect(bound.Result.ApiAppApiSet).toMatchObject([
      { ApiAppId: ids[0], ApiId: apiId, EnvironmentName: "release", ApiRegion: "ap-guangzhou" },
    ]);
    expect(await errorCode(emu, "apigateway", "DeleteApiApp", { ApiAppId: ids[0] })).toBe(
      "UnsupportedOperation.ResourceAssociated",
    );
    await ok(emu, "apigateway", "UnbindApiApp", {
      ApiAppId: ids[0],
      Environment: "release",
      ServiceId: serviceId,
      ApiId: apiId,
    });
    await ok(emu, "apigateway", "DeleteApiApp", { ApiAppId: ids[0] });
    expect(await errorCode(emu, "apigateway", "DeleteApiApp", { ApiAppId: ids[0] })).toBe(
      "ResourceNotFound.InvalidApiApp",
    );
  });

  it("docs: PROCESSING until the build time has passed, then COMPLETED; delete", async () => {
    const doc = (
      await ok(emu, "apigateway", "CreateAPIDoc", {
        ApiDocName: "d",
        ServiceId: serviceId,
        Environment: "release",
        ApiIds: [apiId],
      })
    ).Result;
    expect(doc.ApiDocStatus).toBe("PROCESSING");
    emu.clock.advance(5_000);
    const docs = await ok(emu, "apigateway", "DescribeAPIDocs", { Limit: 100, Offset: 0 });
    expect(docs.Result).toMatchObject({
      TotalCount: 1,
      APIDocSet: [{ ApiDocId: doc.ApiDocId, ApiDocStatus: "COMPLETED" }],
    });
    await ok(emu, "apigateway", "DeleteAPIDoc", { ApiDocId: doc.ApiDocId });
    expect(await errorCode(emu, "apigateway", "DeleteAPIDoc", { ApiDocId: doc.ApiDocId })).toBe(
      "ResourceNotFound.InvalidApiDoc",
    );
  });

  it("tags: ModifyResourceTags replace/delete, read back by resource id and in DescribeService", async () => {
    const resource = `qcs::apigw:ap-guangzhou:uin/:service/${serviceId}`;
    await ok(emu, "tag", "ModifyResourceTags", {
      Resource: resource,
      ReplaceTags: [
        { TagKey: "team", TagValue: "a" },
        { TagKey: "env", TagValue: "dev" },
      ],
    });
    await ok(emu, "tag", "ModifyResourceTags", { Resource: resource, DeleteTags: [{ TagKey: "env" }] });
    const tags = await ok(emu, "tag", "DescribeResourceTagsByResourceIds", {
      ServiceType: "apigw",
      ResourcePrefix: "service",
      ResourceRegion: "ap-guangzhou",
      ResourceIds: [serviceId],
      Limit: 20,
      Offset: 0,
    });
    expect(tags).toMatchObject({ TotalCount: 1, Tags: [{ TagKey: "team", TagValue: "a", ResourceId: serviceId }] });
    expect((await ok(emu, "apigateway", "DescribeService", { ServiceId: serviceId })).Tags).toEqual([
      { Key: "team", Value: "a" },
    ]);
    expect(await errorCode(emu, "tag", "ModifyResourceTags", { Resource: "not-a-resource" })).toBe(
      "InvalidParameterValue",
    );
  });
});
