/**
 * What a package's `testing` entry (`netsvc/testing`, `cloudplat/testing`) gives a downstream test,
 * the same for both providers: `startEmulator()` wraps an emulator's own API (startNetsvcEmulator,
 * startCloudplatEmulator: their state, faults and timings) in the few things a test of a program
 * needs. Its types are the entries' public types, so they say what users may rely on; the emulators'
 * own APIs stay free to change with the tests of this repository.
 */
import { RateLimit } from "./rateLimit.js";

export interface EmulatorOptions {
  /**
   * How many times faster than the service provisioning runs (an order going live, a release
   * completing): 1 is the service's own pace. Default 100. `emulator.speed` changes it later.
   */
  readonly speed?: number | undefined;
  /** Seed of the ids the emulator makes, so a test sees the same ids on every run. Default 1. */
  readonly seed?: number | undefined;
}

/** One object the emulated account holds. */
export interface EmulatedObject {
  /** Its kind as the API names it. */
  readonly kind: string;
  readonly id: string;
  readonly name: string;
  /** Its state, in the API's own word where it has one. */
  readonly state: string;
}

/** How a faulted request is answered (or not). */
export type FaultAnswer =
  /** An HTTP error status with the service's error body, and `Retry-After: retryAfter` seconds when given. */
  | { readonly status: number; readonly retryAfter?: number | undefined }
  /** "request": the connection drops before the service acts; "answer": it acts, then the answer is lost. */
  | { readonly lose: "request" | "answer" }
  /** Answered normally, `latencyMs` late. */
  | { readonly latencyMs: number };

/** From now on, requests above `rateLimit` a second are refused as the service refuses them, until `clear()` or `reset()`. */
export interface RateLimitFault {
  readonly rateLimit: number;
}

/** An injected fault: how many of the requests it matches it answers, and what they see. */
export interface FaultHandle {
  /** Requests it answered so far. */
  readonly hits: number;
  /** Requests it will still answer (Infinity for a rate limit). */
  readonly remaining: number;
  /** Disarms it. */
  clear(): void;
}

/** A running emulator. `Env` is the provider's environment, `Fault` what `fault()` takes. */
export interface TestEmulator<Env, Fault> {
  /** Its base URL, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The variables that point a `Provider` at it, credentials included: `new Provider({}, emulator.env)`. */
  readonly env: Env;
  /** What the account holds now, each object in its current state, oldest first (what was deleted is gone). */
  readonly objects: readonly EmulatedObject[];
  /** Injects a fault into the requests to come. */
  fault(fault: Fault): FaultHandle;
  /** How many times faster than the service provisioning runs; set it to change later orders. */
  speed: number;
  /** Forgets every object, request and fault (the speed stays). */
  reset(): void;
  /** Stops the server and closes its connections. */
  close(): Promise<void>;
}

export const DEFAULT_SPEED = 100;

/** Each duration of `pace` (the service's own, in ms) divided by `speed`. */
export function scaled<T extends { [K in keyof T]: number }>(pace: T, speed: number): T {
  if (!Number.isFinite(speed) || speed <= 0) throw new RangeError(`speed must be a finite number > 0 (got ${speed})`);
  return Object.fromEntries(Object.entries<number>(pace).map(([key, ms]) => [key, Math.round(ms / speed)])) as T;
}

/** `fields` but those undefined: an optional field of the emulators' rules is absent, never undefined. */
export const defined = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

/** The handle of a rule an emulator armed: its own counters, and disarming by leaving it nothing to answer. */
export const armedHandle = (armed: { hits: number; remaining: number }): FaultHandle => ({
  get hits() {
    return armed.hits;
  },
  get remaining() {
    return armed.remaining;
  },
  clear: () => void (armed.remaining = 0),
});

/** Installs a rate limit in an emulator's faults (replacing one installed before). */
function rateLimitHandle(faults: { rateLimit: RateLimit | undefined }, perSecond: number): FaultHandle {
  const limit = new RateLimit(perSecond);
  faults.rateLimit = limit;
  return {
    get hits() {
      return limit.hits;
    },
    remaining: Infinity,
    clear: () => {
      if (faults.rateLimit === limit) faults.rateLimit = undefined;
    },
  };
}

/** An emulator as its own API has it, the parts the wrapper reads. */
interface Emulated<Timings> {
  readonly url: string;
  readonly faults: { rateLimit: RateLimit | undefined };
  /** Its live provisioning times, which later orders read. */
  readonly timings: Timings;
  reset(): void;
  stop(): Promise<void>;
}

/** What each provider's wrapper says of its emulator: the rest is the same for both. */
export interface Wrapping<Env, Answer, Timings> {
  readonly emu: Emulated<Timings>;
  /** The service's own provisioning times, which `speed` divides. */
  readonly pace: Timings;
  readonly speed: number;
  readonly env: Env;
  readonly objects: () => EmulatedObject[];
  /** Arms a fault other than a rate limit, in the emulator's own terms. */
  readonly arm: (answer: Answer) => FaultHandle;
}

/** The emulator a test gets, from what a provider's wrapper says of it. */
export function testEmulator<Env, Answer extends object, Timings extends { [K in keyof Timings]: number }>(
  w: Wrapping<Env, Answer, Timings>,
): TestEmulator<Env, Answer | RateLimitFault> {
  let speed = w.speed;
  return {
    url: w.emu.url,
    env: w.env,
    get objects() {
      return w.objects();
    },
    fault: (fault) =>
      "rateLimit" in fault
        ? rateLimitHandle(w.emu.faults, (fault as RateLimitFault).rateLimit)
        : w.arm(fault as Answer),
    get speed() {
      return speed;
    },
    set speed(value) {
      Object.assign(w.emu.timings, scaled(w.pace, value));
      speed = value;
    },
    reset: () => w.emu.reset(),
    close: () => w.emu.stop(),
  };
}
