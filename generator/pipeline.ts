import { join } from "node:path";
import { GenCache, hashText } from "./cache/genCache.js";
import { SchemaError, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { emitTemplates } from "./emit/emitTemplates.js";
import { moduleJobs, moduleKey } from "./emit/moduleKeys.js";
import { loadSchemas, providerNames } from "./load/loadSchemas.js";
import { buildModel } from "./model/buildModel.js";
import type { PackageModel } from "./model/types.js";
import { RenderPool, type WorkItem } from "./parallel/emitPool.js";
import { planPackage, type PackagePlan } from "./plan/planPackage.js";
import { validateSchemas } from "./validate/validateSchemas.js";
import { compareTree, writeTree, type Drift } from "./write/writeTree.js";

/** load -> validate -> model. Throws SchemaError with every problem found. */
export function loadModels(schemaDir: string, cache?: GenCache, only?: string): PackageModel[] {
  const loaded = loadSchemas(schemaDir, cache, only);
  const { providers, valid, diagnostics } = validateSchemas(loaded.sources);
  const all = [...loaded.diagnostics, ...diagnostics];
  for (const src of loaded.sources) cache?.keepSource(src.hash, src.data, valid.has(src));
  if (all.length > 0) throw new SchemaError(sortDiagnostics(all));
  return providers.map(buildModel);
}

/** plan, with naming collisions reported like schema problems. */
export function planPackages(models: readonly PackageModel[]): PackagePlan[] {
  const plans = models.map(planPackage);
  const problems: Diagnostic[] = plans.flatMap((p) => p.diagnostics);
  if (problems.length > 0) throw new SchemaError(sortDiagnostics(problems));
  return plans.map((p) => p.plan);
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
    import("./format/formatFiles.js"),
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
  /** Cache folder; undefined disables caching. */
  readonly cacheDir?: string | undefined;
}

/**
 * The whole job, as the CLI runs it: validate, generate, then write (or, with `check`, only compare).
 * Modules whose inputs are unchanged come from the cache; the rest are emitted and formatted, by
 * worker threads when there are many. The output is byte-identical to `generatePackages`.
 */
export async function regenerate(
  schemaDir: string,
  outDir: string,
  options: RegenerateOptions,
): Promise<{ name: string; drift: Drift; files: number }[]> {
  const cache = options.cacheDir ? GenCache.open(options.cacheDir) : undefined;
  const pool = new RenderPool();
  try {
    return await generateWith(pool, cache, schemaDir, outDir, options.check);
  } finally {
    await pool.close();
  }
}

/** Each provider in turn: while the workers render one package, this thread loads the next. */
async function generateWith(
  pool: RenderPool,
  cache: GenCache | undefined,
  schemaDir: string,
  outDir: string,
  check: boolean,
) {
  const problems: Diagnostic[] = [];
  const rendering: Promise<{ name: string; files: Map<string, string> }>[] = [];
  for (const provider of providerNames(schemaDir)) {
    try {
      for (const plan of planPackages(loadModels(schemaDir, cache, provider)))
        rendering.push(renderPackage(pool, cache, plan));
    } catch (e) {
      if (!(e instanceof SchemaError)) throw e;
      problems.push(...e.diagnostics);
    }
  }
  const packages = await Promise.all(rendering);
  if (problems.length > 0) throw new SchemaError(sortDiagnostics(problems));
  const results = packages.map(({ name, files }) => {
    const dir = join(outDir, name);
    const stats = cache?.written ?? {};
    return { name, files: files.size, drift: check ? compareTree(dir, files, stats) : writeTree(dir, files, stats) };
  });
  cache?.save();
  return results;
}

/** Every file of one package: cached where the inputs are unchanged, rendered otherwise. */
async function renderPackage(pool: RenderPool, cache: GenCache | undefined, plan: PackagePlan) {
  const name = plan.model.provider.name;
  const keyed = [
    ...[...emitTemplates(plan)].map(([path, text]) => ({
      path,
      key: hashText(text),
      item: { path, text } as WorkItem,
    })),
    ...moduleJobs(plan).map((job) => ({
      path: job.path,
      key: hashText(moduleKey(plan, job)),
      item: { path: job.path, job } as WorkItem,
    })),
  ];
  const files = new Map<string, string>();
  const misses: WorkItem[] = [];
  for (const { path, key, item } of keyed) {
    const hit = cache?.module(`${name}/${path}`);
    if (hit?.key === key) files.set(path, hit.text);
    else misses.push(item);
  }
  for (const [path, text] of misses.length ? await pool.render(plan, misses) : []) files.set(path, text);
  for (const { path, key } of keyed) cache?.keepModule(`${name}/${path}`, key, files.get(path)!);
  return { name, files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))) };
}
