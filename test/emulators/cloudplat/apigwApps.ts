/**
 * API gateway apps (create, describe by id, modify, delete, list) and their API bindings, and API
 * docs (reference §4.3; DescribeApiApp and ModifyApiApp as the platform's SDK defines them). A doc is `PROCESSING` until
 * `releaseDelayMs` of virtual time has passed, then `COMPLETED`.
 */
import { api, env, listResult, service } from "./apigwCommon.js";
import type { Ctx, Handler } from "./actions.js";
import { ApiError, invalidValue } from "./envelope.js";
import { isoTime } from "./ids.js";
import type { Obj } from "./params.js";
import type { AppRec, DocRec } from "./state.js";

function app(ctx: Ctx, id = ctx.p.str("ApiAppId")): AppRec {
  const a = ctx.store.apps.get(id);
  if (!a) throw new ApiError("ResourceNotFound.InvalidApiApp", `The app \`${id}\` does not exist.`);
  return a;
}

const appView = (a: AppRec): Obj => ({
  ...a.fields,
  CreatedTime: isoTime(a.createdAt),
  ModifiedTime: isoTime(a.modifiedAt),
});

const docView = (ctx: Ctx, d: DocRec): Obj => ({
  ApiDocId: d.fields["ApiDocId"],
  ApiDocName: d.fields["ApiDocName"],
  ApiDocStatus: d.readyAt <= ctx.now ? "COMPLETED" : "PROCESSING",
});

export const appActions: Record<string, Handler> = {
  CreateApiApp(ctx) {
    const name = ctx.p.str("ApiAppName");
    const desc = ctx.p.optStr("ApiAppDesc") ?? "";
    ctx.p.accept("Tags").done();
    const id = ctx.store.ids.next("app");
    const rec: AppRec = {
      fields: {
        ApiAppId: id,
        ApiAppName: name,
        ApiAppDesc: desc,
        ApiAppKey: ctx.store.ids.secretId(),
        ApiAppSecret: ctx.store.ids.secret(40),
      },
      createdAt: ctx.now,
      modifiedAt: ctx.now,
      bindings: [],
    };
    ctx.store.apps.set(id, rec);
    return { Result: appView(rec) };
  },
  DescribeApiAppsStatus(ctx) {
    const f = ctx.p.filters(["ApiAppId", "ApiAppName", "KeyWord"]);
    const all = [...ctx.store.apps.values()]
      .filter((a) =>
        [...f].every(([n, vs]) =>
          n === "KeyWord"
            ? vs.some((v) => String(a.fields["ApiAppName"]).includes(v) || a.fields["ApiAppId"] === v)
            : vs.includes(String(a.fields[n])),
        ),
      )
      .map(appView);
    return listResult(ctx, all, "ApiAppSet");
  },
  // The SDK's DescribeApiApp (by id): `Result` is ApiAppInfos, an empty set for an unknown id (its
  // error list has no not-found code).
  DescribeApiApp(ctx) {
    const a = ctx.store.apps.get(ctx.p.str("ApiAppId"));
    ctx.p.done();
    return { Result: { TotalCount: a ? 1 : 0, ApiAppSet: a ? [appView(a)] : [] } };
  },
  // ModifyApiApp: the name and description given change, the rest stays; `Result` is a boolean.
  ModifyApiApp(ctx) {
    const a = app(ctx);
    const name = ctx.p.optStr("ApiAppName");
    const desc = ctx.p.optStr("ApiAppDesc");
    ctx.p.accept("Tags").done();
    if (name !== undefined) a.fields["ApiAppName"] = name;
    if (desc !== undefined) a.fields["ApiAppDesc"] = desc;
    a.modifiedAt = ctx.now;
    return { Result: true };
  },
  DeleteApiApp(ctx) {
    const a = app(ctx);
    ctx.p.done();
    if (a.bindings.length > 0)
      throw new ApiError(
        "UnsupportedOperation.ResourceAssociated",
        "The resource has been associated. Please disassociate it first.",
      );
    ctx.store.apps.delete(a.fields["ApiAppId"] as string);
    return { Result: true };
  },
  BindApiApp(ctx) {
    const ids = ctx.p.strList("ApiAppIds");
    const e = env(ctx, "Environment");
    const serviceIds = ctx.p.strList("ServiceIds");
    const apiIds = ctx.p.strList("ApiIds");
    ctx.p.done();
    if (serviceIds.length !== apiIds.length)
      throw invalidValue("ServiceIds", serviceIds.length, "must pair with ApiIds");
    for (const appId of ids) {
      const a = app(ctx, appId);
      serviceIds.forEach((serviceId, i) => {
        const apiId = apiIds[i] ?? "";
        service(ctx, serviceId);
        api(ctx, serviceId, apiId);
        if (!a.bindings.some((b) => b.apiId === apiId && b.env === e))
          a.bindings.push({ serviceId, apiId, env: e, at: ctx.now });
      });
    }
    return { Result: true };
  },
  UnbindApiApp(ctx) {
    const a = app(ctx);
    const e = env(ctx, "Environment");
    const serviceId = ctx.p.str("ServiceId");
    const apiId = ctx.p.str("ApiId");
    ctx.p.done();
    a.bindings = a.bindings.filter((b) => !(b.serviceId === serviceId && b.apiId === apiId && b.env === e));
    return { Result: true };
  },
  DescribeApiBindApiAppsStatus(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const apiIds = ctx.p.strList("ApiIds");
    const f = ctx.p.filters(["ApiAppId", "Environment", "KeyWord"]);
    const all = [...ctx.store.apps.values()].flatMap((a) =>
      a.bindings
        .filter((b) => b.serviceId === serviceId && apiIds.includes(b.apiId))
        .filter(
          (b) =>
            (f.get("ApiAppId")?.includes(a.fields["ApiAppId"] as string) ?? true) &&
            (f.get("Environment")?.includes(b.env) ?? true),
        )
        .filter(
          () =>
            f.get("KeyWord")?.some((k) => String(a.fields["ApiAppName"]).includes(k) || a.fields["ApiAppId"] === k) ??
            true,
        )
        .map((b) => ({
          ApiAppName: a.fields["ApiAppName"],
          ApiAppId: a.fields["ApiAppId"],
          ApiId: b.apiId,
          ApiName: ctx.store.apis.get(b.apiId)?.fields["ApiName"] ?? "",
          ServiceId: serviceId,
          AuthorizedTime: isoTime(b.at),
          ApiRegion: ctx.region,
          EnvironmentName: b.env,
        })),
    );
    return listResult(ctx, all, "ApiAppApiSet");
  },
  CreateAPIDoc(ctx) {
    const name = ctx.p.str("ApiDocName");
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const e = env(ctx, "Environment");
    const apiIds = ctx.p.strList("ApiIds");
    ctx.p.done();
    for (const id of apiIds) api(ctx, serviceId, id);
    const id = ctx.store.ids.next("apidoc");
    const rec: DocRec = {
      fields: { ApiDocId: id, ApiDocName: name, ServiceId: serviceId, Environment: e, ApiIds: apiIds },
      readyAt: ctx.now + ctx.store.options.releaseDelayMs,
    };
    ctx.store.docs.set(id, rec);
    return { Result: docView(ctx, rec) };
  },
  DescribeAPIDocs(ctx) {
    return listResult(
      ctx,
      [...ctx.store.docs.values()].map((d) => docView(ctx, d)),
      "APIDocSet",
    );
  },
  DeleteAPIDoc(ctx) {
    const id = ctx.p.str("ApiDocId");
    ctx.p.done();
    if (!ctx.store.docs.delete(id))
      throw new ApiError("ResourceNotFound.InvalidApiDoc", `The API doc \`${id}\` does not exist.`);
    return { Result: true };
  },
};
