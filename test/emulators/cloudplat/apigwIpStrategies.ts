/**
 * IP strategies of a service and the APIs bound to them per environment (reference §5.7, §4.3).
 * `DescribeIPStrategysStatus` (sic) is not paged and counts the bound APIs of every environment;
 * `DescribeIPStrategy` answers the strategy with the bound APIs of the one environment asked, paged
 * (`BindApiTotalCount` is that environment's total). Bound APIs are shown as the SDK's `DesApisStatus`.
 */
import { api, apisOf, env, service } from "./apigwCommon.js";
import { apiInfo } from "./apigwApis.js";
import type { Ctx, Handler } from "./actions.js";
import { ApiError, invalidValue } from "./envelope.js";
import { isoTime } from "./ids.js";
import { page } from "./paging.js";
import type { Obj } from "./params.js";
import type { ApiRec, IpStrategyRec } from "./state.js";
import type { Env } from "./types.js";

function strategy(ctx: Ctx, serviceId: string): IpStrategyRec {
  const id = ctx.p.str("StrategyId");
  const s = ctx.store.ipStrategies.get(id);
  if (!s || s.fields["ServiceId"] !== serviceId)
    throw new ApiError("ResourceNotFound.InvalidIPStrategy", `The IP strategy \`${id}\` does not exist.`);
  return s;
}

/** The strategy's bound APIs (in `env`, or all), skipping APIs deleted since they were bound. */
function boundApis(ctx: Ctx, s: IpStrategyRec, e?: Env): ApiRec[] {
  return s.bound.flatMap((b) => {
    const a = ctx.store.apis.get(b.apiId);
    return a && (e === undefined || b.env === e) ? [a] : [];
  });
}

/** An API as the SDK's `DesApisStatus`: the shape of `IPStrategy.BindApis`. */
function desApisStatus(ctx: Ctx, a: ApiRec): Obj {
  const info = apiInfo(ctx, a);
  const rc = info["RequestConfig"] as { Path: string; Method: string };
  const sc = info["ServiceConfig"] as Obj | undefined;
  return {
    ServiceId: a.serviceId,
    ApiId: a.apiId,
    ApiDesc: info["ApiDesc"],
    CreatedTime: info["CreatedTime"],
    ModifiedTime: info["ModifiedTime"],
    ApiName: info["ApiName"],
    // The platform's numeric VPC id has no counterpart here; 0 stands for "none".
    VpcId: 0,
    UniqVpcId: sc?.["UniqVpcId"] ?? "",
    ApiType: info["ApiType"],
    Protocol: info["Protocol"],
    IsDebugAfterCharge: info["IsDebugAfterCharge"] ?? false,
    AuthType: info["AuthType"],
    ApiBusinessType: info["ApiBusinessType"] ?? "",
    AuthRelationApiId: info["AuthRelationApiId"] ?? "",
    OauthConfig: info["OauthConfig"] ?? null,
    // An authorization API lists the business APIs that name it (sic: the wire's spelling).
    RelationBuniessApiIds: apisOf(ctx, a.serviceId)
      .filter((b) => b.fields["AuthRelationApiId"] === a.apiId)
      .map((b) => b.apiId),
    Tags: [],
    Path: rc.Path,
    Method: rc.Method,
  };
}

const strategyView = (s: IpStrategyRec, bindApiTotalCount: number, bindApis: Obj[]): Obj => ({
  ...s.fields,
  CreatedTime: isoTime(s.createdAt),
  ModifiedTime: isoTime(s.modifiedAt),
  BindApiTotalCount: bindApiTotalCount,
  BindApis: bindApis,
});

function validIps(data: string): void {
  for (const ip of data
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean))
    if (!/^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/.test(ip))
      throw invalidValue("StrategyData", ip, "not an IPv4 address or CIDR");
}

/** Checks every named API before any binding changes: one unknown API fails the whole call. */
function bindingArgs(ctx: Ctx, listName: string): { s: IpStrategyRec; e: Env; apiIds: string[] } {
  const serviceId = service(ctx).fields["ServiceId"] as string;
  const s = strategy(ctx, serviceId);
  const e = env(ctx);
  const apiIds = ctx.p.strList(listName);
  ctx.p.done();
  for (const id of apiIds) api(ctx, serviceId, id);
  return { s, e, apiIds };
}

export const ipStrategyActions: Record<string, Handler> = {
  CreateIPStrategy(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const name = ctx.p.str("StrategyName");
    const type = ctx.p.enum("StrategyType", ["WHITE", "BLACK"]);
    const data = ctx.p.str("StrategyData");
    ctx.p.done();
    validIps(data);
    const id = ctx.store.ids.next("IPStrategy");
    const rec: IpStrategyRec = {
      fields: { StrategyId: id, StrategyName: name, StrategyType: type, StrategyData: data, ServiceId: serviceId },
      createdAt: ctx.now,
      modifiedAt: ctx.now,
      bound: [],
    };
    ctx.store.ipStrategies.set(id, rec);
    return { Result: strategyView(rec, 0, []) };
  },
  DescribeIPStrategy(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const s = strategy(ctx, serviceId);
    const bound = boundApis(ctx, s, env(ctx));
    // `Filters` is a reserved field the platform does not apply.
    ctx.p.accept("Filters");
    const items = page(ctx.p, bound, "apigateway");
    ctx.p.done();
    return {
      Result: strategyView(
        s,
        bound.length,
        items.map((a) => desApisStatus(ctx, a)),
      ),
    };
  },
  DescribeIPStrategysStatus(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const names = ctx.p.filters(["StrategyName"]).get("StrategyName");
    ctx.p.done();
    const all = [...ctx.store.ipStrategies.values()]
      .filter(
        (s) => s.fields["ServiceId"] === serviceId && (!names || names.includes(s.fields["StrategyName"] as string)),
      )
      .map((s) => strategyView(s, boundApis(ctx, s).length, []));
    return { Result: { TotalCount: all.length, StrategySet: all } };
  },
  ModifyIPStrategy(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const s = strategy(ctx, serviceId);
    const data = ctx.p.str("StrategyData");
    ctx.p.done();
    validIps(data);
    s.fields["StrategyData"] = data;
    s.modifiedAt = ctx.now;
    return { Result: true };
  },
  DeleteIPStrategy(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const s = strategy(ctx, serviceId);
    ctx.p.done();
    ctx.store.ipStrategies.delete(s.fields["StrategyId"] as string);
    return { Result: true };
  },
  BindIPStrategy(ctx) {
    const { s, e, apiIds } = bindingArgs(ctx, "BindApiIds");
    for (const apiId of apiIds)
      if (!s.bound.some((b) => b.apiId === apiId && b.env === e)) s.bound.push({ apiId, env: e });
    return { Result: true };
  },
  // The SDK names the list `UnBindApiIds` here, not `BindApiIds`; unbinding an API not bound is a no-op.
  UnBindIPStrategy(ctx) {
    const { s, e, apiIds } = bindingArgs(ctx, "UnBindApiIds");
    s.bound = s.bound.filter((b) => !(b.env === e && apiIds.includes(b.apiId)));
    return { Result: true };
  },
};
