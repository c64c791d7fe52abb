export interface ProviderRuntimeInfo {
  /** The runtime class a generated `Provider` extends. */
  readonly providerClass: string;
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
    errors: ["AccountNotAllowedError", "CloudplatError", "SessionExpiredError", "SessionNotStartedError"],
  },
  netsvc: { providerClass: "NetsvcProvider", errors: [] },
};
