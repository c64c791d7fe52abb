import { StructureKind, type ImportDeclarationStructure } from "ts-morph";
import { runtimeModule } from "../repoPackages.js";

/** The imports one generated module needs, collected while its text is planned, printed sorted. */
export class Imports {
  private readonly byModule = new Map<string, Map<string, boolean>>();
  private runtime: "none" | "type" | "value" = "none";

  /** `name` from `module`; `value` when it is used as a value, not only as a type. */
  add(module: string, name: string, value: boolean): void {
    const names = this.byModule.get(module) ?? new Map<string, boolean>();
    names.set(name, (names.get(name) ?? false) || value);
    this.byModule.set(module, names);
  }

  /** The runtime, imported as the namespace `rt` so no schema name can collide with it. */
  rt(value: boolean): string {
    if (value) this.runtime = "value";
    else if (this.runtime === "none") this.runtime = "type";
    return "rt";
  }

  structures(): ImportDeclarationStructure[] {
    const out: ImportDeclarationStructure[] = [];
    if (this.runtime !== "none")
      out.push({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: runtimeModule(),
        namespaceImport: "rt",
        isTypeOnly: this.runtime === "type",
      });
    for (const module of [...this.byModule.keys()].sort()) {
      const names = [...this.byModule.get(module)!.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
      const allTypes = names.every(([, value]) => !value);
      out.push({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: module,
        isTypeOnly: allTypes,
        namedImports: names.map(([name, value]) => ({ name, isTypeOnly: !allTypes && !value })),
      });
    }
    return out;
  }
}
