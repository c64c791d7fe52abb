import { serialize } from "node:v8";
import { Worker } from "node:worker_threads";
import type { ModuleJob } from "../emit/moduleKeys.js";
import type { Task } from "../parallel/emitPool.js";
import type { PackagePlan } from "../plan/planPackage.js";
import type { Printer } from "./modules.js";

/**
 * Prints modules on the generator's own render worker (generator/parallel/emitWorker.ts). Started
 * before the schemas are read, it loads the emitters while this thread loads both sides, instead of after.
 */
export class WorkerPrinter {
  private readonly worker = new Worker(new URL("../parallel/emitWorker.js", import.meta.url));
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
      // Each task carries its own plan, which the worker drops once the task is answered.
      const forget = () => this.worker.postMessage({ forget: id });
      this.pending.set(id, {
        resolve: (files) => {
          forget();
          resolve(new Map(files));
        },
        reject: (e) => {
          forget();
          reject(e);
        },
      });
      const task: Task = { planId: id, plan: serialize(plan), items: jobs.map((job) => ({ path: job.path, job })) };
      this.worker.postMessage({ id, task });
    });
  };

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
