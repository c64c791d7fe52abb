import { existsSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { GenCache, hashText } from "./cache/genCache.js";
import { SchemaError, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { docFiles, docKey, renderDoc } from "./docs/emitDocs.js";
import { emitTextFiles } from "./emit/emitTextFiles.js";
import { KeyMemo, moduleJobs, moduleKeys } from "./emit/moduleKeys.js";
import { KnownSources, loadSchemas, providerNames } from "./load/loadSchemas.js";
import { loadBeside, loadModels } from "./loadModels.js";
import { providerClashes } from "./validate/providerClashes.js";
import { ModelMemo } from "./model/modelMemo.js";
import type { PackageModel } from "./model/types.js";
import { awaitedLater } from "./parallel/awaitedLater.js";
import { RenderPool, type StagedFiles, type WorkItem } from "./parallel/emitPool.js";
import { planPackage, type PackagePlan } from "./plan/planPackage.js";
import { encodeRecord, recordRun, type RunRecord } from "./scoped/runRecord.js";
import { scopedWork, type ScopedWork } from "./scoped/scopedRun.js";
import { Stats } from "./stats.js";
import { ValidationMemo } from "./validate/scope.js";
import { inPackage, PackageStage, type Drift } from "./write/writeTree.js";

/**
 * What a session keeps from one run for the next (a watch runs many), stage by stage: each keeps
 * results by the identity of their inputs, which the loader keeps for unchanged files. The clean
 * validations and the model's slices are kept in the cache too, for a new process. Every run's
 * output is what a fresh run writes (test/generator/incremental.test.ts holds it to that).
 */
export class RunMemo {
  readonly sources = new KnownSources();
  readonly checks = new ValidationMemo();
  readonly keys = new KeyMemo();
  readonly model = new ModelMemo(this.keys.digests);
  readonly records = new Map<string, { digest: string; record: RunRecord }>();
}

export { loadModels } from "./loadModels.js";

/** plan, with naming collisions reported like schema problems. */
export function planPackages(models: readonly PackageModel[]): PackagePlan[] {
  const plans = models.map(planPackage);
  const problems: Diagnostic[] = plans.flatMap((p) => p.diagnostics);
  if (problems.length > 0) throw new SchemaError(sortDiagnostics(problems));
  return plans.map((p) => p.plan);
}

/** The plans of `models`; on a problem, those of `rebuilt` models, if given (reported with their positions). */
function planned(models: readonly PackageModel[], rebuilt?: () => PackageModel[]): PackagePlan[] {
  try {
    return planPackages(models);
  } catch (e) {
    if (!(e instanceof SchemaError) || !rebuilt) throw e;
    return planPackages(rebuilt());
  }
}

export interface GeneratedPackage {
  readonly name: string;
  /** Path (relative to the package folder) to formatted text. */
  readonly files: ReadonlyMap<string, string>;
}

/** plan -> emit -> format for every provider, in this thread, with no cache: the reference path for tests. */
export async function generatePackages(models: readonly PackageModel[]): Promise<GeneratedPackage[]> {
  const [{ emitPackage }, { formatFiles }] = await Promise.all([
    import("./emit/emitPackage.js"),
    import("./print/index.js"),
  ]);
  return Promise.all(
    planPackages(models).map(async (plan) => ({
      name: plan.model.provider.name,
      files: await formatFiles(emitPackage(plan)),
    })),
  );
}

export interface RegenerateOptions {
  readonly check: boolean;
  /** Aborted (SIGINT, SIGTERM): the run stops before it replaces any file, and throws Interrupted. */
  readonly signal?: AbortSignal | undefined;
  /** Cache folder; undefined disables caching. */
  readonly cacheDir?: string | undefined;
  readonly stats?: Stats | undefined;
}

/**
 * The whole job, as the CLI runs it: validate, generate, then write (or, with `check`, only compare).
 * Files whose inputs are unchanged, and which are still as written, are left alone (the cache); the
 * rest are emitted and formatted by a worker thread. The output is byte-identical to `generatePackages`.
 */
export async function regenerate(
  schemaDir: string,
  outDir: string,
  options: RegenerateOptions,
): Promise<RegenerateResult[]> {
  const session = new Regeneration(schemaDir, outDir, options.cacheDir);
  const stats = options.stats ?? new Stats();
  try {
    return await session.run(options.check, stats, false, options.signal);
  } finally {
    await session.close(stats);
  }
}

export type RegenerateResult = { name: string; drift: Drift; files: number };

/**
 * Whether the run has been sent a signal. This thread works for seconds without a pause, within a
 * callback of the loop's poll (a file read, the worker's answer); libuv delivers a signal once a poll
 * finds it, after the poll's other events. So the loop goes round first: past this poll's end (one
 * setImmediate) and through the next poll (another).
 */
async function stopped(signal: AbortSignal | undefined): Promise<boolean> {
  if (!signal) return false;
  for (let turn = 0; turn < 2; turn++) await new Promise((turned) => setImmediate(turned));
  return signal.aborted;
}

/** A run stopped by its signal before replacing any file: what it staged is removed. */
export class Interrupted extends Error {
  constructor() {
    super("interrupted; nothing was written");
  }
}

/**
 * Runs of the job in one process (`generate --watch`): the render worker, with the emitters loaded,
 * and the cache, with parsed schema files and the key of every output, stay warm between runs.
 */
export class Regeneration {
  private cache: GenCache | undefined;
  private readonly pool: RenderPool;
  /** The schema files of each provider as the last completed run read them (SchemaListings). */
  private readonly read = new Map<string, string>();
  private readonly listings: SchemaListings;
  private readonly memo = new RunMemo();
  /** The cache of the last run that completed, not yet saved; and when a watch saves it. */
  private unsaved: GenCache | undefined;
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly schemaDir: string,
    private readonly outDir: string,
    cacheDir: string | undefined,
    /** Says what went wrong beside the job: a cache that could not be saved. */
    private readonly warn = (message: string) => console.error(`sdkgen: ${message}`),
  ) {
    // The worker first: it loads the emitters while this thread reads the cache.
    this.pool = new RenderPool();
    this.cache = cacheDir ? GenCache.open(cacheDir) : undefined;
    this.listings = new SchemaListings(schemaDir, this.memo.sources);
  }

  /**
   * One run. With `onlyChanged` (the watch), a provider none of whose schema files changed since the
   * last completed run is left alone, its files as that run verified and wrote them.
   */
  async run(
    check: boolean,
    stats = new Stats(),
    onlyChanged = false,
    signal?: AbortSignal,
  ): Promise<RegenerateResult[]> {
    clearTimeout(this.saveTimer);
    const cache = this.cache;
    void cache?.prefetchOutputs((files) => this.pool.unmatched(files));
    let completed = false;
    let done = false;
    const names = providerNames(this.schemaDir);
    // Only a watch compares providers with the last run; a single run does not look at the schemas twice.
    this.listings.hashes.clear();
    const listings = new Map(onlyChanged ? names.map((p) => [p, this.listings.of(p)]) : []);
    const providers = onlyChanged ? names.filter((p) => this.read.get(p) !== listings.get(p)) : names;
    try {
      const results = await generateWith(
        this.pool,
        this.cache,
        this.schemaDir,
        this.outDir,
        check,
        stats,
        providers,
        this.memo,
        signal,
        this.listings.hashes,
      );
      completed = !check;
      done = true;
      for (const [p, listing] of listings) if (providers.includes(p)) this.read.set(p, listing);
      return results;
    } finally {
      if (cache && providers.length < names.length)
        for (const p of names) if (!providers.includes(p)) cache.carryOver(join(this.outDir, p));
      // A run that failed wrote nothing, and the cache on disk still describes the files.
      if (done) this.unsaved = cache;
      this.cache = cache?.nextRun(completed);
    }
  }

  /**
   * Saves the cache once the watch has been idle a while: it is for the next process, and a large
   * provider's is megabytes, which every save would otherwise write.
   */
  saveWhenIdle(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), IDLE_SAVE_MS);
  }

  private save(stats = new Stats()): void {
    const cache = this.unsaved;
    this.unsaved = undefined;
    try {
      stats.time("save cache", () => cache?.save());
    } catch (e) {
      // The cache only saves work: the run it describes stands.
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      this.warn(`the cache could not be saved in ${cache!.dir} (${why}); the next run does its work again`);
    }
  }

  /** Saves the cache, and stops the worker. */
  close(stats?: Stats): Promise<void> {
    clearTimeout(this.saveTimer);
    this.save(stats);
    return this.pool.close();
  }
}

/** How long a watch waits, after a run, before saving the cache. */
const IDLE_SAVE_MS = 1000;

/**
 * What a provider's generation reads (its folder and the shared meta/ folder): every file's path and
 * content hash, as one string. A file is read again only when its stat signature changed (KnownSources).
 */
class SchemaListings {
  constructor(
    private readonly schemaDir: string,
    private readonly known: KnownSources,
  ) {}

  of(provider: string): string {
    const files: string[] = [];
    for (const dir of [provider, "meta"]) {
      const root = join(this.schemaDir, dir);
      if (!existsSync(root)) continue;
      for (const e of readdirSync(root, { recursive: true, withFileTypes: true }))
        if (e.isFile()) files.push(join(e.parentPath, e.name));
    }
    // Compared whole rather than digested: a 2,000-file provider's is ~200 KB, and a digest cost more.
    return files
      .sort()
      .map((path) => `${path}\t${this.hash(path)}`)
      .join("\n");
  }

  /** The hash of every file the last listing read, by path (a scoped run's listing need not stat them again). */
  readonly hashes = new Map<string, string>();

  private hash(path: string): string {
    const hash = this.known.hashFile(path);
    this.hashes.set(path, hash);
    return hash;
  }
}

/**
 * Each provider in turn: while the worker renders one package, this thread loads the next. Files are
 * staged as they are rendered (beside their targets); they replace the targets only once every
 * package rendered and staged without a problem. Upon any failure, once the worker is not writing, every
 * staged file is removed.
 */
async function generateWith(
  pool: RenderPool,
  cache: GenCache | undefined,
  schemaDir: string,
  outDir: string,
  check: boolean,
  stats: Stats,
  providers: readonly string[],
  memo: RunMemo | undefined,
  signal?: AbortSignal,
  /** Schema files hashed this run already (a watch's listing), by path. */
  hashed?: ReadonlyMap<string, string>,
) {
  const problems: Diagnostic[] = [];
  const started: StartedPackage[] = [];
  /** The problems of the checks the worker makes (loadBeside), awaited before anything is written. */
  const checks: Promise<readonly Diagnostic[]>[] = [];
  try {
    for (const provider of providers) {
      // Not for a check, which compares every file with what a full run writes.
      const work =
        !check && cache?.warm && memo
          ? stats.time("scoped", () => scopedWork(schemaDir, provider, join(outDir, "."), cache, memo, hashed))
          : undefined;
      if (work && cache && (await intact(cache, work.record.dir, stats))) {
        started.push(startScoped(pool, work));
        continue;
      }
      let checked: Promise<readonly Diagnostic[]> | undefined;
      try {
        const read: Record<string, string> = {};
        const options = { cache, only: provider, stats, memo, read, alongside: pool.parseAlongside };
        const modelled = await loadBeside(schemaDir, options, pool.check);
        const models = modelled.models;
        checked = modelled.checked;
        if (checked) checks.push(checked);
        // Slices read from the cache know no source positions: a problem is found again in a model built afresh.
        const rebuilt = memo?.model.fromCache ? () => loadModels(schemaDir, { cache, only: provider }) : undefined;
        // Before anything is sent to render: a large package has seconds of it left.
        if (await stopped(signal)) throw new Interrupted();
        for (const plan of stats.time("plan", () => planned(models, rebuilt))) {
          const dir = join(outDir, plan.model.provider.name);
          if (cache) await stats.timeAsync("stat outputs", () => cache.outputStats());
          started.push(startPackage(pool, cache, plan, dir, check, stats, memo, schemaDir, read));
        }
      } catch (e) {
        if (!(e instanceof SchemaError)) throw e;
        // A plan made before the checks answered is of files they may reject: their problems come first.
        if (!checked || (await checked).length === 0) problems.push(...e.diagnostics);
      }
    }
    // Every package's modules are with the worker before this thread renders any docs page.
    const rendered = awaitedLater(Promise.all(started.map((p) => finishPackage(p, stats))));
    if (checks.length > 0)
      for (const found of await stats.timeAsync("checks (waiting on the worker)", () => Promise.all(checks)))
        problems.push(...found);
    if (problems.length === 0 && !check) stats.time("cache entries", () => cache?.writeEntries());
    const packages = await stats.timeAsync("render (waiting on the worker)", () => rendered);
    if (problems.length === 0) problems.push(...clashes(schemaDir, cache));
    if (problems.length > 0) throw new SchemaError(sortDiagnostics(problems));
    // The last moment to stop with nothing replaced; once begun, the renames finish (signals wait for them).
    if (await stopped(signal)) throw new Interrupted();
    const results = stats.time(check ? "compare" : "write", () =>
      commitPackages(packages, check ? undefined : cache, memo),
    );
    // A check writes nothing: what the last write recorded of each file still holds for the next run.
    if (check) for (const { stage } of packages) cache?.carryOver(stage.dir);
    return results;
  } catch (e) {
    await Promise.allSettled(started.map((p) => p.rendered));
    for (const { stage, keys } of started) stage.abort(keys.keys());
    throw e instanceof Interrupted ? e : await checksFirst(e, problems, checks);
  }
}

/**
 * What a failed run reports when the worker's checks found problems: those (with the others found),
 * as a run that checked first would have; a model, plan or page made of files they reject may fail in
 * any way. Otherwise the failure as it came.
 */
async function checksFirst(
  e: unknown,
  problems: readonly Diagnostic[],
  checks: readonly Promise<readonly Diagnostic[]>[],
): Promise<unknown> {
  const found = (await Promise.allSettled(checks)).flatMap((c) => (c.status === "fulfilled" ? c.value : []));
  return found.length > 0 ? new SchemaError(sortDiagnostics([...problems, ...found])) : e;
}

/** What the folder's providers may not share (each was loaded and checked alone): their provider files only are read. */
function clashes(schemaDir: string, cache: GenCache | undefined): Diagnostic[] {
  const names = providerNames(schemaDir);
  if (names.length < 2) return [];
  const files = new Set(names.map((p) => `${join(schemaDir, p)}/provider.yaml`));
  return providerClashes(loadSchemas(schemaDir, { cache, include: files }).sources);
}

/** Whether every file of a package is still as the last run wrote it. */
async function intact(cache: GenCache, dir: string, stats: Stats): Promise<boolean> {
  await stats.timeAsync("stat outputs", () => cache.outputStats());
  return stats.time("scoped", () => cache.intactUnder(dir));
}

/**
 * Every package's staged files renamed over their targets (unless checking), and recorded in the
 * cache, with what a scoped run needs of this one.
 */
function commitPackages(
  packages: readonly FinishedPackage[],
  cache: GenCache | undefined,
  memo: RunMemo | undefined,
): RegenerateResult[] {
  return packages.map(({ name, stage, keys, hashes, started, recorded }) => {
    const all = started.all ?? [...keys.keys()];
    const drift = stage.drift(all);
    if (stage.write) stage.commit(drift);
    for (const [path, key] of keys)
      cache?.keepOutput(inPackage(stage.dir, path), key, hashes.get(path) ?? null, stage.signatureOf(path));
    if (started.all) cache?.carryOver(stage.dir);
    if (cache && recorded) {
      cache.keepRun(name, recorded.text, recorded.digest);
      memo?.records.set(name, { digest: recorded.digest, record: recorded.record });
    }
    return { name, files: all.length, drift };
  });
}

type StartedPackage = {
  name: string;
  stage: PackageStage;
  /** The key of every file this run vouches for; the docs pages' are added as they are rendered. */
  keys: Map<string, string>;
  rendered: Promise<StagedFiles>;
  /** The docs files to write, rendered in this thread as they are asked for. */
  docs: () => Iterable<[path: string, text: string]>;
  /** Every file of the package, where `keys` holds only those this run wrote (a scoped run). */
  all?: readonly string[];
  /** What a scoped run needs of this one (asked for once the package is written); none without a memo. */
  record?: () => RunRecord;
};
type FinishedPackage = {
  name: string;
  stage: PackageStage;
  keys: Map<string, string>;
  /** The hash of each file rendered this run (the others the cache vouched for). */
  hashes: Map<string, string>;
  started: StartedPackage;
  /** What a scoped run needs of this one, to keep once the package is written. */
  recorded: { record: RunRecord; text: string; digest: string } | undefined;
};

/** A package's keys, and its modules the cache cannot vouch for sent to the worker to render and stage. */
function startPackage(
  pool: RenderPool,
  cache: GenCache | undefined,
  plan: PackagePlan,
  dir: string,
  check: boolean,
  stats: Stats,
  memo: RunMemo | undefined,
  schemaDir: string,
  read: Readonly<Record<string, string>>,
): StartedPackage {
  const stage = new PackageStage(dir, !check);
  const into = { dir, write: !check, fresh: stage.fresh };
  const items = workItems(plan);
  // With no cache to vouch for a file, every one is rendered: the worker is sent them all first, and
  // renders while this thread computes their keys, for the cache (a cold 2,000-entity run: ~0.4 s).
  const warm = cache?.warm ? cache : undefined;
  let rendered = warm ? undefined : awaitedLater(pool.stage(plan, items, into));
  let keys: Map<string, string>;
  try {
    keys = stats.time("keys", () => itemKeys(plan, items, memo?.keys));
  } catch (e) {
    const abort = () => stage.abort(items.map((item) => item.path));
    void rendered?.then(abort, abort);
    throw e;
  }
  rendered ??= awaitedLater(
    pool.stage(
      plan,
      items.filter((item) => !warm?.unchanged(inPackage(dir, item.path), keys.get(item.path)!)),
      into,
    ),
  );
  return {
    name: plan.model.provider.name,
    stage,
    keys,
    rendered,
    docs: () => docsPages(cache, plan, dir, keys),
    // The digests a scoped run compares with are the memo's (a marked type's is not its JSON's).
    ...(memo && { record: () => recordRun(plan, schemaDir, dir, read, keys, memo.keys.digests) }),
  };
}

/** A scoped run's package: its few modules and the README to the worker; its pages are rendered already. */
function startScoped(pool: RenderPool, work: ScopedWork): StartedPackage {
  const dir = work.record.dir;
  const stage = new PackageStage(dir, true, work.all);
  const items: WorkItem[] = [
    ...[...work.texts].map(([path, text]) => ({ path, text })),
    ...work.modules.map((job) => ({ path: job.path, job })),
  ];
  return {
    name: basename(dir),
    stage,
    keys: new Map(work.keys),
    rendered: work.plan
      ? awaitedLater(pool.stage(work.plan, items, { dir, write: true, fresh: stage.fresh }))
      : Promise.resolve([]),
    docs: () => work.pages,
    all: work.all,
    record: () => work.record,
  };
}

/**
 * Every file of one package staged, or left alone where the cache vouches for the file on disk. This
 * thread renders and stages the docs pages while the worker renders and stages the modules.
 */
async function finishPackage(started: StartedPackage, stats: Stats): Promise<FinishedPackage> {
  const { name, stage, keys, rendered } = started;
  const hashes = new Map<string, string>();
  // Each page staged as soon as it is rendered, so its text dies young (2,000 entities: 20 MB of pages).
  stats.time(stage.write ? "docs (rendered and staged)" : "docs (rendered and compared)", () => {
    for (const [path, text] of started.docs()) {
      hashes.set(path, stage.stage(path, text));
    }
  });
  // Made while the worker renders (a cold 2,000-entity run: ~100 ms), kept only once the package is written.
  const recorded = stage.write && started.record ? encoded(started.record()) : undefined;
  for (const [path, state, hash, stat] of await rendered) {
    stage.staged(path, state, stat);
    hashes.set(path, hash);
  }
  return { name, stage, keys, hashes, started, recorded };
}

/** A run's record with its encoding and the encoding's digest. */
const encoded = (record: RunRecord) => {
  const text = encodeRecord(record);
  return { record, text, digest: hashText(text) };
};

/** Every file of the package the worker renders: the texts to format, then the modules. */
const workItems = (plan: PackagePlan): WorkItem[] => [
  ...[...emitTextFiles(plan)].map(([path, text]) => ({ path, text })),
  ...moduleJobs(plan).map((job) => ({ path: job.path, job })),
];

/** The key of each item: of a text, its hash; of a module, that of what it is rendered from. */
function itemKeys(plan: PackagePlan, items: readonly WorkItem[], memo: KeyMemo | undefined): Map<string, string> {
  const moduleKeyText = moduleKeys(plan, memo);
  return new Map(
    items.map((item) => [item.path, hashText("text" in item ? item.text : moduleKeyText.get(item.path)!)]),
  );
}

/**
 * The docs files the cache cannot vouch for, rendered (final: prettier has no say in them); their keys
 * go into `keys`, which holds the modules' already. A page is keyed by its template and what its view
 * is made of (docFiles), so an unchanged one is neither rendered nor its view computed.
 */
function* docsPages(
  cache: GenCache | undefined,
  plan: PackagePlan,
  dir: string,
  keys: Map<string, string>,
): Generator<[string, string]> {
  for (const file of docFiles(plan, keys)) {
    keys.set(file.path, hashText(docKey(file)));
    if (!cache?.unchanged(inPackage(dir, file.path), keys.get(file.path)!)) yield [file.path, renderDoc(file)];
  }
}
