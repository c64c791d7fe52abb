import { readFileSync } from "node:fs";
import { join } from "node:path";
import { docFiles, renderDoc, type DocFile } from "../docs/emitDocs.js";
import { emitTextFiles } from "../emit/emitTextFiles.js";
import { Digests, hashText } from "../hash.js";
import { emitIndex } from "../emit/emitIndex.js";
import { moduleJobs, rootInput } from "../plan/modules.js";
import type { PackageModel } from "../model/types.js";
import { planPackages, type PackagePlan } from "../plan/planPackage.js";
import { awaitedLater } from "../parallel/awaitedLater.js";
import { RenderPool, type Seen, type StagedFiles, type WorkItem } from "../parallel/emitPool.js";
import { Stats } from "../stats.js";
import { inPackage, PackageStage, type Drift } from "../write/writeTree.js";
import { modelsBeside } from "./checkedModels.js";
import { ModelMemory } from "../reuse/modelMemory.js";
import { Explanation, type RenderReason } from "./explain.js";
import { packageKeys } from "../reuse/keys.js";
import { Store, type RunStore, type Written } from "../reuse/store.js";

export type RegenerateResult = { name: string; drift: Drift; files: number };

/** A run stopped by its signal before replacing any file: what it staged is removed. */
export class Interrupted extends Error {
  constructor() {
    super("interrupted; nothing was written");
  }
}

/**
 * Runs of the whole job in one process: one for `generate`, many for `generate --watch`. Every run
 * is the full pipeline (load, validate, model, plan, then each file's input); what it reuses is only
 * the result of a stage for the same input, kept by the hash of that input (Store), so a run that
 * reuses gives what a fresh one gives. Modules are rendered by a worker thread, started first thing,
 * while this thread renders the docs pages.
 */
export class Regeneration {
  private readonly pool = new RenderPool();
  private readonly store: Store;
  private saveTimer: NodeJS.Timeout | undefined;
  // What a watch's next run reuses: a provider's model or its documents' slices, then what is made of
  // the same model and plan objects (each a function of them alone), and the digests of known objects.
  private readonly digests = new Digests();
  private readonly models = new ModelMemory(this.digests);
  private readonly plans = new WeakMap<PackageModel, PackagePlan>();
  private readonly prepared = new WeakMap<PackagePlan, Prepared>();
  /** What the last run reused and why (`generate --explain`). */
  explanation: Explanation | undefined;

  constructor(
    private readonly schemaDir: string,
    private readonly outDir: string,
    cacheDir: string | undefined,
    /** Says what went wrong beside the job: a cache that could not be saved. */
    private readonly warn = (message: string) => console.error(`sdkgen: ${message}`),
  ) {
    this.store = Store.open(cacheDir);
  }

  /** One run: validate, generate, then write (or, with `check`, only compare). */
  async run(check: boolean, stats = new Stats(), signal?: AbortSignal): Promise<RegenerateResult[]> {
    clearTimeout(this.saveTimer);
    const reuse = this.store.begin();
    const explain = (this.explanation = new Explanation(this.store.origin, this.store.dir));
    const started: Started[] = [];
    let wrote = false;
    try {
      // The worker stats the files the last run wrote, and checks the schemas, while this thread models, plans and keys them.
      const seen = awaitedLater(this.pool.seen([...reuse.previous.outputs.keys()]));
      const prepared = await stats.timeAsync("load, model, plan, keys (the worker validating)", () =>
        modelsBeside(
          this.schemaDir,
          reuse,
          explain,
          this.models,
          (task) => this.pool.check(task),
          (models) => this.planned(models).map((plan) => this.prepare(plan)),
        ),
      );
      // Before anything is sent to render: a large package has seconds of it left.
      if (await stopped(signal)) throw new Interrupted();
      const found = await seen;
      for (const p of prepared) started.push(stats.time("keys", () => this.start(p, check, reuse, explain, found)));
      const packages = await Promise.all(started.map((p) => finish(p, stats)));
      // The last moment to stop with nothing replaced; once begun, the renames finish (signals wait for them).
      if (await stopped(signal)) throw new Interrupted();
      const results = stats.time(check ? "compare" : "write", () => packages.map((p) => commit(p, reuse)));
      wrote = !check;
      return results;
    } catch (e) {
      await Promise.allSettled(started.map((p) => p.rendered));
      for (const { stage, outputs } of started) stage.abort(outputs.keys());
      throw e;
    } finally {
      this.store.end(reuse, { wrote });
    }
  }

  /** A package's outputs keyed, and those not reusable sent to render: modules and texts to the worker. */
  private start(
    { plan, all, files, keys }: Prepared,
    check: boolean,
    reuse: RunStore,
    explain: Explanation,
    seen: ReadonlyMap<string, Seen>,
  ): Started {
    const name = plan.model.provider.name;
    const dir = join(this.outDir, name);
    const stage = new PackageStage(dir, !check);
    const outputs = new Map<string, string>();
    const kept = new Map<string, Written>();
    const toRender = ({ path: file }: { path: string }): boolean => {
      const key = keys.get(file)!;
      outputs.set(file, key);
      const path = inPackage(dir, file);
      const found = asWritten(path, key, reuse.previous.outputs.get(path), seen.get(path));
      if ("reason" in found) {
        explain.count("generated files rendered");
        explain.render(name, file, found.reason);
        return true;
      }
      explain.count("generated files reused");
      kept.set(file, found);
      return false;
    };
    const into = { dir, write: !check, fresh: stage.fresh };
    const items = all.filter(toRender);
    const pages = files.filter(toRender);
    // With nothing to reuse, the worker renders a share of the pages after the modules: both threads then finish together.
    const cold = !reuse.wroteUnder(dir);
    const templated = cold ? pages.filter((f) => "page" in f) : [];
    const theirs = new Set<DocFile>(templated.slice(Math.round(templated.length * PAGES_HERE)));
    const sent = [...items, ...[...theirs].map(({ path }) => ({ path, page: true as const }))];
    const rendered = awaitedLater(this.pool.stage(plan, sent, into));
    return { name, stage, outputs, kept, rendered, pages: pages.filter((f) => !theirs.has(f)) };
  }

  /** Each model's plan, made once: naming collisions are reported like schema problems. */
  private planned(models: readonly PackageModel[]): PackagePlan[] {
    const fresh = models.filter((m) => !this.plans.has(m));
    planPackages(fresh).forEach((plan, i) => this.plans.set(fresh[i]!, plan));
    return models.map((m) => this.plans.get(m)!);
  }

  /** A plan's files before any is rendered: the texts and modules, the docs files, and each file's key; made once. */
  private prepare(plan: PackagePlan): Prepared {
    let found = this.prepared.get(plan);
    if (!found) {
      // The root is printed here, from its few lines of input: sent to the worker, it would need the whole plan.
      const all = [
        ...[...emitTextFiles(plan)].map(([path, text]) => ({ path, text })),
        ...moduleJobs(plan).map((job) =>
          job.kind === "index" ? { path: job.path, text: emitIndex(rootInput(plan)) } : { path: job.path, job },
        ),
      ];
      const files = docFiles(plan);
      const key = packageKeys(plan, this.digests);
      const keys = new Map([
        ...all.map((item) => [item.path, "text" in item ? key.text(item.text) : key.module(item.job)] as const),
        ...files.map((f) => [f.path, key.page(f)] as const),
      ]);
      this.prepared.set(plan, (found = { plan, all, files, keys }));
    }
    return found;
  }

  /** Saves what the last run kept once the watch has been idle a while: a large provider's is megabytes. */
  saveWhenIdle(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), IDLE_SAVE_MS);
  }

  private save(stats = new Stats()): void {
    try {
      stats.time("save cache", () => this.store.save());
    } catch (e) {
      // The cache only saves work: the run it describes stands.
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      this.warn(`the cache could not be saved in ${this.store.dir} (${why}); the next run does its work again`);
    }
  }

  /** Saves the cache, and stops the worker. */
  close(stats?: Stats): Promise<void> {
    clearTimeout(this.saveTimer);
    this.save(stats);
    return this.pool.close();
  }
}

/**
 * The share of a cold run's pages this thread renders, the worker rendering the rest after the
 * modules: so both finish together (a cold 2,000-entity run: half each left this thread waiting ~1 s).
 */
const PAGES_HERE = 0.85;

/** How long a watch waits, after a run, before saving the cache. */
const IDLE_SAVE_MS = 1000;

/**
 * What the last run recorded of a file, when this run may reuse it: its input's key is the same, and
 * the file is as written (its stat as recorded, `seen` earlier in this run, else its text's hash).
 */
function asWritten(
  path: string,
  key: string,
  written: Written | undefined,
  seen: Seen,
): Written | { reason: RenderReason } {
  if (!written) return { reason: "no earlier run wrote it" };
  if (written.key !== key) return { reason: "its input changed" };
  if (!seen) return { reason: "the file changed on disk" };
  if (seen.signature === written.stat) return written;
  try {
    if (hashText(readFileSync(path)) !== written.hash) return { reason: "the file changed on disk" };
  } catch {
    return { reason: "the file changed on disk" };
  }
  // Known by its stat from now on, unless a change within its clock's tick could keep the stat.
  return { ...written, stat: seen.racy ? undefined : seen.signature };
}

type Prepared = {
  readonly plan: PackagePlan;
  readonly all: readonly Exclude<WorkItem, { page: true }>[];
  readonly files: readonly DocFile[];
  /** Each file's key, by its path in the package. */
  readonly keys: ReadonlyMap<string, string>;
};

/** A package under way: its files' keys by path, those reused, and those being rendered. */
interface Started {
  readonly name: string;
  readonly stage: PackageStage;
  readonly outputs: Map<string, string>;
  readonly kept: Map<string, Written>;
  readonly rendered: Promise<StagedFiles>;
  readonly pages: readonly DocFile[];
}

/** The docs pages rendered and staged here while the worker renders and stages the modules; the hash of each file rendered. */
async function finish(p: Started, stats: Stats): Promise<Started & { hashes: Map<string, string> }> {
  const hashes = new Map<string, string>();
  stats.time("docs", () => {
    // Each page staged as soon as it is rendered, so its text dies young (2,000 entities: 20 MB of pages).
    for (const page of p.pages) hashes.set(page.path, p.stage.stage(page.path, renderDoc(page)));
  });
  for (const [path, state, hash] of await stats.timeAsync("render (waiting on the worker)", () => p.rendered)) {
    p.stage.staged(path, state);
    hashes.set(path, hash);
  }
  return { ...p, hashes };
}

/** A package's staged files renamed over their targets (unless checking), and every file recorded for the next run. */
function commit(p: Started & { hashes: Map<string, string> }, reuse: RunStore): RegenerateResult {
  const drift = p.stage.drift(p.outputs.keys());
  if (p.stage.write) p.stage.commit(drift);
  for (const [path, key] of p.outputs) {
    const hash = p.hashes.get(path);
    reuse.next.outputs.set(inPackage(p.stage.dir, path), hash === undefined ? p.kept.get(path)! : { key, hash });
  }
  return { name: p.name, files: p.outputs.size, drift };
}

/**
 * Whether the run has been sent a signal. This thread works for seconds without a pause, within a
 * callback of the loop's poll; libuv delivers a signal once a poll finds it, after the poll's other
 * events. So the loop goes round first: past this poll's end (one setImmediate) and through the next.
 */
async function stopped(signal: AbortSignal | undefined): Promise<boolean> {
  if (!signal) return false;
  for (let turn = 0; turn < 2; turn++) await new Promise((turned) => setImmediate(turned));
  return signal.aborted;
}
