import { didYouMean } from "@sdkgen/runtime/providers";
import type { Diagnostic } from "../diagnostics.js";
import { brokenFileOf, entity, type ProviderIndex } from "../load/providerIndex.js";
import type { RawFields, RawTypeSpec } from "../load/rawTypes.js";
import { at, type Path, type SourceDoc } from "../load/sourceDoc.js";

interface FieldMap {
  readonly fields: RawFields;
  readonly path: Path;
}

function fieldMaps(src: SourceDoc): FieldMap[] {
  const e = entity(src);
  const out: FieldMap[] = [];
  const walkSpec = (spec: RawTypeSpec, path: Path): void => {
    if (spec.fields) walkMap(spec.fields, [...path, "fields"]);
    if (spec.items) walkSpec(spec.items, [...path, "items"]);
    if (spec.values) walkSpec(spec.values, [...path, "values"]);
  };
  const walkMap = (fields: RawFields, path: Path): void => {
    out.push({ fields, path });
    for (const [name, f] of Object.entries(fields)) walkSpec(f, [...path, name]);
  };
  for (const key of ["fields", "inputs", "outputs", "config"] as const) if (e[key]) walkMap(e[key], [key]);
  for (const [name, fn] of Object.entries(e.functions ?? {})) {
    if (fn.inputs) walkMap(fn.inputs, ["functions", name, "inputs"]);
    walkMap(fn.outputs, ["functions", name, "outputs"]);
  }
  return out;
}

const holdsIds = (spec: RawTypeSpec): boolean =>
  spec.type === "string" || spec.type === "integer" || (spec.type === "list" && !!spec.items && holdsIds(spec.items));

/** `references`: each name is a resource of the provider, and the field holds ids (drawn as "refers to"). */
export function checkReferences(index: ProviderIndex, valid: ReadonlySet<SourceDoc>): Diagnostic[] {
  // Every named resource counts: one with problems is reported in its own file, not as an unknown reference.
  const kinds = index.resources.flatMap((r) => (r.outline.name === undefined ? [] : [r.outline.name]));
  const known = new Set(kinds);
  const docs = [index.provider, ...index.resources, ...index.lookups, ...index.types.values()];
  const out: Diagnostic[] = [];
  for (const src of docs) {
    if (!src || !valid.has(src)) continue;
    for (const { fields, path } of fieldMaps(src))
      for (const [name, f] of Object.entries(fields)) {
        if (!f.references) continue;
        const here = [...path, name, "references"];
        if (!holdsIds(f))
          out.push(
            at(src, here, `"references" needs a field holding ids (string, integer or a list of them), not ${f.type}`),
          );
        f.references.forEach((kind, i) => {
          if (!known.has(kind) && !brokenFileOf(index, "resources", kind, (s) => valid.has(s)))
            out.push(at(src, [...here, i], `"${kind}" is not a resource of ${index.name}${didYouMean(kind, kinds)}`));
        });
      }
  }
  return out;
}
