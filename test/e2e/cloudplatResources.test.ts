import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ReplacementRequiredError, secret, setLogSink, ValidationError } from "@sdkgen/runtime";
import {
  ApiGatewayApi,
  ApiGatewayApiKey,
  ApiGatewayCustomDomain,
  ApiGatewayIpStrategy,
  ApiGatewayPlugin,
  ApiGatewayService,
  ApiGatewayServiceRelease,
  ApiGatewayUsagePlan,
  ApiGatewayUsagePlanAttachment,
  Provider,
} from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider } from "./cloudplatKit.js";

// The API gateway resources of the generated cloudplat SDK against the emulator, over signed HTTP.
let emu: CloudplatEmulator;
const logs: string[] = [];
beforeEach(async () => {
  logs.length = 0;
  emu = await startCloudplatEmulator();
  setLogSink((line) => logs.push(line));
});
afterEach(async () => {
  setLogSink(undefined);
  await emu.stop();
});

const provider = () => keyedProvider(emu, { pollMs: 10 });

type Wire = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const gw = (p: Provider, action: string, params: object) =>
  p.client.call<Wire>("apigateway", action, params, { read: false });

const serviceArgs = { serviceName: "orders", protocol: "http", netTypes: ["OUTER"] } as const;

/** An API in a service, made over the wire, for the release and delete-order tests. */
async function api(p: Provider, serviceId: string): Promise<string> {
  const res = await gw(p, "CreateApi", {
    ServiceId: serviceId,
    ApiName: "list",
    AuthType: "NONE",
    Protocol: "HTTP",
    RequestConfig: { Path: "/list", Method: "GET" },
    ServiceType: "MOCK",
    ServiceTimeout: 5,
    ServiceMockReturnMessage: "ok",
  });
  return res.Result.ApiId as string;
}

const actions = (action: string) => emu.state.requests({ service: "apigateway", action }).length;

describe("ApiGatewayService", () => {
  it("creates with limits and tags, reads, updates in place, imports, and deletes", async () => {
    const p = provider();
    const args = { ...serviceArgs, serviceDesc: "v1", releaseLimit: 100, tags: { team: "a" } };
    const s = await ApiGatewayService.create(args, { provider: p });
    expect(s.id).toMatch(/^service-/);
    expect(s.apiGatewayServiceId).toBe(s.id);
    expect(s.releaseLimit).toBe(100);
    expect(s.testLimit).toBe(5000); // unlimited (−1) reads as 5000
    expect(s.tags).toEqual({ team: "a" });
    expect(s.ipVersion).toBe("IPv4");
    expect(s.outerSubDomain).toContain(s.id);
    expect(s.diff(args).changes).toEqual([]);

    const read = await ApiGatewayService.get(s.id, { provider: p });
    expect(read.serviceName).toBe("orders");

    const next = {
      ...args,
      serviceDesc: "v2",
      netTypes: ["OUTER", "INNER"] as ("OUTER" | "INNER")[],
      testLimit: 7,
      tags: { team: "b", env: "x" },
    };
    expect(s.diff(next).replaces).toBe(false);
    await s.update(next);
    expect(s.serviceDesc).toBe("v2");
    expect(s.netTypes).toEqual(["OUTER", "INNER"]);
    expect(s.testLimit).toBe(7);
    expect(s.tags).toEqual({ team: "b", env: "x" });
    expect(s.diff(next).changes).toEqual([]);

    const imported = await ApiGatewayService.import(s.id, { provider: p });
    expect(imported.diff(next).changes).toEqual([]);

    await s.delete();
    await expect(ApiGatewayService.get(s.id, { provider: p })).rejects.toThrow(/does not exist/);
    await s.delete(); // already gone: nothing to do
  });

  it("reports a replace-on-change edit, refuses it without allowReplace, and replaces with it", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const old = s.id;
    const diff = s.diff({ ...serviceArgs, ipVersion: "IPv6" });
    expect(diff.replaces).toBe(true);
    expect(diff.changes).toEqual([
      expect.objectContaining({ field: "ipVersion", replaces: true, from: "IPv4", to: "IPv6" }),
    ]);
    await expect(s.update({ ...serviceArgs, ipVersion: "IPv6" })).rejects.toBeInstanceOf(ReplacementRequiredError);
    await s.update({ ...serviceArgs, ipVersion: "IPv6" }, { allowReplace: true });
    expect(s.id).not.toBe(old);
    expect(s.ipVersion).toBe("IPv6");
    await expect(ApiGatewayService.get(old, { provider: p })).rejects.toThrow(/does not exist/);
  });

  it("sends the VPC only at creation and never shows a later VPC change as one update() would apply", async () => {
    const p = provider();
    const s = await ApiGatewayService.create({ ...serviceArgs, uniqVpcId: "vpc-1" }, { provider: p });
    const create = emu.state.lastRequest({ service: "apigateway", action: "CreateService" })!;
    expect(JSON.parse(create.body)).toMatchObject({ UniqVpcId: "vpc-1" });
    expect(s.diff({ ...serviceArgs, uniqVpcId: "vpc-2" }).changes).toEqual([]);
  });

  it("sends ModifyService the whole configuration: an omitted description keeps the service's", async () => {
    const p = provider();
    const s = await ApiGatewayService.create({ ...serviceArgs, serviceDesc: "v1" }, { provider: p });
    await s.update({ ...serviceArgs, serviceName: "orders2" });
    const modify = emu.state.lastRequest({ service: "apigateway", action: "ModifyService" })!;
    expect(JSON.parse(modify.body)).toMatchObject({ ServiceName: "orders2", ServiceDesc: "v1", NetTypes: ["OUTER"] });
    const bare = await ApiGatewayService.create(serviceArgs, { provider: p });
    await bare.update({ ...serviceArgs, serviceName: "orders3" });
    const second = emu.state.lastRequest({ service: "apigateway", action: "ModifyService" })!;
    expect(JSON.parse(second.body)).toMatchObject({ ServiceName: "orders3", ServiceDesc: "" });
  });

  it("unreleases every environment before deleting a released service", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const apiId = await api(p, s.id);
    await gw(p, "ReleaseService", { ServiceId: s.id, EnvironmentName: "release", ReleaseDesc: "r1" });
    await gw(p, "DeleteApi", { ServiceId: s.id, ApiId: apiId });
    await s.delete();
    const order = emu.state
      .requests({ service: "apigateway" })
      .map((r) => r.headers["x-tc-action"])
      .filter((a) => a === "UnReleaseService" || a === "DeleteService");
    expect(order).toEqual(["UnReleaseService", "UnReleaseService", "UnReleaseService", "DeleteService"]);
    expect(emu.state.store.services.has(s.id)).toBe(false);
  });

  it("rejects a malformed import id before any request", async () => {
    const err = await ApiGatewayService.import(" ", { provider: provider() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(String(err)).toContain("expected <apiGatewayServiceId>");
  });

  it("finds a service by its id", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const found = await ApiGatewayService.find({ apiGatewayServiceId: s.id }, { provider: p });
    expect(found.map((f) => f.id)).toEqual([s.id]);
  });
});

describe("ApiGatewayApiKey", () => {
  it("creates an automatic key whose secret stays a Secret, disables and re-enables it, imports, and deletes", async () => {
    const p = provider();
    const k = await ApiGatewayApiKey.create({ secretName: "partner" }, { provider: p });
    expect(k.id).toMatch(/^AKID/);
    expect(k.apiGatewayApiKeyId).toBe(k.id);
    expect(k.accessKeyId).toBe(k.id);
    expect(k.status).toBe("on");
    expect(k.accessKeyType).toBe("auto");
    const value = k.accessKeySecret!.reveal();
    expect(value.length).toBeGreaterThanOrEqual(10);
    expect(JSON.stringify(k)).not.toContain(value);
    expect(JSON.stringify(k)).toContain('"accessKeySecret":"[secret]"');
    expect(k.diff({ secretName: "partner" }).changes).toEqual([]);

    await k.update({ secretName: "partner", status: "off" });
    expect(k.status).toBe("off");
    expect(emu.state.store.apiKeys.get(k.id)?.fields["Status"]).toBe(0);
    await k.update({ secretName: "partner", status: "on" });
    expect(k.status).toBe("on");

    const imported = await ApiGatewayApiKey.import(k.id, { provider: p });
    expect(imported.diff({ secretName: "partner" }).changes).toEqual([]);
    expect(imported.accessKeySecret!.reveal()).toBe(value);

    await k.delete(); // enabled: disabled first, as the platform deletes only disabled keys
    expect(emu.state.store.apiKeys.has(k.id)).toBe(false);
    await expect(ApiGatewayApiKey.get(k.id, { provider: p })).rejects.toThrow(/does not exist/);
    expect(logs.join("\n")).not.toContain(value);
  });

  it("creates a manual key disabled, rotates its secret in place, and keeps it out of logs and errors", async () => {
    const p = provider();
    const first = "manual-secret-0001";
    const second = "manual-secret-0002";
    const args = {
      secretName: "m",
      accessKeyType: "manual",
      accessKeyId: "mykey01",
      accessKeySecret: secret(first),
      status: "off",
    } as const;
    const k = await ApiGatewayApiKey.create(args, { provider: p });
    expect(k.id).toBe("mykey01");
    expect(k.status).toBe("off");
    expect(k.diff(args).changes).toEqual([]);
    const change = k.diff({ ...args, accessKeySecret: second });
    expect(change.changes).toEqual([
      expect.objectContaining({ field: "accessKeySecret", replaces: false, from: "[secret]", to: "[secret]" }),
    ]);
    await k.update({ ...args, accessKeySecret: second });
    expect(k.accessKeySecret!.reveal()).toBe(second);
    expect(emu.state.store.apiKeys.get("mykey01")?.fields["AccessKeySecret"]).toBe(second);

    // A key id that exists already: the platform's error names neither secret.
    const err = await ApiGatewayApiKey.create(args, { provider: p }).catch((e: unknown) => e);
    expect(String(err)).toContain("InvalidParameterValue");
    for (const text of [String(err), JSON.stringify(err), JSON.stringify(k), logs.join("\n")]) {
      expect(text).not.toContain(first);
      expect(text).not.toContain(second);
    }

    await expect(k.update({ ...args, accessKeySecret: second, accessKeyId: "other01" })).rejects.toThrow(
      /accessKeyId cannot be changed/,
    );
    const renamed = { ...args, accessKeySecret: second, secretName: "n" };
    await expect(k.update(renamed)).rejects.toBeInstanceOf(ReplacementRequiredError);
    expect(k.diff(renamed).changes).toEqual([expect.objectContaining({ field: "secretName", replaces: true })]);
    await k.update(renamed, { allowReplace: true });
    expect(k.secretName).toBe("n");
    expect(k.id).toBe("mykey01");
    await k.delete();
    expect(emu.state.store.apiKeys.size).toBe(0);
  });

  it("rejects a malformed import id, and finds keys by name", async () => {
    const p = provider();
    await expect(ApiGatewayApiKey.import("", { provider: p })).rejects.toBeInstanceOf(ValidationError);
    const a = await ApiGatewayApiKey.create({ secretName: "one" }, { provider: p });
    await ApiGatewayApiKey.create({ secretName: "two" }, { provider: p });
    const found = await ApiGatewayApiKey.find({ secretName: "one" }, { provider: p });
    expect(found.map((f) => f.id)).toEqual([a.id]);
  });
});

describe("ApiGatewayIpStrategy", () => {
  it("creates, reads, updates its data in place, imports by serviceId#strategyId, and deletes", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const args = { serviceId: s.id, strategyName: "office", strategyType: "WHITE", strategyData: "10.0.0.1" } as const;
    const st = await ApiGatewayIpStrategy.create(args, { provider: p });
    expect(st.id).toBe(`${s.id}#${st.strategyId}`);
    expect(st.strategyId).toMatch(/^IPStrategy-/);
    expect(st.diff(args).changes).toEqual([]);

    const next = { ...args, strategyData: "10.0.0.1\n10.0.1.0/24" };
    expect(st.diff(next)).toEqual({
      changes: [expect.objectContaining({ field: "strategyData", replaces: false })],
      replaces: false,
    });
    await st.update(next);
    expect(st.strategyData).toBe("10.0.0.1\n10.0.1.0/24");
    expect((await ApiGatewayIpStrategy.get(st.id, { provider: p })).strategyData).toBe(next.strategyData);

    const imported = await ApiGatewayIpStrategy.import(`${s.id}#${String(st.strategyId)}`, { provider: p });
    expect(imported.id).toBe(st.id);
    expect(imported.diff(next).changes).toEqual([]);
    expect((await ApiGatewayIpStrategy.find({ serviceId: s.id }, { provider: p })).map((f) => f.id)).toEqual([st.id]);

    await st.delete();
    await expect(ApiGatewayIpStrategy.get(st.id, { provider: p })).rejects.toThrow(/does not exist/);
  });

  it("reports a replace-on-change edit and replaces only with allowReplace", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const args = { serviceId: s.id, strategyName: "office", strategyType: "WHITE", strategyData: "10.0.0.1" } as const;
    const st = await ApiGatewayIpStrategy.create(args, { provider: p });
    const old = st.id;
    const black = { ...args, strategyType: "BLACK" } as const;
    expect(st.diff(black).changes).toEqual([
      expect.objectContaining({ field: "strategyType", replaces: true, from: "WHITE", to: "BLACK" }),
    ]);
    await expect(st.update(black)).rejects.toBeInstanceOf(ReplacementRequiredError);
    await st.update(black, { allowReplace: true });
    expect(st.id).not.toBe(old);
    expect(st.strategyType).toBe("BLACK");
    expect(emu.state.store.ipStrategies.size).toBe(1);
  });

  it("rejects malformed import ids", async () => {
    const p = provider();
    for (const id of ["service-1", "service-1#", "#IPStrategy-1", "a#b#c"]) {
      const err = await ApiGatewayIpStrategy.import(id, { provider: p }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ValidationError);
      expect(String(err)).toContain("expected <serviceId>#<strategyId>");
    }
    expect(actions("DescribeIPStrategy")).toBe(0);
  });
});

describe("ApiGatewayPlugin", () => {
  const args = { pluginName: "cors", pluginType: "Cors", pluginData: '{"allowOrigins":["*"]}' } as const;

  it("creates, reads, updates only the changed fields, imports, and deletes", async () => {
    const p = provider();
    const pl = await ApiGatewayPlugin.create(args, { provider: p });
    expect(pl.id).toMatch(/^plugin-/);
    expect(pl.apiGatewayPluginId).toBe(pl.id);
    expect(pl.diff(args).changes).toEqual([]);

    const next = { ...args, description: "all origins", pluginData: '{"allowOrigins":["a.example"]}' };
    await pl.update(next);
    expect(pl.description).toBe("all origins");
    expect(pl.pluginData).toBe(next.pluginData);
    const sent = emu.state.lastRequest({ service: "apigateway", action: "ModifyPlugin" })!.body;
    expect(JSON.parse(String(sent))).toEqual({
      PluginId: pl.id,
      PluginData: next.pluginData,
      Description: "all origins",
    });

    const imported = await ApiGatewayPlugin.import(pl.id, { provider: p });
    expect(imported.diff(next).changes).toEqual([]);
    expect((await ApiGatewayPlugin.find({ pluginName: "cors" }, { provider: p })).map((f) => f.id)).toEqual([pl.id]);

    await pl.delete();
    await expect(ApiGatewayPlugin.get(pl.id, { provider: p })).rejects.toThrow(/does not exist/);
  });

  it("refuses a type change (neither in place nor a replacement) and a malformed import id", async () => {
    const p = provider();
    const pl = await ApiGatewayPlugin.create(args, { provider: p });
    const diff = pl.diff({ ...args, pluginType: "Routing" });
    expect(diff).toEqual({
      changes: [expect.objectContaining({ field: "pluginType", replaces: false })],
      replaces: false,
    });
    const err = await pl.update({ ...args, pluginType: "Routing" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(String(err)).toContain("pluginType cannot be changed");
    expect(actions("ModifyPlugin")).toBe(0);
    await expect(ApiGatewayPlugin.import("", { provider: p })).rejects.toBeInstanceOf(ValidationError);
  });
});

const mockApi = (serviceId: string) =>
  ({
    serviceId,
    apiName: "list",
    requestConfigPath: "/list",
    serviceConfigType: "MOCK",
    serviceConfigMockReturnMessage: "ok",
  }) as const;

describe("ApiGatewayApi", () => {
  it("creates, reads, updates in place with quotas, and deletes after resetting them", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const args = { ...mockApi(s.id), releaseLimit: 50 };
    const a = await ApiGatewayApi.create(args, { provider: p });
    expect(a.id).toBe(`${s.id}#${String(a.apiGatewayApiId)}`);
    expect(a.releaseLimit).toBe(50);
    expect(a.testLimit).toBe(5000);
    expect(a.authType).toBe("NONE");
    expect(a.diff(args).changes).toEqual([]);
    expect((await ApiGatewayApi.get(a.id, { provider: p })).requestConfigPath).toBe("/list");

    const next = { ...args, apiDesc: "lists", requestConfigMethod: "POST", testLimit: 9 } as const;
    expect(a.diff(next).replaces).toBe(false);
    await a.update(next);
    expect(a.apiDesc).toBe("lists");
    expect(a.requestConfigMethod).toBe("POST");
    expect(a.testLimit).toBe(9);
    expect(a.serviceConfigMockReturnMessage).toBe("ok");
    expect(a.diff(next).changes).toEqual([]);
    expect((await ApiGatewayApi.find({ serviceId: s.id }, { provider: p })).map((f) => f.id)).toEqual([a.id]);

    await a.delete();
    const quotas = emu.state
      .requests({ service: "apigateway", action: "ModifyApiEnvironmentStrategy" })
      .slice(-3)
      .map((r) => JSON.parse(String(r.body)) as Wire);
    expect(quotas.map((q) => [q.EnvironmentName, q.Strategy])).toEqual([
      ["test", -1],
      ["release", -1],
      ["prepub", -1],
    ]);
    await expect(ApiGatewayApi.get(a.id, { provider: p })).rejects.toThrow(/does not exist/);
    await s.delete();
  });

  it("reports a replace-on-change edit, replaces with allowReplace, refuses target changes and import", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const a = await ApiGatewayApi.create(mockApi(s.id), { provider: p });
    const old = a.id;
    const ws = { ...mockApi(s.id), protocol: "WEBSOCKET" } as const;
    expect(a.diff(ws).changes).toEqual([expect.objectContaining({ field: "protocol", replaces: true })]);
    await expect(a.update(ws)).rejects.toBeInstanceOf(ReplacementRequiredError);
    await a.update(ws, { allowReplace: true });
    expect(a.id).not.toBe(old);
    expect(a.protocol).toBe("WEBSOCKET");
    expect(emu.state.store.apis.size).toBe(1);

    const targets = { ...ws, targetServices: [{ vmIp: "10.0.0.2", vpcId: "vpc-1", vmPort: 80, hostIp: "10.0.0.1" }] };
    await expect(a.update(targets)).rejects.toThrow(/targetServices cannot be changed/);
    const err = await ApiGatewayApi.import(a.id, { provider: p }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(String(err)).toContain("cannot be imported");
  });
});

describe("ApiGatewayServiceRelease", () => {
  it("waits for the release, imports it by serviceId#environmentName#releaseVersion, and unreleases on delete", async () => {
    await emu.stop();
    emu = await startCloudplatEmulator({ releaseDelayMs: 150 });
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const a = await ApiGatewayApi.create(mockApi(s.id), { provider: p });
    const args = { serviceId: s.id, environmentName: "release", releaseDesc: "first" } as const;
    const seen: string[] = [];
    const r = await ApiGatewayServiceRelease.create(args, { provider: p, onProgress: (status) => seen.push(status) });
    expect(seen).toEqual(["RELEASING", "RELEASED"]);
    expect(r.id).toBe(`${s.id}#release#${String(r.releaseVersion)}`);
    expect(r.releaseDesc).toBe("first");
    expect(JSON.stringify(r)).not.toContain('released"');
    expect(r.diff(args).changes).toEqual([]);

    const imported = await ApiGatewayServiceRelease.import(r.id, { provider: p });
    expect(imported.diff(args).changes).toEqual([]);
    for (const bad of [`${s.id}#release`, `${s.id}##v1`, "a#b#c#d"])
      await expect(ApiGatewayServiceRelease.import(bad, { provider: p })).rejects.toThrow(
        /expected <serviceId>#<environmentName>#<releaseVersion>/,
      );

    await expect(r.update({ ...args, releaseVersion: "v2" })).rejects.toThrow(/releaseVersion cannot be changed/);
    const again = { ...args, releaseDesc: "second" };
    expect(r.diff(again).changes).toEqual([expect.objectContaining({ field: "releaseDesc", replaces: true })]);
    await expect(r.update(again)).rejects.toBeInstanceOf(ReplacementRequiredError);
    await r.update(again, { allowReplace: true });
    expect(r.releaseDesc).toBe("second");

    // The released service: the API goes first, then the service unreleases every environment and goes.
    await a.delete();
    await s.delete();
    expect(emu.state.store.services.size).toBe(0);
  });

  it("refuses to release a service without APIs", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    await expect(
      ApiGatewayServiceRelease.create({ serviceId: s.id, environmentName: "test", releaseDesc: "x" }, { provider: p }),
    ).rejects.toThrow(/has no API to release/);
    expect(actions("ReleaseService")).toBe(0);
  });
});

describe("ApiGatewayUsagePlan and ApiGatewayUsagePlanAttachment", () => {
  it("creates a plan, updates it in place, imports it, and deletes it", async () => {
    const p = provider();
    const args = { usagePlanName: "gold" };
    const plan = await ApiGatewayUsagePlan.create(args, { provider: p });
    expect(plan.id).toMatch(/^usagePlan-/);
    expect(plan.maxRequestNum).toBe(-1);
    expect(plan.diff(args).changes).toEqual([]);
    const next = { usagePlanName: "platinum", usagePlanDesc: "more", maxRequestNum: 1000, maxRequestNumPreSec: 10 };
    expect(plan.diff(next).replaces).toBe(false);
    await plan.update(next);
    expect(plan.maxRequestNumPreSec).toBe(10);
    expect(plan.usagePlanName).toBe("platinum");
    const imported = await ApiGatewayUsagePlan.import(plan.id, { provider: p });
    expect(imported.diff(next).changes).toEqual([]);
    await expect(ApiGatewayUsagePlan.import("", { provider: p })).rejects.toBeInstanceOf(ValidationError);
    await plan.delete();
    await expect(ApiGatewayUsagePlan.get(plan.id, { provider: p })).rejects.toThrow(/does not exist/);
  });

  it("binds a plan to a service, imports the six-part id, replaces on change, and unbinds on delete", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const plan = await ApiGatewayUsagePlan.create({ usagePlanName: "gold" }, { provider: p });
    const args = { usagePlanId: plan.id, serviceId: s.id, environment: "release" } as const;
    const at = await ApiGatewayUsagePlanAttachment.create(args, { provider: p });
    expect(at.id).toBe(`${plan.id}#${s.id}#release#SERVICE##`);
    expect(at.diff(args).changes).toEqual([]);
    await plan.refresh();
    expect(plan.attachLists).toEqual([expect.objectContaining({ serviceId: s.id, environment: "release" })]);
    await s.refresh();
    expect(s.usagePlanLists).toEqual([{ usagePlanId: plan.id, usagePlanName: "gold", bindType: "SERVICE" }]);

    const imported = await ApiGatewayUsagePlanAttachment.import(at.id, { provider: p });
    expect(imported.diff(args).changes).toEqual([]);
    const err = await ApiGatewayUsagePlanAttachment.import(`${plan.id}#${s.id}#release#SERVICE#`, {
      provider: p,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(String(err)).toContain("has 5 parts, not 6");
    // An id is six segments wherever one is taken: get refuses a short one too, rather than padding it.
    const short = await ApiGatewayUsagePlanAttachment.get(`${plan.id}#${s.id}#release#SERVICE`, { provider: p }).catch(
      (e: unknown) => e,
    );
    expect(String(short)).toContain("has 4 parts, not 6");

    const test = { ...args, environment: "test" } as const;
    expect(at.diff(test).changes).toEqual([expect.objectContaining({ field: "environment", replaces: true })]);
    await expect(at.update(test)).rejects.toBeInstanceOf(ReplacementRequiredError);
    await at.update(test, { allowReplace: true });
    expect(at.id).toBe(`${plan.id}#${s.id}#test#SERVICE##`);
    expect(emu.state.store.bindings.map((b) => b.env)).toEqual(["test"]);

    await at.delete();
    await plan.delete(); // refused by the platform while still bound
    await s.delete();
  });

  it("asks again when a bind or an unbind is answered Result false, as the reference provider does", async () => {
    const retry = { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 10, budgetMs: 1_000 };
    const p = keyedProvider(emu, { pollMs: 10, retry });
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const plan = await ApiGatewayUsagePlan.create({ usagePlanName: "gold" }, { provider: p });
    const args = { usagePlanId: plan.id, serviceId: s.id, environment: "release" } as const;
    const count = (action: string) => emu.state.requests({ action }).length;
    emu.faults.next({ kind: "answer", answer: { Result: false }, action: "BindEnvironment" });
    const at = await ApiGatewayUsagePlanAttachment.create(args, { provider: p });
    expect(count("BindEnvironment")).toBe(2);
    emu.faults.next({ kind: "answer", answer: { Result: false }, action: "UnBindEnvironment" });
    await at.delete();
    expect(count("UnBindEnvironment")).toBe(2);
    expect(emu.state.store.bindings).toEqual([]);
    // A refusal that lasts still fails, naming the action.
    emu.faults.next({ kind: "answer", answer: { Result: false }, action: "BindEnvironment", times: 10 });
    await expect(ApiGatewayUsagePlanAttachment.create(args, { provider: p })).rejects.toThrow(
      "BindEnvironment did not succeed",
    );
    expect(count("BindEnvironment")).toBe(2 + retry.maxAttempts);
    emu.faults.clear();
    await plan.delete();
    await s.delete();
  });

  it("binds a plan to a SECRET API with keys, and unbinds the keys before the environment", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const a = await ApiGatewayApi.create({ ...mockApi(s.id), authType: "SECRET" }, { provider: p });
    const plan = await ApiGatewayUsagePlan.create({ usagePlanName: "gold" }, { provider: p });
    const key = await ApiGatewayApiKey.create({ secretName: "k" }, { provider: p });
    const apiId = String(a.apiGatewayApiId);
    const args = {
      usagePlanId: plan.id,
      serviceId: s.id,
      environment: "prepub",
      bindType: "API",
      apiId,
      accessKeyIds: [key.id],
    } as const;
    const at = await ApiGatewayUsagePlanAttachment.create(args, { provider: p });
    expect(at.id).toBe(`${plan.id}#${s.id}#prepub#API#${apiId}#${key.id}`);
    expect(at.diff(args).changes).toEqual([]);
    await plan.refresh();
    expect(plan.attachApiKeys).toEqual([key.id]);
    const imported = await ApiGatewayUsagePlanAttachment.import(at.id, { provider: p });
    expect(imported.accessKeyIds).toEqual([key.id]);
    expect(imported.diff(args).changes).toEqual([]);
    expect(JSON.stringify(at)).not.toContain(key.accessKeySecret!.reveal());

    await at.delete();
    expect(emu.state.store.usagePlans.get(plan.id)?.secretIds).toEqual([]);
    await key.delete();
    await a.delete();
    await plan.delete();
    await s.delete();
  });
});

describe("ApiGatewayCustomDomain", () => {
  it("binds, reads, updates in place, replaces on a new domain or service only with allowReplace, refuses import, and unbinds", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const args = {
      serviceId: s.id,
      subDomain: "api.example.com",
      protocol: "http",
      netType: "OUTER",
      defaultDomain: String(s.outerSubDomain),
    } as const;
    const dom = await ApiGatewayCustomDomain.create(args, { provider: p });
    expect(dom.id).toBe(`${s.id}#api.example.com`);
    expect(dom.status).toBe(1);
    expect(dom.isDefaultMapping).toBe(true);
    expect(dom.diff(args).changes).toEqual([]);

    const next = { ...args, isDefaultMapping: false, pathMappings: ["/v1#release", "/beta#test"] };
    expect(dom.diff(next).replaces).toBe(false);
    await dom.update(next);
    expect(dom.pathMappings).toEqual(["/v1#release", "/beta#test"]);
    expect(dom.isDefaultMapping).toBe(false);
    expect((await ApiGatewayCustomDomain.get(dom.id, { provider: p })).diff(next).changes).toEqual([]);
    const renamed = { ...next, subDomain: "www.example.com" };
    expect(dom.diff(renamed).changes).toEqual([expect.objectContaining({ field: "subDomain", replaces: true })]);
    await expect(dom.update(renamed)).rejects.toBeInstanceOf(ReplacementRequiredError);
    expect(emu.state.store.domains.map((x) => x.fields.DomainName)).toEqual(["api.example.com"]);
    await dom.update(renamed, { allowReplace: true });
    expect(dom.id).toBe(`${s.id}#www.example.com`);
    expect(dom.pathMappings).toEqual(["/v1#release", "/beta#test"]);
    expect(emu.state.store.domains.map((x) => x.fields.DomainName)).toEqual(["www.example.com"]);

    const other = await ApiGatewayService.create({ ...serviceArgs, serviceName: "other" }, { provider: p });
    const moved = { ...renamed, serviceId: other.id, defaultDomain: String(other.outerSubDomain) };
    expect(dom.diff(moved).replaces).toBe(true);
    await expect(dom.update(moved)).rejects.toBeInstanceOf(ReplacementRequiredError);
    await dom.update(moved, { allowReplace: true });
    expect(dom.id).toBe(`${other.id}#www.example.com`);
    expect((await ApiGatewayCustomDomain.find({ serviceId: other.id }, { provider: p })).map((f) => f.id)).toEqual([
      dom.id,
    ]);

    const err = await ApiGatewayCustomDomain.import(dom.id, { provider: p }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(String(err)).toContain("cannot be imported");

    await dom.delete();
    expect(emu.state.store.domains).toEqual([]);
  });
});
