import { serialize } from "node:v8";
import { RenderWorker } from "../parallel/emitPool.js";
import type { ModuleJob } from "../plan/modules.js";
import type { PackagePlan } from "../plan/planPackage.js";
import type { Printer } from "./modules.js";

/**
 * Prints modules on one of the generator's render workers (generator/parallel/emitPool.ts). Started
 * before the schemas are read, it loads the emitters while this thread loads both sides, instead of after.
 */
export class WorkerPrinter {
  private readonly worker = new RenderWorker();
  private nextPlanId = 0;

  readonly print: Printer = async (plan: PackagePlan, jobs: readonly ModuleJob[]) => {
    // Each call carries its own plan, which the worker drops once the call is answered.
    const planId = this.nextPlanId++;
    const items = jobs.map((job) => ({ path: job.path, job }));
    try {
      return new Map(await this.worker.render(planId, () => serialize(plan), items));
    } finally {
      this.worker.forget(planId);
    }
  };

  async close(): Promise<void> {
    await this.worker.close();
  }
}
