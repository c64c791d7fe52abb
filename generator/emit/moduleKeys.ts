import type { EnumType, Field, NamedType, TypeSpec } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";

/** One TypeScript module of a package: what to emit, and a key of every input its text depends on. */
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

/**
 * The inputs a module's text depends on, as JSON: its entity, every named type it reaches (names,
 * docs and secret or replace-on-change flags are read through references) and the enums they use.
 * Equal keys give equal text, which is what lets the cache skip emitting and formatting.
 */
export function moduleKey(plan: PackagePlan, job: ModuleJob): string {
  const m = plan.model;
  const types = new Map(m.types.map((t) => [t.name, t]));
  const enums = new Map(m.enums.map((e) => [e.name, e]));
  const reachedTypes = new Map<string, NamedType>();
  const reachedEnums = new Map<string, EnumType>();
  const spec = (s: TypeSpec | undefined): void => {
    if (!s) return;
    if (s.enum) reachedEnums.set(s.enum, enums.get(s.enum)!);
    if (s.ref && !reachedTypes.has(s.ref)) type(types.get(s.ref)!);
    spec(s.items);
    spec(s.values);
  };
  const type = (t: NamedType): void => {
    reachedTypes.set(t.name, t);
    if (t.kind === "union") t.variants.forEach((v) => !reachedTypes.has(v.ref) && type(types.get(v.ref)!));
    else fields(t.fields);
  };
  const fields = (list: readonly Field[]) => list.forEach((f) => spec(f.type));
  let entity: unknown;
  switch (job.kind) {
    case "enums":
      entity = m.enums;
      break;
    case "index":
      entity = moduleJobs(plan).map((j) => j.path);
      break;
    case "provider":
      entity = m.provider;
      fields(m.provider.config);
      m.provider.functions.forEach((f) => fields(f.outputs));
      break;
    case "resource":
      entity = m.resources.find((r) => r.name === job.name);
      fields((entity as { fields: Field[] }).fields);
      break;
    case "lookup": {
      const l = m.lookups.find((x) => x.name === job.name)!;
      entity = l;
      fields(l.inputs);
      fields(l.results);
      break;
    }
    case "type":
      type(types.get(job.name!)!);
      entity = job.name;
      break;
  }
  const sorted = <T extends { name: string }>(map: Map<string, T>) =>
    [...map.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  return JSON.stringify([job, entity, sorted(reachedTypes), sorted(reachedEnums)]);
}
