import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { fromWire, valueToWire } from "../../lifecycle/wire.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import { expectTrue, gatewayCall, rejectChanges, unlessNotFound } from "./gateway.js";

const NOT_FOUND = ["ResourceNotFound.InvalidPlugin"];
const PAGES = { style: "apigateway", listKey: "PluginSet" } as const;

/**
 * ApiGatewayPlugin (wire reference §5.4): CreatePlugin answers the plug-in in `Result`; DescribePlugins
 * by id reads it (an empty set: gone); ModifyPlugin sends only the changed name, data and description;
 * the type cannot change. The reference provider ignores DeletePlugin's boolean; a false one here is
 * still a failure, since the plug-in would stay.
 */
export function pluginOps(p: CloudplatProvider, d: ResourceDescriptor): KindOps {
  const call = gatewayCall(p, d);
  const name = (v: Values) => v.pluginName as string | undefined;
  return {
    create: async (a, ctx) => {
      const res = await call(
        "CreatePlugin",
        {
          PluginName: a.pluginName,
          PluginType: a.pluginType,
          PluginData: a.pluginData,
          ...(a.description === undefined ? {} : { Description: a.description }),
        },
        ctx,
        { name: name(a) },
      );
      return String((res.Result as Values).PluginId);
    },
    read: async (id, ctx) => {
      const [found] = await collectPages<Values>(
        p.client,
        "apigateway",
        "DescribePlugins",
        { PluginIds: [id] },
        PAGES,
        {
          signal: ctx.signal,
          resource: { token: d.token, id },
        },
      );
      return found ? fromWire(d.fields, found) : undefined;
    },
    update: async (id, desired, current, diff, ctx) => {
      const changed = diff.changes.map((c) => c.field);
      rejectChanges(d, changed, ["pluginType"]);
      const params = Object.fromEntries(
        (["pluginName", "pluginData", "description"] as const)
          .filter((f) => changed.includes(f))
          .map((f) => [d.fields[f]!.wire, valueToWire(d.fields[f]!, desired[f])]),
      );
      await call("ModifyPlugin", { PluginId: id, ...params }, ctx, { id, name: name(current) });
    },
    remove: async (id, current, ctx) => {
      const ref = { id, name: name(current) };
      const res = await unlessNotFound(NOT_FOUND, () => call("DeletePlugin", { PluginId: id }, ctx, ref));
      if (res) expectTrue(res, "DeletePlugin", { token: d.token, ...ref });
    },
    classify: () => ({ state: "ready", status: "ACTIVE" }),
    list: async (_state, ctx) =>
      (
        await collectPages<Values>(p.client, "apigateway", "DescribePlugins", {}, PAGES, {
          signal: ctx.signal,
          resource: { token: d.token },
        })
      ).map((x) => String(x.PluginId)),
  };
}
