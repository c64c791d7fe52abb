import type { StatementStructures } from "ts-morph";
import { Kind } from "../structures.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { ModuleContext } from "./context.js";
import { constant } from "./declarations.js";
import { providerFolder } from "../describe/describe.js";
import { docText, listItem } from "./tsdoc.js";

/** Every closed enum: a readonly array of the allowed values and a literal-union type of the same name. */
export function emitEnums(plan: PackagePlan): string {
  const ctx = new ModuleContext(plan, plan.enumsPath);
  const statements: StatementStructures[] = plan.model.enums.flatMap((e): StatementStructures[] => {
    const doc = docText(
      `Allowed values of ${e.name}${e.caseInsensitive ? " (matched case-insensitively)" : ""}:\n${e.values.map((v) => listItem(`\`${JSON.stringify(v.value)}\``, v.description, v.deprecated)).join("\n")}`,
    );
    const typeDoc = `One of the allowed values of ${e.name}, listed in the constant of that name.`;
    const values = e.values.map((v) => v.value);
    return [
      constant(e.name, undefined, values, doc),
      { kind: Kind.TypeAlias, name: e.name, isExported: true, type: `(typeof ${e.name})[number]`, docs: [typeDoc] },
    ];
  });
  return ctx.print([providerFolder(plan)], statements);
}
