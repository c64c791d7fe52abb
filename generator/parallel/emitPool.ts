import { Worker } from "node:worker_threads";
import type { ModuleJob } from "../emit/moduleKeys.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { subPlan } from "../plan/subPlan.js";

/** A module to emit, or a text (a rendered template) that only needs formatting. */
export type WorkItem = { path: string; job: ModuleJob } | { path: string; text: string };
export type Files = [path: string, text: string][];

/** `emit` loads only ts-morph, `format` only prettier, `render` both (emits, then formats). */
export type Role = "emit" | "format" | "render";
export type Task = { planId: number; plan?: PackagePlan; items: readonly WorkItem[] } | { files: Files };

const planIds = new WeakMap<PackagePlan, number>();
let nextPlanId = 0;

/** One worker thread with one role; answers are matched to tasks by id. */
class RoleWorker {
  private readonly worker: Worker;
  private readonly sentPlans = new Set<number>();
  private readonly pending = new Map<number, { resolve: (files: Files) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor(role: Role) {
    this.worker = new Worker(new URL("./emitWorker.js", import.meta.url), { workerData: role });
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

  /** Items to emit (and, for `render`, format); the plan is sent with the first task that needs it. */
  items(plan: PackagePlan, items: readonly WorkItem[]): Promise<Files> {
    let planId = planIds.get(plan);
    if (planId === undefined) planIds.set(plan, (planId = nextPlanId++));
    const first = !this.sentPlans.has(planId);
    this.sentPlans.add(planId);
    return this.run(first ? { planId, plan, items } : { planId, items });
  }

  format(files: Files): Promise<Files> {
    return this.run({ files });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }

  /** Posted at once (tasks run in order); settles when the worker answers. */
  private run(task: Task): Promise<Files> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, task });
    });
  }
}

/** Modules per emitted batch: formatting of early batches starts while later ones are emitted. */
const CHUNK = 25;

/**
 * Worker threads that render modules. A cold run (no cache, everything to build) gets an emitter (the
 * only thread loading ts-morph) and a formatter (loading prettier and warming it up while schemas
 * load), started first thing; batches stream from one to the other, and the emitter helps format once
 * it is done. Two busy threads on two cores: more only slows all of them. A warm run rebuilds a few
 * modules: one thread doing both is enough.
 */
export class RenderPool {
  private readonly emitter: RoleWorker;
  private readonly formatter: RoleWorker | undefined;

  constructor(cold: boolean) {
    this.emitter = new RoleWorker(cold ? "emit" : "render");
    this.formatter = cold ? new RoleWorker("format") : undefined;
  }

  /**
   * Every item emitted (where needed) and formatted. Emitted batches are taken by whoever is free: the
   * formatter (kept a few batches ahead so it never waits on this thread), and the emitter once it has
   * emitted everything. This thread loads neither ts-morph nor prettier.
   */
  async render(plan: PackagePlan, items: readonly WorkItem[]): Promise<Files> {
    if (items.length === 0) return [];
    if (!this.formatter) {
      const jobs = items.flatMap((item) => ("job" in item ? [item.job] : []));
      return this.emitter.items(subPlan(plan, jobs), items);
    }
    const formatter = this.formatter;
    const texts: Files = items.flatMap((item) => ("text" in item ? [[item.path, item.text] as [string, string]] : []));
    const jobs = items.filter((item) => "job" in item);
    const batches = Array.from({ length: Math.ceil(jobs.length / CHUNK) }, (_, i) =>
      jobs.slice(i * CHUNK, (i + 1) * CHUNK),
    );
    const emitted = batches.map((batch) => this.emitter.items(plan, batch)); // all posted now
    const out: Files = texts.length ? await formatter.format(texts) : [];
    let next = 0;
    const lane = async (worker: RoleWorker, after?: Promise<unknown>) => {
      await after;
      while (next < batches.length) out.push(...(await worker.format(await emitted[next++]!)));
    };
    // The formatter keeps a few batches queued; the emitter joins once it has emitted everything.
    await Promise.all([lane(formatter), lane(formatter), lane(formatter), lane(this.emitter, Promise.all(emitted))]);
    return out;
  }

  async close(): Promise<void> {
    await Promise.all([this.emitter.close(), this.formatter?.close()]);
  }
}
