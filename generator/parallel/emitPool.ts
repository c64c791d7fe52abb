import { serialize } from "node:v8";
import { Worker } from "node:worker_threads";
import type { SchemaListing } from "../load/loadSchemas.js";
import { GENERATOR_URL } from "../location.js";
import { subPlan, type ModuleJob } from "../plan/modules.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { WriteError, type FileState } from "../write/writeTree.js";
import type { Diagnostic } from "../diagnostics.js";
import type { EntityOutline } from "../load/sourceDoc.js";
import type { Verdicts } from "../reuse/checks.js";

/** A module to emit, a text (a rendered template) that only needs formatting, or a docs page to render. */
export type WorkItem = { path: string; job: ModuleJob } | { path: string; text: string } | { path: string; page: true };
export type Files = [path: string, text: string][];
/** Where a worker stages what it renders; `fresh`: nothing of the package was on disk, so nothing to compare. */
export type StageTarget = { dir: string; write: boolean; fresh: boolean };
/** A file a worker staged: its state against the disk, and its text's hash (for the next run). */
export type StagedFiles = [path: string, state: FileState, hash: string][];
/** `plan` comes serialized (node:v8), once per worker. */
export type Task = { planId: number; plan?: Uint8Array; items: readonly WorkItem[]; into: StageTarget };
/**
 * The schemas to check, and the providers to check of them (the others were checked before, unchanged).
 * `read[i]` is what this thread read of `listing.texts[i]`: its outline, and its data when the worker
 * needs it and does not hold it from the last check (else it parses the text if a rule reads it);
 * undefined when it did not parse (the worker parses it for the problems). `before`: what earlier
 * runs found (checkAgain).
 */
export type CheckTask = {
  listing: SchemaListing;
  read: ({ data?: unknown; outline: EntityOutline } | undefined)[];
  only: ReadonlySet<string>;
  before: Verdicts;
};
/** What checking the schemas found: every problem, and what passed (reuse/checks.ts's checkAgain). */
export type Checks = Verdicts & { problems: Diagnostic[] };
/** What a stat says of a file: its signature (statSignature), and whether it changed too recently to trust it; undefined: no file. */
export type Seen = { signature: string; racy: boolean } | undefined;
/** A worker's answer: the task's files or checks, or why it failed (a write's failure apart: it is the user's to fix). */
export type Answer = {
  id: number;
  results?: StagedFiles;
  checks?: Checks;
  seen?: Seen[];
  error?: string;
  writeError?: string;
};

/** One worker thread checking and rendering what it is sent; answers are matched to tasks by id. */
export class RenderWorker {
  private readonly worker = new Worker(new URL("emitWorker.js", GENERATOR_URL));
  private readonly sentPlans = new Set<number>();
  private readonly pending = new Map<number, { resolve: (answer: Answer) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor() {
    this.worker.on("message", (m: Answer) => {
      const task = this.pending.get(m.id)!;
      this.pending.delete(m.id);
      if (m.writeError) task.reject(new WriteError(m.writeError));
      else if (m.error) task.reject(new Error(`generator worker failed: ${m.error}`));
      else task.resolve(m);
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
    return this.ask({ task }).then((a) => a.results!);
  }

  /** Checks the schemas (validation), as this thread models them. */
  check(check: CheckTask): Promise<Checks> {
    return this.ask({ check }).then((a) => a.checks!);
  }

  /** What a stat says of each file. */
  seen(paths: readonly string[]): Promise<Seen[]> {
    return this.ask({ seen: paths }).then((a) => a.seen!);
  }

  private ask(message: { task: Task } | { check: CheckTask } | { seen: readonly string[] }): Promise<Answer> {
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
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

/**
 * One worker beside this thread: it checks the schemas while this thread models them, then renders,
 * sent only the part of the plan it reads. On two cores a second worker cost more than it saved.
 */
export class RenderPool {
  private readonly worker = new RenderWorker();
  private readonly sendable = new WeakMap<PackagePlan, Sendable>();
  private nextPlanId = 0;
  /** The hashes of the texts whose data the worker holds since the last check. */
  private held = new Set<string>();

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

  /** The schemas checked by the worker, which keeps the data it is sent: what it holds is not sent again. */
  check({ listing, read, only, before }: CheckTask): Promise<Checks> {
    const held = this.held;
    const holds = (i: number) => held.has(listing.texts[i]!.meta.hash);
    this.held = new Set(
      listing.texts.flatMap(({ meta }, i) => (read[i] && ("data" in read[i]! || holds(i)) ? [meta.hash] : [])),
    );
    return this.worker.check({
      listing,
      read: read.map((r, i) => (r && holds(i) ? { outline: r.outline } : r)),
      only,
      before,
    });
  }

  /** The stats of files, taken by the worker (while this thread models): what a stat says of each, by path. */
  async seen(paths: readonly string[]): Promise<Map<string, Seen>> {
    const seen = await this.worker.seen(paths);
    return new Map(paths.map((path, i) => [path, seen[i]]));
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
