import type { Values } from "@sdkgen/runtime";
import type { CloudplatHookContext, CloudplatHooks } from "@sdkgen/runtime/cloudplat";
import { collectPages } from "@sdkgen/runtime/cloudplat";
import type { ApiGatewayApiArgs, ApiGatewayApiOutputs } from "../resources/apiGatewayApi.js";

/** The quota input of each environment, in the order the reference provider resets them. */
const LIMITS = { test: "testLimit", release: "releaseLimit", prepub: "preLimit" } as const;
type Limits = { readonly [F in (typeof LIMITS)[keyof typeof LIMITS]]?: number | undefined };

/** The platform's "unlimited" quota (−1) as the reference provider shows it. */
const UNLIMITED = 5000;

/**
 * What ApiGatewayApi's bindings cannot say (wire reference §5.2): its service is checked before the
 * create, and its per-environment quotas are
 * strategies of their own actions, written after the create and on change, read beside DescribeApi,
 * and reset to unlimited before the delete as the reference provider does.
 */
export const hooks: CloudplatHooks<ApiGatewayApiArgs, ApiGatewayApiOutputs> = {
  // The reference provider checks the service first: a missing one fails before any API is made.
  async beforeCreate(args, ctx) {
    await ctx.client.call("apigateway", "DescribeService", { ServiceId: args.serviceId }, options(ctx));
  },

  async afterCreate(id, args, ctx) {
    await setLimits(id, args, {}, ctx);
  },

  async afterRead(state, _item, ctx) {
    const { ServiceId, ApiId } = split(`${state.serviceId}#${state.apiGatewayApiId}`);
    const strategies = await collectPages<Values>(
      ctx.client,
      "apigateway",
      "DescribeApiEnvironmentStrategy",
      { ServiceId, ApiId },
      { style: "apigateway", listKey: "ApiEnvironmentStrategySet" },
      options(ctx),
    );
    const quotas = (strategies.find((s) => s.ApiId === ApiId)?.EnvironmentStrategySet ?? []) as Values[];
    for (const q of quotas) {
      const field = LIMITS[q.EnvironmentName as keyof typeof LIMITS];
      if (field) state[field] = q.Quota === -1 ? UNLIMITED : Number(q.Quota);
    }
  },

  async update(id, desired, current, _changed, ctx) {
    await setLimits(id, desired, current, ctx);
  },

  async beforeDelete(id, _current, ctx) {
    for (const env of Object.keys(LIMITS)) await setQuota(id, env, -1, ctx);
  },
};

const options = (ctx: CloudplatHookContext) => ({ signal: ctx.signal, resource: ctx.resource });

/** The id's parts: `serviceId#apiId`. */
function split(id: string) {
  const at = id.indexOf("#");
  return { ServiceId: id.slice(0, at), ApiId: id.slice(at + 1) };
}

async function setQuota(id: string, env: string, quota: number, ctx: CloudplatHookContext) {
  const { ServiceId, ApiId } = split(id);
  const params = { ServiceId, Strategy: quota, EnvironmentName: env, ApiIds: [ApiId] };
  await ctx.client.call("apigateway", "ModifyApiEnvironmentStrategy", params, options(ctx));
}

/** Each environment's quota that is set (zero means "not set" to the reference provider) and changed. */
async function setLimits(id: string, desired: Limits, current: Limits, ctx: CloudplatHookContext) {
  for (const [env, field] of Object.entries(LIMITS)) {
    const want = desired[field];
    if (want !== undefined && want !== 0 && want !== current[field]) await setQuota(id, env, want, ctx);
  }
}
