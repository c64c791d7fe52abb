import { partOf, rootInput, type ModuleJob } from "../plan/modules.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { emitEnums } from "./emitEnums.js";
import { emitIndex } from "./emitIndex.js";
import { emitLookup } from "./emitLookup.js";
import { emitProvider } from "./emitProvider.js";
import { emitResource } from "./emitResource.js";
import { emitType } from "./emitType.js";

/** A module's text, emitted from its input alone (moduleInput), whatever more of the plan is at hand. */
export function emitModule(whole: PackagePlan, job: ModuleJob): string {
  if (job.kind === "index") return emitIndex(rootInput(whole));
  // An entity's part of the plan holds that entity alone.
  const plan = partOf(whole, job);
  switch (job.kind) {
    case "enums":
      return emitEnums(plan);
    case "provider":
      return emitProvider(plan);
    case "resource":
      return emitResource(plan.resources[0]!, plan);
    case "lookup":
      return emitLookup(plan.lookups[0]!, plan);
    case "type":
      return emitType(plan.types.get(job.name!)!, plan);
  }
}
