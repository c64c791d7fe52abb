import type { PackagePlan } from "../plan/planPackage.js";
import { moduleJobs } from "../plan/modules.js";
import { emitModule } from "./modules.js";
import { emitTextFiles } from "./emitTextFiles.js";
import { emitDocs } from "../docs/emitDocs.js";

/** Every file of one package, path (relative to the package folder) to unformatted text. Touches no disk. */
export function emitPackage(plan: PackagePlan): Map<string, string> {
  const files = new Map<string, string>([...emitTextFiles(plan), ...emitDocs(plan)]);
  for (const job of moduleJobs(plan)) files.set(job.path, emitModule(plan, job));
  return files;
}
