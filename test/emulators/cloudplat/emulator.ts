/**
 * `startCloudplatEmulator`: wires clock, store, faults, services and server together and hands the test one object.
 */
import { createClock, type ClockOptions, type VirtualClock } from "../clock.js";
import { Faults } from "./faults.js";
import { seedAntiddos } from "./antiddosData.js";
import { EmulatorState } from "./inspect.js";
import { startServer } from "./server.js";
import { buildServices } from "./services.js";
import { Store, type StoreOptions } from "./state.js";

export interface CloudplatCredentials {
  secretId: string;
  secretKey: string;
}

/** How long the platform's asynchronous work takes. */
export interface CloudplatTimings {
  /** Virtual ms a service release (and an API doc build) takes to complete. */
  releaseDelayMs: number;
}

export interface CloudplatEmulatorOptions {
  /** The permanent key pair accepted. Default `AKIDEMULATOR0000000000000000000001` / `emulator-secret-key`. */
  credentials?: Partial<CloudplatCredentials>;
  /** The account (uin) GetCallerIdentity reports and role ARNs must name. Default `100000000001`. */
  accountId?: string;
  /** Region assumed when `X-TC-Region` is absent. Default `ap-guangzhou`. */
  region?: string;
  /** Virtual clock start and speed (default: real time now, speed 1). */
  clock?: ClockOptions;
  /** Virtual ms a service release (and an API doc build) takes to complete. Default 0 (immediate). */
  releaseDelayMs?: number;
  /** The CAM role bound to the emulated instance (metadata service); null for none. Default `emulator-cvm-role`. */
  camRoleName?: string | null;
  /** Lifetime of metadata-service credentials, virtual seconds. Default 7200. */
  metadataLifetimeSeconds?: number;
  /** TokenCode GetSessionToken accepts. Default `123456`. */
  mfaTokenCode?: string;
  /** Real ms added to every request (benchmarks). Default 0. */
  latencyMs?: number;
  /** Seed of the id generator. Default 1. */
  seed?: number;
}

export interface CloudplatEmulator {
  /** Base URL, e.g. http://127.0.0.1:53117 (no trailing slash): POST `/` here, or use it as an HTTP proxy. */
  readonly url: string;
  /** Stands in for `http://metadata.tencentyun.com`: `${metadataUrl}/latest/meta-data/cam/security-credentials/`. */
  readonly metadataUrl: string;
  /** The accepted permanent key pair; mutate to rotate mid-test. */
  readonly credentials: CloudplatCredentials;
  readonly accountId: string;
  /** Mutate to change what later releases and doc builds take. */
  readonly timings: CloudplatTimings;
  readonly clock: VirtualClock;
  readonly faults: Faults;
  readonly state: EmulatorState;
  /** Forget every object, issued credential and logged request (the clock keeps its time); disarm faults. */
  reset(): void;
  stop(): Promise<void>;
}

export async function startCloudplatEmulator(options: CloudplatEmulatorOptions = {}): Promise<CloudplatEmulator> {
  const accountId = options.accountId ?? "100000000001";
  if (!/^\d{5,20}$/.test(accountId)) throw new RangeError("accountId must be a numeric uin");
  const storeOptions: StoreOptions = {
    seed: options.seed ?? 1,
    accountId,
    releaseDelayMs: options.releaseDelayMs ?? 0,
  };
  const clock = createClock(options.clock);
  const credentials: CloudplatCredentials = {
    secretId: options.credentials?.secretId ?? "AKIDEMULATOR0000000000000000000001",
    secretKey: options.credentials?.secretKey ?? "emulator-secret-key",
  };
  const fresh = (): Store => {
    const store = new Store(storeOptions, clock);
    seedAntiddos(store, clock.now());
    return store;
  };
  let store = fresh();
  const faults = new Faults();
  faults.latencyMs = options.latencyMs ?? 0;
  const server = await startServer({
    store: () => store,
    faults,
    services: buildServices({ mfaTokenCode: options.mfaTokenCode ?? "123456" }),
    metadata: {
      roleName: options.camRoleName === undefined ? "emulator-cvm-role" : options.camRoleName,
      lifetimeSeconds: options.metadataLifetimeSeconds ?? 7200,
    },
    defaultRegion: options.region ?? "ap-guangzhou",
    // A getter, so rotating `emu.credentials` takes effect on the next request.
    permanent: () => credentials,
  });
  const url = `http://127.0.0.1:${server.port}`;
  let stopped = false;

  return {
    url,
    metadataUrl: `${url}/metadata`,
    credentials,
    accountId,
    // The store's own options, which every release reads, seen through the one field that may change.
    timings: storeOptions,
    clock,
    faults,
    state: new EmulatorState(() => store),
    reset() {
      store = fresh();
      faults.clear();
      faults.latencyMs = options.latencyMs ?? 0;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
    },
  };
}
