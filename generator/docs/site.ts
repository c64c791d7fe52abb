import type { EnumType, NamedType, PackageModel } from "../model/types.js";
import type { LookupPlan, PackagePlan, ResourcePlan } from "../plan/planPackage.js";
import { oncePer } from "../memo.js";
import { rootExports } from "../plan/rootExports.js";

/** Page paths (relative to docs/) of every entity, and the model's lookups by name. */
export interface Site {
  readonly model: PackageModel;
  readonly plan: PackagePlan;
  readonly resourcePlan: ReadonlyMap<string, ResourcePlan>;
  readonly lookupPlan: ReadonlyMap<string, LookupPlan>;
  readonly resourcePage: ReadonlyMap<string, string>;
  readonly lookupPage: ReadonlyMap<string, string>;
  readonly typePage: ReadonlyMap<string, string>;
  readonly types: ReadonlyMap<string, NamedType>;
  readonly enums: ReadonlyMap<string, EnumType>;
  /** Every name the package exports, split into values and types (types are imported with `type`). */
  readonly names: { readonly values: ReadonlySet<string>; readonly types: ReadonlySet<string> };
}

/** The paths (relative to docs/) of the pages that are no entity's. */
export const PAGE = {
  index: "index.html",
  provider: "provider.html",
  stacks: "stacks.html",
  errors: "errors.html",
  testing: "testing.html",
} as const;

/** A module's page: its path under src/ with `.html`, so pages are as collision-free as the plan's modules. */
export const pageOf = (modulePath: string): string => modulePath.replace(/^src\//, "").replace(/\.ts$/, ".html");

/** The site of a plan, built once: the docs and the README both read it. */
export const site = oncePer((plan: PackagePlan): Site => partSite(plan));

/** What a page may read of the whole package: every entity's page and every exported name. */
export type PackageWide = Pick<Site, "resourcePage" | "lookupPage" | "typePage" | "names">;

/** The site of a plan, or of part of one (an entity page's input) with the whole package's pages and names (`wide`). */
export function partSite(plan: PackagePlan, wide: PackageWide = packageWide(plan)): Site {
  const m = plan.model;
  return {
    model: m,
    plan,
    resourcePlan: new Map(plan.resources.map((r) => [r.entity.name, r])),
    lookupPlan: new Map(plan.lookups.map((l) => [l.entity.name, l])),
    types: new Map(m.types.map((t) => [t.name, t])),
    enums: new Map(m.enums.map((e) => [e.name, e])),
    ...wide,
  };
}

function packageWide(plan: PackagePlan): PackageWide {
  const modules = rootExports(plan);
  return {
    resourcePage: new Map(plan.resources.map((r) => [r.entity.name, pageOf(r.path)])),
    lookupPage: new Map(plan.lookups.map((l) => [l.entity.name, pageOf(l.path)])),
    typePage: new Map([...plan.types.values()].map((t) => [t.entity.name, pageOf(t.path)])),
    names: { values: new Set(modules.flatMap((m) => m.values)), types: new Set(modules.flatMap((m) => m.types)) },
  };
}
