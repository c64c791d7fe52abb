import { mayBeIdentified } from "@sdkgen/runtime";
import { CloudplatError, resultOf, type CloudplatLookupHooks } from "@sdkgen/runtime/cloudplat";
import type { GetApiGatewayApisArgs } from "../lookups/getApiGatewayApis.js";

type Values = Record<string, unknown>;

/**
 * getApiGatewayApis (§4.3): the statuses list the APIs; each one's full configuration is one
 * DescribeApi. An API deleted in between is skipped, as the reference provider does.
 */
export const hooks: CloudplatLookupHooks<GetApiGatewayApisArgs> = {
  async answer(wire, args, ctx) {
    const statuses = ((wire.ApiIdStatusSet as Values[] | undefined) ?? []).filter(mayBeIdentified(args.id, "ApiId"));
    const details: Values[] = [];
    for (const s of statuses) {
      const info = await resultOf(
        ctx.client,
        "apigateway",
        "DescribeApi",
        { ServiceId: args.serviceId, ApiId: s.ApiId },
        ctx.signal,
      ).catch((e: unknown) => {
        if (e instanceof CloudplatError && e.code.startsWith("ResourceNotFound")) return undefined;
        throw e;
      });
      if (info) details.push(info);
    }
    return { Lists: details };
  },
};
