import { entity, expandIncludes, ownFields, type ProviderIndex } from "../load/providerIndex.js";
import type { RawField, RawTypeSpec } from "../load/rawTypes.js";
import type { SourceDoc } from "../load/sourceDoc.js";

/** How a named type is reached: from inputs (it needs an Args form), outputs, or provider config. */
export interface Usage {
  input: boolean;
  output: boolean;
  config: boolean;
}

/** Usage of every named type, walking from valid entities: an input reaches a type's input fields, an output all. */
export function typeUsage(index: ProviderIndex, isValid: (src: SourceDoc) => boolean): Map<string, Usage> {
  const usage = new Map<string, Usage>();
  const mark = (name: string, as: keyof Usage) => {
    const t = index.types.get(name);
    if (!t || !isValid(t)) return;
    const u = usage.get(name) ?? { input: false, output: false, config: false };
    if (u[as]) return;
    u[as] = true;
    if (as === "config") u.input = true;
    usage.set(name, u);
    const e = entity(t);
    if (e.kind === "union") Object.values(e.variants ?? {}).forEach((v) => mark(v.ref, as));
    else for (const f of expandIncludes(index, e.include, ownFields(t, "fields", e.fields))) walkField(f.raw, as);
  };
  const walkSpec = (spec: RawTypeSpec | undefined, as: keyof Usage) => {
    if (!spec) return;
    if (spec.ref) mark(spec.ref, as);
    walkSpec(spec.items, as);
    walkSpec(spec.values, as);
    for (const f of Object.values(spec.fields ?? {})) walkField(f as RawField, as);
  };
  const walkField = (f: RawField, as: keyof Usage) => {
    if (as === "output" || f.mode !== "output") walkSpec(f, as);
    if (as !== "output") walkSpec(f, "output"); // every input also shows in the output form
  };

  const p = index.provider && isValid(index.provider) ? entity(index.provider) : undefined;
  for (const f of Object.values(p?.config ?? {})) walkField(f, "config");
  for (const fn of Object.values(p?.functions ?? {})) {
    Object.values(fn.inputs ?? {}).forEach((f) => walkField(f, "input"));
    Object.values(fn.outputs ?? {}).forEach((f) => walkField(f, "output"));
  }
  for (const r of index.resources.filter(isValid))
    for (const f of expandIncludes(index, entity(r).include, ownFields(r, "fields", entity(r).fields)))
      walkField(f.raw, "input");
  for (const l of index.lookups.filter(isValid)) {
    for (const f of expandIncludes(index, entity(l).include, ownFields(l, "inputs", entity(l).inputs)))
      walkField(f.raw, "input");
    Object.values(entity(l).outputs ?? {}).forEach((f) => walkField(f, "output"));
  }
  return usage;
}
