import type { CloudplatLookupHooks } from "@sdkgen/runtime/cloudplat";
import type { GetApiGatewayApiKeysArgs } from "../lookups/getApiGatewayApiKeys.js";

/** getApiGatewayApiKeys (wire reference §4.3): the wire's Status 1/0 reads as `on`/`off`. */
export const hooks: CloudplatLookupHooks<GetApiGatewayApiKeysArgs> = {
  answer: (wire) => ({
    ApiKeySet: ((wire.ApiKeySet as Record<string, unknown>[] | undefined) ?? []).map((k) => ({
      ...k,
      Status: k.Status === 1 ? "on" : "off",
    })),
  }),
};
