import type { Field, PackageModel, TypeSpec } from "../model/types.js";
import { lookupFields } from "./describe.js";

/** Where each shared type is referenced directly (`Vxc.aEnd`): its change is reported once, under the type. */
export function typeUsers(model: PackageModel): Map<string, string[]> {
  const types = new Map(model.types.map((t) => [t.name, t]));
  const users = new Map<string, string[]>();
  const use = (name: string, path: string) => users.set(name, [...(users.get(name) ?? []), path]);
  const spec = (s: TypeSpec, path: string): void => {
    if (s.items) spec(s.items, `${path}[*]`);
    if (s.values) spec(s.values, `${path}.*`);
    const t = s.ref ? types.get(s.ref) : undefined;
    if (t?.kind === "object" && t.inline) fields(t.fields, `${path}.`);
    else if (t) use(t.name, path);
  };
  const fields = (list: readonly Field[], prefix: string) => list.forEach((f) => spec(f.type, prefix + f.name));
  fields(model.provider.config, "config.");
  for (const fn of model.provider.functions) {
    fields(fn.inputs, `${fn.name}.inputs.`);
    fields(fn.outputs, `${fn.name}.outputs.`);
  }
  for (const r of model.resources) fields(r.fields, `${r.name}.`);
  for (const l of model.lookups) fields(lookupFields(l), `${l.name}.`);
  for (const t of model.types)
    if (t.kind === "union") for (const v of t.variants) use(v.ref, `${t.name}.${v.value}`);
    else if (!t.inline) fields(t.fields, `${t.name}.`);
  return users;
}
