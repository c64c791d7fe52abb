import type { ResourceDescriptor } from "../../descriptor.js";
import type { CallContext, KindOps, Values } from "../../lifecycle/resource.js";
import { ValidationError } from "../../validate.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import { expectTrue, gatewayCall, unlessNotFound } from "./gateway.js";

const NOT_FOUND = ["ResourceNotFound.InvalidService", "ResourceNotFound"];

/**
 * ApiGatewayCustomDomain (wire reference §5.8): a domain bound to a service (BindSubDomain), its id
 * `serviceId#subDomain`. Path mappings are `path#environment` strings on the SDK side and
 * `{Path, Environment}` on the wire; the default domain is not in the domain list, so it is read from
 * the service by network type. The reference provider reads the first domain of the service; this
 * reads the one of the id. The sub-domain names the binding, so the schema replaces it on change.
 */
export function customDomainOps(p: CloudplatProvider, d: ResourceDescriptor): KindOps {
  const call = gatewayCall(p, d);
  const split = (id: string) => {
    const at = id.indexOf("#");
    return { ServiceId: id.slice(0, at), SubDomain: id.slice(at + 1) };
  };
  const mappings = (v: Values) =>
    Array.isArray(v.pathMappings)
      ? v.pathMappings.map((m: string) => {
          const at = m.lastIndexOf("#");
          return { Path: m.slice(0, at), Environment: m.slice(at + 1) };
        })
      : undefined;
  const body = (v: Values) => {
    const set = mappings(v);
    return {
      Protocol: v.protocol,
      NetType: v.netType,
      IsDefaultMapping: v.isDefaultMapping ?? d.fields.isDefaultMapping!.default,
      IsForcedHttps: v.isForcedHttps ?? d.fields.isForcedHttps!.default,
      ...(v.certificateId ? { CertificateId: v.certificateId } : {}),
      ...(set ? { PathMappingSet: set } : {}),
    };
  };
  const domains = (serviceId: string, ctx: CallContext) =>
    collectPages<Values>(
      p.client,
      "apigateway",
      "DescribeServiceSubDomains",
      { ServiceId: serviceId },
      { style: "apigateway", listKey: "DomainSet" },
      { signal: ctx.signal, resource: { token: d.token } },
    );
  return {
    create: async (a, ctx) => {
      const id = `${String(a.serviceId)}#${String(a.subDomain)}`;
      await call(
        "BindSubDomain",
        { ServiceId: a.serviceId, SubDomain: a.subDomain, NetSubDomain: a.defaultDomain, ...body(a) },
        ctx,
        { id, name: a.subDomain as string },
      );
      return id;
    },
    read: (id, ctx) =>
      unlessNotFound(NOT_FOUND, async () => {
        const { ServiceId, SubDomain } = split(id);
        const domain = (await domains(ServiceId, ctx)).find((x) => x.DomainName === SubDomain);
        if (!domain) return undefined;
        const res = await call("DescribeServiceSubDomainMappings", { ServiceId, SubDomain }, ctx, { id });
        const service = await call("DescribeService", { ServiceId }, ctx, { id });
        const set = ((res.Result as Values | undefined)?.PathMappingSet ?? []) as Values[];
        return {
          serviceId: ServiceId,
          subDomain: SubDomain,
          protocol: domain.Protocol,
          netType: domain.NetType,
          isDefaultMapping: domain.IsDefaultMapping === true,
          isForcedHttps: domain.IsForcedHttps === true,
          defaultDomain: domain.NetType === "INNER" ? service.InternalSubDomain : service.OuterSubDomain,
          certificateId: String(domain.CertificateId ?? ""),
          pathMappings: set.map((m) => `${String(m.Path)}#${String(m.Environment)}`),
          status: Number(domain.Status),
        };
      }),
    update: async (id, desired, current, _diff, ctx) => {
      const res = await call("ModifySubDomain", { ...split(id), ...body({ ...current, ...desired }) }, ctx, {
        id,
        name: current.subDomain as string,
      });
      expectTrue(res, "ModifySubDomain", { token: d.token, id });
    },
    remove: async (id, _current, ctx) => {
      const res = await unlessNotFound(NOT_FOUND, () => call("UnBindSubDomain", split(id), ctx, { id }));
      if (res) expectTrue(res, "UnBindSubDomain", { token: d.token, id });
    },
    classify: () => ({ state: "ready", status: "BOUND" }),
    list: async (state, ctx) => {
      if (typeof state.serviceId !== "string")
        throw new ValidationError([
          { path: `${d.name}.serviceId`, message: `${d.name}.find needs serviceId: domains are listed per service` },
        ]);
      return (await domains(state.serviceId, ctx)).map((x) => `${String(state.serviceId)}#${String(x.DomainName)}`);
    },
  };
}
