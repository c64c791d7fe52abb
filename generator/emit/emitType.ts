import type { StatementStructures } from "ts-morph";
import { Kind } from "../structures.js";
import type { PackagePlan, TypePlan } from "../plan/planPackage.js";
import { ModuleContext } from "./context.js";
import { constant, fieldInterface } from "./declarations.js";
import { fieldsData } from "./descriptorData.js";
import { Code } from "./literal.js";
import { docText, entityDoc } from "./tsdoc.js";

/** A shared or hoisted inline type: its output form, its input form (when used as input), its descriptor. */
export function emitType(p: TypePlan, plan: PackagePlan): string {
  const t = p.entity;
  const ctx = new ModuleContext(plan, p.path);
  const rt = ctx.imports.rt(false);
  const statements: StatementStructures[] = [];
  const descriptor = (type: string, data: object) =>
    constant(p.descriptor, `${rt}.${type}`, data, `Descriptor of ${t.name}.`);
  if (t.kind === "object") {
    if (p.declares.output) statements.push(fieldInterface(p.output, entityDoc(t.description), t.fields, "output", ctx));
    if (p.declares.input) statements.push(fieldInterface(p.input, entityDoc(t.description), t.fields, "input", ctx));
    statements.push(descriptor("ObjectSpec", { kind: "object", name: t.name, fields: fieldsData(t.fields, ctx) }));
  } else {
    const d = t.discriminator;
    const union = (form: "input" | "output") =>
      t.variants
        .map(
          (v) =>
            `({ ${form === "output" ? "readonly " : ""}${d.field}: ${JSON.stringify(v.value)} } & ${ctx.typeRef(v.ref, form)})`,
        )
        .join(" | ");
    const doc = docText(
      `${t.description}\n\nDiscriminated by \`${d.field}\`${d.caseInsensitive ? " (case-insensitive)" : ""}: ${d.description}\n\n${t.variants.map((v) => `- \`${v.value}\`: ${v.description ?? v.ref}${v.deprecated ? ` (deprecated: ${v.deprecated})` : ""}`).join("\n")}`,
    );
    for (const form of ["output", "input"] as const)
      if (p.declares[form])
        statements.push({ kind: Kind.TypeAlias, name: p[form], isExported: true, type: union(form), docs: [doc] });
    const variants = Object.fromEntries(
      t.variants.map((v) => [
        v.value,
        { object: new Code(ctx.typeRef(v.ref, "descriptor")), wireValue: v.wireValue, deprecated: v.deprecated },
      ]),
    );
    statements.push(
      descriptor("UnionSpec", {
        kind: "union",
        name: t.name,
        discriminator: { field: d.field, wire: d.wireName, caseInsensitive: d.caseInsensitive || undefined },
        variants,
      }),
    );
  }
  return ctx.print([t.file], statements);
}
