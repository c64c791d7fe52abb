import { emitTextFiles } from "../emit/emitTextFiles.js";
import { moduleJobs, type ModuleJob } from "../plan/modules.js";
import { packageKeys } from "../pipeline.js";
import type { PackagePlan } from "../plan/planPackage.js";
import type { PackageImpact } from "./types.js";

interface Planned {
  /** Text files (templates, hooks) are cheap: their text. Modules: the digest of their input (reuse/keys.ts). */
  readonly key: string;
  readonly job?: ModuleJob;
}

function plannedFiles(plan: PackagePlan | undefined): Map<string, Planned> {
  if (!plan) return new Map();
  const files = new Map<string, Planned>([...emitTextFiles(plan)].map(([path, text]) => [path, { key: text }]));
  const keys = packageKeys(plan);
  for (const job of moduleJobs(plan)) files.set(job.path, { key: keys.module(job), job });
  return files;
}

/** Each package's generated files and exports added, removed and changed. */
export async function generatedImpact(before: readonly PackagePlan[], after: readonly PackagePlan[]) {
  const plans = (side: readonly PackagePlan[]) => new Map(side.map((p) => [p.model.provider.name, p]));
  const [oldPlans, newPlans] = [plans(before), plans(after)];
  const impact: Record<string, PackageImpact> = {};
  for (const name of [...new Set([...oldPlans.keys(), ...newPlans.keys()])].sort())
    impact[name] = await packageImpact(oldPlans.get(name), newPlans.get(name));
  return impact;
}

/** Files and exports added, removed, changed; only modules whose inputs differ are printed (before prettier). */
async function packageImpact(oldPlan: PackagePlan | undefined, newPlan: PackagePlan | undefined) {
  const [oldFiles, newFiles] = [plannedFiles(oldPlan), plannedFiles(newPlan)];
  const differing = [...new Set([...oldFiles.keys(), ...newFiles.keys()])]
    .filter((path) => oldFiles.get(path)?.key !== newFiles.get(path)?.key)
    .sort();
  // Loaded (with ts-morph) only when a module differs.
  const emit = differing.some((path) => oldFiles.get(path)?.job ?? newFiles.get(path)?.job)
    ? (await import("../emit/modules.js")).emitModule
    : undefined;
  const textsOf = (plan: PackagePlan | undefined, files: Map<string, Planned>) =>
    new Map(
      differing.flatMap((path) => {
        const f = files.get(path);
        return f ? [[path, f.job ? emit!(plan!, f.job) : f.key] as const] : [];
      }),
    );
  const [oldTexts, newTexts] = [textsOf(oldPlan, oldFiles), textsOf(newPlan, newFiles)];
  const changed = differing.filter((path) => oldTexts.get(path) !== newTexts.get(path));
  // Files with unchanged text export the same names, so the changed ones find every name added or removed.
  const symbols = (texts: ReadonlyMap<string, string>) =>
    new Set(changed.flatMap((path) => exportedNames(texts.get(path) ?? "")));
  const [oldSymbols, newSymbols] = [symbols(oldTexts), symbols(newTexts)];
  return {
    filesAdded: changed.filter((path) => !oldTexts.has(path)),
    filesRemoved: changed.filter((path) => !newTexts.has(path)),
    filesChanged: changed.filter((path) => oldTexts.has(path) && newTexts.has(path)),
    symbolsAdded: [...newSymbols].filter((s) => !oldSymbols.has(s)).sort(),
    symbolsRemoved: [...oldSymbols].filter((s) => !newSymbols.has(s)).sort(),
  };
}

const DECLARATION =
  /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:interface|type|const|let|var|function|class|enum)\s+([\w$]+)/gm;
const LIST = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;

/** The names a module exports: its declarations and `export { a, b as c }` lists (what the index re-exports). */
export function exportedNames(text: string): string[] {
  const declared = [...text.matchAll(DECLARATION)].map((m) => m[1]!);
  const listed = [...text.matchAll(LIST)].flatMap((m) => m[1]!.split(",").map((item) => item.trim()));
  return [...declared, ...listed.map((item) => item.split(/\s+as\s+/).pop()!).filter(Boolean)];
}
