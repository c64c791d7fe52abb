/**
 * `startNetsvcEmulator`: wires clock, store, faults, router and server together and hands the test one object.
 */
import type { Credentials } from "./auth.js";
import { createClock, type ClockOptions, type VirtualClock } from "../clock.js";
import { Faults } from "./faults.js";
import { EmulatorState } from "./inspect.js";
import type { Timings } from "./lifecycle.js";
import { buildRouter } from "./routes.js";
import { startServer } from "./server.js";
import { Store, type StoreOptions } from "./state.js";
import type { Company } from "./types.js";

export interface NetsvcEmulatorOptions {
  /** The accepted access key / secret key. Default `emulator-access-key` / `emulator-secret-key`. */
  credentials?: Partial<Credentials>;
  /** `expires_in` of issued tokens, seconds of virtual time. Default 3600. */
  tokenLifetimeSeconds?: number;
  /** Virtual clock start and speed (default: real time now, speed 1). */
  clock?: ClockOptions;
  /** Virtual ms from order/modify to CONFIGURED and to LIVE. Default 20 000 and 60 000. */
  provisioning?: Partial<Timings>;
  /** Real ms added to every request (benchmarks). Default 0. */
  latencyMs?: number;
  /** Seed of the id generator. Default 1. */
  seed?: number;
  /** The account the credentials belong to. */
  company?: Partial<Company>;
}

export interface NetsvcEmulator {
  /** Base URL of the API, e.g. http://127.0.0.1:53117 (no trailing slash). */
  readonly url: string;
  /** The OAuth token endpoint on the same server. */
  readonly tokenUrl: string;
  /** The accepted key pair; mutate to rotate credentials mid-test. */
  readonly credentials: Credentials;
  /** Virtual ms from order/modify to CONFIGURED and LIVE; mutate to change what later orders take. */
  readonly timings: Timings;
  readonly clock: VirtualClock;
  readonly faults: Faults;
  readonly state: EmulatorState;
  /** Forget every product, key, list, token and logged request (the clock keeps its time); disarm faults. */
  reset(): void;
  /** Close the server and every open connection. */
  stop(): Promise<void>;
}

export async function startNetsvcEmulator(options: NetsvcEmulatorOptions = {}): Promise<NetsvcEmulator> {
  const configuredAfterMs = options.provisioning?.configuredAfterMs ?? 20_000;
  const liveAfterMs = options.provisioning?.liveAfterMs ?? Math.max(60_000, configuredAfterMs);
  if (configuredAfterMs < 0 || liveAfterMs < configuredAfterMs)
    throw new RangeError("provisioning: need 0 <= configuredAfterMs <= liveAfterMs");
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  if (!(tokenLifetimeSeconds > 0)) throw new RangeError("tokenLifetimeSeconds must be > 0");

  const storeOptions: StoreOptions = {
    seed: options.seed ?? 1,
    company: {
      companyUid: options.company?.companyUid ?? "0e5c8b2a-1f4d-4c6e-9a7b-3d2f1e0c9b8a",
      companyName: options.company?.companyName ?? "Emulated Networks Pty Ltd",
      companyId: options.company?.companyId ?? 1153,
    },
    timings: { configuredAfterMs, liveAfterMs },
    tokenLifetimeSeconds,
  };
  const clock = createClock(options.clock);
  let store = new Store(storeOptions, clock);
  const faults = new Faults();
  faults.latencyMs = options.latencyMs ?? 0;
  const credentials: Credentials = {
    accessKey: options.credentials?.accessKey ?? "emulator-access-key",
    secretKey: options.credentials?.secretKey ?? "emulator-secret-key",
  };
  const server = await startServer({ store: () => store, faults, credentials, router: buildRouter() });
  const url = `http://127.0.0.1:${server.port}`;
  let stopped = false;

  return {
    url,
    tokenUrl: `${url}/oauth2/token`,
    credentials,
    timings: storeOptions.timings,
    clock,
    faults,
    state: new EmulatorState(() => store),
    reset() {
      store = new Store(storeOptions, clock);
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
