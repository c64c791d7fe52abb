import { runtimeModule } from "../repoPackages.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { header } from "./header.js";

/** Where a hook module goes in its package. */
export const hookPath = (name: string): string => `src/hooks/${name}.ts`;

/** The hook modules under the header, their runtime imports renamed by text replacement (hook files are ours). */
export function emitHooks(plan: PackagePlan): Map<string, string> {
  const runtime = runtimeModule();
  return new Map(
    plan.model.hooks.map((h) => [
      hookPath(h.name),
      header([h.file]) + h.text.replace(/"@sdkgen\/runtime(\/[a-z]+)?"/g, (_, entry = "") => `"${runtime}${entry}"`),
    ]),
  );
}
