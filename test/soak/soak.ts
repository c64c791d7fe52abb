import { OrderUncertainError, WaitError } from "@sdkgen/runtime";
import { Port, Provider, type PortArgs } from "netsvc";
import type { FaultKind } from "../emulators/netsvc/index.js";
import { startNetsvcEmulator } from "../emulators/netsvc/index.js";

/**
 * A bounded soak of the netsvc SDK against its emulator: create, read, update and delete cycles run
 * concurrently while a share of requests meets a fault (throttling, server errors, dropped connections
 * before and after the server acted, replies slower than the timeout, expired tokens). It then counts
 * what must stay zero: objects ordered twice, and billed objects the program was never told about.
 */
export interface SoakOptions {
  readonly cycles: number;
  readonly concurrency: number;
  /** The share of operations preceded by an armed fault, 0 to 1. */
  readonly faultRate: number;
  readonly seed: number;
}

export interface SoakReport {
  readonly operations: number;
  readonly faults: number;
  /** Failed operations by error class. */
  readonly failures: Readonly<Record<string, number>>;
  /** Names ordered more than once. */
  readonly duplicates: number;
  /** Live products the program was never told about (neither returned nor named in an error). */
  readonly orphans: number;
  readonly heapBeforeMiB: number;
  readonly heapAfterMiB: number;
}

const TIMEOUT_MS = 300;
const FAULTS: readonly FaultKind[] = [
  { kind: "status", status: 429, retryAfter: 0 },
  { kind: "status", status: 500 },
  { kind: "status", status: 502 },
  { kind: "status", status: 503 },
  { kind: "drop" },
  { kind: "dropAfter" },
  { kind: "delay", ms: TIMEOUT_MS + 100 },
  { kind: "expireToken" },
];
/** Where a fault lands: the order itself, the reads after it, validation, cancellation, or anywhere. */
const TARGETS: readonly (string | undefined)[] = [
  "/v4/networkdesign/buy",
  "/v2/product/",
  "/v3/networkdesign/validate",
  "/action/",
  undefined,
];
const GONE = new Set(["CANCELLED", "DECOMMISSIONED", "CANCELLED_PARENT"]);

/** mulberry32: a tiny seeded generator, so a soak's faults are the same on every run of a seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const heapMiB = () => Math.round(process.memoryUsage().heapUsed / 1048576);

export async function soak(options: SoakOptions): Promise<SoakReport> {
  const emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  const provider = new Provider(
    {
      endpoint: emu.url,
      accessKey: emu.credentials.accessKey,
      secretKey: emu.credentials.secretKey,
      acceptPurchaseTerms: true,
    },
    {},
    {
      pollMs: 5,
      timeoutMs: TIMEOUT_MS,
      retry: { maxAttempts: 5, baseDelayMs: 5, maxDelayMs: 50, maxRetryAfterMs: 50, budgetMs: 5_000 },
    },
  );
  const rand = random(options.seed);
  const known = new Set<string>();
  const failures: Record<string, number> = {};
  let operations = 0;
  let faults = 0;
  const heapBeforeMiB = heapMiB();

  /** Maybe arms a fault for the next request, then runs one operation, counting how it failed. */
  const run = async <T>(operation: () => Promise<T>): Promise<T | undefined> => {
    if (rand() < options.faultRate) {
      faults++;
      const path = TARGETS[Math.floor(rand() * TARGETS.length)];
      emu.faults.next({ ...FAULTS[Math.floor(rand() * FAULTS.length)]!, ...(path && { path }) });
    }
    operations++;
    try {
      return await operation();
    } catch (e) {
      const name = e instanceof Error ? e.name : typeof e;
      failures[name] = (failures[name] ?? 0) + 1;
      if (e instanceof WaitError && e.importId) known.add(e.importId);
      if (e instanceof OrderUncertainError)
        for (const c of e.candidates) known.add(typeof c === "string" ? c : c.reveal());
      return undefined;
    }
  };

  const cycle = async (i: number): Promise<void> => {
    const args: PortArgs = {
      productName: `soak-${options.seed}-${i}`,
      locationId: 3,
      portSpeed: 10000,
      marketplaceVisibility: false,
      contractTermMonths: 1,
    };
    const port = await run(() => Port.create(args, { provider, waitMinutes: 1 }));
    if (!port) return;
    known.add(port.id);
    await run(() => Port.get(port.id, { provider }));
    await run(() => port.update({ ...args, costCentre: `cc-${i}` }, { waitMinutes: 1 }));
    await run(() => port.delete());
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.cycles) await cycle(next++);
    }),
  );
  emu.faults.clear();
  const products = emu.state.products().filter((p) => String(p.productName).startsWith(`soak-${options.seed}-`));
  const byName = new Map<string, number>();
  for (const p of products) byName.set(String(p.productName), (byName.get(String(p.productName)) ?? 0) + 1);
  const report: SoakReport = {
    operations,
    faults,
    failures,
    duplicates: [...byName.values()].filter((n) => n > 1).length,
    orphans: products.filter((p) => !GONE.has(String(p.provisioningStatus)) && !known.has(String(p.productUid))).length,
    heapBeforeMiB,
    heapAfterMiB: heapMiB(),
  };
  await emu.stop();
  return report;
}
