import type { NamedType, TypeSpec } from "../model/types.js";
import type { ModuleJob } from "../emit/moduleKeys.js";
import type { PackagePlan } from "./planPackage.js";

/** Modules that read the whole plan. */
const AGGREGATES = new Set<ModuleJob["kind"]>(["index", "provider"]);

/**
 * The part of a plan that emitting `jobs` reads: their entities, every type those reach, and all
 * enums. A warm run rebuilds a few modules of a large package; sending a worker the whole plan
 * would cost more than emitting them. Aggregate modules (the roots, provider) need the whole plan;
 * the enums module, only the enums (a 2,000-entity plan: 6.7 MB serialized, its enums 0.2 MB).
 */
export function subPlan(plan: PackagePlan, jobs: readonly ModuleJob[]): PackagePlan {
  if (jobs.some((j) => AGGREGATES.has(j.kind))) return plan;
  const types = new Map(plan.model.types.map((t) => [t.name, t]));
  const reached = new Set<string>();
  const reach = (s: TypeSpec | undefined): void => {
    if (!s) return;
    if (s.ref) visit(types.get(s.ref)!);
    reach(s.items);
    reach(s.values);
  };
  const visit = (t: NamedType): void => {
    if (reached.has(t.name)) return;
    reached.add(t.name);
    if (t.kind === "union") t.variants.forEach((v) => visit(types.get(v.ref)!));
    else t.fields.forEach((f) => reach(f.type));
  };
  const names = new Set(jobs.map((j) => j.name));
  const resources = plan.resources.filter((r) => names.has(r.entity.name));
  const lookups = plan.lookups.filter((l) => names.has(l.entity.name));
  resources.forEach((r) => r.entity.fields.forEach((f) => reach(f.type)));
  lookups.forEach((l) => [...l.entity.inputs, ...l.entity.results].forEach((f) => reach(f.type)));
  jobs.filter((j) => j.kind === "type").forEach((j) => visit(types.get(j.name!)!));
  return {
    ...plan,
    model: {
      ...plan.model,
      resources: resources.map((r) => r.entity),
      lookups: lookups.map((l) => l.entity),
      types: plan.model.types.filter((t) => reached.has(t.name)),
    },
    resources,
    lookups,
    types: new Map([...plan.types].filter(([name]) => reached.has(name))),
  };
}
