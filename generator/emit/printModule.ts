import { printStructure, StructureKind, type StatementStructures } from "ts-morph";
import type { ModuleContext } from "./context.js";
import { header } from "./header.js";

/** Prints a module: the generated-file header, its sorted imports, then its declarations. */
export function printModule(ctx: ModuleContext, sources: readonly string[], statements: StatementStructures[]): string {
  const text = printStructure(
    { kind: StructureKind.SourceFile, statements: [...ctx.imports.structures(), ...statements] },
    { indentNumberOfSpaces: 2 },
  );
  // A blank line before every top-level doc comment: ts-morph omits it after imports, type aliases and constants.
  return header(sources) + text.replace(/([^\n])\n\/\*\*/g, "$1\n\n/**");
}
