import type { NetsvcConfig } from "./netsvc/provider.js";

/** A configuration setting the runtime class reads and needs a value for. */
export interface ConfigNeed {
  readonly type: "string" | "boolean" | "number";
  readonly secret?: boolean;
}

/** The settings of a configuration type that are not optional. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

export interface ProviderRuntimeInfo {
  /** The runtime class a generated `Provider` extends. */
  readonly providerClass: string;
  /** Error classes of this protocol alone, which its generated packages re-export beside the common ones. */
  readonly errors: readonly string[];
  /**
   * The settings its configuration needs a value for: a provider schema of this protocol declares
   * each, of this type, required or with a default (else the generated Provider would not compile).
   */
  readonly requiredConfig: Readonly<Record<string, ConfigNeed>>;
}

/**
 * The provider protocols this runtime implements. The generator reads this, so generated code offers
 * exactly what the runtime can do, and nothing that would only throw.
 */
export const PROVIDER_RUNTIMES: Readonly<Record<string, ProviderRuntimeInfo>> = {
  cloudplat: {
    providerClass: "CloudplatProvider",
    errors: ["AccountNotAllowedError", "CloudplatError", "SessionExpiredError", "SessionNotStartedError"],
    requiredConfig: {}, // every setting is optional: credentials come from a chain of sources
  },
  netsvc: {
    providerClass: "NetsvcProvider",
    errors: [],
    requiredConfig: {
      acceptPurchaseTerms: { type: "boolean" },
      accessKey: { type: "string" },
      secretKey: { type: "string", secret: true },
      environment: { type: "string" },
      cancelAtEndOfTerm: { type: "boolean" },
      waitTime: { type: "number" },
    } satisfies Record<RequiredKeys<NetsvcConfig>, ConfigNeed>,
  },
};

// The generator's "did you mean" is the runtime's own; from here, it loads without the runtime's index.
export { didYouMean } from "./suggest.js";
// The generator checks schema literals (defaults) with the same format rules the SDKs apply.
export { checkFormat } from "./formats.js";
export type { Format } from "./descriptor.js";
