import { serialize } from "node:v8";
import { Worker } from "node:worker_threads";
import { GENERATOR_URL } from "../location.js";
import { subPlan, type ModuleJob } from "../plan/modules.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { WriteError, type FileState } from "../write/writeTree.js";

/** A module to emit, a text (a rendered template) that only needs formatting, or a docs page to render. */
export type WorkItem = { path: string; job: ModuleJob } | { path: string; text: string } | { path: string; page: true };
export type Files = [path: string, text: string][];
/** Where a worker stages what it renders; `fresh`: nothing of the package was on disk, so nothing to compare. */
export type StageTarget = { dir: string; write: boolean; fresh: boolean };
/** A file a worker staged: its state against the disk, and its text's hash (for the next run). */
export type StagedFiles = [path: string, state: FileState, hash: string][];
/** `plan` comes serialized (node:v8), once per worker. */
export type Task = { planId: number; plan?: Uint8Array; items: readonly WorkItem[]; into: StageTarget };
/** A worker's answer: the task's files, or why it failed (a write's failure apart: it is the user's to fix). */
export type Answer = {
  id: number;
  results?: StagedFiles;
  error?: string;
  writeError?: string;
};

/** One worker thread rendering what it is sent; answers are matched to tasks by id. */
export class RenderWorker {
  private readonly worker = new Worker(new URL("emitWorker.js", GENERATOR_URL));
  private readonly sentPlans = new Set<number>();
  private readonly pending = new Map<
    number,
    { resolve: (results: NonNullable<Answer["results"]>) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;

  constructor() {
    this.worker.on("message", (m: Answer) => {
      const task = this.pending.get(m.id)!;
      this.pending.delete(m.id);
      if (m.writeError) task.reject(new WriteError(m.writeError));
      else if (m.error) task.reject(new Error(`generator worker failed: ${m.error}`));
      else task.resolve(m.results!);
    });
    this.worker.on("error", (e) => {
      for (const task of this.pending.values()) task.reject(e);
      this.pending.clear();
    });
  }

  /** Renders and stages the items; the plan is sent with the first task that needs it. */
  stage(planId: number, serialized: () => Uint8Array, items: readonly WorkItem[], into: StageTarget) {
    const task: Task = { planId, items, into };
    if (!this.sentPlans.has(planId)) task.plan = serialized();
    this.sentPlans.add(planId);
    const id = this.nextId++;
    return new Promise<StagedFiles>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, task });
    });
  }

  /** Lets the worker drop a plan no task will name again (a watch sends one per run). */
  forget(planId: number): void {
    if (this.sentPlans.delete(planId)) this.worker.postMessage({ forget: planId });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

type Sendable = { readonly id: number; readonly serialized: () => Uint8Array };

/** Modules per task: small enough that staging keeps pace with rendering, large enough that messages cost little. */
const CHUNK = 25;

/** One render worker, sent only the part of the plan it reads; on two cores a second cost more than it saved. */
export class RenderPool {
  private readonly worker = new RenderWorker();
  private readonly sendable = new WeakMap<PackagePlan, Sendable>();
  private nextPlanId = 0;

  /** Every item emitted, formatted and staged; all tasks settle first, so after a failure the worker is not writing. */
  async stage(plan: PackagePlan, items: readonly WorkItem[], into: StageTarget): Promise<StagedFiles> {
    if (items.length === 0) return [];
    // A page may read the whole package; modules, only their part of it.
    const part = this.sendableOf(items.some((i) => "page" in i) ? plan : subPlan(plan, jobsOf(items)));
    // All posted now: a worker asking for its next batch would wait on this thread, busy with other work.
    const sent = Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
      this.worker.stage(part.id, part.serialized, items.slice(i * CHUNK, (i + 1) * CHUNK), into),
    );
    try {
      const settled = await Promise.allSettled(sent);
      const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
      if (failed) throw failed.reason;
      return settled.flatMap((s) => (s as PromiseFulfilledResult<StagedFiles>).value);
    } finally {
      this.worker.forget(part.id);
    }
  }

  private sendableOf(plan: PackagePlan): Sendable {
    let sendable = this.sendable.get(plan);
    if (!sendable) {
      let bytes: Uint8Array | undefined;
      sendable = { id: this.nextPlanId++, serialized: () => (bytes ??= serialize(plan)) };
      this.sendable.set(plan, sendable);
    }
    return sendable;
  }

  async close(): Promise<void> {
    await this.worker.close();
  }
}

const jobsOf = (items: readonly WorkItem[]): ModuleJob[] => items.flatMap((i) => ("job" in i ? [i.job] : []));
