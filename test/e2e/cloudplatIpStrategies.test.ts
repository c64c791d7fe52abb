import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiGatewayApi, ApiGatewayIpStrategy, ApiGatewayService, getApiGatewayIpStrategies, Provider } from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider } from "./cloudplatKit.js";

// IP strategies bound to APIs: objects made through the SDK, bound with a signed BindIPStrategy call
// (the SDK has no binding resource), then read back by getApiGatewayIpStrategies, which asks
// DescribeIPStrategy per environment, and by the ApiGatewayIpStrategy resource.
let emu: CloudplatEmulator;
let p: Provider;
beforeEach(async () => {
  emu = await startCloudplatEmulator();
  p = keyedProvider(emu, { pollMs: 10 });
});
afterEach(() => emu.stop());

type Wire = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const mockApi = (serviceId: string, path: string) =>
  ({
    serviceId,
    apiName: path.slice(1),
    requestConfigPath: path,
    requestConfigMethod: "POST",
    serviceConfigType: "MOCK",
    serviceConfigMockReturnMessage: "ok",
  }) as const;

const oauth = { publicKey: "pk", tokenLocation: "method.req.header.authorization", loginRedirectUrl: "https://login" };

describe("getApiGatewayIpStrategies with bound APIs", () => {
  it("concatenates each strategy's bound APIs in the order test, release, prepub, fields and OAuth map mapped", async () => {
    const s = await ApiGatewayService.create(
      { serviceName: "edge", protocol: "http", netTypes: ["OUTER"] },
      { provider: p },
    );
    // An OAuth authorization API and a business API that relies on it.
    const token = await ApiGatewayApi.create(
      { ...mockApi(s.id, "/token"), authType: "OAUTH", apiBusinessType: "OAUTH", oauthConfig: oauth },
      { provider: p },
    );
    const tokenId = String(token.apiGatewayApiId);
    const orders = await ApiGatewayApi.create(
      { ...mockApi(s.id, "/orders"), authType: "OAUTH", apiBusinessType: "NORMAL", authRelationApiId: tokenId },
      { provider: p },
    );
    const ordersId = String(orders.apiGatewayApiId);
    const args = { serviceId: s.id, strategyName: "office", strategyType: "WHITE", strategyData: "10.0.0.1" } as const;
    const office = await ApiGatewayIpStrategy.create(args, { provider: p });
    await ApiGatewayIpStrategy.create(
      { serviceId: s.id, strategyName: "bots", strategyType: "BLACK", strategyData: "1.2.3.4" },
      { provider: p },
    );

    // Release first: the lookup's order is by environment, not by when the APIs were bound.
    for (const [env, apiIds] of [
      ["release", [ordersId]],
      ["test", [tokenId, ordersId]],
    ] as const) {
      const res = await p.client.call<Wire>(
        "apigateway",
        "BindIPStrategy",
        { ServiceId: s.id, StrategyId: office.strategyId, EnvironmentName: env, BindApiIds: apiIds },
        { read: false },
      );
      expect(res.Result).toBe(true);
    }

    const before = emu.state.requests({ service: "apigateway", action: "DescribeIPStrategy" }).length;
    const found = await getApiGatewayIpStrategies({ serviceId: s.id, strategyName: "office" }, { provider: p });
    const envs = emu.state
      .requests({ service: "apigateway", action: "DescribeIPStrategy" })
      .slice(before)
      .map((r) => (JSON.parse(r.body) as Wire).EnvironmentName);
    expect(envs).toEqual(["test", "release", "prepub"]);

    const common = {
      serviceId: s.id,
      apiDesc: "",
      vpcId: 0,
      uniqVpcId: "",
      apiType: "NORMAL",
      protocol: "HTTP",
      authType: "OAUTH",
      method: "POST",
      tags: [],
      createTime: expect.any(String),
      modifyTime: expect.any(String),
    };
    const tokenEntry = {
      ...common,
      apiId: tokenId,
      apiName: "token",
      path: "/token",
      apiBusinessType: "OAUTH",
      authRelationApiId: "",
      relationBusinessApiIds: [ordersId],
      oauthConfig: oauth,
    };
    // No OAuth settings of its own: the platform's null reads as no map at all.
    const ordersEntry = {
      ...common,
      apiId: ordersId,
      apiName: "orders",
      path: "/orders",
      apiBusinessType: "NORMAL",
      authRelationApiId: tokenId,
      relationBusinessApiIds: [],
    };
    expect(found.lists).toEqual([
      {
        strategyId: office.strategyId,
        strategyName: "office",
        strategyType: "WHITE",
        ipList: "10.0.0.1",
        serviceId: s.id,
        bindApiTotalCount: 3,
        createTime: expect.any(String),
        modifyTime: expect.any(String),
        attachLists: [tokenEntry, ordersEntry, ordersEntry],
      },
    ]);
    expect(found.lists[0]!.attachLists![1]).not.toHaveProperty("oauthConfig");

    const all = await getApiGatewayIpStrategies({ serviceId: s.id }, { provider: p });
    expect(all.lists.map((x) => [x.strategyName, x.attachLists?.length])).toEqual([
      ["office", 3],
      ["bots", 0],
    ]);
  });

  it("keeps the ApiGatewayIpStrategy resource readable and updatable once APIs are bound", async () => {
    const s = await ApiGatewayService.create(
      { serviceName: "edge", protocol: "http", netTypes: ["OUTER"] },
      { provider: p },
    );
    const a = await ApiGatewayApi.create(mockApi(s.id, "/orders"), { provider: p });
    const args = { serviceId: s.id, strategyName: "office", strategyType: "WHITE", strategyData: "10.0.0.1" } as const;
    const st = await ApiGatewayIpStrategy.create(args, { provider: p });
    await p.client.call<Wire>(
      "apigateway",
      "BindIPStrategy",
      { ServiceId: s.id, StrategyId: st.strategyId, EnvironmentName: "test", BindApiIds: [a.apiGatewayApiId] },
      { read: false },
    );

    const read = await ApiGatewayIpStrategy.get(st.id, { provider: p });
    expect([read.strategyId, read.strategyName, read.strategyData, read.serviceId]).toEqual([
      st.strategyId,
      "office",
      "10.0.0.1",
      s.id,
    ]);
    expect(read.diff(args).changes).toEqual([]);
    // The read looks in the test environment, where the API is bound.
    const last = emu.state.lastRequest({ service: "apigateway", action: "DescribeIPStrategy" });
    expect((JSON.parse(last!.body) as Wire).EnvironmentName).toBe("test");

    await read.update({ ...args, strategyData: "10.0.0.2" });
    expect((await ApiGatewayIpStrategy.get(st.id, { provider: p })).strategyData).toBe("10.0.0.2");
    const bound = await getApiGatewayIpStrategies({ serviceId: s.id }, { provider: p });
    expect(bound.lists[0]!.attachLists!.map((x) => x.apiId)).toEqual([a.apiGatewayApiId]);
  });
});
