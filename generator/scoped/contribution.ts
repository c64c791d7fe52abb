import { referencesOf } from "../docs/diagram.js";
import { typesNamed, typesNamedBy } from "../docs/pages.js";
import { site } from "../docs/site.js";
import { stackSubjects } from "../docs/stackExample.js";
import type { Field, Lookup, PackageModel, Resource, TypeSpec } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { entityExports, specifierOf } from "../plan/rootExports.js";
import { reacher } from "./reach.js";

export type Entity = Resource | Lookup;

/** A resource's or lookup's own fields. */
export const fieldsOf = (e: Entity): readonly Field[] => ("fields" in e ? e.fields : [...e.inputs, ...e.results]);

/** The module and page paths of an entity and of the types its document declares inline. */
export function ownModules(plan: PackagePlan, e: Entity): string[] {
  const own = "fields" in e ? plan.resources.find((r) => r.entity === e) : plan.lookups.find((l) => l.entity === e);
  return [own!.path, ...[...plan.types.values()].filter((t) => t.entity.file === e.file).map((t) => t.path)];
}

/**
 * Everything of one resource or lookup that files other than its own module and page read, but for
 * its lines in the docs index, the search index and the README (which a scoped run writes again):
 * its name and token; what its modules export, and their paths; the types its fields reach, and the
 * forms each is used in; the enums they name; the types its own fields and the types its document
 * declares inline name (the type pages' "used by"); the kinds it refers to (the diagram); and what the
 * README's choice of examples reads of it.
 * Where an edit leaves it unchanged, every other file is as the last run wrote it.
 */
export function contribution(plan: PackagePlan, e: Entity): string {
  const m = plan.model;
  const { types: reach, enums } = readsOf(m, e);
  const types = new Map(m.types.map((t) => [t.name, t]));
  const specifiers = new Set(ownModules(plan, e).map(specifierOf));
  const resource = "fields" in e ? e : undefined;
  return JSON.stringify([
    e.name,
    e.token,
    !!resource,
    entityExports(plan).filter((x) => specifiers.has(x.specifier)),
    reach.map((n) => [n, types.get(n)?.usage]),
    m.enums.filter((x) => enums.includes(x.name)),
    typesNamed(fieldsOf(e)),
    m.types.filter((t) => t.file === e.file).map((t) => [t.name, typesNamedBy(t)]),
    resource ? referencesOf(resource, site(plan)) : [],
    e.examples.length > 0,
    resource ? !!resource.operations : !!(e as Lookup).operation,
    resource && [
      resource.importId.supported && resource.importId.parts.length === 1,
      resource.fields
        .filter((f) => f.mode === "required" && f.type.kind === "string" && f.references?.length)
        .map((f) => [f.name, f.references![0]]),
    ],
  ]);
}

/** The named types an entity's fields reach and the enums those name, each sorted. */
export function readsOf(m: PackageModel, e: Entity): { types: string[]; enums: string[] } {
  const fields = fieldsOf(e);
  const reach = reacher(m)(fields);
  const types = new Map(m.types.map((t) => [t.name, t]));
  const enums = new Set<string>();
  const walk = (s: TypeSpec | undefined): void => {
    if (!s) return;
    if (s.enum) enums.add(s.enum);
    walk(s.items);
    walk(s.values);
  };
  fields.forEach((f) => walk(f.type));
  for (const n of reach) {
    const t = types.get(n);
    if (t?.kind === "object") t.fields.forEach((f) => walk(f.type));
  }
  return { types: reach, enums: [...enums].sort() };
}

/**
 * The entities the README's examples are made of (stack program, the resource it names). The quick
 * start is written in provider.yaml, whose edit is a full run.
 */
export function showcasedNames(m: PackageModel): string[] {
  const { first, pair } = stackSubjects(m.resources);
  const named = m.resources.find((x) => x.examples.length > 0) ?? m.resources[0];
  return [...new Set([first, pair?.dependent, named].flatMap((x) => (x ? [x.name] : [])))].sort();
}
