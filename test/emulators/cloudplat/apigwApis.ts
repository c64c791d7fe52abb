/**
 * API gateway APIs (reference §5.2, §4.3): CreateApi keeps the request as sent and DescribeApi returns it as `ApiInfo`;
 * backend parameters are checked per `ServiceType` as the reference lists.
 */
import { api, apisOf, env, listResult, service } from "./apigwCommon.js";
import type { Ctx, Handler } from "./actions.js";
import { ApiError, invalidValue, missing } from "./envelope.js";
import { isoTime } from "./ids.js";
import type { Obj } from "./params.js";
import type { ApiRec } from "./state.js";
import { ENVS } from "./types.js";

/** Parameters CreateApi/ModifyApi accept besides those read explicitly (§5.2). */
const OTHER_FIELDS = [
  "ApiDesc",
  "ConstantParameters",
  "MicroServices",
  "ServiceTsfLoadBalanceConf",
  "ServiceTsfHealthCheckConf",
  "TargetServicesLoadBalanceConf",
  "TargetServicesHealthCheckConf",
  "ApiBusinessType",
  "ServiceScfIsIntegratedResponse",
  "IsDebugAfterCharge",
  "IsDeleteResponseErrorCodes",
  "ResponseSuccessExample",
  "ResponseFailExample",
  "AuthRelationApiId",
  "ServiceParameters",
  "OauthConfig",
  "TargetNamespaceId",
  "UserType",
  "IsBase64Encoded",
  "EventBusId",
  "EIAMAppType",
  "EIAMAuthType",
  "EIAMAppId",
  "TokenTimeout",
  "Owner",
  "ServiceMockReturnMessage",
  "ServiceScfFunctionName",
  "ServiceScfFunctionNamespace",
  "ServiceScfFunctionQualifier",
  "ServiceScfFunctionType",
  "ServiceWebsocketRegisterFunctionName",
  "ServiceWebsocketRegisterFunctionNamespace",
  "ServiceWebsocketRegisterFunctionQualifier",
  "ServiceWebsocketCleanupFunctionName",
  "ServiceWebsocketCleanupFunctionNamespace",
  "ServiceWebsocketCleanupFunctionQualifier",
  "ServiceWebsocketTransportFunctionName",
  "ServiceWebsocketTransportFunctionNamespace",
  "ServiceWebsocketTransportFunctionQualifier",
  "ServiceConfig",
  "RequestParameters",
  "ResponseErrorCodes",
  "TargetServices",
  "Tags",
  "Environments",
  "IsBase64Trigger",
  "Base64EncodedTriggerRules",
];

function readApi(ctx: Ctx, creating: boolean): Obj {
  const p = ctx.p;
  const fields: Obj = {};
  fields["ApiName"] = p.str("ApiName");
  fields["ApiType"] = p.optEnum("ApiType", ["NORMAL", "TSF"]) ?? "NORMAL";
  fields["AuthType"] = p.enum("AuthType", ["SECRET", "NONE", "OAUTH", "APP", "EIAM"]);
  fields["Protocol"] = p.enum("Protocol", ["HTTP", "HTTPS", "WEBSOCKET"]);
  fields["EnableCORS"] = p.optBool("EnableCORS") ?? false;
  const rc = p.optObj("RequestConfig");
  if (!rc || typeof rc["Path"] !== "string" || rc["Path"] === "") throw missing("RequestConfig.Path");
  if (!String(rc["Path"]).startsWith("/")) throw invalidValue("RequestConfig.Path", rc["Path"], "must start with /");
  const method = rc["Method"] ?? "GET";
  if (!["GET", "POST", "PUT", "DELETE", "HEAD", "ANY", "PATCH", "OPTIONS"].includes(String(method)))
    throw invalidValue("RequestConfig.Method", method, "not an HTTP method");
  fields["RequestConfig"] = { Path: rc["Path"], Method: method };
  const type = p.enum("ServiceType", ["WEBSOCKET", "HTTP", "SCF", "TSF", "MOCK", "TARGET", "COS"]);
  fields["ServiceType"] = type;
  fields["ServiceTimeout"] = p.int("ServiceTimeout", { min: 1, max: 3600 });
  fields["ResponseType"] = p.optEnum("ResponseType", ["HTML", "JSON", "TEXT", "BINARY", "XML", ""]) ?? "";
  p.accept(...OTHER_FIELDS);
  if (!creating) p.accept("ServiceId", "ApiId");
  for (const name of OTHER_FIELDS) if (p.has(name)) fields[name] = p.raw[name];
  const sc = fields["ServiceConfig"] as Obj | undefined;
  if (type === "HTTP" || type === "WEBSOCKET") {
    for (const k of ["Url", "Path", "Method"])
      if (typeof sc?.[k] !== "string" || sc[k] === "") throw missing(`ServiceConfig.${k}`);
    if (sc?.["Product"] && !sc["UniqVpcId"]) throw missing("ServiceConfig.UniqVpcId");
  }
  if (type === "MOCK" && !p.has("ServiceMockReturnMessage")) throw missing("ServiceMockReturnMessage");
  if (type === "SCF")
    for (const k of ["ServiceScfFunctionName", "ServiceScfFunctionNamespace", "ServiceScfFunctionQualifier"])
      if (!p.has(k)) throw missing(k);
  for (const [i, c] of ((fields["ResponseErrorCodes"] as Obj[] | undefined) ?? []).entries())
    if (c["NeedConvert"] === true && c["ConvertedCode"] === undefined)
      throw missing(`ResponseErrorCodes.${i}.ConvertedCode`);
  p.done();
  return fields;
}

export function apiInfo(ctx: Ctx, a: ApiRec): Obj {
  const s = ctx.store.services.get(a.serviceId)?.fields ?? {};
  return {
    ServiceId: a.serviceId,
    ServiceName: s["ServiceName"],
    ServiceDesc: s["ServiceDesc"],
    ApiId: a.apiId,
    ApiDesc: "",
    ServiceParameters: [],
    ConstantParameters: [],
    RequestParameters: [],
    ResponseErrorCodes: [],
    ...a.fields,
    CreatedTime: isoTime(a.createdAt),
    ModifiedTime: isoTime(a.modifiedAt),
    InternalDomain: "",
    Tags: [],
    Environments: [],
  };
}

const summary = (ctx: Ctx, a: ApiRec): Obj => {
  const info = apiInfo(ctx, a);
  const rc = info["RequestConfig"] as { Path: string; Method: string };
  const pick = [
    "ServiceId",
    "ApiId",
    "ApiName",
    "ApiDesc",
    "Protocol",
    "AuthType",
    "ApiType",
    "CreatedTime",
    "ModifiedTime",
  ];
  return {
    ...Object.fromEntries(pick.map((k) => [k, info[k]])),
    Path: rc.Path,
    Method: rc.Method,
    UniqVpcId: "",
    IsDebugAfterCharge: false,
  };
};

export const apiActions: Record<string, Handler> = {
  CreateApi(ctx) {
    const s = service(ctx);
    const serviceId = s.fields["ServiceId"] as string;
    const fields = readApi(ctx, true);
    const rc = fields["RequestConfig"] as { Path: string; Method: string };
    if (
      apisOf(ctx, serviceId).some((a) => {
        const o = a.fields["RequestConfig"] as { Path: string; Method: string };
        return o.Path === rc.Path && o.Method === rc.Method;
      })
    )
      throw new ApiError(
        "InvalidParameterValue.DuplicatePath",
        `An API with path ${rc.Path} and method ${rc.Method} already exists.`,
      );
    const apiId = ctx.store.ids.next("api");
    ctx.store.apis.set(apiId, {
      serviceId,
      apiId,
      fields,
      createdAt: ctx.now,
      modifiedAt: ctx.now,
      strategy: { test: -1, prepub: -1, release: -1 },
    });
    s.modifiedAt = ctx.now;
    return { Result: { ApiId: apiId, Path: rc.Path, Method: rc.Method, CreatedTime: isoTime(ctx.now) } };
  },
  DescribeApi(ctx) {
    const s = service(ctx);
    const a = api(ctx, s.fields["ServiceId"] as string);
    ctx.p.done();
    return { Result: apiInfo(ctx, a) };
  },
  DescribeApiForApiApp(ctx) {
    const s = service(ctx);
    const a = api(ctx, s.fields["ServiceId"] as string);
    ctx.p.str("ApiRegion");
    ctx.p.done();
    return { Result: apiInfo(ctx, a) };
  },
  DescribeApisStatus(ctx) {
    const s = service(ctx);
    const f = ctx.p.filters([
      "ApiId",
      "ApiName",
      "ApiPath",
      "ApiType",
      "AuthRelationApiId",
      "AuthType",
      "ApiBuniessType",
      "NotUsagePlanId",
      "Environment",
      "KeyWord",
    ]);
    const ids = f.get("ApiId");
    const names = f.get("ApiName");
    const all = apisOf(ctx, s.fields["ServiceId"] as string)
      .filter((a) => (!ids || ids.includes(a.apiId)) && (!names || names.includes(a.fields["ApiName"] as string)))
      .map((a) => summary(ctx, a));
    return listResult(ctx, all, "ApiIdStatusSet");
  },
  ModifyApi(ctx) {
    const s = service(ctx);
    const a = api(ctx, s.fields["ServiceId"] as string);
    if (ctx.p.has("TargetServices")) throw new ApiError("UnsupportedOperation", "TargetServices cannot be modified.");
    const fields = readApi(ctx, false);
    a.fields = { ...a.fields, ...fields };
    a.modifiedAt = ctx.now;
    return {};
  },
  DeleteApi(ctx) {
    const s = service(ctx);
    const a = api(ctx, s.fields["ServiceId"] as string);
    ctx.p.done();
    if (ctx.store.bindings.some((b) => b.apiId === a.apiId))
      throw new ApiError("UnsupportedOperation.UsagePlanInUse", "The API is bound to a usage plan; unbind it first.");
    ctx.store.apis.delete(a.apiId);
    return { Result: true };
  },
  ModifyApiEnvironmentStrategy(ctx) {
    const s = service(ctx);
    const strategy = ctx.p.int("Strategy", { min: -1, max: 5000 });
    const e = env(ctx);
    const ids = ctx.p.strList("ApiIds");
    ctx.p.done();
    const apis = ids.map((id) => api(ctx, s.fields["ServiceId"] as string, id));
    for (const a of apis) a.strategy[e] = strategy;
    return { Result: true };
  },
  DescribeApiEnvironmentStrategy(ctx) {
    const s = service(ctx);
    const only = ctx.p.optStr("ApiId");
    ctx.p.accept("EnvironmentNames");
    const all = apisOf(ctx, s.fields["ServiceId"] as string)
      .filter((a) => only === undefined || a.apiId === only)
      .map((a) => ({
        ApiId: a.apiId,
        ApiName: a.fields["ApiName"],
        Path: (a.fields["RequestConfig"] as Obj)["Path"],
        Method: (a.fields["RequestConfig"] as Obj)["Method"],
        EnvironmentStrategySet: ENVS.map((e) => ({ EnvironmentName: e, Quota: a.strategy[e] })),
      }));
    return listResult(ctx, all, "ApiEnvironmentStrategySet");
  },
};
