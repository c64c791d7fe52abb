import type { PackageModel } from "../model/types.js";
import { packageChange } from "./classify.js";
import { byOrder, compareModels } from "./compare.js";
import { generatedImpact } from "./impact.js";
import type { Side } from "./sides.js";
import type { Change, DiffReport, PackageImpact } from "./types.js";
import { typeUsers } from "./usage.js";
import { packageVersions } from "./versions.js";

/** The whole comparison of two loaded sides: classified changes, generated-code impact, users of changed types. */
export async function buildReport(base: Side, head: Side): Promise<DiffReport> {
  const impactByPackage = await generatedImpact(base.plans, head.plans);
  const found = compareModels(base.models, head.models);
  const changes = [...found, ...unexplainedRemovals(found, impactByPackage)].sort(byOrder);
  return {
    base: base.label,
    head: head.label,
    changes,
    impact: impactByPackage,
    versions: packageVersions(base.models, head.models, changes, impactByPackage),
    usedBy: usersOfChangedTypes(changes, base.models, head.models),
  };
}

/** A package losing exports with no breaking change listed gets one breaking line naming them. */
function unexplainedRemovals(changes: readonly Change[], impact: Readonly<Record<string, PackageImpact>>): Change[] {
  return Object.entries(impact).flatMap(([name, { symbolsRemoved }]) => {
    if (symbolsRemoved.length === 0 || changes.some((c) => c.package === name && c.severity === "breaking")) return [];
    const shown =
      symbolsRemoved.slice(0, 5).join(", ") + (symbolsRemoved.length > 5 ? `, … (${symbolsRemoved.length})` : "");
    return [packageChange(name, "exports-removed", `generated exports removed: ${shown}`)];
  });
}

function usersOfChangedTypes(changes: readonly Change[], base: readonly PackageModel[], head: readonly PackageModel[]) {
  const out: Record<string, Record<string, string[]>> = {};
  const users = new Map<PackageModel, Map<string, string[]>>();
  const usersIn = (m: PackageModel) => users.get(m) ?? users.set(m, typeUsers(m)).get(m)!;
  for (const c of changes) {
    if (c.kind !== "type" || out[c.package]?.[c.entity]) continue;
    // The new model says where a type is used now; a removed type is looked up where it was.
    const model = [...head, ...base].find(
      (m) => m.provider.name === c.package && m.types.some((t) => t.name === c.entity),
    );
    const paths = model && usersIn(model).get(c.entity);
    if (paths?.length) (out[c.package] ??= {})[c.entity] = [...new Set(paths)].sort();
  }
  return out;
}
