import type { RootInput } from "../plan/modules.js";
import { printModule } from "../print/index.js";
import { folderOf } from "../describe/describe.js";
import { header } from "./header.js";

/** The package root, re-exporting statically: one module graph in every runner, so one copy of the runtime. */
export function emitIndex({ exports, providerFile }: RootInput): string {
  const statements = exports.flatMap((m) =>
    m.specifier.startsWith(".")
      ? [`export * from "${m.specifier}";`]
      : [
          `export { ${m.values.join(", ")} } from "${m.specifier}";`,
          ...(m.types.length ? [`export type { ${m.types.join(", ")} } from "${m.specifier}";`] : []),
        ],
  );
  return printModule(header([folderOf(providerFile)]), statements);
}
