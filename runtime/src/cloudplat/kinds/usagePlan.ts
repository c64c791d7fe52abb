import type { ResourceDescriptor } from "../../descriptor.js";
import type { CallContext, KindOps, Values } from "../../lifecycle/resource.js";
import { fromWire } from "../../lifecycle/wire.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import { expectTrue, gatewayCall, listedIds, readyOnceRead, unlessNotFound } from "./gateway.js";

const NOT_FOUND = ["ResourceNotFound.InvalidUsagePlan"];

/**
 * ApiGatewayUsagePlan (wire reference §5.5): CreateUsagePlan answers the plan in `Result`; the read adds
 * the plan's bindings (DescribeUsagePlanEnvironments, service bindings then API bindings); every input
 * updates in place with ModifyUsagePlan, which is always sent whole.
 */
export function usagePlanOps(p: CloudplatProvider, d: ResourceDescriptor): KindOps {
  const call = gatewayCall(p, d);
  const name = (v: Values) => v.usagePlanName as string | undefined;
  const body = (a: Values) => ({
    UsagePlanName: a.usagePlanName,
    ...(a.usagePlanDesc === undefined ? {} : { UsagePlanDesc: a.usagePlanDesc }),
    MaxRequestNum: a.maxRequestNum ?? d.fields.maxRequestNum!.default,
    MaxRequestNumPreSec: a.maxRequestNumPreSec ?? d.fields.maxRequestNumPreSec!.default,
  });
  const bindings = (id: string, bindType: string, ctx: CallContext) =>
    collectPages<Values>(
      p.client,
      "apigateway",
      "DescribeUsagePlanEnvironments",
      { UsagePlanId: id, BindType: bindType },
      { style: "apigateway", listKey: "EnvironmentList" },
      { signal: ctx.signal, resource: { token: d.token, id } },
    );
  return {
    create: async (a, ctx) => {
      const res = await call("CreateUsagePlan", body(a), ctx, { name: name(a) });
      return String((res.Result as Values).UsagePlanId);
    },
    read: (id, ctx) =>
      unlessNotFound(NOT_FOUND, async () => {
        const res = await call("DescribeUsagePlan", { UsagePlanId: id }, ctx, { id });
        const attached = [...(await bindings(id, "SERVICE", ctx)), ...(await bindings(id, "API", ctx))];
        return fromWire(d.fields, { ...(res.Result as Values), [d.fields.attachLists!.wire]: attached });
      }),
    update: async (id, desired, current, _diff, ctx) => {
      await call("ModifyUsagePlan", { UsagePlanId: id, ...body(desired) }, ctx, { id, name: name(current) });
    },
    remove: async (id, current, ctx) => {
      const ref = { id, name: name(current) };
      const res = await unlessNotFound(NOT_FOUND, () => call("DeleteUsagePlan", { UsagePlanId: id }, ctx, ref));
      if (res) expectTrue(res, "DeleteUsagePlan", { token: d.token, ...ref });
    },
    // The reference provider polls DescribeUsagePlan after the create until the plan is found.
    classify: readyOnceRead("apiGatewayUsagePlanId"),
    list: listedIds(p, d, "apiGatewayUsagePlanId", {
      action: "DescribeUsagePlansStatus",
      listKey: "UsagePlanStatusSet",
      wireId: "UsagePlanId",
      filters: { usagePlanName: "UsagePlanName" },
    }),
  };
}
