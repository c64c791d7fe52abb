import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { fromWire } from "../../lifecycle/wire.js";
import { ValidationError } from "../../validate.js";
import type { CloudplatProvider } from "../provider.js";
import { expectTrue, gatewayCall, readyOnceRead, unlessNotFound } from "./gateway.js";

const NOT_FOUND = ["ResourceNotFound.InvalidIPStrategy", "ResourceNotFound.InvalidService"];

/**
 * ApiGatewayIpStrategy (wire reference §5.7): a strategy of one service, so its id is the import id
 * `serviceId#strategyId`. Only the IP data changes in place (ModifyIPStrategy); the read looks in the
 * `test` environment, as the reference provider does. Unlike that provider, which reports every read
 * error, the not-found codes read as gone, so a strategy deleted elsewhere can be recreated.
 */
export function ipStrategyOps(p: CloudplatProvider, d: ResourceDescriptor): KindOps {
  const call = gatewayCall(p, d);
  const split = (id: string) => {
    const at = id.indexOf("#");
    return { ServiceId: id.slice(0, at), StrategyId: id.slice(at + 1) };
  };
  const name = (v: Values) => v.strategyName as string | undefined;
  return {
    create: async (a, ctx) => {
      const res = await call(
        "CreateIPStrategy",
        {
          ServiceId: a.serviceId,
          StrategyName: a.strategyName,
          StrategyType: a.strategyType,
          StrategyData: a.strategyData,
        },
        ctx,
        { name: name(a) },
      );
      return `${String(a.serviceId)}#${String((res.Result as Values).StrategyId)}`;
    },
    read: (id, ctx) =>
      unlessNotFound(NOT_FOUND, async () => {
        const res = await call(
          "DescribeIPStrategy",
          { ...split(id), EnvironmentName: "test", Limit: 100, Offset: 0 },
          ctx,
          { id },
        );
        return { ...fromWire(d.fields, res.Result as Values), serviceId: split(id).ServiceId };
      }),
    update: async (id, desired, current, _diff, ctx) => {
      const ref = { id, name: name(current) };
      const res = await call("ModifyIPStrategy", { ...split(id), StrategyData: desired.strategyData }, ctx, ref);
      expectTrue(res, "ModifyIPStrategy", { token: d.token, ...ref });
    },
    remove: async (id, current, ctx) => {
      const ref = { id, name: name(current) };
      const res = await unlessNotFound(NOT_FOUND, () => call("DeleteIPStrategy", split(id), ctx, ref));
      if (res) expectTrue(res, "DeleteIPStrategy", { token: d.token, ...ref });
    },
    // The platform may answer the create before the strategy is readable: poll until it is found.
    classify: readyOnceRead("strategyId"),
    idFromImport: (fields) => `${String(fields.serviceId)}#${String(fields.strategyId)}`,
    list: async (state, ctx) => {
      if (typeof state.serviceId !== "string")
        throw new ValidationError([
          { path: `${d.name}.serviceId`, message: `${d.name}.find needs serviceId: strategies are listed per service` },
        ]);
      const res = await call("DescribeIPStrategysStatus", { ServiceId: state.serviceId }, ctx, {});
      const set = ((res.Result as Values | undefined)?.StrategySet ?? []) as Values[];
      return set.map((s) => `${String(state.serviceId)}#${String(s.StrategyId)}`);
    },
  };
}
