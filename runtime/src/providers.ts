import { CLOUDPLAT_LOOKUPS } from "./cloudplat/provider.js";
import { NETSVC_LOOKUPS } from "./netsvc/provider.js";

export interface ProviderRuntimeInfo {
  /** The runtime class a generated `Provider` extends. */
  readonly providerClass: string;
  /** Lookups (tokens) it runs. */
  readonly lookups: readonly string[];
  /** Error classes of this protocol alone, which its generated packages re-export beside the common ones. */
  readonly errors: readonly string[];
}

/**
 * The provider protocols this runtime implements. The generator reads this, so generated code offers
 * exactly what the runtime can do, and nothing that would only throw.
 */
export const PROVIDER_RUNTIMES: Readonly<Record<string, ProviderRuntimeInfo>> = {
  cloudplat: {
    providerClass: "CloudplatProvider",
    lookups: CLOUDPLAT_LOOKUPS,
    errors: ["AccountNotAllowedError", "CloudplatError", "SessionExpiredError", "SessionNotStartedError"],
  },
  netsvc: { providerClass: "NetsvcProvider", lookups: NETSVC_LOOKUPS, errors: [] },
};
