import type { Field, Resource, TypeSpec } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";

/** A value as a Markdown code span: a string as it is, anything else as JSON. */
export const code = (v: unknown): string => "`" + (typeof v === "string" ? v : JSON.stringify(v)) + "`";

/** Fields' names as code spans, comma-separated. */
export const names = (fields: readonly Field[]): string => fields.map((f) => code(f.name)).join(", ");

/** Whether a value of the type is secret, or holds secrets (in its items or values). */
export const isSecret = (spec: TypeSpec): boolean =>
  spec.secret || (!!spec.items && isSecret(spec.items)) || (!!spec.values && isSecret(spec.values));

/** An import id's format as a code span (`<serviceId>#<apiId>`), or "not supported". */
export const importFormat = (r: Resource): string =>
  r.importId.supported
    ? `\`${r.importId.parts.map((p) => `<${p.field}${p.type === "list" ? `${p.itemSeparator ?? ","}…` : ""}>`).join(r.importId.separator)}\``
    : "not supported";

export const importIdText = (r: Resource): string =>
  r.importId.supported ? `Import id: ${importFormat(r)}` : `Import: not supported (${r.importId.reason})`;

/** The provider's schema folder, `schemas/<provider>/`: the source named in aggregate files' headers. */
export const providerFolder = (plan: PackagePlan): string => folderOf(plan.model.provider.file);

/** The folder of a provider file, as generated headers name it. */
export const folderOf = (providerFile: string): string => providerFile.replace(/provider\.yaml$/, "");
