import { moduleJobs, type ModuleJob } from "../plan/modules.js";
import type { Field, TypeSpec } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";

/**
 * The modules of a plan whose text reads a changed file: its entity's file or that of a type it reaches.
 * Only a guess, so printing can start before the other side is loaded: the comparison still asks for
 * exactly the modules whose keys differ, printing any this missed. The package-wide modules (enums,
 * the roots) are left to that step, since no file maps to them.
 */
export function modulesReading(plan: PackagePlan, changed: ReadonlySet<string> | undefined): ModuleJob[] {
  const jobs = moduleJobs(plan).filter((j) => j.kind !== "enums" && j.kind !== "index");
  if (!changed) return jobs;
  const types = new Map(plan.model.types.map((t) => [t.name, t]));
  const reachesChange = new Map<string, boolean>();
  const typeReads = (name: string): boolean => {
    const known = reachesChange.get(name);
    if (known !== undefined) return known;
    reachesChange.set(name, false); // a cycle adds nothing
    const t = types.get(name)!;
    const reads =
      changed.has(t.file) || (t.kind === "union" ? t.variants.some((v) => typeReads(v.ref)) : fieldsRead(t.fields));
    reachesChange.set(name, reads);
    return reads;
  };
  const specReads = (s: TypeSpec | undefined): boolean =>
    !!s && ((!!s.ref && typeReads(s.ref)) || specReads(s.items) || specReads(s.values));
  const fieldsRead = (fields: readonly Field[]) => fields.some((f) => specReads(f.type));
  const m = plan.model;
  const entities = new Map<string, { file: string; fields: readonly Field[] }>([
    ...m.resources.map((r) => [`resource ${r.name}`, r] as const),
    ...m.lookups.map((l) => [`lookup ${l.name}`, { file: l.file, fields: [...l.inputs, ...l.results] }] as const),
  ]);
  const reads = (job: ModuleJob): boolean => {
    if (job.kind === "provider")
      return (
        changed.has(m.provider.file) ||
        fieldsRead([...m.provider.config, ...m.provider.functions.flatMap((f) => [...f.inputs, ...f.outputs])])
      );
    if (job.kind === "type") return typeReads(job.name!);
    const e = entities.get(`${job.kind} ${job.name}`)!;
    return changed.has(e.file) || fieldsRead(e.fields);
  };
  return jobs.filter(reads);
}
