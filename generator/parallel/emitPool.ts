import { Worker } from "node:worker_threads";
import type { ModuleJob } from "../emit/moduleKeys.js";
import type { PackagePlan } from "../plan/planPackage.js";

/** A module to emit, or a text (a rendered template) that only needs formatting. */
export type WorkItem = { path: string; job: ModuleJob } | { path: string; text: string };
export type Files = [path: string, text: string][];

export type Role = "emit" | "format";
export type Task = { plan: PackagePlan; items: readonly WorkItem[] } | { files: Files };

/** One worker thread with one job, emitting (it alone loads ts-morph) or formatting (it alone loads prettier). */
class RoleWorker {
  private readonly worker: Worker;
  private nextId = 0;

  constructor(role: Role) {
    this.worker = new Worker(new URL("./emitWorker.js", import.meta.url), { workerData: role });
  }

  /** Posted at once (tasks run in order); settles when the worker answers. */
  run(task: Task): Promise<Files> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onMessage = (m: { id: number; results?: Files; error?: string }) => {
        if (m.id !== id) return;
        this.worker.off("message", onMessage);
        this.worker.off("error", reject);
        if (m.error) reject(new Error(`generator worker failed: ${m.error}`));
        else resolve(m.results!);
      };
      this.worker.on("message", onMessage);
      this.worker.once("error", reject);
      this.worker.postMessage({ id, task });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** Modules per emitted batch: the formatter starts on early batches while later ones are emitted. */
const CHUNK = 25;

/**
 * Emitting and formatting on two threads, started first thing so that loading ts-morph and prettier
 * (and warming prettier up) overlaps with reading and validating the schemas on the main thread.
 * Each library is loaded and JIT-compiled once, which on two cores beats splitting the same work.
 */
export class RenderPool {
  private readonly emitter = new RoleWorker("emit");
  private readonly formatter = new RoleWorker("format");

  /** Every item emitted (where needed) and formatted; batches stream from the emitter to the formatter. */
  async render(plan: PackagePlan, items: readonly WorkItem[]): Promise<Files> {
    const texts: Files = items.flatMap((item) => ("text" in item ? [[item.path, item.text] as [string, string]] : []));
    const jobs = items.filter((item) => "job" in item);
    const formatted = texts.length ? [this.formatter.run({ files: texts })] : [];
    const batches = Array.from({ length: Math.ceil(jobs.length / CHUNK) }, (_, i) =>
      jobs.slice(i * CHUNK, (i + 1) * CHUNK),
    );
    formatted.push(
      ...batches.map((batch) =>
        this.emitter.run({ plan, items: batch }).then((files) => this.formatter.run({ files })),
      ),
    );
    return (await Promise.all(formatted)).flat();
  }

  async close(): Promise<void> {
    await Promise.all([this.emitter.close(), this.formatter.close()]);
  }
}
