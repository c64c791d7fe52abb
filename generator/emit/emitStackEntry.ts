import type { PackagePlan } from "../plan/planPackage.js";
import { runtimeModule } from "../repoPackages.js";
import { header } from "./header.js";

/** The package's stack entry (`<package>/stack`): the runtime's stack model, so a program needs one dependency. */
export function emitStackEntry(plan: PackagePlan): Map<string, string> {
  return new Map([
    [
      "src/stack.ts",
      `${header([plan.model.provider.file])}// Stacks: declare resources, preview, up, refresh, destroy (runtime/STATE.md has the state format).\nexport * from "${runtimeModule()}/stack";\n`,
    ],
  ]);
}
