import { mayBeIdentified } from "@sdkgen/runtime";
import { resultOf, type CloudplatLookupHooks } from "@sdkgen/runtime/cloudplat";
import type { GetApiGatewayCustomerDomainsArgs } from "../lookups/getApiGatewayCustomerDomains.js";

type Values = Record<string, unknown>;

/**
 * getApiGatewayCustomerDomains (§4.3): the path mappings of each domain that does not use the default
 * mapping (DescribeServiceSubDomainMappings), and its status (1 on the wire) as a boolean.
 */
export const hooks: CloudplatLookupHooks<GetApiGatewayCustomerDomainsArgs> = {
  async answer(wire, args, ctx) {
    const domains = ((wire.DomainSet as Values[] | undefined) ?? []).filter(mayBeIdentified(args.id, "DomainName"));
    const list: Values[] = [];
    for (const d of domains) {
      const mappings =
        d.IsDefaultMapping === false
          ? (
              await resultOf(
                ctx.client,
                "apigateway",
                "DescribeServiceSubDomainMappings",
                { ServiceId: args.serviceId, SubDomain: d.DomainName },
                ctx.signal,
              )
            ).PathMappingSet
          : undefined;
      list.push({ ...d, IsStatusOn: d.Status === 1, PathMappingSet: mappings });
    }
    return { DomainSet: list };
  },
};
