import { Worker } from "node:worker_threads";
import type { ModuleJob } from "../emit/moduleKeys.js";
import type { PackagePlan } from "../plan/planPackage.js";
import type { Printer } from "./modules.js";

/**
 * Prints modules on the generator's own emit worker (generator/parallel/emitWorker.ts, role "emit":
 * ts-morph only, no formatting). Started before the schemas are read, it loads ts-morph (a quarter of
 * a second) while this thread loads both sides, instead of after.
 */
export class WorkerPrinter {
  private readonly worker = new Worker(new URL("../parallel/emitWorker.js", import.meta.url), { workerData: "emit" });
  private readonly pending = new Map<
    number,
    { resolve: (files: [string, string][]) => void; reject: (e: Error) => void }
  >();
  private next = 0;

  constructor() {
    this.worker.on("message", (m: { id: number; results?: [string, string][]; error?: string }) => {
      const task = this.pending.get(m.id)!;
      this.pending.delete(m.id);
      if (m.error !== undefined) task.reject(new Error(`generator worker failed: ${m.error}`));
      else task.resolve(m.results!);
    });
    this.worker.on("error", (e) => {
      for (const task of this.pending.values()) task.reject(e);
      this.pending.clear();
    });
  }

  readonly print: Printer = (plan: PackagePlan, jobs: readonly ModuleJob[]) => {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: (files) => resolve(new Map(files)), reject });
      // Each task carries its own plan (the worker keeps plans by id; ids here are never reused).
      this.worker.postMessage({ id, task: { planId: id, plan, items: jobs.map((job) => ({ path: job.path, job })) } });
    });
  };

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
