import type { ResourceDescriptor } from "../../descriptor.js";
import type { CallContext, KindOps, Values } from "../../lifecycle/resource.js";
import { ValidationError } from "../../validate.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import { apiFromWire, apiToWire, CREATE_ONLY } from "./apiWire.js";
import { ENVIRONMENTS, expectTrue, gatewayCall, rejectChanges, unlessNotFound } from "./gateway.js";

const NOT_FOUND = ["ResourceNotFound.InvalidService", "ResourceNotFound.InvalidApi"];

/** The quota input of each environment. */
const LIMITS = { release: "releaseLimit", prepub: "preLimit", test: "testLimit" } as const;

/** The platform's "unlimited" quota (−1) as the reference provider shows it. */
const UNLIMITED = 5000;

/**
 * ApiGatewayApi (wire reference §5.2): an API of one service, so its id is `serviceId#apiId` (the
 * platform reads an API only with its service). ModifyApi always takes the whole configuration; the
 * per-environment quotas are separate strategies, reset to unlimited before the delete as the
 * reference provider does. The platform cannot change the target services of an API.
 */
export function apiOps(p: CloudplatProvider, d: ResourceDescriptor): KindOps {
  const call = gatewayCall(p, d);
  const split = (id: string) => {
    const at = id.indexOf("#");
    return { ServiceId: id.slice(0, at), ApiId: id.slice(at + 1) };
  };
  const name = (v: Values) => v.apiName as string | undefined;
  const setQuota = async (id: string, env: string, quota: number, v: Values, ctx: CallContext) => {
    const { ServiceId, ApiId } = split(id);
    await call(
      "ModifyApiEnvironmentStrategy",
      { ServiceId, Strategy: quota, EnvironmentName: env, ApiIds: [ApiId] },
      ctx,
      { id, name: name(v) },
    );
  };
  const setLimits = async (id: string, desired: Values, current: Values, ctx: CallContext) => {
    for (const [env, field] of Object.entries(LIMITS)) {
      const want = desired[field];
      // Zero means "not set" in the reference provider, which never sends it.
      if (typeof want === "number" && want !== 0 && want !== current[field])
        await setQuota(id, env, want, desired, ctx);
    }
  };
  return {
    create: async (a, ctx) => {
      await call("DescribeService", { ServiceId: a.serviceId }, ctx, { name: name(a) });
      const res = await call("CreateApi", { ServiceId: a.serviceId, ...apiToWire(d, a) }, ctx, { name: name(a) });
      const id = `${String(a.serviceId)}#${String((res.Result as Values).ApiId)}`;
      await setLimits(id, a, {}, ctx);
      return id;
    },
    read: (id, ctx) =>
      unlessNotFound(NOT_FOUND, async () => {
        const res = await call("DescribeApi", split(id), ctx, { id });
        const strategies = await collectPages<Values>(
          p.client,
          "apigateway",
          "DescribeApiEnvironmentStrategy",
          split(id),
          { style: "apigateway", listKey: "ApiEnvironmentStrategySet" },
          { signal: ctx.signal, resource: { token: d.token, id } },
        );
        const quotas = (strategies.find((s) => s.ApiId === split(id).ApiId)?.EnvironmentStrategySet ?? []) as Values[];
        const limits = Object.fromEntries(
          quotas.flatMap((q) => {
            const field = LIMITS[q.EnvironmentName as keyof typeof LIMITS];
            return field ? [[field, q.Quota === -1 ? UNLIMITED : Number(q.Quota)]] : [];
          }),
        );
        return { ...apiFromWire(d, res.Result as Values), serviceId: split(id).ServiceId, ...limits };
      }),
    update: async (id, desired, current, diff, ctx) => {
      rejectChanges(
        d,
        diff.changes.map((c) => c.field),
        ["targetServices"],
      );
      // ModifyApi answers only a RequestId; it takes the whole configuration, so unset inputs keep theirs.
      if (diff.changes.some((c) => !Object.values(LIMITS).includes(c.field as never)))
        await call("ModifyApi", { ...split(id), ...apiToWire(d, { ...current, ...desired }, CREATE_ONLY) }, ctx, {
          id,
          name: name(current),
        });
      await setLimits(id, desired, current, ctx);
    },
    remove: async (id, current, ctx) => {
      await unlessNotFound(NOT_FOUND, async () => {
        for (const env of ENVIRONMENTS) await setQuota(id, env, -1, current, ctx);
        const ref = { id, name: name(current) };
        expectTrue(await call("DeleteApi", split(id), ctx, ref), "DeleteApi", { token: d.token, ...ref });
      });
    },
    classify: () => ({ state: "ready", status: "ACTIVE" }),
    list: async (state, ctx) => {
      if (typeof state.serviceId !== "string")
        throw new ValidationError([
          { path: `${d.name}.serviceId`, message: `${d.name}.find needs serviceId: APIs are listed per service` },
        ]);
      const apis = await collectPages<Values>(
        p.client,
        "apigateway",
        "DescribeApisStatus",
        { ServiceId: state.serviceId },
        { style: "apigateway", listKey: "ApiIdStatusSet" },
        { signal: ctx.signal, resource: { token: d.token } },
      );
      return apis.map((a) => `${String(state.serviceId)}#${String(a.ApiId)}`);
    },
  };
}
