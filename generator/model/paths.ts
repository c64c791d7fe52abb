import type { Field, NamedType, TypeSpec } from "./types.js";

/** Paths to values with a property, in Pulumi's notation (`a.b`, `a[*]`, `a.*`). */
function paths(
  fields: readonly Field[],
  types: ReadonlyMap<string, NamedType>,
  test: (f: Field, spec: TypeSpec) => boolean,
  inputsOnly: boolean,
  prefix = "",
): string[] {
  const out: string[] = [];
  const walkSpec = (spec: TypeSpec, path: string, f: Field) => {
    if (test(f, spec)) {
      out.push(path);
      return;
    }
    if (spec.items) walkSpec(spec.items, `${path}[*]`, f);
    if (spec.values) walkSpec(spec.values, `${path}.*`, f);
    const t = spec.ref ? types.get(spec.ref) : undefined;
    for (const o of t?.kind === "union" ? t.variants.map((v) => types.get(v.ref)) : [t])
      if (o?.kind === "object") out.push(...paths(o.fields, types, test, inputsOnly, `${path}.`));
  };
  for (const f of fields) if (!inputsOnly || f.mode !== "output") walkSpec(f.type, prefix + f.name, f);
  return [...new Set(out)].sort();
}

/** A spec and, through lists and maps, the specs of its items and values, outermost first. */
export function specsIn(s: TypeSpec, out: TypeSpec[] = []): TypeSpec[] {
  // Pushed into one list: every field of the model is walked so on each run.
  out.push(s);
  if (s.items) specsIn(s.items, out);
  if (s.values) specsIn(s.values, out);
  return out;
}

export const secretPaths = (fields: readonly Field[], types: ReadonlyMap<string, NamedType>) =>
  paths(fields, types, (_f, s) => s.secret, false);
export const replacePaths = (fields: readonly Field[], types: ReadonlyMap<string, NamedType>) =>
  paths(fields, types, (f, s) => !!f.replaceOnChange && s === f.type, true);
