/**
 * `cloudplat/testing`: the cloudplat emulator as a downstream test starts it (see ../testing.ts). It
 * checks every request's signature as the platform does. Bundled into the package's `dist/testing/`
 * by `make`; it imports nothing but Node.
 */
import {
  armedHandle,
  DEFAULT_SPEED,
  defined,
  scaled,
  testEmulator,
  type EmulatedObject,
  type EmulatorOptions,
  type FaultAnswer,
  type RateLimitFault,
  type TestEmulator,
} from "../testing.js";
import { released } from "./apigwCommon.js";
import { startCloudplatEmulator, type CloudplatTimings } from "./emulator.js";
import type { FaultKind } from "./faults.js";
import type { ServiceRec, Store } from "./state.js";

export type { EmulatedObject, EmulatorOptions, FaultHandle } from "../testing.js";

/**
 * The variables a cloudplat `Provider` reads, pointing at the emulator. A type, not an interface:
 * only a type is what a Provider's `env` parameter (a record of strings) takes.
 */
export type EmulatorEnv = {
  readonly CLOUDPLAT_ENDPOINT: string;
  readonly CLOUDPLAT_SECRET_ID: string;
  readonly CLOUDPLAT_SECRET_KEY: string;
  readonly CLOUDPLAT_REGION: string;
  /** A proxy set in the shell is not used to reach 127.0.0.1. */
  readonly NO_PROXY: "127.0.0.1";
};

/**
 * A fault, for the next `times` (default 1) requests whose action (a name or a pattern) and service
 * match: an answer of HTTP's (`{ status: 503 }`) or an error code in a 200 answer, as the platform
 * reports most failures (`{ code: "ResourceUnavailable", action: "CreateService" }`); or a rate limit,
 * refused with `RequestLimitExceeded`.
 */
export type Fault = Answer | RateLimitFault;

/** An error code in the platform's envelope, as most failures are reported (§2.1). */
type ErrorCode = { readonly code: string; readonly message?: string | undefined };

type Answer = (FaultAnswer | ErrorCode) & {
  readonly action?: string | RegExp | undefined;
  readonly service?: string | undefined;
  readonly times?: number | undefined;
};

export type Emulator = TestEmulator<EmulatorEnv, Fault>;

/** The platform's pace: a release (and an API doc build) takes some seconds. */
const PACE: CloudplatTimings = { releaseDelayMs: 10_000 };

const REGION = "ap-guangzhou";

/** What an answer of the wrapper's form is in the emulator's own fault kinds. */
function kindOf(answer: FaultAnswer | ErrorCode): FaultKind {
  if ("code" in answer) return { kind: "error", code: answer.code, ...defined({ message: answer.message }) };
  if ("status" in answer) return { kind: "http", status: answer.status, ...defined({ retryAfter: answer.retryAfter }) };
  if ("lose" in answer) return { kind: answer.lose === "request" ? "drop" : "dropAfter" };
  return { kind: "delay", ms: answer.latencyMs };
}

const serviceState = (s: ServiceRec, now: number): string =>
  released(s, now).length > 0 ? "released" : s.releases.size > 0 ? "releasing" : "created";

/** An object's id, name and state as the view shows them. */
const made = (id: unknown, name: unknown, state = "created") => ({ id: String(id), name: String(name), state });

/**
 * Each kind of object a program can make, as the actions name it (CreateService, CreateApi, …), and
 * where the store keeps it. Anti-DDoS instances are the account's from the start (no action creates
 * one), so they are not listed.
 */
const KINDS: Record<string, (s: Store, now: number) => Omit<EmulatedObject, "kind">[]> = {
  AddressTemplate: (s) =>
    [...s.addressTemplates.values()].map((t) => made(t["AddressTemplateId"], t["AddressTemplateName"])),
  AddressTemplateGroup: (s) =>
    [...s.addressTemplateGroups.values()].map((g) => made(g["AddressTemplateGroupId"], g["AddressTemplateGroupName"])),
  Service: (s, now) =>
    [...s.services.values()].map((v) => made(v.fields["ServiceId"], v.fields["ServiceName"], serviceState(v, now))),
  Api: (s) => [...s.apis.values()].map((a) => made(a.apiId, a.fields["ApiName"])),
  UsagePlan: (s) => [...s.usagePlans.values()].map((p) => made(p.fields["UsagePlanId"], p.fields["UsagePlanName"])),
  ApiKey: (s) =>
    [...s.apiKeys.values()].map((k) =>
      made(k.fields["AccessKeyId"], k.fields["SecretName"], k.fields["Status"] === 1 ? "enabled" : "disabled"),
    ),
  IPStrategy: (s) => [...s.ipStrategies.values()].map((i) => made(i.fields["StrategyId"], i.fields["StrategyName"])),
  Plugin: (s) => [...s.plugins.values()].map((p) => made(p.fields["PluginId"], p.fields["PluginName"])),
  SubDomain: (s) => s.domains.map((d) => made(d.fields["DomainName"], d.fields["DomainName"])),
  ApiApp: (s) => [...s.apps.values()].map((a) => made(a.fields["ApiAppId"], a.fields["ApiAppName"])),
  APIDoc: (s, now) =>
    [...s.docs.values()].map((d) =>
      made(d.fields["ApiDocId"], d.fields["ApiDocName"], d.readyAt <= now ? "COMPLETED" : "PROCESSING"),
    ),
};

/** Every object a program made, by kind, then in the order made. */
const objectsOf = (store: Store): EmulatedObject[] =>
  Object.entries(KINDS).flatMap(([kind, list]) => list(store, store.now()).map((o) => ({ kind, ...o })));

/** Starts a cloudplat emulator on 127.0.0.1 (a free port), with releases `speed` times the platform's pace. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const speed = options.speed ?? DEFAULT_SPEED;
  const emu = await startCloudplatEmulator({ seed: options.seed ?? 1, region: REGION, ...scaled(PACE, speed) });
  return testEmulator({
    emu,
    pace: PACE,
    speed,
    env: {
      CLOUDPLAT_ENDPOINT: emu.url,
      CLOUDPLAT_SECRET_ID: emu.credentials.secretId,
      CLOUDPLAT_SECRET_KEY: emu.credentials.secretKey,
      CLOUDPLAT_REGION: REGION,
      NO_PROXY: "127.0.0.1",
    },
    objects: () => objectsOf(emu.state.store),
    arm: ({ action, service, times, ...answer }: Answer) =>
      armedHandle(emu.faults.next({ ...kindOf(answer), ...defined({ action, service, times }) })),
  });
}
