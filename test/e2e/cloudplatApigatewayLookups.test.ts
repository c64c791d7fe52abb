import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Secret, ValidationError } from "@sdkgen/runtime";
import { hashOfIds } from "@sdkgen/runtime/cloudplat";
import {
  ApiGatewayApi,
  getApiGatewayApiAppApi,
  getApiGatewayApiAppService,
  getApiGatewayApiApps,
  getApiGatewayApiDocs,
  getApiGatewayApiKeys,
  getApiGatewayApiPlugins,
  getApiGatewayApiUsagePlans,
  getApiGatewayApis,
  getApiGatewayBindApiAppsStatus,
  getApiGatewayCustomerDomains,
  getApiGatewayIpStrategies,
  getApiGatewayPlugins,
  getApiGatewayServiceEnvironmentList,
  getApiGatewayServiceReleaseVersions,
  Provider,
} from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider } from "./cloudplatKit.js";

// The API gateway lookups of the generated cloudplat SDK against the emulator, over signed HTTP
// (without the client-side rate limit: some set-ups create more than a hundred objects).
let emu: CloudplatEmulator;
let p: Provider;
let serviceId: string;
beforeEach(async () => {
  emu = await startCloudplatEmulator();
  p = keyedProvider(emu);
  serviceId = (
    await write<{ ServiceId: string }>("CreateService", { ServiceName: "shop", Protocol: "http", NetTypes: ["OUTER"] })
  ).ServiceId;
});
afterEach(() => emu.stop());

type Obj = Record<string, any>;

const write = <T = Obj>(action: string, params: object): Promise<T> =>
  p.client.call<T>("apigateway", action, params, { read: false });

/** A MOCK-backed API at `/<name>`. */
const mockApi = async (name: string): Promise<string> =>
  (
    await write<Obj>("CreateApi", {
      ServiceId: serviceId,
      ApiName: name,
      AuthType: "APP",
      Protocol: "HTTP",
      RequestConfig: { Path: `/${name}`, Method: "GET" },
      ServiceType: "MOCK",
      ServiceTimeout: 5,
      ServiceMockReturnMessage: "ok",
    })
  ).Result.ApiId;

const pages = (action: string) => emu.state.requests({ service: "apigateway", action }).length;

describe("cloudplat API gateway lookups: services and APIs", () => {
  it("getApiGatewayApis pages the status list and reads each API in full, flattened", async () => {
    const httpApi = (
      await write<Obj>("CreateApi", {
        ServiceId: serviceId,
        ApiName: "orders",
        ApiDesc: "order list",
        AuthType: "NONE",
        Protocol: "HTTP",
        EnableCORS: true,
        RequestConfig: { Path: "/orders", Method: "POST" },
        RequestParameters: [
          { Name: "page", Position: "QUERY", Type: "int", Desc: "page", DefaultValue: "1", Required: true },
        ],
        ServiceType: "HTTP",
        ServiceTimeout: 15,
        ServiceConfig: { Url: "http://backend.example.com", Path: "/v1/orders", Method: "POST" },
        ResponseType: "JSON",
        ResponseSuccessExample: "{}",
        ResponseErrorCodes: [{ Code: 100, Msg: "bad", Desc: "bad request", ConvertedCode: 400, NeedConvert: true }],
      })
    ).Result.ApiId as string;
    for (let i = 0; i < 100; i++) await mockApi(`m${i}`);

    const all = await getApiGatewayApis({ serviceId }, { provider: p });
    expect(all.lists).toHaveLength(101);
    expect(pages("DescribeApisStatus")).toBe(2); // 100, then 1
    expect(pages("DescribeApi")).toBe(101);
    expect(all.id).toBe(hashOfIds(all.lists.map((a) => a.apiId)));
    expect(all.serviceId).toBe(serviceId);
    expect(all.lists[0]).toMatchObject({
      serviceId,
      apiId: httpApi,
      apiName: "orders",
      apiDesc: "order list",
      authType: "NONE",
      protocol: "HTTP",
      enableCors: true,
      requestConfigPath: "/orders",
      requestConfigMethod: "POST",
      requestParameters: [
        { name: "page", position: "QUERY", type: "int", desc: "page", defaultValue: "1", required: true },
      ],
      serviceConfigType: "HTTP",
      serviceConfigTimeout: 15,
      serviceConfigUrl: "http://backend.example.com",
      serviceConfigPath: "/v1/orders",
      serviceConfigMethod: "POST",
      responseType: "JSON",
      responseSuccessExample: "{}",
      responseErrorCodes: [{ code: 100, msg: "bad", desc: "bad request", convertedCode: 400, needConvert: true }],
      createTime: expect.stringMatching(/^\d{4}-/),
      modifyTime: expect.stringMatching(/^\d{4}-/),
    });
    expect(all.lists[1]).toMatchObject({
      apiName: "m0",
      serviceConfigType: "MOCK",
      serviceConfigMockReturnMessage: "ok",
    });

    const byName = await getApiGatewayApis({ serviceId, apiName: "m7" }, { provider: p });
    expect(byName.lists.map((a) => a.requestConfigPath)).toEqual(["/m7"]);
    expect(byName.id).toBe(hashOfIds([byName.lists[0]!.apiId]));
    const byId = await getApiGatewayApis({ serviceId, apiId: httpApi }, { provider: p });
    expect(byId.lists.map((a) => a.apiName)).toEqual(["orders"]);
    expect(byId.id).toBe(hashOfIds([httpApi]));
  });

  it("a program takes an API's id from getApiGatewayApis and reads the API by it", async () => {
    const apiId = await mockApi("users");
    const { lists } = await getApiGatewayApis({ serviceId, apiName: "users" }, { provider: p });
    const found = lists.find((a) => a.apiName === "users")!;
    expect(found.apiId).toBe(apiId);
    const api = await ApiGatewayApi.get(`${found.serviceId}#${found.apiId}`, { provider: p });
    expect(api.id).toBe(`${serviceId}#${apiId}`);
    expect(api).toMatchObject({ apiGatewayApiId: apiId, apiName: "users", requestConfigPath: "/users" });
  });

  it("getApiGatewayApis skips an API that is gone by the time it is read", async () => {
    await mockApi("a");
    await mockApi("b");
    emu.faults.next({ kind: "error", code: "ResourceNotFound.InvalidApi", action: "DescribeApi" });
    const r = await getApiGatewayApis({ serviceId }, { provider: p });
    expect(r.lists.map((a) => a.apiName)).toEqual(["b"]);
  });

  it("getApiGatewayApiAppApi returns the API as a one-element list with its single objects as lists", async () => {
    const apiId = await mockApi("catalog");
    const r = await getApiGatewayApiAppApi({ serviceId, apiId, apiRegion: "ap-guangzhou" }, { provider: p });
    expect(r.id).toBe(`${serviceId}#${apiId}#ap-guangzhou`);
    expect(r.apiRegion).toBe("ap-guangzhou");
    expect(r.results).toHaveLength(1);
    expect(r.results[0]).toMatchObject({
      serviceId,
      serviceName: "shop",
      apiId,
      apiName: "catalog",
      apiType: "NORMAL",
      authType: "APP",
      protocol: "HTTP",
      requestConfigs: [{ path: "/catalog", method: "GET" }],
      serviceType: "MOCK",
      serviceTimeout: 5,
      serviceMockReturnMessage: "ok",
      enableCors: false,
    });
  });

  it("getApiGatewayApiAppService reads the top-level service view; environments and versions page by 20", async () => {
    const apiId = await mockApi("a");
    for (let i = 0; i < 21; i++)
      await write("ReleaseService", {
        ServiceId: serviceId,
        EnvironmentName: i % 2 ? "test" : "release",
        ReleaseDesc: `v${i}`,
      });

    const svc = await getApiGatewayApiAppService({ serviceId, apiRegion: "ap-guangzhou" }, { provider: p });
    expect(svc).toMatchObject({
      id: serviceId,
      serviceId,
      apiRegion: "ap-guangzhou",
      serviceName: "shop",
      protocol: "http",
      netTypes: ["OUTER"],
      ipVersion: "IPv4",
      apiTotalCount: 1,
      innerHttpPort: 80,
      setId: 1,
      usagePlanTotalCount: 0,
      usagePlanLists: [],
    });
    expect([...svc.availableEnvironments!].sort()).toEqual(["release", "test"]);
    expect(svc.apiIdStatusSets).toMatchObject([{ apiId, apiName: "a", path: "/a", method: "GET", authType: "APP" }]);

    const envs = await getApiGatewayServiceEnvironmentList({ serviceId }, { provider: p });
    expect(envs.id).toBe(serviceId);
    const byName = Object.fromEntries(envs.results.map((e) => [e.environmentName, e]));
    expect(byName.release).toMatchObject({ status: 1, url: expect.stringContaining("/release") });
    expect(byName.prepub).toMatchObject({ status: 0, versionName: "" });

    const versions = await getApiGatewayServiceReleaseVersions({ serviceId }, { provider: p });
    expect(versions.id).toBe(serviceId);
    expect(versions.results).toHaveLength(21);
    expect(versions.results.map((v) => v.versionDesc)).toContain("v20");
    expect(versions.results[0]).toEqual({ versionName: expect.any(String), versionDesc: "v20" });
    const requests = emu.state.requests({ service: "apigateway", action: "DescribeServiceReleaseVersion" });
    expect(requests.map((r) => JSON.parse(r.body))).toEqual([
      { ServiceId: serviceId, Offset: 0, Limit: 20 },
      { ServiceId: serviceId, Offset: 20, Limit: 20 },
    ]);
  });
});

describe("cloudplat API gateway lookups: apps, keys and secrets", () => {
  it("getApiGatewayApiApps pages through every app, filters by id and name, and never prints a secret", async () => {
    const created: Obj[] = [];
    for (let i = 0; i < 101; i++)
      created.push((await write<Obj>("CreateApiApp", { ApiAppName: `app${i}`, ApiAppDesc: `app ${i}` })).Result);
    const all = await getApiGatewayApiApps({}, { provider: p });
    expect(all.apiAppLists).toHaveLength(101);
    expect(pages("DescribeApiAppsStatus")).toBe(2);
    const first = all.apiAppLists[0]!;
    expect(first).toMatchObject({ apiAppId: created[0]!.ApiAppId, apiAppName: "app0", apiAppDesc: "app 0" });
    expect(first.apiAppKey).toBe(created[0]!.ApiAppKey);
    expect(first.apiAppSecret).toBeInstanceOf(Secret);
    expect(first.apiAppSecret!.reveal()).toBe(created[0]!.ApiAppSecret);
    const printed = JSON.stringify(all);
    for (const app of created) expect(printed).not.toContain(app.ApiAppSecret);

    const byName = await getApiGatewayApiApps({ apiAppName: "app3" }, { provider: p });
    expect(byName.apiAppLists.map((a) => a.apiAppId)).toEqual([created[3]!.ApiAppId]);
    const byId = await getApiGatewayApiApps({ apiAppId: created[5]!.ApiAppId }, { provider: p });
    expect(byId.apiAppLists.map((a) => a.apiAppName)).toEqual(["app5"]);
    expect(byId.id).not.toBe(byName.id);
  });

  it("getApiGatewayApiKeys reads status as on/off, wraps the secret, filters, and writes resultOutputFile without secrets", async () => {
    const on = (await write<Obj>("CreateApiKey", { SecretName: "ci" })).Result;
    const off = (
      await write<Obj>("CreateApiKey", {
        SecretName: "manual",
        AccessKeyType: "manual",
        AccessKeyId: "manual-key",
        AccessKeySecret: "manual-secret-value",
      })
    ).Result;
    await write("DisableApiKey", { AccessKeyId: off.AccessKeyId });

    const dir = await mkdtemp(join(tmpdir(), "cloudplat-apigw-"));
    const file = join(dir, "keys.json");
    const all = await getApiGatewayApiKeys({ resultOutputFile: file }, { provider: p });
    expect(all.id).toBe(hashOfIds([on.AccessKeyId, "manual-key"]));
    expect(all.lists.map((k) => [k.apiKeyId, k.status])).toEqual([
      [on.AccessKeyId, "on"],
      ["manual-key", "off"],
    ]);
    expect(all.lists[1]!.accessKeySecret!.reveal()).toBe("manual-secret-value");
    expect(all.lists[0]).toMatchObject({ createTime: expect.any(String), modifyTime: expect.any(String) });
    const printed = JSON.stringify(all);
    expect(printed).not.toContain(on.AccessKeySecret);
    expect(printed).not.toContain("manual-secret-value");
    const written = await readFile(file, "utf8");
    expect(written).not.toContain("manual-secret-value");
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify({ ...all, resultOutputFile: undefined })));
    expect(JSON.parse(written).lists[1].accessKeySecret).toBe("[secret]");

    const byName = await getApiGatewayApiKeys({ secretName: "manual" }, { provider: p });
    expect(byName.lists.map((k) => k.apiKeyId)).toEqual(["manual-key"]);
    expect(byName.id).toBe(hashOfIds(["manual-key"]));
    const byId = await getApiGatewayApiKeys({ apiKeyId: on.AccessKeyId }, { provider: p });
    expect(byId.lists.map((k) => k.status)).toEqual(["on"]);
    expect(byId.id).toBe(hashOfIds([on.AccessKeyId]));
  });

  it("getApiGatewayBindApiAppsStatus lists bindings as one element, with validated filters", async () => {
    const apiId = await mockApi("bound");
    const apps: string[] = [];
    for (let i = 0; i < 21; i++) {
      const id = (await write<Obj>("CreateApiApp", { ApiAppName: `b${i}` })).Result.ApiAppId as string;
      apps.push(id);
      await write("BindApiApp", {
        ApiAppIds: [id],
        Environment: i === 0 ? "test" : "release",
        ServiceIds: [serviceId],
        ApiIds: [apiId],
      });
    }
    const all = await getApiGatewayBindApiAppsStatus({ serviceId, apiIds: [apiId] }, { provider: p });
    expect(all.results).toHaveLength(1);
    expect(all.results[0]!.apiAppApiSets).toHaveLength(21);
    expect(pages("DescribeApiBindApiAppsStatus")).toBe(2); // 20 a page
    expect(all.results[0]!.apiAppApiSets![0]).toMatchObject({
      apiAppId: apps[0],
      apiAppName: "b0",
      apiId,
      apiName: "bound",
      serviceId,
      apiRegion: "ap-guangzhou",
      environmentName: "test",
      authorizedTime: expect.any(String),
    });
    const tested = await getApiGatewayBindApiAppsStatus(
      { serviceId, apiIds: [apiId], filters: [{ name: "Environment", values: ["test"] }] },
      { provider: p },
    );
    expect(tested.results[0]!.apiAppApiSets!.map((b) => b.apiAppId)).toEqual([apps[0]]);
    expect(tested.id).not.toBe(all.id);

    emu.state.clearRequests();
    const error = await getApiGatewayBindApiAppsStatus(
      { serviceId, apiIds: [apiId], filters: [{ name: "Bogus" as "KeyWord", values: ["x"] }] },
      { provider: p },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(String(error)).toContain("must be one of ApiAppId, Environment, KeyWord");
    expect(emu.state.requests({})).toHaveLength(0);
  });

  it("getApiGatewayApiDocs lists documents with their build status", async () => {
    const apiId = await mockApi("doc");
    const doc = (
      await write<Obj>("CreateAPIDoc", {
        ApiDocName: "guide",
        ServiceId: serviceId,
        Environment: "release",
        ApiIds: [apiId],
      })
    ).Result;
    const r = await getApiGatewayApiDocs({}, { provider: p });
    expect(r.apiDocLists).toEqual([{ apiDocId: doc.ApiDocId, apiDocName: "guide", apiDocStatus: "COMPLETED" }]);
    expect(r.id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("cloudplat API gateway lookups: plans, plug-ins, strategies and domains", () => {
  it("getApiGatewayApiUsagePlans lists the plans bound to the service's APIs", async () => {
    const apiId = await mockApi("metered");
    const plan = (
      await write<Obj>("CreateUsagePlan", {
        UsagePlanName: "gold",
        UsagePlanDesc: "g",
        MaxRequestNum: 100,
        MaxRequestNumPreSec: 10,
      })
    ).Result;
    await write("BindEnvironment", {
      UsagePlanIds: [plan.UsagePlanId],
      ServiceId: serviceId,
      Environment: "release",
      BindType: "API",
      ApiIds: [apiId],
    });
    const r = await getApiGatewayApiUsagePlans({ serviceId }, { provider: p });
    expect(r.serviceId).toBe(serviceId);
    expect(r.results).toEqual([
      {
        serviceId,
        serviceName: "shop",
        apiId,
        apiName: "metered",
        path: "/metered",
        method: "GET",
        usagePlanId: plan.UsagePlanId,
        usagePlanName: "gold",
        usagePlanDesc: "g",
        environment: "release",
        inUseRequestNum: 0,
        maxRequestNum: 100,
        maxRequestNumPreSec: 10,
        createdTime: expect.any(String),
        modifiedTime: expect.any(String),
      },
    ]);
  });

  it("getApiGatewayApiPlugins pages by 20 through the plug-ins of an API; getApiGatewayPlugins shows the API side", async () => {
    const apiId = await mockApi("guarded");
    const other = await mockApi("open");
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      const id = (
        await write<Obj>("CreatePlugin", {
          PluginName: `ip${i}`,
          PluginType: "IPControl",
          PluginData: JSON.stringify({ type: "black_list", blocks: `10.0.0.${i}` }),
          Description: `plug-in ${i}`,
        })
      ).Result.PluginId as string;
      ids.push(id);
      await write("AttachPlugin", { PluginId: id, ServiceId: serviceId, EnvironmentName: "release", ApiIds: [apiId] });
    }
    const all = await getApiGatewayApiPlugins({ serviceId, apiId }, { provider: p });
    expect(all.results).toHaveLength(21);
    expect(pages("DescribePluginsByApi")).toBe(2);
    expect(all.results[0]).toMatchObject({
      pluginId: ids[0],
      pluginName: "ip0",
      pluginType: "IPControl",
      description: "plug-in 0",
      environment: "release",
      attachedTime: expect.any(String),
    });
    expect(JSON.parse(all.results[0]!.pluginData!)).toEqual({ type: "black_list", blocks: "10.0.0.0" });
    const inTest = await getApiGatewayApiPlugins({ serviceId, apiId, environmentName: "test" }, { provider: p });
    expect(inTest.results).toEqual([]);

    const apis = await getApiGatewayPlugins(
      { serviceId, pluginId: ids[0]!, environmentName: "release" },
      { provider: p },
    );
    expect(apis.results).toEqual([
      {
        apiId,
        apiName: "guarded",
        apiType: "NORMAL",
        path: "/guarded",
        method: "GET",
        attachedOtherPlugin: true,
        isAttached: true,
      },
      {
        apiId: other,
        apiName: "open",
        apiType: "NORMAL",
        path: "/open",
        method: "GET",
        attachedOtherPlugin: false,
        isAttached: false,
      },
    ]);
  });

  it("getApiGatewayIpStrategies filters by name and reads the bound APIs in each environment", async () => {
    const white = (
      await write<Obj>("CreateIPStrategy", {
        ServiceId: serviceId,
        StrategyName: "office",
        StrategyType: "WHITE",
        StrategyData: "10.0.0.1,10.0.0.2",
      })
    ).Result;
    await write("CreateIPStrategy", {
      ServiceId: serviceId,
      StrategyName: "bots",
      StrategyType: "BLACK",
      StrategyData: "1.2.3.4",
    });
    const all = await getApiGatewayIpStrategies({ serviceId }, { provider: p });
    expect(all.id).toBe(hashOfIds(all.lists.map((s) => s.strategyId)));
    expect(all.lists.map((s) => s.strategyName)).toEqual(["office", "bots"]);
    expect(pages("DescribeIPStrategy")).toBe(6); // test, release, prepub for each strategy
    const office = await getApiGatewayIpStrategies({ serviceId, strategyName: "office" }, { provider: p });
    expect(office.id).toBe(hashOfIds([white.StrategyId]));
    expect(office.lists).toEqual([
      {
        strategyId: white.StrategyId,
        strategyName: "office",
        strategyType: "WHITE",
        ipList: "10.0.0.1,10.0.0.2",
        serviceId,
        bindApiTotalCount: 0,
        attachLists: [],
        createTime: expect.any(String),
        modifyTime: expect.any(String),
      },
    ]);
    const envs = emu.state
      .requests({ service: "apigateway", action: "DescribeIPStrategy" })
      .slice(-3)
      .map((r) => (JSON.parse(r.body) as Obj).EnvironmentName);
    expect(envs).toEqual(["test", "release", "prepub"]);
  });

  it("getApiGatewayCustomerDomains reads path mappings only for domains without the default mapping", async () => {
    await write("BindSubDomain", {
      ServiceId: serviceId,
      SubDomain: "api.example.com",
      Protocol: "http",
      NetType: "OUTER",
    });
    await write("BindSubDomain", {
      ServiceId: serviceId,
      SubDomain: "paths.example.com",
      Protocol: "http",
      NetType: "OUTER",
      IsDefaultMapping: false,
      PathMappingSet: [{ Path: "/v1", Environment: "release" }],
    });
    const r = await getApiGatewayCustomerDomains({ serviceId }, { provider: p });
    expect(r.id).toBe(serviceId);
    expect(r.lists).toEqual([
      {
        domainName: "api.example.com",
        isStatusOn: true,
        certificateId: "",
        isDefaultMapping: true,
        protocol: "http",
        netType: "OUTER",
      },
      {
        domainName: "paths.example.com",
        isStatusOn: true,
        certificateId: "",
        isDefaultMapping: false,
        protocol: "http",
        netType: "OUTER",
        pathMappings: [{ path: "/v1", environment: "release" }],
      },
    ]);
    expect(pages("DescribeServiceSubDomainMappings")).toBe(1);
  });
});

describe("cloudplat API gateway lookups: validation", () => {
  it("refuses missing required inputs before any request", async () => {
    emu.state.clearRequests();
    const error = await getApiGatewayApis({} as { serviceId: string }, { provider: p }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(String(error)).toContain("getApiGatewayApis.serviceId");
    const plugins = await getApiGatewayPlugins(
      { serviceId } as { serviceId: string; pluginId: string; environmentName: string },
      {
        provider: p,
      },
    ).catch((e: unknown) => e);
    expect((plugins as ValidationError).issues.map((i) => i.path).sort()).toEqual([
      "getApiGatewayPlugins.environmentName",
      "getApiGatewayPlugins.pluginId",
    ]);
    expect(emu.state.requests({})).toHaveLength(0);
  });

  it("reports the platform's not-found error for an unknown service", async () => {
    const error = await getApiGatewayServiceEnvironmentList({ serviceId: "service-missing" }, { provider: p }).catch(
      (e: unknown) => e,
    );
    expect(String(error)).toContain("ResourceNotFound.InvalidService");
  });
});
