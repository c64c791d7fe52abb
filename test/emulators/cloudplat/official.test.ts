/**
 * Fidelity: the official client (`tencentcloud-sdk-nodejs-common`), pointed at the emulator through its `proxy`
 * setting, signs and parses as against the real platform. Its proxy agent tunnels through CONNECT, so requests
 * reach the emulator with `Host: <service>.tencentcloudapi.com`, exactly as on the real endpoints.
 */
import { CommonClient } from "tencentcloud-sdk-nodejs-common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CloudplatEmulator } from "./index.js";
import { stopClean, VERSIONS } from "./testkit.js";
import { startCloudplatEmulator } from "./index.js";

type Wire = any;

describe("official client against the emulator", () => {
  let emu: CloudplatEmulator;
  beforeAll(async () => {
    // The official client stamps real time, so the emulator's clock runs at real time here.
    emu = await startCloudplatEmulator({ accountId: "300000000003" });
  });
  afterAll(() => stopClean(emu));

  const client = (
    service: string,
    credential = { secretId: emu.credentials.secretId, secretKey: emu.credentials.secretKey },
    token?: string,
  ) =>
    new CommonClient(`${service}.tencentcloudapi.com`, VERSIONS[service] ?? "", {
      credential: token === undefined ? credential : { ...credential, token },
      region: "ap-guangzhou",
      profile: { httpProfile: { protocol: "http://", proxy: emu.url, endpoint: `${service}.tencentcloudapi.com` } },
    });

  it("sts: GetCallerIdentity and AssumeRole, then a call with the temporary credentials and token", async () => {
    const sts = client("sts");
    const me: Wire = await sts.request("GetCallerIdentity", {});
    expect(me).toMatchObject({ AccountId: "300000000003", Type: "RootAccount" });
    const role: Wire = await sts.request("AssumeRole", {
      RoleArn: "qcs::cam::uin/300000000003:roleName/ops",
      RoleSessionName: "official-client",
    });
    const tmp = client(
      "sts",
      { secretId: role.Credentials.TmpSecretId, secretKey: role.Credentials.TmpSecretKey },
      role.Credentials.Token,
    );
    expect(await tmp.request("GetCallerIdentity", {})).toMatchObject({ Type: "CAMRole", AccountId: "300000000003" });
    const logged = emu.state.lastRequest({ action: "GetCallerIdentity" });
    expect(logged?.headers.host).toBe("sts.tencentcloudapi.com");
    expect(logged?.headers["x-tc-token"]).toBe(role.Credentials.Token);
  });

  it("a bad SecretId surfaces as AuthFailure.SecretIdNotFound, a bad key as AuthFailure.SignatureFailure", async () => {
    const badId = client("sts", { secretId: "AKIDnotAKey", secretKey: emu.credentials.secretKey });
    await expect(badId.request("GetCallerIdentity", {})).rejects.toMatchObject({
      code: "AuthFailure.SecretIdNotFound",
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const badKey = client("sts", { secretId: emu.credentials.secretId, secretKey: "not-the-key" });
    await expect(badKey.request("GetCallerIdentity", {})).rejects.toMatchObject({
      code: "AuthFailure.SignatureFailure",
    });
  });

  it("vpc: address templates created, paged with string Offset/Limit and read back", async () => {
    const vpc = client("vpc");
    const t: Wire = await vpc.request("CreateAddressTemplate", {
      AddressTemplateName: "official",
      Addresses: ["10.1.0.0/16"],
    });
    const list: Wire = await vpc.request("DescribeAddressTemplates", {
      Filters: [{ Name: "address-template-id", Values: [t.AddressTemplate.AddressTemplateId] }],
      Offset: "0",
      Limit: "100",
    });
    expect(list).toMatchObject({ TotalCount: 1, AddressTemplateSet: [{ AddressTemplateName: "official" }] });
    await vpc.request("DeleteAddressTemplate", { AddressTemplateId: t.AddressTemplate.AddressTemplateId });
  });

  it("antiddos: instances, listeners and a trend", async () => {
    const ad = client("antiddos");
    expect(
      await ad.request("DescribeBgpInstances", { FilterRegion: "ap-guangzhou", Limit: 100, Offset: 0 }),
    ).toMatchObject({ Total: 2 });
    expect(await ad.request("DescribeListListener", {})).toMatchObject({ Layer4Listeners: [{ FrontendPort: 80 }] });
    const trend: Wire = await ad.request("DescribeOverviewCCTrend", {
      Period: 3600,
      StartTime: "2026-01-01 00:00:00",
      EndTime: "2026-01-01 23:00:00",
      MetricName: "inqps",
    });
    expect(trend.Count).toBe(24);
  });

  it("apigateway: a service with an API, released, listed, then torn down in the required order", async () => {
    const gw = client("apigateway");
    const svc: Wire = await gw.request("CreateService", {
      ServiceName: "official",
      Protocol: "http",
      NetTypes: ["OUTER"],
    });
    const created: Wire = await gw.request("CreateApi", {
      ServiceId: svc.ServiceId,
      ApiName: "ping",
      AuthType: "NONE",
      Protocol: "HTTP",
      RequestConfig: { Path: "/ping", Method: "GET" },
      ServiceType: "MOCK",
      ServiceTimeout: 5,
      ServiceMockReturnMessage: "pong",
    });
    await gw.request("ReleaseService", { ServiceId: svc.ServiceId, EnvironmentName: "release", ReleaseDesc: "first" });
    expect(await gw.request("DescribeService", { ServiceId: svc.ServiceId })).toMatchObject({
      AvailableEnvironments: ["release"],
      ApiTotalCount: 1,
    });
    const apis: Wire = await gw.request("DescribeApisStatus", { ServiceId: svc.ServiceId, Limit: 100, Offset: 0 });
    expect(apis.Result.ApiIdStatusSet).toMatchObject([{ ApiId: created.Result.ApiId, Path: "/ping" }]);
    await expect(gw.request("DeleteService", { ServiceId: svc.ServiceId })).rejects.toMatchObject({
      code: "UnsupportedOperation.UnsupportedDeleteService",
    });
    await gw.request("DeleteApi", { ServiceId: svc.ServiceId, ApiId: created.Result.ApiId });
    for (const env of ["test", "release", "prepub"])
      await gw.request("UnReleaseService", { ServiceId: svc.ServiceId, EnvironmentName: env });
    expect(await gw.request("DeleteService", { ServiceId: svc.ServiceId })).toMatchObject({ Result: true });
    const logged = emu.state.lastRequest({ service: "apigateway" });
    expect(logged?.headers.host).toBe("apigateway.tencentcloudapi.com");
  });

  it("sts: the unsigned AssumeRoleWithWebIdentity goes out with Authorization: SKIP and is accepted", async () => {
    const sts = client("sts");
    const res: Wire = await sts.request(
      "AssumeRoleWithWebIdentity",
      {
        ProviderId: "OIDC",
        WebIdentityToken: "jwt",
        RoleArn: "qcs::cam::uin/300000000003:roleName/pod",
        RoleSessionName: "pod-1",
      },
      { skipSign: true },
    );
    expect(res.Credentials.TmpSecretId).toMatch(/^AKID/);
    expect(emu.state.lastRequest({ action: "AssumeRoleWithWebIdentity" })?.headers.authorization).toBe("SKIP");
  });
});
