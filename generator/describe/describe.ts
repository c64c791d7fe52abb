import type { Resource } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";

export function importIdText(r: Resource): string {
  if (!r.importId.supported) return `Import: not supported (${r.importId.reason})`;
  const sep = r.importId.separator;
  return `Import id: \`${r.importId.parts.map((p) => `<${p.field}${p.type === "list" ? `${p.itemSeparator ?? ","}…` : ""}>`).join(sep)}\``;
}

/** The provider's schema folder, `schemas/<provider>/`: the source named in aggregate files' headers. */
export const providerFolder = (plan: PackagePlan): string => folderOf(plan.model.provider.file);

/** The folder of a provider file, as generated headers name it. */
export const folderOf = (providerFile: string): string => providerFile.replace(/provider\.yaml$/, "");
