import type { RootInput } from "../plan/modules.js";
import { printModule } from "../print/index.js";
import { folderOf } from "../describe/describe.js";
import { header } from "./header.js";

/**
 * The package root: every module re-exported statically, the runtime's names by name. Plain ES
 * module imports are what every runner (node, tsx, ts-node, vitest, jest, bundlers) loads as one
 * graph, so a program and its stack hold one copy of the runtime; a bundler tree-shakes it down to
 * what a program uses. Importing it loads every module of the package: for the real providers
 * (about 40 to 60 modules) a few tens of milliseconds; a program that must load less imports subpaths.
 */
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
