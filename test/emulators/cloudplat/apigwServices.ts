/**
 * API gateway services, their environments and releases (reference §5.1, §5.3, §4.3). A release completes after
 * `releaseDelayMs` of virtual time (until then it is absent from `AvailableEnvironments` and its environment shows
 * status 0). A service with a released environment cannot be deleted (`UnsupportedOperation.UnsupportedDeleteService`),
 * nor one that still has APIs (`UnsupportedOperation.ApiListNotEmpty`). `DescribeServicesStatus` lists every service
 * of the account, paged, in creation order.
 */
import { apisOf, env, listResult, released, service } from "./apigwCommon.js";
import type { Ctx, Handler } from "./actions.js";
import { ApiError, invalidValue } from "./envelope.js";
import { isoTime } from "./ids.js";
import type { ServiceRec } from "./state.js";
import { ENVS } from "./types.js";

const PROTOCOLS = ["http", "https", "http&https"] as const;
const NET_TYPES = ["INNER", "OUTER"];

function netTypes(ctx: Ctx): string[] {
  const types = ctx.p.strList("NetTypes");
  for (const t of types) if (!NET_TYPES.includes(t)) throw invalidValue("NetTypes", t, "must be INNER or OUTER");
  return types;
}

export function describeService(ctx: Ctx, s: ServiceRec): Record<string, unknown> {
  const id = s.fields["ServiceId"] as string;
  const apis = apisOf(ctx, id);
  const plans = ctx.store.bindings.filter((b) => b.serviceId === id && b.bindType === "SERVICE");
  return {
    ...s.fields,
    AvailableEnvironments: released(s, ctx.now),
    CreatedTime: isoTime(s.createdAt),
    ModifiedTime: isoTime(s.modifiedAt),
    ApiTotalCount: apis.length,
    ApiIdStatusSet: apis.map((a) => ({
      ServiceId: id,
      ApiId: a.apiId,
      ApiName: a.fields["ApiName"],
      ApiDesc: a.fields["ApiDesc"] ?? "",
      Path: (a.fields["RequestConfig"] as { Path?: string } | undefined)?.Path ?? "",
      Method: (a.fields["RequestConfig"] as { Method?: string } | undefined)?.Method ?? "",
      Protocol: a.fields["Protocol"],
      AuthType: a.fields["AuthType"],
      ApiType: a.fields["ApiType"] ?? "NORMAL",
      CreatedTime: isoTime(a.createdAt),
      ModifiedTime: isoTime(a.modifiedAt),
    })),
    UsagePlanTotalCount: plans.length,
    UsagePlanList: plans.map((b) => {
      const plan = ctx.store.usagePlans.get(b.usagePlanId)?.fields ?? {};
      return {
        Environment: b.env,
        UsagePlanId: b.usagePlanId,
        UsagePlanName: plan["UsagePlanName"],
        UsagePlanDesc: plan["UsagePlanDesc"] ?? "",
        MaxRequestNumPreSec: plan["MaxRequestNumPreSec"],
        CreatedTime: isoTime(b.createdAt),
        ModifiedTime: isoTime(b.createdAt),
      };
    }),
    Tags: [...(ctx.store.tags.get(tagResource(ctx, id)) ?? [])].map(([Key, Value]) => ({ Key, Value })),
  };
}

/** A service as the SDK's `Service`: the shape of `DescribeServicesStatus`'s `ServiceSet`. */
function serviceStatus(ctx: Ctx, s: ServiceRec): Record<string, unknown> {
  const f = s.fields;
  const id = f["ServiceId"] as string;
  return {
    ServiceId: id,
    ServiceName: f["ServiceName"],
    ServiceDesc: f["ServiceDesc"],
    Protocol: f["Protocol"],
    NetTypes: f["NetTypes"],
    IpVersion: f["IpVersion"],
    ExclusiveSetName: "",
    AvailableEnvironments: released(s, ctx.now),
    OuterSubDomain: f["OuterSubDomain"],
    InnerSubDomain: f["InternalSubDomain"],
    InnerHttpPort: f["InnerHttpPort"],
    InnerHttpsPort: f["InnerHttpsPort"],
    CreatedTime: isoTime(s.createdAt),
    ModifiedTime: isoTime(s.modifiedAt),
    TradeIsolateStatus: 0,
    InstanceId: f["InstanceId"],
    SetType: f["SetType"],
    DeploymentType: f["DeploymentType"],
    Tags: [...(ctx.store.tags.get(tagResource(ctx, id)) ?? [])].map(([Key, Value]) => ({ Key, Value })),
  };
}

/**
 * The `DescribeServicesStatus` filters the SDK lists, each a set of accepted values (exact match). `Environment`
 * only qualifies `NotUsagePlanId` (services not bound to the plan in that environment): the docs do not say what it
 * does alone, so it does nothing alone here.
 */
function serviceFilter(ctx: Ctx): (s: ServiceRec) => boolean {
  const f = ctx.p.filters(["ServiceId", "ServiceName", "IpVersion", "InstanceId", "NotUsagePlanId", "Environment"]);
  const plain = ["ServiceId", "ServiceName", "IpVersion", "InstanceId"].flatMap((n) => {
    const values = f.get(n);
    return values ? [{ n, values }] : [];
  });
  const notPlans = f.get("NotUsagePlanId");
  const envs = f.get("Environment");
  return (s) =>
    plain.every(({ n, values }) => values.includes(String(s.fields[n]))) &&
    (!notPlans ||
      !ctx.store.bindings.some(
        (b) =>
          b.serviceId === s.fields["ServiceId"] &&
          b.bindType === "SERVICE" &&
          notPlans.includes(b.usagePlanId) &&
          (!envs || envs.includes(b.env)),
      ));
}

export const tagResource = (ctx: Ctx, id: string): string => `qcs::apigw:${ctx.region}:uin/:service/${id}`;

function environmentList(ctx: Ctx, s: ServiceRec, withStrategy: boolean): Record<string, unknown>[] {
  const done = released(s, ctx.now);
  return ENVS.map((e) => ({
    EnvironmentName: e,
    Url: `http://${String(s.fields["OuterSubDomain"])}/${e === "release" ? "release" : e}`,
    Status: done.includes(e) ? 1 : 0,
    VersionName: s.releases.get(e)?.version ?? "",
    ...(withStrategy ? { Strategy: s.strategy[e], MaxStrategy: 5000 } : {}),
  }));
}

export const serviceActions: Record<string, Handler> = {
  CreateService(ctx) {
    const name = ctx.p.str("ServiceName");
    const protocol = ctx.p.enum("Protocol", PROTOCOLS);
    const desc = ctx.p.optStr("ServiceDesc");
    const ipVersion = ctx.p.optEnum("IpVersion", ["IPv4", "IPv6"]) ?? "IPv4";
    const types = netTypes(ctx);
    const instanceId = ctx.p.optStr("InstanceId") ?? "";
    const vpc = ctx.p.optStr("UniqVpcId") ?? "";
    ctx.p.accept("ExclusiveSetName", "SetServerName", "AppIdType", "Tags").done();
    if (!/^[A-Za-z][\w]{1,49}$/.test(name))
      throw invalidValue("ServiceName", name, "2-50 letters, digits or _, starting with a letter");
    const id = ctx.store.ids.next("service");
    const uin = ctx.store.options.accountId;
    const fields = {
      ServiceId: id,
      ServiceName: name,
      ServiceDesc: desc ?? "",
      Protocol: protocol,
      NetTypes: types,
      IpVersion: ipVersion,
      OuterSubDomain: `${id}-${uin.slice(-10)}.gz.apigw.tencentcs.com`,
      InternalSubDomain: types.includes("INNER") ? `${id}-${uin.slice(-10)}.gz.apigw.tencentcloudapi.com` : "",
      InnerHttpPort: 80,
      InnerHttpsPort: 443,
      UserType: "",
      SetId: 1,
      InstanceId: instanceId,
      InstanceName: instanceId === "" ? "" : `instance-${instanceId}`,
      SetType: "",
      DeploymentType: instanceId === "" ? "SHARED" : "DEDICATED",
      SpecialUse: "",
      UniqVpcId: vpc,
    };
    ctx.store.services.set(id, {
      fields,
      createdAt: ctx.now,
      modifiedAt: ctx.now,
      releases: new Map(),
      history: [],
      strategy: { test: -1, prepub: -1, release: -1 },
    });
    return {
      ServiceId: id,
      ServiceName: name,
      ServiceDesc: fields.ServiceDesc,
      OuterSubDomain: fields.OuterSubDomain,
      InnerSubDomain: fields.InternalSubDomain,
      CreatedTime: isoTime(ctx.now),
      NetTypes: types,
      IpVersion: ipVersion,
    };
  },
  DescribeServicesStatus(ctx) {
    const keep = serviceFilter(ctx);
    const all = [...ctx.store.services.values()].filter(keep).map((s) => serviceStatus(ctx, s));
    return listResult(ctx, all, "ServiceSet");
  },
  DescribeService(ctx) {
    const s = service(ctx);
    ctx.p.done();
    return describeService(ctx, s);
  },
  DescribeServiceForApiApp(ctx) {
    const s = service(ctx);
    ctx.p.str("ApiRegion");
    ctx.p.done();
    return describeService(ctx, s);
  },
  ModifyService(ctx) {
    const s = service(ctx);
    const name = ctx.p.optStr("ServiceName");
    const protocol = ctx.p.optEnum("Protocol", PROTOCOLS);
    const desc = ctx.p.optStr("ServiceDesc");
    const types = ctx.p.has("NetTypes") ? netTypes(ctx) : undefined;
    ctx.p.done();
    if (types && (s.fields["NetTypes"] as string[]).some((t) => !types.includes(t)))
      throw new ApiError("UnsupportedOperation.ReduceNetTypes", "Network types cannot be reduced.");
    Object.assign(s.fields, {
      ...(name !== undefined ? { ServiceName: name } : {}),
      ...(protocol !== undefined ? { Protocol: protocol } : {}),
      ...(desc !== undefined ? { ServiceDesc: desc } : {}),
      ...(types !== undefined ? { NetTypes: types } : {}),
    });
    s.modifiedAt = ctx.now;
    return {};
  },
  DeleteService(ctx) {
    const s = service(ctx);
    const id = s.fields["ServiceId"] as string;
    ctx.p.accept("SkipVerification").done();
    if (s.releases.size > 0)
      throw new ApiError(
        "UnsupportedOperation.UnsupportedDeleteService",
        "This service is being used and cannot be deleted.",
      );
    if (apisOf(ctx, id).length > 0)
      throw new ApiError("UnsupportedOperation.ApiListNotEmpty", "The service still has APIs; delete them first.");
    if (ctx.store.bindings.some((b) => b.serviceId === id))
      throw new ApiError(
        "UnsupportedOperation.UsagePlanInUse",
        "The service is bound to a usage plan; unbind it first.",
      );
    ctx.store.services.delete(id);
    return { Result: true };
  },
  ReleaseService(ctx) {
    const s = service(ctx);
    const e = env(ctx);
    const desc = ctx.p.str("ReleaseDesc");
    ctx.p.accept("ApiIds").done();
    if (apisOf(ctx, s.fields["ServiceId"] as string).length === 0)
      throw new ApiError("FailedOperation.ServiceError", "The service has no API to release.");
    const version = `${isoTime(ctx.now).replace(/\D/g, "")}${ctx.store.ids.chars(8)}-${ctx.store.ids.chars(4)}`;
    s.releases.set(e, { version, desc, readyAt: ctx.now + ctx.store.options.releaseDelayMs });
    s.history.unshift({ env: e, VersionName: version, VersionDesc: desc, ReleaseTime: isoTime(ctx.now) });
    return { Result: { ReleaseDesc: desc, ReleaseVersion: version, ReleaseTime: isoTime(ctx.now) } };
  },
  UnReleaseService(ctx) {
    const s = service(ctx);
    const e = env(ctx);
    ctx.p.accept("ApiIds").done();
    s.releases.delete(e);
    return { Result: true };
  },
  DescribeServiceEnvironmentList(ctx) {
    const s = service(ctx);
    return listResult(ctx, environmentList(ctx, s, false), "EnvironmentList");
  },
  DescribeServiceEnvironmentStrategy(ctx) {
    const s = service(ctx);
    return listResult(ctx, environmentList(ctx, s, true), "EnvironmentList");
  },
  ModifyServiceEnvironmentStrategy(ctx) {
    const s = service(ctx);
    const strategy = ctx.p.int("Strategy", { min: -1, max: 5000 });
    const names = ctx.p.strList("EnvironmentNames");
    ctx.p.done();
    for (const n of names) {
      if (!(ENVS as readonly string[]).includes(n))
        throw invalidValue("EnvironmentNames", n, "must be test, prepub or release");
      s.strategy[n as keyof ServiceRec["strategy"]] = strategy;
    }
    return { Result: true };
  },
  DescribeServiceReleaseVersion(ctx) {
    const s = service(ctx);
    const versions = s.history.map((h) => ({ VersionName: h.VersionName, VersionDesc: h.VersionDesc }));
    return listResult(ctx, versions, "VersionList");
  },
  DescribeServiceEnvironmentReleaseHistory(ctx) {
    const s = service(ctx);
    const e = env(ctx);
    const list = s.history.filter((h) => h.env === e).map(({ env: _env, ...h }) => h);
    return listResult(ctx, list, "VersionList");
  },
};
