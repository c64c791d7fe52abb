import type { PackageModel } from "./model/types.js";
import { planPackages } from "./plan/planPackage.js";
import { Regeneration, type RegenerateResult } from "./run/regenerate.js";
import { checkedModels } from "./run/checkedModels.js";
import type { Explanation } from "./run/explain.js";
import type { RunStore } from "./reuse/store.js";
import { Stats } from "./stats.js";

// The pipeline's one entry, for every command: load -> validate -> model -> plan -> emit -> format -> write.

export { planPackages } from "./plan/planPackage.js";
export { Interrupted, Regeneration, type RegenerateResult } from "./run/regenerate.js";
export { Store, type RunStore } from "./reuse/store.js";
export { packageKeys } from "./reuse/keys.js";
export type { Explanation } from "./run/explain.js";

/**
 * load -> validate -> model. Throws SchemaError with every problem found. With `reuse` (a run of a
 * Store), what an earlier run kept of the same schema texts is not parsed or checked again.
 */
export const loadModels = (schemaDir: string, reuse?: RunStore): PackageModel[] => checkedModels(schemaDir, reuse);

export interface GeneratedPackage {
  readonly name: string;
  /** Path (relative to the package folder) to formatted text. */
  readonly files: ReadonlyMap<string, string>;
}

/** plan -> emit -> format for every provider, in this thread, reusing nothing: the reference the tests hold runs to. */
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
  /** Cache folder; undefined keeps nothing for a later process. */
  readonly cacheDir?: string | undefined;
  readonly stats?: Stats | undefined;
  /** Told what the run reused, and why. */
  readonly explain?: ((explanation: Explanation) => void) | undefined;
}

/**
 * The whole job, as the CLI runs it: validate, generate, then write (or, with `check`, only compare).
 * The output is byte-identical to `generatePackages`.
 */
export async function regenerate(
  schemaDir: string,
  outDir: string,
  options: RegenerateOptions,
): Promise<RegenerateResult[]> {
  const session = new Regeneration(schemaDir, outDir, options.cacheDir);
  const stats = options.stats ?? new Stats();
  try {
    return await session.run(options.check, stats, options.signal);
  } finally {
    if (session.explanation) options.explain?.(session.explanation);
    await session.close(stats);
  }
}
