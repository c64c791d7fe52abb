import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inspect } from "node:util";
import { setLogSink, ValidationError, type ManagedResource } from "@sdkgen/runtime";
import { ApiGatewayApiApp } from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider } from "./cloudplatKit.js";
import { probePackage } from "./probePackage.js";

// Kinds bound to operations in their schema alone (no kind code): a field added in YAML reaches the
// wire, and a kind added in YAML works end to end, against the emulator over signed HTTP.
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
const sent = (action: string) =>
  JSON.parse(String(emu.state.lastRequest({ service: "apigateway", action })!.body)) as Record<string, unknown>;

// Issue 10's probe: an input added to the plug-in's schema alone (pluginRemark, which the emulator keeps
// and the platform has not) reaches CreatePlugin and ModifyPlugin; the package is generated here with it.
type Plugin = ManagedResource & { pluginRemark?: string };
let probe: {
  ApiGatewayPlugin: {
    create(args: object, options: object): Promise<Plugin>;
    get(id: string, options: object): Promise<Plugin>;
  };
  Provider: new (...args: unknown[]) => object;
};
beforeAll(async () => {
  probe = (await probePackage("pluginRemark", "cloudplat", {
    file: "resources/apiGatewayPlugin.yaml",
    after: "fields:\n",
    insert: "  pluginRemark:\n    type: string\n    mode: optional\n    description: A remark kept with the plug-in.\n",
  })) as unknown as typeof probe;
}, 60_000);

describe("ApiGatewayPlugin.pluginRemark, a field added in its schema only", () => {
  it("is sent by CreatePlugin and ModifyPlugin, read back, and a second diff is empty", async () => {
    const { ApiGatewayPlugin, Provider } = probe;
    const p = new Provider(
      { secretId: emu.credentials.secretId, secretKey: emu.credentials.secretKey, endpoint: emu.url },
      {},
      { rateLimit: false, pollMs: 10 },
    );
    const args = { pluginName: "cors", pluginType: "Cors", pluginData: "{}", pluginRemark: "first" } as const;
    const pl = await ApiGatewayPlugin.create(args, { provider: p });
    expect(sent("CreatePlugin")).toMatchObject({ PluginRemark: "first" });
    expect(pl.pluginRemark).toBe("first");
    expect(pl.diff(args).changes).toEqual([]);

    const next = { ...args, pluginRemark: "second" };
    expect(pl.diff(next).changes).toEqual([
      expect.objectContaining({ field: "pluginRemark", from: "first", to: "second", replaces: false }),
    ]);
    await pl.update(next);
    expect(sent("ModifyPlugin")).toEqual({ PluginId: pl.id, PluginRemark: "second" });
    expect(emu.state.store.plugins.get(pl.id)?.fields["PluginRemark"]).toBe("second");
    expect(pl.diff(next).changes).toEqual([]);
    expect((await ApiGatewayPlugin.get(pl.id, { provider: p })).diff(next).changes).toEqual([]);
  });
});

describe("ApiGatewayApiApp, a kind added in its schema only", () => {
  it("creates, reads, updates, imports, finds and deletes; its secret stays a Secret and is never printed", async () => {
    const p = provider();
    const args = { apiAppName: "partner", apiAppDesc: "first" };
    const app = await ApiGatewayApiApp.create(args, { provider: p });
    expect(sent("CreateApiApp")).toEqual({ ApiAppName: "partner", ApiAppDesc: "first" });
    expect(app.id).toMatch(/^app-/);
    expect(app.apiAppId).toBe(app.id);
    expect(app.apiAppKey).toBe(emu.state.store.apps.get(app.id)?.fields["ApiAppKey"]);
    const secret = app.apiAppSecret!.reveal();
    expect(secret).toBe(emu.state.store.apps.get(app.id)?.fields["ApiAppSecret"]);
    expect(app.diff(args).changes).toEqual([]);

    const read = await ApiGatewayApiApp.get(app.id, { provider: p });
    expect(sent("DescribeApiApp")).toEqual({ ApiAppId: app.id });
    expect(read.apiAppName).toBe("partner");
    expect(read.apiAppDesc).toBe("first");

    const next = { apiAppName: "partner2", apiAppDesc: "second" };
    expect(app.diff(next)).toEqual({
      changes: [
        expect.objectContaining({ field: "apiAppDesc", replaces: false }),
        expect.objectContaining({ field: "apiAppName", replaces: false }),
      ],
      replaces: false,
    });
    await app.update(next);
    expect(sent("ModifyApiApp")).toEqual({ ApiAppId: app.id, ApiAppName: "partner2", ApiAppDesc: "second" });
    expect(app.apiAppName).toBe("partner2");
    expect(app.diff(next).changes).toEqual([]);

    const imported = await ApiGatewayApiApp.import(app.id, { provider: p });
    expect(imported.diff(next).changes).toEqual([]);
    expect(imported.apiAppSecret!.reveal()).toBe(secret);
    await expect(ApiGatewayApiApp.import("", { provider: p })).rejects.toBeInstanceOf(ValidationError);

    await ApiGatewayApiApp.create({ apiAppName: "other" }, { provider: p });
    const found = await ApiGatewayApiApp.find({ apiAppName: "partner2" }, { provider: p });
    expect(found.map((f) => f.id)).toEqual([app.id]);
    expect(sent("DescribeApiAppsStatus")).toEqual({
      Filters: [{ Name: "ApiAppName", Values: ["partner2"] }],
      Offset: 0,
      Limit: 100,
    });
    expect((await ApiGatewayApiApp.find({ apiAppId: app.id }, { provider: p })).map((f) => f.id)).toEqual([app.id]);

    for (const text of [JSON.stringify(app), inspect(app), String(app.apiAppSecret), logs.join("\n")])
      expect(text).not.toContain(secret);
    expect(JSON.stringify(app)).toContain('"apiAppSecret":"[secret]"');

    await app.delete();
    expect(emu.state.store.apps.has(app.id)).toBe(false);
    await expect(ApiGatewayApiApp.get(app.id, { provider: p })).rejects.toThrow(/does not exist/);
    await app.delete(); // already gone: nothing to do
  });
});
