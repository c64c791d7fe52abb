import type { NamedType, TypeSpec } from "../model/types.js";
import { specsIn } from "../model/paths.js";
import { oncePer } from "../memo.js";
import type { PackagePlan } from "./planPackage.js";
import { rootExports, type ModuleExports } from "./rootExports.js";

export interface ModuleJob {
  readonly path: string;
  readonly kind: "resource" | "lookup" | "type" | "enums" | "provider" | "index";
  readonly name?: string;
}

export function moduleJobs(plan: PackagePlan): ModuleJob[] {
  return [
    { path: plan.enumsPath, kind: "enums" },
    { path: plan.providerPath, kind: "provider" },
    { path: plan.indexPath, kind: "index" },
    ...plan.resources.map((r) => ({ path: r.path, kind: "resource" as const, name: r.entity.name })),
    ...plan.lookups.map((l) => ({ path: l.path, kind: "lookup" as const, name: l.entity.name })),
    ...[...plan.types.values()].map((t) => ({ path: t.path, kind: "type" as const, name: t.entity.name })),
  ];
}

/** The package root's input: what it re-exports, and the provider file its header names. */
export interface RootInput {
  readonly exports: readonly ModuleExports[];
  readonly providerFile: string;
}

/** All a module's text is made of (emitModule reads nothing else): an unchanged input means an unchanged module. */
export const moduleInput = (plan: PackagePlan, job: ModuleJob): RootInput | PackagePlan =>
  job.kind === "index" ? rootInput(plan) : partOf(plan, job);

export const rootInput = (plan: PackagePlan): RootInput => ({
  exports: rootExports(plan),
  providerFile: plan.model.provider.file,
});

/** The part of the plan a module other than the root reads. */
export function partOf(plan: PackagePlan, job: ModuleJob): PackagePlan {
  // Made once per plan and module: a module's key and its page's are then digests of the same object.
  const inputs = inputsOf(plan);
  let input = inputs.get(job.path);
  if (!input) inputs.set(job.path, (input = subPlan(plan, [job])));
  return input;
}

const inputsOf = oncePer((_plan: PackagePlan) => new Map<string, PackagePlan>());

/** The part of a plan emitting `jobs` reads: their entities and the types and enums they reach (what a worker gets). */
export function subPlan(plan: PackagePlan, jobs: readonly ModuleJob[]): PackagePlan {
  if (jobs.some((j) => j.kind === "index")) return plan;
  const { types, resourcePlans, lookupPlans, typePlans, order } = indexOf(plan);
  const reached = new Set<string>();
  const enums = new Set<string>();
  const reach = (spec: TypeSpec): void => {
    for (const s of specsIn(spec)) {
      if (s.enum) enums.add(s.enum);
      if (s.ref) visit(types.get(s.ref)!);
    }
  };
  const visit = (t: NamedType): void => {
    if (reached.has(t.name)) return;
    reached.add(t.name);
    if (t.kind === "union") t.variants.forEach((v) => visit(types.get(v.ref)!));
    else t.fields.forEach((f) => reach(f.type));
  };
  const resources = jobs.flatMap((j) => (j.kind === "resource" ? [resourcePlans.get(j.name!)!] : []));
  const lookups = jobs.flatMap((j) => (j.kind === "lookup" ? [lookupPlans.get(j.name!)!] : []));
  resources.forEach((r) => r.entity.fields.forEach((f) => reach(f.type)));
  lookups.forEach((l) => [...l.entity.inputs, ...l.entity.results].forEach((f) => reach(f.type)));
  jobs.filter((j) => j.kind === "type").forEach((j) => visit(types.get(j.name!)!));
  if (jobs.some((j) => j.kind === "provider")) {
    const { config, functions } = plan.model.provider;
    [...config, ...functions.flatMap((f) => [...f.inputs, ...f.outputs])].forEach((f) => reach(f.type));
  }
  return {
    ...plan,
    model: {
      ...plan.model,
      resources: resources.map((r) => r.entity),
      lookups: lookups.map((l) => l.entity),
      types: inOrder(plan.model.types, reached, order.types),
      // The enums module declares them all.
      enums: jobs.some((j) => j.kind === "enums") ? plan.model.enums : inOrder(plan.model.enums, enums, order.enums),
    },
    resources,
    lookups,
    types: new Map(inOrder(typePlans, reached, order.typePlans)),
  };
}

/** A plan's types and entity plans by name, made once per plan: each module looks its own up. */
const indexOf = oncePer((plan: PackagePlan) => ({
  types: new Map(plan.model.types.map((t) => [t.name, t])),
  resourcePlans: new Map(plan.resources.map((r) => [r.entity.name, r])),
  lookupPlans: new Map(plan.lookups.map((l) => [l.entity.name, l])),
  typePlans: [...plan.types],
  order: {
    types: positions(plan.model.types.map((t) => t.name)),
    enums: positions(plan.model.enums.map((e) => e.name)),
    typePlans: positions([...plan.types.keys()]),
  },
}));

const positions = (names: readonly string[]) => new Map(names.map((name, i) => [name, i]));

/** The items of `list` named in `names`, in the list's order (found by position: a list may hold thousands). */
const inOrder = <T>(list: readonly T[], names: ReadonlySet<string>, at: ReadonlyMap<string, number>): T[] =>
  [...names]
    .map((name) => at.get(name)!)
    .sort((a, b) => a - b)
    .map((i) => list[i]!);
