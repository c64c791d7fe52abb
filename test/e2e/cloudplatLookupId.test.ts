import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "@sdkgen/runtime";
import * as cloudplat from "cloudplat";
import { Provider } from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider } from "./cloudplatKit.js";

// The `id` input of every cloudplat lookup, one rule (seed: "lookups that take an `id` input use it to
// filter by that identifier"): a lookup with identified objects keeps only those whose id equals it; a
// lookup that answers one result (a trend, a count, one service) answers it only under its own id.
// One emulator holds two of everything; its clock is frozen so the anti-DDoS seed's times are exact.
const START = Date.parse("2026-01-15T09:00:00Z");
const HISTORY = { startTime: "2026-01-13 00:00:00", endTime: "2026-01-15 09:00:00" } as const;
const HOURS = { period: 3600, startTime: "2026-01-15 07:00:00", endTime: "2026-01-15 09:00:00" } as const;

type Obj = Record<string, any>;

let emu: CloudplatEmulator;
let p: Provider;
let serviceId = "";
const apiIds: Record<string, string> = {};

const write = <T = Obj>(service: string, action: string, params: object): Promise<T> =>
  p.client.call<T>(service, action, params, { read: false });
const gw = (action: string, params: object) => write<Obj>("apigateway", action, params).then((r) => r.Result as Obj);

beforeAll(async () => {
  emu = await startCloudplatEmulator({ clock: { start: START, speed: 0 } });
  p = keyedProvider(emu, { now: () => emu.clock.now() });
  const templates: string[] = [];
  for (const name of ["tpl-a", "tpl-b"])
    templates.push(
      (await write<Obj>("vpc", "CreateAddressTemplate", { AddressTemplateName: name, Addresses: ["10.0.0.0/24"] }))
        .AddressTemplate.AddressTemplateId,
    );
  for (const name of ["group-a", "group-b"])
    await write("vpc", "CreateAddressTemplateGroup", { AddressTemplateGroupName: name, AddressTemplateIds: templates });

  serviceId = (
    await write<Obj>("apigateway", "CreateService", { ServiceName: "shop", Protocol: "http", NetTypes: ["OUTER"] })
  ).ServiceId;
  for (const name of ["a", "b"])
    apiIds[name] = (
      await gw("CreateApi", {
        ServiceId: serviceId,
        ApiName: name,
        AuthType: "APP",
        Protocol: "HTTP",
        RequestConfig: { Path: `/${name}`, Method: "GET" },
        ServiceType: "MOCK",
        ServiceTimeout: 5,
        ServiceMockReturnMessage: "ok",
      })
    ).ApiId;
  const apis = Object.values(apiIds);
  for (const env of ["release", "test"])
    await gw("ReleaseService", { ServiceId: serviceId, EnvironmentName: env, ReleaseDesc: env });
  for (const name of ["app-a", "app-b"]) {
    const app = await gw("CreateApiApp", { ApiAppName: name });
    await gw("BindApiApp", {
      ApiAppIds: [app.ApiAppId],
      Environment: "release",
      ServiceIds: [serviceId],
      ApiIds: [apiIds.a],
    });
  }
  for (const name of ["key-a", "key-b"]) await gw("CreateApiKey", { SecretName: name });
  for (const name of ["doc-a", "doc-b"])
    await gw("CreateAPIDoc", { ApiDocName: name, ServiceId: serviceId, Environment: "release", ApiIds: apis });
  for (const name of ["plugin-a", "plugin-b"]) {
    const plugin = await gw("CreatePlugin", { PluginName: name, PluginType: "Cors", PluginData: "{}" });
    await gw("AttachPlugin", {
      PluginId: plugin.PluginId,
      ServiceId: serviceId,
      EnvironmentName: "release",
      ApiIds: apis,
    });
  }
  for (const name of ["plan-a", "plan-b"]) {
    const plan = await gw("CreateUsagePlan", { UsagePlanName: name, MaxRequestNum: 10, MaxRequestNumPreSec: 1 });
    await gw("BindEnvironment", {
      UsagePlanIds: [plan.UsagePlanId],
      ServiceId: serviceId,
      Environment: "release",
      BindType: "API",
      ApiIds: apis,
    });
  }
  for (const name of ["office", "bots"])
    await gw("CreateIPStrategy", {
      ServiceId: serviceId,
      StrategyName: name,
      StrategyType: "WHITE",
      StrategyData: "1.2.3.4",
    });
  for (const domain of ["a.example.com", "b.example.com"])
    await write("apigateway", "BindSubDomain", {
      ServiceId: serviceId,
      SubDomain: domain,
      Protocol: "http",
      NetType: "OUTER",
    });
});
afterAll(() => emu.stop());

/** A lookup with identified objects: its lists, and the id of an item as the filter compares it. */
interface Listing {
  readonly run: (id?: string) => Promise<Obj>;
  readonly lists: (result: Obj) => readonly Obj[][];
  readonly idOf: (item: Obj) => string;
}

const listing = (
  run: (id?: string) => Promise<Obj>,
  idOf: (item: Obj) => string,
  lists: (result: Obj) => readonly Obj[][],
): Listing => ({ run, idOf, lists });

const opts = () => ({ provider: p });
const withId = <A extends object>(args: A, id: string | undefined): A => (id === undefined ? args : { ...args, id });

const LISTINGS: Record<string, Listing> = {
  getAddressTemplates: listing(
    (id) => cloudplat.getAddressTemplates(withId({}, id), opts()),
    (t) => t.id,
    (r) => [r.templateLists],
  ),
  getAddressTemplateGroups: listing(
    (id) => cloudplat.getAddressTemplateGroups(withId({}, id), opts()),
    (g) => g.id,
    (r) => [r.groupLists],
  ),
  getAntiddosBasicDeviceStatus: listing(
    (id) => cloudplat.getAntiddosBasicDeviceStatus(withId({}, id), opts()),
    (s) => s.key,
    (r) => [r.datas, r.clbDatas],
  ),
  getAntiddosBgpInstances: listing(
    (id) => cloudplat.getAntiddosBgpInstances(withId({ filterRegion: "ap-guangzhou" }, id), opts()),
    (i) => i.instanceId,
    (r) => [r.bgpInstanceLists],
  ),
  getAntiddosOverviewDdosEventList: listing(
    (id) => cloudplat.getAntiddosOverviewDdosEventList(withId(HISTORY, id), opts()),
    (e) => e.id,
    (r) => [r.eventLists],
  ),
  getApiGatewayApiAppApi: listing(
    (id) =>
      cloudplat.getApiGatewayApiAppApi(withId({ serviceId, apiId: apiIds.a!, apiRegion: "ap-guangzhou" }, id), opts()),
    (a) => a.apiId,
    (r) => [r.results],
  ),
  getApiGatewayApiApps: listing(
    (id) => cloudplat.getApiGatewayApiApps(withId({}, id), opts()),
    (a) => a.apiAppId,
    (r) => [r.apiAppLists],
  ),
  getApiGatewayApiDocs: listing(
    (id) => cloudplat.getApiGatewayApiDocs(withId({}, id), opts()),
    (d) => d.apiDocId,
    (r) => [r.apiDocLists],
  ),
  getApiGatewayApiKeys: listing(
    (id) => cloudplat.getApiGatewayApiKeys(withId({}, id), opts()),
    (k) => k.apiKeyId,
    (r) => [r.lists],
  ),
  getApiGatewayApiPlugins: listing(
    (id) => cloudplat.getApiGatewayApiPlugins(withId({ serviceId, apiId: apiIds.a! }, id), opts()),
    (x) => x.pluginId,
    (r) => [r.results],
  ),
  getApiGatewayApiUsagePlans: listing(
    (id) => cloudplat.getApiGatewayApiUsagePlans(withId({ serviceId }, id), opts()),
    (x) => x.usagePlanId,
    (r) => [r.results],
  ),
  // Its items do not show the API id, so the test maps their names back to the ids it created.
  getApiGatewayApis: listing(
    (id) => cloudplat.getApiGatewayApis(withId({ serviceId }, id), opts()),
    (a) => apiIds[a.apiName]!,
    (r) => [r.lists],
  ),
  getApiGatewayBindApiAppsStatus: listing(
    (id) => cloudplat.getApiGatewayBindApiAppsStatus(withId({ serviceId, apiIds: [apiIds.a!] }, id), opts()),
    (b) => b.apiAppId,
    (r) => r.results.map((x: Obj) => x.apiAppApiSets),
  ),
  getApiGatewayCustomerDomains: listing(
    (id) => cloudplat.getApiGatewayCustomerDomains(withId({ serviceId }, id), opts()),
    (d) => d.domainName,
    (r) => [r.lists],
  ),
  getApiGatewayIpStrategies: listing(
    (id) => cloudplat.getApiGatewayIpStrategies(withId({ serviceId }, id), opts()),
    (s) => s.strategyId,
    (r) => [r.lists],
  ),
  getApiGatewayPlugins: listing(
    async (id) => {
      const { results } = await cloudplat.getApiGatewayApiPlugins({ serviceId, apiId: apiIds.a! }, opts());
      const pluginId = results[0]!.pluginId!;
      return cloudplat.getApiGatewayPlugins(withId({ serviceId, pluginId, environmentName: "release" }, id), opts());
    },
    (a) => a.apiId,
    (r) => [r.results],
  ),
  getApiGatewayServiceEnvironmentList: listing(
    (id) => cloudplat.getApiGatewayServiceEnvironmentList(withId({ serviceId }, id), opts()),
    (e) => e.environmentName,
    (r) => [r.results],
  ),
  getApiGatewayServiceReleaseVersions: listing(
    (id) => cloudplat.getApiGatewayServiceReleaseVersions(withId({ serviceId }, id), opts()),
    (v) => v.versionName,
    (r) => [r.results],
  ),
};

/** Lookups that answer one result: `id` can only name that result. */
const SINGLES: Record<string, (id?: string) => Promise<Obj>> = {
  getAntiddosBgpBizTrend: (id) =>
    cloudplat.getAntiddosBgpBizTrend(
      withId(
        {
          business: "bgpip",
          instanceId: "bgpip-00000001",
          metricName: "intraffic",
          flag: 1,
          startTime: HOURS.startTime,
          endTime: HOURS.endTime,
        },
        id,
      ),
      opts(),
    ),
  getAntiddosListListener: (id) => cloudplat.getAntiddosListListener(withId({}, id), opts()),
  getAntiddosOverviewAttackTrend: (id) =>
    cloudplat.getAntiddosOverviewAttackTrend(
      withId({ type: "ddos", dimension: "attackcount", ...HISTORY, period: 86400 }, id),
      opts(),
    ),
  getAntiddosOverviewCcTrend: (id) =>
    cloudplat.getAntiddosOverviewCcTrend(withId({ ...HOURS, metricName: "inqps" }, id), opts()),
  getAntiddosOverviewDdosTrend: (id) =>
    cloudplat.getAntiddosOverviewDdosTrend(withId({ ...HOURS, metricName: "bps" }, id), opts()),
  getAntiddosOverviewIndex: (id) => cloudplat.getAntiddosOverviewIndex(withId(HISTORY, id), opts()),
  getApiGatewayApiAppService: (id) =>
    cloudplat.getApiGatewayApiAppService(withId({ serviceId, apiRegion: "ap-guangzhou" }, id), opts()),
};

describe("the id input of every cloudplat lookup", () => {
  it("is covered here for each of the 25 lookups the package exports", () => {
    const exported = Object.keys(cloudplat).filter(
      (k) => /^get[A-Z]/.test(k) && typeof (cloudplat as Obj)[k] === "function",
    );
    expect(exported).toHaveLength(25);
    expect([...Object.keys(LISTINGS), ...Object.keys(SINGLES)].sort()).toEqual(exported.sort());
  });

  it.each(Object.entries(LISTINGS))("%s keeps only the items with that id", async (_name, l) => {
    const all = await l.run();
    const ids = l.lists(all).flat().map(l.idOf);
    expect(ids.length).toBeGreaterThan(0);
    const [wanted] = ids as [string];
    const kept = await l.run(wanted);
    const keptIds = l.lists(kept).flat().map(l.idOf);
    expect(keptIds).toEqual(ids.filter((i) => i === wanted));
    expect(kept.id).toMatch(/./);

    const none = await l.run("no-such-id");
    expect(l.lists(none).flat()).toEqual([]);
  });

  it("filters out the others where there are several (all but the single-API view hold two or more ids)", async () => {
    for (const [name, l] of Object.entries(LISTINGS)) {
      if (name === "getApiGatewayApiAppApi") continue;
      const ids = new Set(
        l
          .lists(await l.run())
          .flat()
          .map(l.idOf),
      );
      expect(ids.size, name).toBeGreaterThan(1);
    }
  });

  it("getApiGatewayApis reads in full only the API the id names", async () => {
    emu.state.clearRequests();
    await cloudplat.getApiGatewayApis({ serviceId, id: apiIds.b! }, opts());
    const read = emu.state.requests({ service: "apigateway", action: "DescribeApi" });
    expect(read.map((r) => (JSON.parse(r.body) as Obj).ApiId)).toEqual([apiIds.b]);
  });

  it("a list result's hashed id follows the items kept", async () => {
    const all = await cloudplat.getAddressTemplates({}, opts());
    const one = await cloudplat.getAddressTemplates({ id: all.templateLists[1]!.id! }, opts());
    expect(one.templateLists).toHaveLength(1);
    expect(one.id).not.toBe(all.id);
  });

  it.each(Object.entries(SINGLES))("%s answers under its own id and refuses another", async (name, run) => {
    const plain = await run();
    expect(await run(plain.id)).toEqual({ ...plain });
    const error = await run("no-such-id").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      {
        path: `${name}.id`,
        message: `${name}.id: "no-such-id" is not this query's result, whose id is "${plain.id}" (${name} answers one result, and \`id\` names it)`,
      },
    ]);
  });
});
