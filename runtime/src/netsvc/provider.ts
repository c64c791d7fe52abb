import { ConfiguredProvider } from "../configuredProvider.js";
import type { ResourceDescriptor } from "../descriptor.js";
import type { ResourceRef } from "../http/errors.js";
import { Log } from "../http/log.js";
import { Network } from "../http/network.js";
import type { RetryPolicy } from "../http/retry.js";
import type { LookupOps, LookupRuntime } from "../lifecycle/lookup.js";
import type { KindOps, ProviderRuntime, ProviderRuntimeOptions } from "../lifecycle/resource.js";
import type { LookupDescriptor } from "../descriptor.js";
import type { Secret } from "../secret.js";
import { ValidationError } from "../validate.js";
import { boundKind } from "./boundKind.js";
import { NetsvcClient } from "./client.js";
import type { NetsvcOperations } from "./operations.js";
import { endpointsFor, type Environment } from "./endpoints.js";
import {
  getLocation,
  getMcrPrefixFilterLists,
  getMveImages,
  getMveSizes,
  getPartner,
  getVxcs,
  productList,
} from "./lookups.js";

/** How a provider talks to its service, beyond its configuration: for tuning and tests. */
export interface NetsvcProviderOptions extends ProviderRuntimeOptions {
  /** Retry policy of every request (default DEFAULT_RETRY). */
  readonly retry?: RetryPolicy | undefined;
  /** Per-attempt timeout in milliseconds (default 60 000). */
  readonly timeoutMs?: number | undefined;
  /** First delay between readiness polls in milliseconds (default 2 000, doubling to 30 000). */
  readonly pollMs?: number | undefined;
}

/** The resolved netsvc provider configuration, as the generated ProviderConfig holds it. */
export interface NetsvcConfig {
  readonly acceptPurchaseTerms: boolean;
  readonly accessKey: string;
  readonly secretKey: Secret<string>;
  readonly environment: Environment;
  readonly endpoint?: string | undefined;
  readonly cancelAtEndOfTerm: boolean;
  /** Minutes. */
  readonly waitTime: number;
}

/** The lookups this runtime implements, by token. */
const LOOKUPS: Readonly<Record<string, (provider: NetsvcProvider, d: LookupDescriptor) => LookupOps>> = {
  "netsvc:index/getLocation:getLocation": getLocation,
  "netsvc:index/getMcrPrefixFilterLists:getMcrPrefixFilterLists": getMcrPrefixFilterLists,
  "netsvc:index/getMcrs:getMcrs": productList("MCR2", "mcrs", true),
  "netsvc:index/getMveImages:getMveImages": getMveImages,
  "netsvc:index/getMveSizes:getMveSizes": getMveSizes,
  "netsvc:index/getMves:getMves": productList("MVE", "mves", false),
  "netsvc:index/getPartner:getPartner": getPartner,
  "netsvc:index/getVxcs:getVxcs": getVxcs,
};

export const NETSVC_LOOKUPS: readonly string[] = Object.keys(LOOKUPS);

/** A configured netsvc provider: its client, wait and cancellation settings, and its resource kinds. */
export class NetsvcProvider extends ConfiguredProvider<NetsvcConfig> implements ProviderRuntime, LookupRuntime {
  readonly #client: NetsvcClient;
  readonly waitMs: number;
  readonly pollMs: number | undefined;

  constructor(config: NetsvcConfig, options: NetsvcProviderOptions = {}) {
    super(config);
    const { api, token } = endpointsFor(config.environment, config.endpoint);
    this.#client = new NetsvcClient({
      apiBase: api,
      tokenUrl: token,
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      retry: options.retry,
      timeoutMs: options.timeoutMs,
      network: new Network({ env: options.env ?? process.env, agent: options.agent }),
      log: new Log(options.logger),
    });
    this.waitMs = config.waitTime * 60_000;
    this.pollMs = options.pollMs;
  }

  /** The protocol client (its token cache is private). */
  get client(): NetsvcClient {
    return this.#client;
  }

  /** Every netsvc kind is bound to operations in its schema (the meta-schema's netsvc rules check it). */
  kind(d: ResourceDescriptor): KindOps {
    if (!d.operations) throw new Error(`${d.token} is bound to no operations; its schema must declare them`);
    return boundKind(this, d as ResourceDescriptor<NetsvcOperations>);
  }

  lookup(d: LookupDescriptor): LookupOps {
    const factory = LOOKUPS[d.token];
    if (!factory) throw new Error(`the netsvc runtime has no operation for ${d.token}`);
    return factory(this, d);
  }

  /** Orders are refused until the API terms are accepted (the seed's acceptPurchaseTerms). */
  assertTermsAccepted(resource: ResourceRef): void {
    if (!this.config.acceptPurchaseTerms)
      throw new ValidationError([
        {
          path: "netsvc.acceptPurchaseTerms",
          message: `${resource.token} "${resource.name ?? ""}" was not ordered: accept the API terms first (acceptPurchaseTerms: true, or NETSVC_ACCEPT_PURCHASE_TERMS=true)`,
        },
      ]);
  }
}
