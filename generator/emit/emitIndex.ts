import { StructureKind, type ExportDeclarationStructure } from "ts-morph";
import type { PackagePlan } from "../plan/planPackage.js";
import { ModuleContext } from "./context.js";
import { providerFolder } from "./describe.js";
import { runtimeReexports } from "../runtimeContract.js";
import { runtimeModule } from "../repoPackages.js";
import { printModule } from "./printModule.js";

/** The package entry: every generated module re-exported, plus the runtime names users handle. */
export function emitIndex(plan: PackagePlan): string {
  const ctx = new ModuleContext(plan, plan.indexPath);
  const modules = [
    plan.enumsPath,
    plan.providerPath,
    ...plan.resources.map((r) => r.path),
    ...plan.lookups.map((l) => l.path),
    ...[...plan.types.values()].map((t) => t.path),
  ];
  const all = (path: string): ExportDeclarationStructure => ({
    kind: StructureKind.ExportDeclaration,
    moduleSpecifier: `./${path.replace(/^src\//, "").replace(/\.ts$/, ".js")}`,
  });
  const reexports = runtimeReexports(plan.model.provider.name);
  return printModule(
    ctx,
    [providerFolder(plan)],
    [
      ...modules.sort().map(all),
      {
        kind: StructureKind.ExportDeclaration,
        moduleSpecifier: runtimeModule(),
        namedExports: reexports.values,
      },
      ...(reexports.protocolValues.length
        ? [
            {
              kind: StructureKind.ExportDeclaration as const,
              moduleSpecifier: `${runtimeModule()}/${plan.model.provider.protocol!}`,
              namedExports: reexports.protocolValues,
            },
          ]
        : []),
      {
        kind: StructureKind.ExportDeclaration,
        moduleSpecifier: runtimeModule(),
        isTypeOnly: true,
        namedExports: reexports.types,
      },
    ],
  );
}
