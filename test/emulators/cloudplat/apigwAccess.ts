/**
 * Plug-ins and custom domains (reference §5.4, §5.8, §4.3), in the API gateway paging style. A plug-in
 * also takes an optional `PluginRemark` (create, modify, read back when set): not in the reference
 * (nor in the platform's SDK), it stands in for a field the platform adds later, so a test can show
 * a new schema field reaching the wire with no code (issue 10's probe).
 */
import { api, apisOf, env, listResult, service } from "./apigwCommon.js";
import type { Ctx, Handler } from "./actions.js";
import { ApiError, invalidValue } from "./envelope.js";
import { isoTime } from "./ids.js";
import type { Obj } from "./params.js";
import type { PluginRec } from "./state.js";

const PLUGIN_TYPES = [
  "IPControl",
  "TrafficControl",
  "Cors",
  "CustomReq",
  "CustomAuth",
  "Routing",
  "TrafficControlByParameter",
  "CircuitBreaker",
  "ProxyCache",
];

function plugin(ctx: Ctx, id = ctx.p.str("PluginId")): PluginRec {
  const p = ctx.store.plugins.get(id);
  if (!p) throw new ApiError("ResourceNotFound.InvalidPlugin", `The plugin \`${id}\` does not exist.`);
  return p;
}

const pluginView = (p: PluginRec): Obj => ({
  ...p.fields,
  CreatedTime: isoTime(p.createdAt),
  ModifiedTime: isoTime(p.modifiedAt),
  AttachedApiTotalCount: p.attached.length,
  AttachedApis: p.attached.map((a) => ({ ServiceId: a.serviceId, ApiId: a.apiId, Environment: a.env })),
});

export const accessActions: Record<string, Handler> = {
  CreatePlugin(ctx) {
    const name = ctx.p.str("PluginName");
    const type = ctx.p.enum("PluginType", PLUGIN_TYPES);
    const data = ctx.p.str("PluginData");
    const desc = ctx.p.optStr("Description") ?? "";
    const remark = ctx.p.optStr("PluginRemark");
    ctx.p.accept("Tags").done();
    if (!/^[A-Za-z][\w-]{1,49}$/.test(name))
      throw invalidValue("PluginName", name, "2-50 characters starting with a letter");
    try {
      JSON.parse(data);
    } catch {
      throw invalidValue("PluginData", data, "not a JSON document");
    }
    const id = ctx.store.ids.next("plugin");
    const rec: PluginRec = {
      fields: {
        PluginId: id,
        PluginName: name,
        PluginType: type,
        PluginData: data,
        Description: desc,
        ...(remark === undefined ? {} : { PluginRemark: remark }),
      },
      createdAt: ctx.now,
      modifiedAt: ctx.now,
      attached: [],
    };
    ctx.store.plugins.set(id, rec);
    return { Result: pluginView(rec) };
  },
  DescribePlugins(ctx) {
    const ids = ctx.p.optStrList("PluginIds");
    const name = ctx.p.optStr("PluginName");
    const type = ctx.p.optStr("PluginType");
    ctx.p.accept("Filters");
    const all = [...ctx.store.plugins.values()]
      .filter(
        (p) =>
          (!ids || ids.includes(p.fields["PluginId"] as string)) &&
          (name === undefined || p.fields["PluginName"] === name) &&
          (type === undefined || p.fields["PluginType"] === type),
      )
      .map(pluginView);
    return listResult(ctx, all, "PluginSet");
  },
  ModifyPlugin(ctx) {
    const p = plugin(ctx);
    for (const k of ["PluginName", "PluginData", "Description", "PluginRemark"]) {
      const v = ctx.p.optStr(k);
      if (v !== undefined) p.fields[k] = v;
    }
    ctx.p.done();
    p.modifiedAt = ctx.now;
    return { Result: true };
  },
  DeletePlugin(ctx) {
    const p = plugin(ctx);
    ctx.p.done();
    if (p.attached.length > 0)
      throw new ApiError(
        "UnsupportedOperation.ResourceAssociated",
        "The resource has been associated. Please disassociate it first.",
      );
    ctx.store.plugins.delete(p.fields["PluginId"] as string);
    return { Result: true };
  },
  AttachPlugin(ctx) {
    const p = plugin(ctx);
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const e = env(ctx);
    const ids = ctx.p.strList("ApiIds");
    ctx.p.done();
    for (const id of ids) api(ctx, serviceId, id);
    for (const apiId of ids)
      if (!p.attached.some((a) => a.apiId === apiId && a.env === e))
        p.attached.push({ serviceId, apiId, env: e, at: ctx.now });
    return { Result: true };
  },
  DetachPlugin(ctx) {
    const p = plugin(ctx);
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const e = env(ctx);
    const apiId = ctx.p.str("ApiId");
    ctx.p.done();
    p.attached = p.attached.filter((a) => !(a.serviceId === serviceId && a.apiId === apiId && a.env === e));
    return { Result: true };
  },
  DescribePluginsByApi(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const apiId = api(ctx, serviceId).apiId;
    const e = ctx.p.optEnum("EnvironmentName", ["test", "prepub", "release"]);
    const all = [...ctx.store.plugins.values()].flatMap((p) =>
      p.attached
        .filter((a) => a.apiId === apiId && (e === undefined || a.env === e))
        .map((a) => ({ ...p.fields, Environment: a.env, AttachedTime: isoTime(a.at) })),
    );
    return listResult(ctx, all, "PluginSummary");
  },
  DescribeAllPluginApis(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const p = plugin(ctx);
    const e = env(ctx);
    const all = apisOf(ctx, serviceId).map((a) => {
      const rc = a.fields["RequestConfig"] as Obj;
      const attached = p.attached.some((x) => x.apiId === a.apiId && x.env === e);
      const other = [...ctx.store.plugins.values()].some(
        (o) => o !== p && o.attached.some((x) => x.apiId === a.apiId && x.env === e),
      );
      return {
        ApiId: a.apiId,
        ApiName: a.fields["ApiName"],
        ApiType: a.fields["ApiType"],
        Path: rc["Path"],
        Method: rc["Method"],
        AttachedOtherPlugin: other,
        IsAttached: attached,
      };
    });
    return listResult(ctx, all, "ApiSet");
  },
  BindSubDomain(ctx) {
    const s = service(ctx);
    const serviceId = s.fields["ServiceId"] as string;
    const domain = ctx.p.str("SubDomain");
    const protocol = ctx.p.enum("Protocol", ["http", "https", "http&https"]);
    const netType = ctx.p.enum("NetType", ["OUTER", "INNER"]);
    const netSub = ctx.p.optStr("NetSubDomain");
    const isDefault = ctx.p.optBool("IsDefaultMapping") ?? true;
    const forced = ctx.p.optBool("IsForcedHttps") ?? false;
    const cert = ctx.p.optStr("CertificateId") ?? "";
    const mappings = ctx.p.optObjList("PathMappingSet") ?? [];
    ctx.p.done();
    if (!/^([a-z0-9-]+\.)+[a-z]{2,}$/.test(domain)) throw invalidValue("SubDomain", domain, "not a domain name");
    if (netSub !== undefined && netSub !== s.fields["OuterSubDomain"] && netSub !== s.fields["InternalSubDomain"])
      throw invalidValue("NetSubDomain", netSub, "not a default domain of the service");
    if (protocol !== "http" && cert === "")
      throw new ApiError("MissingParameter", "The request is missing a required parameter `CertificateId`.");
    if (!isDefault && mappings.length === 0)
      throw new ApiError("MissingParameter", "The request is missing a required parameter `PathMappingSet`.");
    if (ctx.store.domains.some((d) => d.fields["DomainName"] === domain))
      throw new ApiError(
        "FailedOperation.DomainAlreadyBindService",
        `The domain \`${domain}\` is already bound to a service.`,
      );
    ctx.store.domains.push({
      serviceId,
      fields: {
        DomainName: domain,
        Status: 1,
        CertificateId: cert,
        IsDefaultMapping: isDefault,
        Protocol: protocol,
        NetType: netType,
        IsForcedHttps: forced,
        RegistrationStatus: true,
        PathMappingSet: mappings,
      },
    });
    return {};
  },
  DescribeServiceSubDomains(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const all = ctx.store.domains
      .filter((d) => d.serviceId === serviceId)
      .map((d) => {
        const { PathMappingSet: _m, ...rest } = d.fields;
        return rest;
      });
    return listResult(ctx, all, "DomainSet");
  },
  DescribeServiceSubDomainMappings(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const name = ctx.p.str("SubDomain");
    ctx.p.done();
    const d = ctx.store.domains.find((x) => x.serviceId === serviceId && x.fields["DomainName"] === name);
    if (!d) throw new ApiError("ResourceNotFound", `The domain \`${name}\` is not bound to the service.`);
    return { Result: { IsDefaultMapping: d.fields["IsDefaultMapping"], PathMappingSet: d.fields["PathMappingSet"] } };
  },
  ModifySubDomain(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const name = ctx.p.str("SubDomain");
    const d = ctx.store.domains.find((x) => x.serviceId === serviceId && x.fields["DomainName"] === name);
    if (!d) throw new ApiError("ResourceNotFound", `The domain \`${name}\` is not bound to the service.`);
    const update: Obj = {
      IsDefaultMapping: ctx.p.optBool("IsDefaultMapping"),
      IsForcedHttps: ctx.p.optBool("IsForcedHttps"),
      CertificateId: ctx.p.optStr("CertificateId"),
      Protocol: ctx.p.optEnum("Protocol", ["http", "https", "http&https"]),
      NetType: ctx.p.optEnum("NetType", ["OUTER", "INNER"]),
      PathMappingSet: ctx.p.optObjList("PathMappingSet"),
    };
    ctx.p.accept("NetSubDomain").done();
    for (const [k, v] of Object.entries(update)) if (v !== undefined) d.fields[k] = v;
    return { Result: true };
  },
  UnBindSubDomain(ctx) {
    const serviceId = service(ctx).fields["ServiceId"] as string;
    const name = ctx.p.str("SubDomain");
    ctx.p.done();
    const i = ctx.store.domains.findIndex((x) => x.serviceId === serviceId && x.fields["DomainName"] === name);
    if (i < 0) throw new ApiError("ResourceNotFound", `The domain \`${name}\` is not bound to the service.`);
    ctx.store.domains.splice(i, 1);
    return { Result: true };
  },
};
