import { ConfiguredProvider, type ProviderSettings } from "../configuredProvider.js";
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
import type { NetsvcLookupOperation, NetsvcOperations } from "./operations.js";
import { endpointsFor, type Environment } from "./endpoints.js";
import { boundLookupOps } from "./boundLookup.js";

/** How a provider talks to its service, beyond its configuration: for tuning and tests. */
export interface NetsvcProviderOptions extends ProviderRuntimeOptions {
  /** Retry policy of every request (default DEFAULT_RETRY). */
  readonly retry?: RetryPolicy | undefined;
  /** Per-attempt timeout in milliseconds (default 60 000). */
  readonly timeoutMs?: number | undefined;
  /** First delay between readiness polls in milliseconds (default 2 000, doubling to 30 000). */
  readonly pollMs?: number | undefined;
}

/** Every runtime option a netsvc provider takes (the compiler holds the list to the interface). */
const OPTIONS = Object.keys({
  env: 0,
  logger: 0,
  agent: 0,
  retry: 0,
  timeoutMs: 0,
  pollMs: 0,
} satisfies Record<keyof NetsvcProviderOptions, 0>);

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

/** A configured netsvc provider: its client, wait and cancellation settings, and its resource kinds. */
export class NetsvcProvider extends ConfiguredProvider<NetsvcConfig> implements ProviderRuntime, LookupRuntime {
  readonly #options: NetsvcProviderOptions;
  #client: NetsvcClient | undefined;
  readonly pollMs: number | undefined;

  /** `config` is resolved already, or resolved on first use (a problem is then that use's ValidationError). */
  constructor(config: NetsvcConfig | ProviderSettings, options: NetsvcProviderOptions = {}) {
    super(config, options, OPTIONS);
    this.#options = options;
    this.pollMs = options.pollMs;
  }

  get waitMs(): number {
    return this.config.waitTime * 60_000;
  }

  /** The protocol client (its token cache is private), made on first use. */
  get client(): NetsvcClient {
    return (this.#client ??= this.#newClient());
  }

  #newClient(): NetsvcClient {
    const { config } = this;
    const options = this.#options;
    const { api, token } = endpointsFor(config.environment, config.endpoint);
    return new NetsvcClient({
      apiBase: api,
      tokenUrl: token,
      origin: config.endpoint
        ? `from ${this.settingSource("endpoint")}`
        : `the ${config.environment} environment's${this.settingSource("environment") ? "" : " (the default)"}`,
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      retry: options.retry,
      timeoutMs: options.timeoutMs,
      network: new Network({ env: options.env ?? process.env, agent: options.agent }),
      log: new Log(options.logger),
    });
  }

  /** Every netsvc kind is bound to operations in its schema (the meta-schema's netsvc rules check it). */
  kind(d: ResourceDescriptor): KindOps {
    if (!d.operations) throw new Error(`${d.token} is bound to no operations; its schema must declare them`);
    return boundKind(this, d as ResourceDescriptor<NetsvcOperations>);
  }

  /** Every lookup is bound to an operation in its schema (the generator emits a function only for those). */
  lookup(d: LookupDescriptor): LookupOps {
    return boundLookupOps(this, d as LookupDescriptor<NetsvcLookupOperation>);
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
