import { ConfiguredProvider } from "../configuredProvider.js";
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

/** The seed gives cloudplat no wait setting; asynchronous operations (a release) wait this long. */
const WAIT_MS = 10 * 60_000;

/**
 * A configured cloudplat provider: its credential chain and the client that signs with it. Resource
 * kinds and lookups are added on top of `client`.
 */
export class CloudplatProvider extends ConfiguredProvider<CloudplatConfig> implements ProviderRuntime, LookupRuntime {
  readonly #client: CloudplatClient;
  readonly #credentials: CredentialProvider;
  readonly region: string;
  readonly waitMs = WAIT_MS;
  readonly pollMs: number | undefined;

  constructor(config: CloudplatConfig, options: CloudplatProviderOptions = {}) {
    // The region every call uses (the profile's when only the profile gives one, else the default) is
    // part of the resolved configuration, so terraformConfig reports what is sent.
    const region = chainRegion(config, { home: options.home }) ?? DEFAULT_REGION;
    super({ ...config, region });
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
    } as const;
    this.region = region;
    // STS calls use the same region, and pass their own credentials (or none).
    const sts = new CloudplatClient({ ...transport, region: this.region });
    this.#credentials = credentialChain(config, {
      client: sts,
      now: options.now,
      env: options.env,
      home: options.home,
      metadata: { metadataUrl: options.metadataUrl, retry: options.retry, now: options.now, network },
    });
    this.#client = new CloudplatClient({ ...transport, region: this.region, credentials: this.#credentials });
    this.pollMs = options.pollMs;
  }

  /** The protocol client, which signs with `credentials`. */
  get client(): CloudplatClient {
    return this.#client;
  }

  /** The credential chain's result (its keys and tokens are private). */
  get credentials(): CredentialProvider {
    return this.#credentials;
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
