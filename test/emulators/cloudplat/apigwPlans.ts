/**
 * Usage plans, their environment bindings and bound keys, and API keys (reference §5.5, §5.6, §5.9). A plan still bound
 * cannot be deleted (`UnsupportedOperation.UsagePlanInUse`); an enabled key cannot be deleted and a bound one neither.
 * `DescribeUsagePlansStatus` lists every plan of the account, paged, in creation order.
 */
import { api, env, listResult, service } from "./apigwCommon.js";
import type { Ctx, Handler } from "./actions.js";
import { ApiError, invalidValue } from "./envelope.js";
import { isoTime } from "./ids.js";
import type { Obj } from "./params.js";
import type { ApiKeyRec, BindingRec, UsagePlanRec } from "./state.js";

function plan(ctx: Ctx, id = ctx.p.str("UsagePlanId")): UsagePlanRec {
  const p = ctx.store.usagePlans.get(id);
  if (!p) throw new ApiError("ResourceNotFound.InvalidUsagePlan", `The usage plan \`${id}\` does not exist.`);
  return p;
}

function key(ctx: Ctx, id = ctx.p.str("AccessKeyId")): ApiKeyRec {
  const k = ctx.store.apiKeys.get(id);
  if (!k) throw new ApiError("ResourceNotFound.InvalidAccessKeyId", `The key \`${id}\` does not exist.`);
  return k;
}

const limits = (ctx: Ctx): Obj => {
  const n = ctx.p.optInt("MaxRequestNum", { min: -1, max: 99_999_999 }) ?? -1;
  const s = ctx.p.optInt("MaxRequestNumPreSec", { min: -1, max: 2000 }) ?? -1;
  if (n === 0) throw invalidValue("MaxRequestNum", n, "must be -1 or 1..99999999");
  if (s === 0) throw invalidValue("MaxRequestNumPreSec", s, "must be -1 or 1..2000");
  return { MaxRequestNum: n, MaxRequestNumPreSec: s };
};

function planInfo(ctx: Ctx, p: UsagePlanRec): Obj {
  const id = p.fields["UsagePlanId"] as string;
  const envs = ctx.store.bindings.filter((b) => b.usagePlanId === id);
  return {
    ...p.fields,
    CreatedTime: isoTime(p.createdAt),
    ModifiedTime: isoTime(p.modifiedAt),
    BindSecretIdTotalCount: p.secretIds.length,
    BindSecretIds: p.secretIds,
    BindEnvironmentTotalCount: envs.length,
    BindEnvironments: envs.map((b) => ({
      ServiceId: b.serviceId,
      Environment: b.env,
      BindType: b.bindType,
      ApiId: b.apiId,
    })),
  };
}

/** A plan as the SDK's `UsagePlanStatusInfo`: the shape of `DescribeUsagePlansStatus`'s `UsagePlanStatusSet`. */
const planStatus = (p: UsagePlanRec): Obj => ({
  UsagePlanId: p.fields["UsagePlanId"],
  UsagePlanName: p.fields["UsagePlanName"],
  UsagePlanDesc: p.fields["UsagePlanDesc"],
  MaxRequestNumPreSec: p.fields["MaxRequestNumPreSec"],
  MaxRequestNum: p.fields["MaxRequestNum"],
  CreatedTime: isoTime(p.createdAt),
  ModifiedTime: isoTime(p.modifiedAt),
});

/**
 * The `DescribeUsagePlansStatus` filters the SDK lists, each a set of accepted values (exact match). `Environment`
 * only qualifies `NotServiceId`/`NotApiId` (plans not bound to that service or API in that environment): the docs do
 * not say what it does alone, so it does nothing alone here.
 */
function planFilter(ctx: Ctx): (p: UsagePlanRec) => boolean {
  const f = ctx.p.filters(["UsagePlanId", "UsagePlanName", "NotServiceId", "NotApiId", "Environment"]);
  const ids = f.get("UsagePlanId");
  const names = f.get("UsagePlanName");
  const notServices = f.get("NotServiceId");
  const notApis = f.get("NotApiId");
  const envs = f.get("Environment");
  const boundTo = (id: string, test: (b: BindingRec) => boolean) =>
    ctx.store.bindings.some((b) => b.usagePlanId === id && (!envs || envs.includes(b.env)) && test(b));
  return (p) => {
    const id = p.fields["UsagePlanId"] as string;
    return (
      (!ids || ids.includes(id)) &&
      (!names || names.includes(p.fields["UsagePlanName"] as string)) &&
      (!notServices || !boundTo(id, (b) => b.bindType === "SERVICE" && notServices.includes(b.serviceId))) &&
      (!notApis || !boundTo(id, (b) => b.bindType === "API" && notApis.includes(b.apiId)))
    );
  };
}

function bindingView(ctx: Ctx, b: BindingRec): Obj {
  const p = ctx.store.usagePlans.get(b.usagePlanId)?.fields ?? {};
  const a = b.apiId ? ctx.store.apis.get(b.apiId) : undefined;
  const rc = (a?.fields["RequestConfig"] ?? {}) as Obj;
  return {
    ServiceId: b.serviceId,
    ServiceName: ctx.store.services.get(b.serviceId)?.fields["ServiceName"] ?? "",
    ApiId: b.apiId,
    ApiName: a?.fields["ApiName"] ?? "",
    Path: rc["Path"] ?? "",
    Method: rc["Method"] ?? "",
    UsagePlanId: b.usagePlanId,
    UsagePlanName: p["UsagePlanName"],
    UsagePlanDesc: p["UsagePlanDesc"] ?? "",
    Environment: b.env,
    InUseRequestNum: 0,
    MaxRequestNum: p["MaxRequestNum"],
    MaxRequestNumPreSec: p["MaxRequestNumPreSec"],
    CreatedTime: isoTime(b.createdAt),
    ModifiedTime: isoTime(b.createdAt),
  };
}

function keyView(k: ApiKeyRec): Obj {
  return { ...k.fields, CreatedTime: isoTime(k.createdAt), ModifiedTime: isoTime(k.modifiedAt) };
}

function bindingArgs(ctx: Ctx): {
  serviceId: string;
  planIds: string[];
  e: BindingRec["env"];
  bindType: "SERVICE" | "API";
  apiIds: string[];
} {
  const s = service(ctx);
  const serviceId = s.fields["ServiceId"] as string;
  const planIds = ctx.p.strList("UsagePlanIds");
  const e = env(ctx, "Environment");
  const bindType = ctx.p.enum("BindType", ["SERVICE", "API"]);
  const apiIds = bindType === "API" ? ctx.p.strList("ApiIds") : [];
  ctx.p.accept("ApiIds").done();
  for (const id of planIds) plan(ctx, id);
  for (const id of apiIds) api(ctx, serviceId, id);
  return { serviceId, planIds, e, bindType, apiIds };
}

export const planActions: Record<string, Handler> = {
  CreateUsagePlan(ctx) {
    const name = ctx.p.str("UsagePlanName");
    const desc = ctx.p.optStr("UsagePlanDesc") ?? "";
    const l = limits(ctx);
    ctx.p.done();
    const id = ctx.store.ids.next("usagePlan");
    const rec: UsagePlanRec = {
      fields: { UsagePlanId: id, UsagePlanName: name, UsagePlanDesc: desc, ...l },
      createdAt: ctx.now,
      modifiedAt: ctx.now,
      secretIds: [],
    };
    ctx.store.usagePlans.set(id, rec);
    return { Result: planInfo(ctx, rec) };
  },
  DescribeUsagePlan(ctx) {
    const p = plan(ctx);
    ctx.p.done();
    return { Result: planInfo(ctx, p) };
  },
  DescribeUsagePlansStatus(ctx) {
    const keep = planFilter(ctx);
    return listResult(ctx, [...ctx.store.usagePlans.values()].filter(keep).map(planStatus), "UsagePlanStatusSet");
  },
  ModifyUsagePlan(ctx) {
    const p = plan(ctx);
    const name = ctx.p.optStr("UsagePlanName");
    const desc = ctx.p.optStr("UsagePlanDesc");
    const l = limits(ctx);
    ctx.p.done();
    Object.assign(
      p.fields,
      l,
      name !== undefined ? { UsagePlanName: name } : {},
      desc !== undefined ? { UsagePlanDesc: desc } : {},
    );
    p.modifiedAt = ctx.now;
    return { Result: planInfo(ctx, p) };
  },
  DeleteUsagePlan(ctx) {
    const p = plan(ctx);
    ctx.p.done();
    const id = p.fields["UsagePlanId"] as string;
    if (ctx.store.bindings.some((b) => b.usagePlanId === id) || p.secretIds.length > 0)
      throw new ApiError(
        "UnsupportedOperation.UsagePlanInUse",
        "The current plan is in use. Please unbind it and try again.",
      );
    ctx.store.usagePlans.delete(id);
    return { Result: true };
  },
  BindEnvironment(ctx) {
    const a = bindingArgs(ctx);
    for (const usagePlanId of a.planIds)
      for (const apiId of a.bindType === "API" ? a.apiIds : [""]) {
        const exists = ctx.store.bindings.some(
          (b) => b.usagePlanId === usagePlanId && b.serviceId === a.serviceId && b.env === a.e && b.apiId === apiId,
        );
        if (!exists)
          ctx.store.bindings.push({
            usagePlanId,
            serviceId: a.serviceId,
            env: a.e,
            bindType: a.bindType,
            apiId,
            createdAt: ctx.now,
          });
      }
    return { Result: true };
  },
  UnBindEnvironment(ctx) {
    const a = bindingArgs(ctx);
    const keep = ctx.store.bindings.filter(
      (b) =>
        !(
          a.planIds.includes(b.usagePlanId) &&
          b.serviceId === a.serviceId &&
          b.env === a.e &&
          b.bindType === a.bindType &&
          (a.bindType === "SERVICE" || a.apiIds.includes(b.apiId))
        ),
    );
    ctx.store.bindings.splice(0, ctx.store.bindings.length, ...keep);
    return { Result: true };
  },
  DescribeUsagePlanEnvironments(ctx) {
    const id = plan(ctx).fields["UsagePlanId"];
    const bindType = ctx.p.optEnum("BindType", ["SERVICE", "API"]) ?? "SERVICE";
    const all = ctx.store.bindings
      .filter((b) => b.usagePlanId === id && b.bindType === bindType)
      .map((b) => bindingView(ctx, b));
    return listResult(ctx, all, "EnvironmentList");
  },
  DescribeServiceUsagePlan(ctx) {
    const id = service(ctx).fields["ServiceId"];
    const all = ctx.store.bindings
      .filter((b) => b.serviceId === id && b.bindType === "SERVICE")
      .map((b) => bindingView(ctx, b));
    return listResult(ctx, all, "ServiceUsagePlanList");
  },
  DescribeApiUsagePlan(ctx) {
    const id = service(ctx).fields["ServiceId"];
    ctx.p.accept("ApiIds");
    const all = ctx.store.bindings
      .filter((b) => b.serviceId === id && b.bindType === "API")
      .map((b) => bindingView(ctx, b));
    return listResult(ctx, all, "ApiUsagePlanList");
  },
  BindSecretIds(ctx) {
    const p = plan(ctx);
    const ids = ctx.p.strList("AccessKeyIds");
    ctx.p.done();
    for (const id of ids) key(ctx, id);
    for (const id of ids) if (!p.secretIds.includes(id)) p.secretIds.push(id);
    return { Result: true };
  },
  UnBindSecretIds(ctx) {
    const p = plan(ctx);
    const ids = ctx.p.strList("AccessKeyIds");
    ctx.p.done();
    p.secretIds = p.secretIds.filter((id) => !ids.includes(id));
    return { Result: true };
  },
  DescribeUsagePlanSecretIds(ctx) {
    const p = plan(ctx);
    const all = p.secretIds.flatMap((id) => {
      const k = ctx.store.apiKeys.get(id);
      return k ? [{ AccessKeyId: id, SecretName: k.fields["SecretName"], Status: k.fields["Status"] }] : [];
    });
    return listResult(ctx, all, "AccessKeyList");
  },
  CreateApiKey(ctx) {
    const name = ctx.p.str("SecretName");
    const type = ctx.p.optEnum("AccessKeyType", ["auto", "manual"]) ?? "auto";
    let id = ctx.p.optStr("AccessKeyId");
    let secret = ctx.p.optStr("AccessKeySecret");
    ctx.p.accept("Tags").done();
    if (type === "manual") {
      if (id === undefined || id.length < 5 || id.length > 50)
        throw invalidValue("AccessKeyId", id, "5-50 characters for a manual key");
      if (secret === undefined || secret.length < 10 || secret.length > 50)
        throw invalidValue("AccessKeySecret", "…", "10-50 characters for a manual key");
      if (ctx.store.apiKeys.has(id)) throw new ApiError("InvalidParameterValue", `The key \`${id}\` already exists.`);
    } else {
      id = ctx.store.ids.secretId();
      secret = ctx.store.ids.secret(40);
    }
    const rec: ApiKeyRec = {
      fields: { AccessKeyId: id, AccessKeySecret: secret, AccessKeyType: type, SecretName: name, Status: 1 },
      createdAt: ctx.now,
      modifiedAt: ctx.now,
    };
    ctx.store.apiKeys.set(id, rec);
    return { Result: keyView(rec) };
  },
  DescribeApiKeysStatus(ctx) {
    const f = ctx.p.filters(["AccessKeyId", "SecretName", "KeyWord"]);
    const all = [...ctx.store.apiKeys.values()]
      .filter((k) =>
        [...f].every(([n, vs]) => vs.includes(String(n === "KeyWord" ? k.fields["SecretName"] : k.fields[n]))),
      )
      .map(keyView);
    return listResult(ctx, all, "ApiKeySet");
  },
  UpdateApiKey(ctx) {
    const k = key(ctx);
    const secret = ctx.p.optStr("AccessKeySecret");
    ctx.p.done();
    if (k.fields["AccessKeyType"] === "manual") {
      if (secret === undefined)
        throw new ApiError("MissingParameter", "The request is missing a required parameter `AccessKeySecret`.");
      k.fields["AccessKeySecret"] = secret;
    } else k.fields["AccessKeySecret"] = ctx.store.ids.secret(40);
    k.modifiedAt = ctx.now;
    return { Result: keyView(k) };
  },
  EnableApiKey(ctx) {
    const k = key(ctx);
    ctx.p.done();
    k.fields["Status"] = 1;
    k.modifiedAt = ctx.now;
    return { Result: true };
  },
  DisableApiKey(ctx) {
    const k = key(ctx);
    ctx.p.done();
    k.fields["Status"] = 0;
    k.modifiedAt = ctx.now;
    return { Result: true };
  },
  DeleteApiKey(ctx) {
    const k = key(ctx);
    ctx.p.done();
    const id = k.fields["AccessKeyId"] as string;
    if (k.fields["Status"] !== 0)
      throw new ApiError(
        "UnsupportedOperation.UnsupportedUpdateApiKey",
        "The current key status does not support this operation.",
      );
    if ([...ctx.store.usagePlans.values()].some((p) => p.secretIds.includes(id)))
      throw new ApiError(
        "UnsupportedOperation.ResourceIsInUse",
        "The key has already been bound to a usage plan. Please unbind it and try again.",
      );
    ctx.store.apiKeys.delete(id);
    return { Result: true };
  },
};
