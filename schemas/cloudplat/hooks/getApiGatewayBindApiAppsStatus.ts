import type { CloudplatLookupHooks } from "@sdkgen/runtime/cloudplat";
import type { GetApiGatewayBindApiAppsStatusArgs } from "../lookups/getApiGatewayBindApiAppsStatus.js";

/** getApiGatewayBindApiAppsStatus (§4.3): the bindings, every page, as the one element of `results`. */
export const hooks: CloudplatLookupHooks<GetApiGatewayBindApiAppsStatusArgs> = {
  answer: (wire) => ({ Result: [{ ApiAppApiSet: wire.ApiAppApiSet }] }),
};
