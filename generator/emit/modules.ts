import type { PackagePlan } from "../plan/planPackage.js";
import { emitEnums } from "./emitEnums.js";
import { emitIndex } from "./emitIndex.js";
import { emitLookup } from "./emitLookup.js";
import { emitProvider } from "./emitProvider.js";
import { emitResource } from "./emitResource.js";
import { emitType } from "./emitType.js";
import type { ModuleJob } from "./moduleKeys.js";

export function emitModule(plan: PackagePlan, job: ModuleJob): string {
  switch (job.kind) {
    case "enums":
      return emitEnums(plan);
    case "provider":
      return emitProvider(plan);
    case "index":
      return emitIndex(plan);
    case "resource":
      return emitResource(
        plan.resources.find((r) => r.entity.name === job.name)!,
        plan,
      );
    case "lookup":
      return emitLookup(
        plan.lookups.find((l) => l.entity.name === job.name)!,
        plan,
      );
    case "type":
      return emitType(plan.types.get(job.name!)!, plan);
  }
}
