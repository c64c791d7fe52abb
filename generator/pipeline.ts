import { join } from "node:path";
import { SchemaError, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { emitPackage } from "./emit/emitPackage.js";
import { formatFiles } from "./format/formatFiles.js";
import { loadSchemas } from "./load/loadSchemas.js";
import { buildModel } from "./model/buildModel.js";
import type { PackageModel } from "./model/types.js";
import { planPackage } from "./plan/planPackage.js";
import { validateSchemas } from "./validate/validateSchemas.js";
import { compareTree, writeTree, type Drift } from "./write/writeTree.js";

/** load -> validate -> model. Throws SchemaError with every problem found. */
export function loadModels(schemaDir: string): PackageModel[] {
  const loaded = loadSchemas(schemaDir);
  const { providers, diagnostics } = validateSchemas(loaded.sources);
  const all = [...loaded.diagnostics, ...diagnostics];
  if (all.length > 0) throw new SchemaError(sortDiagnostics(all));
  return providers.map(buildModel);
}

export interface GeneratedPackage {
  readonly name: string;
  /** Path (relative to the package folder) to formatted text. */
  readonly files: ReadonlyMap<string, string>;
}

/** plan -> emit -> format for every provider: the complete output, in memory. */
export async function generatePackages(models: readonly PackageModel[]): Promise<GeneratedPackage[]> {
  const plans = models.map(planPackage);
  const problems: Diagnostic[] = plans.flatMap((p) => p.diagnostics);
  if (problems.length > 0) throw new SchemaError(sortDiagnostics(problems));
  return Promise.all(plans.map(async ({ plan }) => ({ name: plan.model.provider.name, files: await formatFiles(emitPackage(plan)) })));
}

/** The whole job: validate, generate, then write (or, with `check`, only compare). */
export async function regenerate(schemaDir: string, outDir: string, check: boolean): Promise<{ name: string; drift: Drift; files: number }[]> {
  const packages = await generatePackages(loadModels(schemaDir));
  return packages.map((p) => {
    const dir = join(outDir, p.name);
    return { name: p.name, files: p.files.size, drift: check ? compareTree(dir, p.files) : writeTree(dir, p.files) };
  });
}
