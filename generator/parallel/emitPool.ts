import { Worker } from "node:worker_threads";
import type { ModuleJob } from "../emit/moduleKeys.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { subPlan } from "../plan/subPlan.js";

/** A module to emit, or a text (a rendered template) that only needs formatting. */
export type WorkItem = { path: string; job: ModuleJob } | { path: string; text: string };
export type Files = [path: string, text: string][];
export type Task = { planId: number; plan?: PackagePlan; items: readonly WorkItem[] };

/** One worker thread rendering what it is sent; answers are matched to tasks by id. */
class RenderWorker {
  private readonly worker = new Worker(new URL("./emitWorker.js", import.meta.url));
  private readonly sentPlans = new WeakSet<PackagePlan>();
  private readonly pending = new Map<number, { resolve: (files: Files) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor() {
    this.worker.on("message", (m: { id: number; results?: Files; error?: string }) => {
      const task = this.pending.get(m.id)!;
      this.pending.delete(m.id);
      if (m.error) task.reject(new Error(`generator worker failed: ${m.error}`));
      else task.resolve(m.results!);
    });
    this.worker.on("error", (e) => {
      for (const task of this.pending.values()) task.reject(e);
      this.pending.clear();
    });
  }

  /** Renders the items; the plan is sent (structured-cloned) with the first task that needs it. */
  render(planId: number, plan: PackagePlan, items: readonly WorkItem[]): Promise<Files> {
    const first = !this.sentPlans.has(plan);
    this.sentPlans.add(plan);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, task: first ? { planId, plan, items } : { planId, items } });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** Modules per task: small enough to share the work evenly, large enough that messages cost little. */
const CHUNK = 25;

/**
 * Worker threads that render modules, started first thing so that they load the emitters while this
 * thread reads schemas. A cold run (no cache, everything to build) gets two, which take batches in
 * turn until none is left: with this thread, that keeps two cores busy. A warm run rebuilds a few
 * modules: one worker is enough, and it gets only the part of the plan they need.
 */
export class RenderPool {
  private readonly workers: RenderWorker[];
  private readonly planIds = new WeakMap<PackagePlan, number>();

  constructor(cold: boolean) {
    this.workers = Array.from({ length: cold ? 2 : 1 }, () => new RenderWorker());
  }

  /** Every item emitted (where needed) and formatted, in no particular order. */
  async render(plan: PackagePlan, items: readonly WorkItem[]): Promise<Files> {
    if (items.length === 0) return [];
    const sent = this.workers.length === 1 ? subPlan(plan, items.flatMap((i) => ("job" in i ? [i.job] : []))) : plan;
    let planId = this.planIds.get(sent);
    if (planId === undefined) this.planIds.set(sent, (planId = nextPlanId++));
    const batches = Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
      items.slice(i * CHUNK, (i + 1) * CHUNK),
    );
    const out: Files = [];
    let next = 0;
    const lane = async (worker: RenderWorker) => {
      while (next < batches.length) out.push(...(await worker.render(planId, sent, batches[next++]!)));
    };
    await Promise.all(this.workers.map(lane));
    return out;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}

let nextPlanId = 0;
