import { ConfiguredProvider, type ProviderSettings } from "../configuredProvider.js";
import type { LookupDescriptor, ResourceDescriptor } from "../descriptor.js";
import { Log } from "../http/log.js";
import { Network } from "../http/network.js";
import type { RetryPolicy } from "../http/retry.js";
import type { LookupOps, LookupRuntime } from "../lifecycle/lookup.js";
import type { KindOps, ProviderRuntime, ProviderRuntimeOptions } from "../lifecycle/resource.js";
import { CloudplatClient } from "./client.js";
import type { CloudplatConfig } from "./config.js";
import { chainRegion, credentialChain } from "./credentials/chain.js";
import type { CredentialProvider } from "./credentials/types.js";
import type { RateLimit } from "./rateLimit.js";
import { boundKindOps } from "./boundKind.js";
import type { CloudplatLookupOperation, CloudplatOperations } from "./operations.js";
import { boundLookupOps } from "./boundLookup.js";
import { DEFAULT_DOMAIN, DEFAULT_REGION } from "./services.js";

/** How a provider talks to the platform, beyond its configuration: for tuning and tests. */
export interface CloudplatProviderOptions extends ProviderRuntimeOptions {
  /** Base URL of the instance metadata service (camRoleName). */
  readonly metadataUrl?: string | undefined;
  /** Retry policy of every request (default: retryable answers asked again for 3 minutes on a read, 5 on a write, as the reference provider does). */
  readonly retry?: RetryPolicy | undefined;
  /** Per-attempt timeout in milliseconds (default 60 000). */
  readonly timeoutMs?: number | undefined;
  /** Per-action client-side rate limit (default 15 per second), or false for none. */
  readonly rateLimit?: RateLimit | false | undefined;
  /** Epoch milliseconds: request timestamps and credential expiry. */
  readonly now?: (() => number) | undefined;
  /** The home folder `~` stands for in sharedCredentialsDir (default the user's). */
  readonly home?: string | undefined;
  /** First delay between readiness polls in milliseconds (default 2 000, doubling to 30 000). */
  readonly pollMs?: number | undefined;
}

/** Every runtime option a cloudplat provider takes (the compiler holds the list to the interface). */
const OPTIONS = Object.keys({
  env: 0,
  logger: 0,
  agent: 0,
  metadataUrl: 0,
  retry: 0,
  timeoutMs: 0,
  rateLimit: 0,
  now: 0,
  home: 0,
  pollMs: 0,
} satisfies Record<keyof CloudplatProviderOptions, 0>);

/** The seed gives cloudplat no wait setting; asynchronous operations (a release) wait this long. */
const WAIT_MS = 10 * 60_000;

/**
 * A configured cloudplat provider: its credential chain and the client that signs with it. Resource
 * kinds and lookups are added on top of `client`.
 */
export class CloudplatProvider extends ConfiguredProvider<CloudplatConfig> implements ProviderRuntime, LookupRuntime {
  readonly #options: CloudplatProviderOptions;
  #clients: { readonly client: CloudplatClient; readonly credentials: CredentialProvider } | undefined;
  readonly waitMs = WAIT_MS;
  readonly pollMs: number | undefined;

  /** `config` is resolved already, or resolved on first use (a problem is then that use's ValidationError). */
  constructor(config: CloudplatConfig | ProviderSettings, options: CloudplatProviderOptions = {}) {
    super(config, options, OPTIONS);
    this.#options = options;
    this.pollMs = options.pollMs;
  }

  /**
   * The region every call uses (the profile's when only the profile gives one, else the default): part
   * of the resolved configuration, so terraformConfig reports what is sent.
   */
  protected override complete(config: CloudplatConfig): CloudplatConfig {
    return { ...config, region: chainRegion(config, { home: this.#options.home }) ?? DEFAULT_REGION };
  }

  /** Its settings, runtime options and credential sources (a profile file that is no JSON, no credentials at all). */
  override check(): void {
    void this.credentials;
  }

  get region(): string {
    return this.config.region!;
  }

  /** The protocol client, which signs with `credentials`. */
  get client(): CloudplatClient {
    return (this.#clients ??= this.#newClients()).client;
  }

  /** The credential chain's result (its keys and tokens are private). */
  get credentials(): CredentialProvider {
    return (this.#clients ??= this.#newClients()).credentials;
  }

  #newClients() {
    const { config } = this;
    const options = this.#options;
    const network = new Network({ env: options.env ?? process.env, agent: options.agent });
    const transport = {
      protocol: config.protocol ?? "HTTPS",
      domain: config.domain ?? DEFAULT_DOMAIN,
      endpoint: config.endpoint,
      retry: options.retry,
      timeoutMs: options.timeoutMs,
      rateLimit: options.rateLimit,
      now: options.now,
      network,
      log: new Log(options.logger),
      region: this.region,
    } as const;
    // STS calls use the same region, and pass their own credentials (or none).
    const credentials = credentialChain(config, {
      client: new CloudplatClient(transport),
      now: options.now,
      env: options.env,
      home: options.home,
      metadata: { metadataUrl: options.metadataUrl, retry: options.retry, now: options.now, network },
    });
    return { client: new CloudplatClient({ ...transport, credentials }), credentials };
  }

  /** Every kind is bound to operations in its schema (the generator emits a class only for those). */
  kind(d: ResourceDescriptor): KindOps {
    return boundKindOps(this, d as ResourceDescriptor<CloudplatOperations>);
  }

  /** Every lookup is bound to an operation in its schema (the generator emits a function only for those). */
  lookup(d: LookupDescriptor): LookupOps {
    return boundLookupOps(this, d as LookupDescriptor<CloudplatLookupOperation>);
  }
}
