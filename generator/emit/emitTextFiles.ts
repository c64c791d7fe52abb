import type { PackagePlan } from "../plan/planPackage.js";
import { emitHooks } from "./emitHooks.js";
import { emitStackEntry } from "./emitStackEntry.js";
import { emitTemplates } from "./emitTemplates.js";

/**
 * The files whose text needs no ts-morph module job: templates, hooks and the stack entry (formatted
 * later). Apart from emitPackage, so the main process can list them without loading ts-morph.
 */
export function emitTextFiles(plan: PackagePlan): Map<string, string> {
  return new Map([...emitTemplates(plan), ...emitHooks(plan), ...emitStackEntry(plan)]);
}
