import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CloudplatEmulator } from "./index.js";
import { allPages, boot, errorCode, ok, stopClean } from "./testkit.js";

describe("cloudplat emulator: usage plans, attachments and API keys", () => {
  let emu: CloudplatEmulator;
  let serviceId: string;
  let apiId: string;
  beforeEach(async () => {
    emu = await boot();
    serviceId = (
      await ok(emu, "apigateway", "CreateService", { ServiceName: "plans", Protocol: "https", NetTypes: ["OUTER"] })
    ).ServiceId;
    apiId = (
      await ok(emu, "apigateway", "CreateApi", {
        ServiceId: serviceId,
        ApiName: "secured",
        AuthType: "SECRET",
        Protocol: "HTTP",
        RequestConfig: { Path: "/s", Method: "POST" },
        ServiceType: "MOCK",
        ServiceTimeout: 5,
        ServiceMockReturnMessage: "ok",
      })
    ).Result.ApiId;
  });
  afterEach(() => stopClean(emu));

  it("plan lifecycle: create, bind by service and API, keys, in-use delete rules, unbind, delete", async () => {
    const plan = (
      await ok(emu, "apigateway", "CreateUsagePlan", {
        UsagePlanName: "gold",
        MaxRequestNum: 100,
        MaxRequestNumPreSec: 10,
      })
    ).Result;
    const id = plan.UsagePlanId as string;
    expect(id).toMatch(/^usagePlan-/);
    expect(
      await errorCode(emu, "apigateway", "CreateUsagePlan", { UsagePlanName: "x", MaxRequestNumPreSec: 5000 }),
    ).toBe("InvalidParameterValue");
    await ok(emu, "apigateway", "BindEnvironment", {
      ServiceId: serviceId,
      UsagePlanIds: [id],
      Environment: "release",
      BindType: "SERVICE",
    });
    await ok(emu, "apigateway", "BindEnvironment", {
      ServiceId: serviceId,
      UsagePlanIds: [id],
      Environment: "test",
      BindType: "API",
      ApiIds: [apiId],
    });
    const key = (await ok(emu, "apigateway", "CreateApiKey", { SecretName: "k1", AccessKeyType: "auto" })).Result;
    expect(
      (await ok(emu, "apigateway", "BindSecretIds", { UsagePlanId: id, AccessKeyIds: [key.AccessKeyId] })).Result,
    ).toBe(true);
    const info = (await ok(emu, "apigateway", "DescribeUsagePlan", { UsagePlanId: id })).Result;
    expect(info).toMatchObject({ BindSecretIds: [key.AccessKeyId], BindEnvironmentTotalCount: 2, MaxRequestNum: 100 });
    expect(
      (await ok(emu, "apigateway", "DescribeServiceUsagePlan", { ServiceId: serviceId })).Result.ServiceUsagePlanList,
    ).toMatchObject([{ UsagePlanId: id, Environment: "release", ApiId: "" }]);
    expect(
      (await ok(emu, "apigateway", "DescribeApiUsagePlan", { ServiceId: serviceId })).Result.ApiUsagePlanList,
    ).toMatchObject([{ ApiId: apiId, ApiName: "secured", Path: "/s" }]);
    const envs = await ok(emu, "apigateway", "DescribeUsagePlanEnvironments", {
      UsagePlanId: id,
      BindType: "API",
      Limit: 100,
      Offset: 0,
    });
    expect(envs.Result.TotalCount).toBe(1);
    expect(
      (await ok(emu, "apigateway", "DescribeUsagePlanSecretIds", { UsagePlanId: id })).Result.AccessKeyList,
    ).toMatchObject([{ AccessKeyId: key.AccessKeyId, Status: 1 }]);

    expect(await errorCode(emu, "apigateway", "DeleteUsagePlan", { UsagePlanId: id })).toBe(
      "UnsupportedOperation.UsagePlanInUse",
    );
    expect(await errorCode(emu, "apigateway", "DeleteApiKey", { AccessKeyId: key.AccessKeyId })).toBe(
      "UnsupportedOperation.UnsupportedUpdateApiKey",
    );
    await ok(emu, "apigateway", "DisableApiKey", { AccessKeyId: key.AccessKeyId });
    expect(await errorCode(emu, "apigateway", "DeleteApiKey", { AccessKeyId: key.AccessKeyId })).toBe(
      "UnsupportedOperation.ResourceIsInUse",
    );
    await ok(emu, "apigateway", "UnBindSecretIds", { UsagePlanId: id, AccessKeyIds: [key.AccessKeyId] });
    await ok(emu, "apigateway", "UnBindEnvironment", {
      ServiceId: serviceId,
      UsagePlanIds: [id],
      Environment: "release",
      BindType: "SERVICE",
    });
    await ok(emu, "apigateway", "UnBindEnvironment", {
      ServiceId: serviceId,
      UsagePlanIds: [id],
      Environment: "test",
      BindType: "API",
      ApiIds: [apiId],
    });
    expect((await ok(emu, "apigateway", "DeleteUsagePlan", { UsagePlanId: id })).Result).toBe(true);
    expect(await errorCode(emu, "apigateway", "DescribeUsagePlan", { UsagePlanId: id })).toBe(
      "ResourceNotFound.InvalidUsagePlan",
    );
    expect((await ok(emu, "apigateway", "DeleteApiKey", { AccessKeyId: key.AccessKeyId })).Result).toBe(true);
  });

  it("API keys: manual keys, filters, paging through every page, status switches", async () => {
    for (let i = 0; i < 5; i++) await ok(emu, "apigateway", "CreateApiKey", { SecretName: `auto${i}` });
    const manual = (
      await ok(emu, "apigateway", "CreateApiKey", {
        SecretName: "m",
        AccessKeyType: "manual",
        AccessKeyId: "manual-key-1",
        AccessKeySecret: "0123456789abc",
      })
    ).Result;
    expect(manual).toMatchObject({ AccessKeyId: "manual-key-1", Status: 1, AccessKeyType: "manual" });
    expect(
      await errorCode(emu, "apigateway", "CreateApiKey", {
        SecretName: "m",
        AccessKeyType: "manual",
        AccessKeyId: "abc",
      }),
    ).toBe("InvalidParameterValue");
    const all = await allPages(emu, "apigateway", "DescribeApiKeysStatus", {}, 4, (r) => ({
      list: r.Result.ApiKeySet,
      total: r.Result.TotalCount,
    }));
    expect(all).toMatchObject({ pages: 2, total: 6 });
    const one = await ok(emu, "apigateway", "DescribeApiKeysStatus", {
      Filters: [{ Name: "AccessKeyId", Values: ["manual-key-1"] }],
    });
    expect(one.Result.ApiKeySet.map((k: any) => k.SecretName)).toEqual(["m"]);
    await ok(emu, "apigateway", "UpdateApiKey", { AccessKeyId: "manual-key-1", AccessKeySecret: "newsecret-123" });
    await ok(emu, "apigateway", "DisableApiKey", { AccessKeyId: "manual-key-1" });
    await ok(emu, "apigateway", "EnableApiKey", { AccessKeyId: "manual-key-1" });
    expect(await errorCode(emu, "apigateway", "EnableApiKey", { AccessKeyId: "nope1" })).toBe(
      "ResourceNotFound.InvalidAccessKeyId",
    );
  });
});
