import { runtimeModule } from "../repoPackages.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { header } from "./header.js";

/** Where a hook module goes in its package. */
export const hookPath = (name: string): string => `src/hooks/${name}.ts`;

/**
 * The hook modules, copied as written (formatting follows) under the generated-file header. A hook
 * imports the runtime as `@sdkgen/runtime` (and `@sdkgen/runtime/<protocol>`), which becomes the
 * runtime's configured package name, as in every generated module (a plain text replacement: a hook
 * file is ours, not arbitrary TypeScript).
 */
export function emitHooks(plan: PackagePlan): Map<string, string> {
  const runtime = runtimeModule();
  return new Map(
    plan.model.hooks.map((h) => [
      hookPath(h.name),
      header([h.file]) + h.text.replace(/"@sdkgen\/runtime(\/[a-z]+)?"/g, (_, entry = "") => `"${runtime}${entry}"`),
    ]),
  );
}
