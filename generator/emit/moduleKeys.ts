import type { Field, TypeSpec } from "../model/types.js";
import { hashText } from "../cache/genCache.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { rootExports } from "../plan/rootExports.js";

/** One TypeScript module of a package: what to emit, and a key of every input its text depends on. */
export interface ModuleJob {
  readonly path: string;
  readonly kind: "resource" | "lookup" | "type" | "enums" | "provider" | "index" | "staticIndex";
  readonly name?: string;
}

export function moduleJobs(plan: PackagePlan): ModuleJob[] {
  return [
    { path: plan.enumsPath, kind: "enums" },
    { path: plan.providerPath, kind: "provider" },
    { path: plan.indexPath, kind: "index" },
    { path: plan.staticIndexPath, kind: "staticIndex" },
    ...plan.resources.map((r) => ({ path: r.path, kind: "resource" as const, name: r.entity.name })),
    ...plan.lookups.map((l) => ({ path: l.path, kind: "lookup" as const, name: l.entity.name })),
    ...[...plan.types.values()].map((t) => ({ path: t.path, kind: "type" as const, name: t.entity.name })),
  ];
}

/**
 * Keys of the inputs each module's text depends on: its entity, every named type it reaches (names,
 * docs and secret or replace-on-change flags are read through references) and the enums they use.
 * Equal keys give equal text, which is what lets the cache skip emitting and formatting. Closures and
 * JSON of shared types are computed once per package.
 */
export function moduleKeys(plan: PackagePlan): Map<string, string> {
  const m = plan.model;
  const types = new Map(m.types.map((t) => [t.name, t]));
  const closures = new Map<string, Set<string>>();
  /** Names of the types and enums (prefixed "enum:") a type spec reaches. */
  const reach = (s: TypeSpec | undefined, into: Set<string>): void => {
    if (!s) return;
    if (s.enum) into.add(`enum:${s.enum}`);
    if (s.ref) for (const n of closure(s.ref)) into.add(n);
    reach(s.items, into);
    reach(s.values, into);
  };
  const closure = (name: string): Set<string> => {
    let c = closures.get(name);
    if (c) return c;
    c = new Set([name]);
    closures.set(name, c); // set before walking, so a (rejected) cycle cannot recurse forever
    const t = types.get(name)!;
    if (t.kind === "union") t.variants.forEach((v) => closure(v.ref).forEach((n) => c!.add(n)));
    else t.fields.forEach((f) => reach(f.type, c!));
    return c;
  };
  // Each reached type or enum contributes the hash of its JSON, computed once per package.
  const digests = new Map(m.enums.map((e) => [`enum:${e.name}`, hashText(JSON.stringify(e))]));
  const json = (name: string) =>
    digests.get(name) ?? (digests.set(name, hashText(JSON.stringify(types.get(name)))), digests.get(name)!);
  const key = (job: ModuleJob, entity: unknown, fields: readonly Field[]) => {
    const reached = new Set<string>();
    fields.forEach((f) => reach(f.type, reached));
    return JSON.stringify([job, entity]) + [...reached].sort().map(json).join("");
  };
  const out = new Map<string, string>([
    [plan.enumsPath, key({ path: plan.enumsPath, kind: "enums" }, m.enums, [])],
    // The roots are made of the names every module they re-export exports.
    ...[plan.indexPath, plan.staticIndexPath].map((path): [string, string] => [
      path,
      JSON.stringify([path, rootExports(plan)]),
    ]),
    [
      plan.providerPath,
      key({ path: plan.providerPath, kind: "provider" }, m.provider, [
        ...m.provider.config,
        ...m.provider.functions.flatMap((f) => f.outputs),
      ]),
    ],
  ]);
  for (const r of plan.resources)
    // The protocol decides the descriptor's type and how the bindings are described.
    out.set(
      r.path,
      key({ path: r.path, kind: "resource", name: r.entity.name }, [r.entity, m.provider.protocol], r.entity.fields),
    );
  for (const l of plan.lookups)
    out.set(
      l.path,
      key({ path: l.path, kind: "lookup", name: l.entity.name }, l.entity, [...l.entity.inputs, ...l.entity.results]),
    );
  for (const t of plan.types.values())
    out.set(
      t.path,
      JSON.stringify({ path: t.path, kind: "type", name: t.entity.name }) +
        [...closure(t.entity.name)].sort().map(json).join(""),
    );
  return out;
}
