import { dirname, join } from "node:path";
import { hashText, type GenCache } from "./cache/genCache.js";
import { SchemaError, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { loadSchemas, type KnownSources, type LoadOptions } from "./load/loadSchemas.js";
import { indexProviders, type ProviderIndex } from "./load/providerIndex.js";
import type { SourceDoc } from "./load/sourceDoc.js";
import { buildModel } from "./model/buildModel.js";
import type { ModelMemo } from "./model/modelMemo.js";
import type { PackageModel } from "./model/types.js";
import { checkTask, type CheckBeside } from "./parallel/checkAlongside.js";
import { awaitedLater } from "./parallel/awaitedLater.js";
import { Stats } from "./stats.js";
import type { ValidationMemo } from "./validate/scope.js";
import { validateSchemas } from "./validate/validateSchemas.js";

// The stages before the plan: load, validate (here or, for a large cold provider, on the worker) and model.

export interface ModelOptions extends Pick<LoadOptions, "cache" | "only" | "alongside"> {
  readonly stats?: Stats | undefined;
  readonly memo?: { sources?: KnownSources; checks?: ValidationMemo; model?: ModelMemo } | undefined;
  /** Filled with the content hash of every file read (schemas, hooks), by absolute path. */
  readonly read?: Record<string, string> | undefined;
  /**
   * Checks sent to the worker (loadBeside) are recorded in the memo as clean when sent, not when
   * answered: the diff scopes its second side's checks by its first's. Whoever scoped a later load by
   * them checks that again in full should they fail.
   */
  readonly presumeClean?: boolean | undefined;
}

/**
 * load -> validate -> model. Throws SchemaError with every problem found. `memo` keeps, for the next
 * run, what the stages it has a part for did: a watch's every stage; the second side of a diff, the checks.
 */
export const loadModels = (schemaDir: string, options: ModelOptions = {}): PackageModel[] =>
  checkedModels(loadRecorded(schemaDir, options), options);

/** validate -> model, on this thread. */
function checkedModels(loaded: Loaded, options: ModelOptions): PackageModel[] {
  const { cache, stats = new Stats(), memo } = options;
  const { providers, valid, diagnostics } = stats.time("validate", () =>
    validateSchemas(loaded.sources, cache, loaded.hooks, memo?.checks, loaded.unread),
  );
  keepChecked(loaded.sources, (src) => valid.has(src), cache);
  const all = [...loaded.diagnostics, ...diagnostics];
  if (all.length > 0) throw new SchemaError(sortDiagnostics(all));
  return buildModels(providers, options);
}

/** A provider's models, and the problems its checks find when the worker makes them (loadBeside). */
interface Modelled {
  readonly models: PackageModel[];
  readonly checked?: Promise<readonly Diagnostic[]> | undefined;
}

/** Fewer files are checked on this thread: sending them would cost about what the worker saves. */
const CHECKS_BESIDE_FROM = 200;

/**
 * As loadModels, for a run with a worker (`check`): a large provider that no clean run of the
 * memo or the cache scopes is checked by the worker, while this thread builds its models and goes on
 * to plan and render (a cold 2,000-entity run's checks: ~1 s the worker would otherwise idle). The
 * models are then made of files the checks may yet reject: `checked` says what they found, and is
 * awaited before anything is written; a model that fails is reported as the checks' problems.
 */
export async function loadBeside(schemaDir: string, options: ModelOptions, check: CheckBeside): Promise<Modelled> {
  const { cache, stats = new Stats(), memo } = options;
  const loaded = loadRecorded(schemaDir, options);
  const names = new Set(loaded.sources.map((src) => src.provider));
  if (
    loaded.diagnostics.length > 0 ||
    loaded.sources.length < CHECKS_BESIDE_FROM ||
    [...names].some((name) => memo?.checks?.knows(name, cache))
  )
    return { models: checkedModels(loaded, options) };
  // Indexed only on this path: on the one above, validateSchemas indexes the files itself.
  const providers = indexProviders(loaded.sources, loaded.hooks, loaded.unread);
  if (options.presumeClean) for (const index of providers) memo?.checks?.passed(index, cache);
  // Timed with the message's copy, made as it is posted.
  const answer = stats.time("validate (sent to the worker)", () =>
    check(checkTask(loaded.sources, loaded.hooks, loaded.unread)),
  );
  const checked = answer.then(({ diagnostics, invalid }) => {
    const failed = new Set(invalid);
    keepChecked(loaded.sources, (src) => !failed.has(src.file), cache, memo?.checks);
    if (diagnostics.length === 0) for (const index of providers) memo?.checks?.passed(index, cache);
    return diagnostics;
  });
  awaitedLater(checked);
  try {
    return { models: buildModels(providers, options), checked };
  } catch (e) {
    const problems = await checked;
    if (problems.length > 0) throw new SchemaError(sortDiagnostics(problems));
    throw e;
  }
}

type Loaded = ReturnType<typeof loadSchemas>;

/** The load stage, with the hash of every file read kept in `read`. */
function loadRecorded(
  schemaDir: string,
  { cache, only, stats = new Stats(), memo, read, alongside }: ModelOptions,
): Loaded {
  const loaded = stats.time("load", () => loadSchemas(schemaDir, { cache, only, known: memo?.sources, alongside }));
  if (read) {
    const root = dirname(schemaDir);
    for (const src of loaded.sources) read[join(root, src.file)] = src.hash;
    for (const hook of loaded.hooks) read[join(root, hook.file)] = hashText(hook.text);
  }
  return loaded;
}

/** Each file as the cache (and the memo) keep it once checked: whether it passed the meta-schema. */
function keepChecked(
  sources: readonly SourceDoc[],
  passed: (src: SourceDoc) => boolean,
  cache: GenCache | undefined,
  memo?: ValidationMemo,
): void {
  for (const src of sources) {
    const valid = passed(src);
    if (valid) memo?.valid.add(src);
    cache?.keepSource(src.hash, valid, src.outline, () => src.data);
  }
}

const buildModels = (providers: readonly ProviderIndex[], { cache, stats = new Stats(), memo }: ModelOptions) =>
  stats.time("model", () => providers.map((p) => buildModel(p, memo?.model, cache)));
