/**
 * `netsvc/testing`: the netsvc emulator as a downstream test starts it (see ../testing.ts). Bundled
 * into the package's `dist/testing/` by `make`; it imports nothing but Node.
 */
import {
  armedHandle,
  DEFAULT_SPEED,
  testEmulator,
  defined,
  scaled,
  type EmulatedObject,
  type EmulatorOptions,
  type FaultAnswer,
  type RateLimitFault,
  type TestEmulator,
} from "../testing.js";
import { startNetsvcEmulator, type NetsvcEmulator } from "./emulator.js";
import type { FaultKind } from "./faults.js";
import type { Timings } from "./lifecycle.js";

export type { EmulatedObject, EmulatorOptions, FaultHandle } from "../testing.js";

/**
 * The variables a netsvc `Provider` reads, pointing at the emulator. A type, not an interface: only a
 * type is what a Provider's `env` parameter (a record of strings) takes.
 */
export type EmulatorEnv = {
  readonly NETSVC_ENDPOINT: string;
  readonly NETSVC_ACCESS_KEY: string;
  readonly NETSVC_SECRET_KEY: string;
  readonly NETSVC_ACCEPT_PURCHASE_TERMS: "true";
  /** A proxy set in the shell is not used to reach 127.0.0.1. */
  readonly NO_PROXY: "127.0.0.1";
};

/**
 * A fault, for the next `times` (default 1) requests whose method and target (path and query, a
 * substring or a pattern) match: `{ status: 429, retryAfter: 1, path: "/buy" }`; or a rate limit.
 */
export type Fault = Answer | RateLimitFault;

type Answer = FaultAnswer & {
  readonly path?: string | RegExp | undefined;
  readonly method?: string | undefined;
  readonly times?: number | undefined;
};

export type Emulator = TestEmulator<EmulatorEnv, Fault>;

/** The service's own pace (reference §3: an order is CONFIGURED, then LIVE). */
const PACE: Timings = { configuredAfterMs: 20_000, liveAfterMs: 60_000 };

/** What an answer of the wrapper's form is in the emulator's own fault kinds. */
function kindOf(answer: FaultAnswer): FaultKind {
  if ("status" in answer)
    return { kind: "status", status: answer.status, ...defined({ retryAfter: answer.retryAfter }) };
  if ("lose" in answer) return { kind: answer.lose === "request" ? "drop" : "dropAfter" };
  return { kind: "delay", ms: answer.latencyMs };
}

/** Products as GET /v2/products shows them, but for those decommissioned (gone; a cancelled one lasts until its term ends). */
const objectsOf = (emu: NetsvcEmulator): EmulatedObject[] =>
  emu.state
    .products()
    .filter((p) => p["provisioningStatus"] !== "DECOMMISSIONED")
    .map((p) => ({
      kind: String(p["productType"]),
      id: String(p["productUid"]),
      name: String(p["productName"]),
      state: String(p["provisioningStatus"]),
    }));

/** Starts a netsvc emulator on 127.0.0.1 (a free port), with provisioning `speed` times the service's pace. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const speed = options.speed ?? DEFAULT_SPEED;
  const emu = await startNetsvcEmulator({ seed: options.seed ?? 1, provisioning: scaled(PACE, speed) });
  return testEmulator({
    emu,
    pace: PACE,
    speed,
    env: {
      NETSVC_ENDPOINT: emu.url,
      NETSVC_ACCESS_KEY: emu.credentials.accessKey,
      NETSVC_SECRET_KEY: emu.credentials.secretKey,
      NETSVC_ACCEPT_PURCHASE_TERMS: "true",
      NO_PROXY: "127.0.0.1",
    },
    objects: () => objectsOf(emu),
    arm: ({ path, method, times, ...answer }: Answer) =>
      armedHandle(emu.faults.next({ ...kindOf(answer), ...defined({ path, method, times }) })),
  });
}
