import { OrderUncertainError, WaitError } from "@sdkgen/runtime";
import { ApiGatewayService, Provider } from "cloudplat";
import { startCloudplatEmulator, type FaultRule } from "../emulators/cloudplat/index.js";
import { random, type SoakOptions, type SoakReport } from "./soak.js";

/**
 * The soak of soak.ts for the cloudplat SDK: ApiGatewayService create, read, update and delete cycles
 * while a share of calls meets a fault (throttling and internal errors answered in the envelope,
 * HTTP 5xx, dropped connections, and replies slower than the timeout, after which the platform still
 * acts: the case where a create's answer is lost). It counts services created twice and services the
 * program was never told about.
 */
const TIMEOUT_MS = 300;
const FAULTS: readonly FaultRule[] = [
  { kind: "error", code: "RequestLimitExceeded" },
  { kind: "error", code: "InternalError" },
  { kind: "http", status: 500 },
  { kind: "http", status: 503 },
  { kind: "drop" },
  { kind: "delay", ms: TIMEOUT_MS + 100 },
];
/** Where a fault lands: the create itself, the reads after it, the update, the delete, or anywhere. */
const ACTIONS: readonly (string | undefined)[] = [
  "CreateService",
  "DescribeService",
  "ModifyService",
  "DeleteService",
  undefined,
];

const heapMiB = () => Math.round(process.memoryUsage().heapUsed / 1048576);

export async function cloudplatSoak(options: SoakOptions): Promise<SoakReport> {
  const emu = await startCloudplatEmulator();
  const provider = new Provider(
    { secretId: emu.credentials.secretId, secretKey: emu.credentials.secretKey, endpoint: emu.url },
    {},
    {
      rateLimit: false,
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

  const run = async <T>(operation: () => Promise<T>): Promise<T | undefined> => {
    if (rand() < options.faultRate) {
      faults++;
      const action = ACTIONS[Math.floor(rand() * ACTIONS.length)];
      emu.faults.next({
        ...FAULTS[Math.floor(rand() * FAULTS.length)]!,
        service: "apigateway",
        ...(action && { action }),
      });
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
    const args = { serviceName: `soak_${options.seed}_${i}`, protocol: "http", netTypes: ["OUTER"] } as const;
    const service = await run(() => ApiGatewayService.create(args, { provider, waitMinutes: 1 }));
    if (!service) return;
    known.add(service.id);
    await run(() => ApiGatewayService.get(service.id, { provider }));
    await run(() => service.update({ ...args, serviceDesc: `cycle ${i}` }, { waitMinutes: 1 }));
    await run(() => service.delete());
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.cycles) await cycle(next++);
    }),
  );
  emu.faults.clear();
  // Replies delayed past the timeout are still being handled: let them land before counting.
  await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 200));
  const services = [...emu.state.store.services.values()]
    .map((s) => s.fields)
    .filter((f) => String(f.ServiceName).startsWith(`soak_${options.seed}_`));
  const byName = new Map<string, number>();
  for (const f of services) byName.set(String(f.ServiceName), (byName.get(String(f.ServiceName)) ?? 0) + 1);
  const report: SoakReport = {
    operations,
    faults,
    failures,
    duplicates: [...byName.values()].filter((n) => n > 1).length,
    orphans: services.filter((f) => !known.has(String(f.ServiceId))).length,
    heapBeforeMiB,
    heapAfterMiB: heapMiB(),
  };
  await emu.stop();
  return report;
}
