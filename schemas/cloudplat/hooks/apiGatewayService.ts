import type { Values } from "@sdkgen/runtime";
import type { CloudplatHookContext, CloudplatHooks } from "@sdkgen/runtime/cloudplat";
import { collectPages, expectTrue } from "@sdkgen/runtime/cloudplat";
import type { ApiGatewayServiceArgs, ApiGatewayServiceOutputs } from "../resources/apiGatewayService.js";

/** The QPS limit input of each environment, in the order the reference provider unreleases them. */
const LIMITS = { test: "testLimit", release: "releaseLimit", prepub: "preLimit" } as const;
type Limits = { readonly [F in (typeof LIMITS)[keyof typeof LIMITS]]?: number | undefined };

/** The platform's "unlimited" strategy (−1) as the reference provider shows it. */
const UNLIMITED = 5000;
const TAG_PAGE = 20;

/**
 * What ApiGatewayService's bindings cannot say (wire reference §5.1): the QPS limits are
 * per-environment strategies and the tags live in the tag service, so both are written after the
 * create and on change, and read beside DescribeService with the usage plans bound to the service and
 * its APIs. A released service cannot be deleted: every environment is unreleased first.
 */
export const hooks: CloudplatHooks<ApiGatewayServiceArgs, ApiGatewayServiceOutputs> = {
  async afterCreate(id, args, ctx) {
    await setLimits(id, args, {}, ctx);
    if (args.tags) await writeTags(id, args.tags, {}, ctx);
  },

  // ModifyService always carries the description (wire reference §5.1), empty when there is none.
  updateRequest(params) {
    params.ServiceDesc ??= "";
  },

  async afterRead(state, _item, ctx) {
    const id = state.apiGatewayServiceId!;
    for (const e of await pages("DescribeServiceEnvironmentStrategy", id, "EnvironmentList", ctx)) {
      const field = LIMITS[e.EnvironmentName as keyof typeof LIMITS];
      if (field) state[field] = e.Strategy === -1 ? UNLIMITED : Number(e.Strategy);
    }
    state.usagePlanLists = await usagePlans(id, ctx);
    state.tags = await readTags(id, ctx);
  },

  async update(id, desired, current, changed, ctx) {
    await setLimits(id, desired, current, ctx);
    if (changed.has("tags")) await writeTags(id, desired.tags ?? {}, current.tags ?? {}, ctx);
  },

  async beforeDelete(id, current, ctx) {
    await writeTags(id, {}, current.tags ?? {}, ctx);
    for (const env of Object.keys(LIMITS)) {
      const answer = await call("UnReleaseService", { ServiceId: id, EnvironmentName: env }, ctx);
      expectTrue(answer, "UnReleaseService", ctx.resource);
    }
  },
};

const call = (action: string, params: object, ctx: CloudplatHookContext, service = "apigateway") =>
  ctx.client.call<Values>(service, action, params, { signal: ctx.signal, resource: ctx.resource });

const pages = (action: string, id: string, listKey: string, ctx: CloudplatHookContext) =>
  collectPages<Values>(
    ctx.client,
    "apigateway",
    action,
    { ServiceId: id },
    { style: "apigateway", listKey },
    { signal: ctx.signal, resource: ctx.resource },
  );

/** Each environment's limit that is set (zero means "not set" to the reference provider) and changed. */
async function setLimits(id: string, desired: Limits, current: Limits, ctx: CloudplatHookContext) {
  for (const [env, field] of Object.entries(LIMITS)) {
    const want = desired[field];
    if (want === undefined || want === 0 || want === current[field]) continue;
    await call("ModifyServiceEnvironmentStrategy", { ServiceId: id, Strategy: want, EnvironmentNames: [env] }, ctx);
  }
}

/** The usage plans bound to the service (once each), then those bound to its APIs. */
async function usagePlans(id: string, ctx: CloudplatHookContext) {
  const seen = new Set<string>();
  const service = (await pages("DescribeServiceUsagePlan", id, "ServiceUsagePlanList", ctx)).flatMap((u) =>
    seen.has(String(u.UsagePlanId)) || !seen.add(String(u.UsagePlanId))
      ? []
      : [{ usagePlanId: String(u.UsagePlanId), usagePlanName: String(u.UsagePlanName ?? ""), bindType: "SERVICE" }],
  );
  const api = (await pages("DescribeApiUsagePlan", id, "ApiUsagePlanList", ctx)).map((u) => ({
    usagePlanId: String(u.UsagePlanId),
    usagePlanName: String(u.UsagePlanName ?? ""),
    bindType: "API",
    apiId: String(u.ApiId ?? ""),
  }));
  return [...service, ...api];
}

/** The service's tags, from the tag service (`qcs::apigw:<region>:uin/:service/<id>`), paged by TotalCount. */
async function readTags(id: string, ctx: CloudplatHookContext): Promise<Record<string, string>> {
  const tags: Record<string, string> = {};
  for (let offset = 0; ; offset += TAG_PAGE) {
    const params = {
      ServiceType: "apigw",
      ResourcePrefix: "service",
      ResourceRegion: ctx.provider.region,
      ResourceIds: [id],
      Limit: TAG_PAGE,
      Offset: offset,
    };
    const answer = await call("DescribeResourceTagsByResourceIds", params, ctx, "tag");
    const page = (answer.Tags ?? []) as Values[];
    for (const t of page) tags[String(t.TagKey)] = String(t.TagValue);
    if (page.length < TAG_PAGE || offset + TAG_PAGE >= Number(answer.TotalCount ?? 0)) return tags;
  }
}

/** Makes the service's tags `desired`: changed and new ones replaced, missing ones deleted. */
async function writeTags(
  id: string,
  desired: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string>>,
  ctx: CloudplatHookContext,
) {
  const replace = Object.entries(desired).filter(([k, v]) => current[k] !== v);
  const remove = Object.keys(current).filter((k) => !(k in desired));
  if (replace.length === 0 && remove.length === 0) return;
  const params = {
    Resource: `qcs::apigw:${ctx.provider.region}:uin/:service/${id}`,
    ...(replace.length ? { ReplaceTags: replace.map(([TagKey, TagValue]) => ({ TagKey, TagValue })) } : {}),
    ...(remove.length ? { DeleteTags: remove.map((TagKey) => ({ TagKey })) } : {}),
  };
  await call("ModifyResourceTags", params, ctx, "tag");
}
