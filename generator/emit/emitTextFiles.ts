import type { PackagePlan } from "../plan/planPackage.js";
import { emitHooks } from "./emitHooks.js";
import { emitStackEntry } from "./emitStackEntry.js";
import { emitTemplates } from "./emitTemplates.js";

/** Files needing no ts-morph module job; apart from emitPackage so the main process lists them without ts-morph. */
export function emitTextFiles(plan: PackagePlan): Map<string, string> {
  return new Map([...emitTemplates(plan), ...emitHooks(plan), ...emitStackEntry(plan)]);
}
