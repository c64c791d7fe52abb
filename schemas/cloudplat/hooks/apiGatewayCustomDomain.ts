import type { Values } from "@sdkgen/runtime";
import type { CloudplatHookContext, CloudplatHooks } from "@sdkgen/runtime/cloudplat";
import { CloudplatError, collectPages } from "@sdkgen/runtime/cloudplat";
import type { ApiGatewayCustomDomainOutputs, ApiGatewayCustomDomainArgs } from "../resources/apiGatewayCustomDomain.js";

/**
 * What ApiGatewayCustomDomain's bindings cannot say (wire reference §5.8): a path mapping is a
 * `path#environment` string here and `{Path, Environment}` on the wire, and an empty certificate is
 * left out. The read takes three actions: the domain from the service's domain list (the one of the
 * id), its mappings, and the service's default domain for its network type.
 */
export const hooks: CloudplatHooks<ApiGatewayCustomDomainArgs, ApiGatewayCustomDomainOutputs> = {
  createRequest: toWire,
  updateRequest: toWire,

  async read(id, ctx) {
    try {
      return await readDomain(id, ctx);
    } catch (e) {
      if (e instanceof CloudplatError && GONE.includes(e.code)) return undefined;
      throw e;
    }
  },
};

/** The answers that the service, or the domain, is gone. */
const GONE = ["ResourceNotFound.InvalidService", "ResourceNotFound"];

async function readDomain(id: string, ctx: CloudplatHookContext): Promise<ApiGatewayCustomDomainOutputs | undefined> {
  const at = id.indexOf("#");
  const [ServiceId, SubDomain] = [id.slice(0, at), id.slice(at + 1)];
  const domains = await collectPages<Values>(
    ctx.client,
    "apigateway",
    "DescribeServiceSubDomains",
    { ServiceId },
    { style: "apigateway", listKey: "DomainSet" },
    options(ctx),
  );
  const domain = domains.find((x) => x.DomainName === SubDomain);
  if (!domain) return undefined;
  const mappings = await call("DescribeServiceSubDomainMappings", { ServiceId, SubDomain }, ctx);
  const service = await call("DescribeService", { ServiceId }, ctx);
  const set = ((mappings.Result as Values | undefined)?.PathMappingSet ?? []) as Values[];
  return {
    serviceId: ServiceId,
    subDomain: SubDomain,
    protocol: domain.Protocol as ApiGatewayCustomDomainOutputs["protocol"],
    netType: domain.NetType as ApiGatewayCustomDomainOutputs["netType"],
    isDefaultMapping: domain.IsDefaultMapping === true,
    isForcedHttps: domain.IsForcedHttps === true,
    defaultDomain: String(domain.NetType === "INNER" ? service.InternalSubDomain : service.OuterSubDomain),
    certificateId: String(domain.CertificateId ?? ""),
    pathMappings: set.map((m) => `${String(m.Path)}#${String(m.Environment)}`),
    status: Number(domain.Status),
  };
}

/** The mappings as the platform's objects; no certificate rather than an empty one. */
function toWire(params: Values): void {
  if (Array.isArray(params.PathMappingSet))
    params.PathMappingSet = (params.PathMappingSet as string[]).map((m) => {
      const at = m.lastIndexOf("#");
      return { Path: m.slice(0, at), Environment: m.slice(at + 1) };
    });
  if (!params.CertificateId) delete params.CertificateId;
}

const options = (ctx: CloudplatHookContext) => ({ signal: ctx.signal, resource: ctx.resource });

const call = (action: string, params: object, ctx: CloudplatHookContext) =>
  ctx.client.call<Values>("apigateway", action, params, options(ctx));
