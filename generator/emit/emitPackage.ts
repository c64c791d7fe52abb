import type { PackagePlan } from "../plan/planPackage.js";
import { emitEnums } from "./emitEnums.js";
import { emitIndex } from "./emitIndex.js";
import { emitLookup } from "./emitLookup.js";
import { emitProvider } from "./emitProvider.js";
import { emitResource } from "./emitResource.js";
import { emitTemplates } from "./emitTemplates.js";
import { emitType } from "./emitType.js";

/** Every file of one package, path (relative to the package folder) to unformatted text. Touches no disk. */
export function emitPackage(plan: PackagePlan): Map<string, string> {
  const files = new Map<string, string>(emitTemplates(plan));
  files.set(plan.enumsPath, emitEnums(plan));
  files.set(plan.providerPath, emitProvider(plan));
  files.set(plan.indexPath, emitIndex(plan));
  for (const r of plan.resources) files.set(r.path, emitResource(r, plan));
  for (const l of plan.lookups) files.set(l.path, emitLookup(l, plan));
  for (const t of plan.types.values()) files.set(t.path, emitType(t, plan));
  return files;
}
