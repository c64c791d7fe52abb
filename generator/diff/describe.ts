import type { EnumType, Field, Lookup, NamedType, Scalar, TypeSpec } from "../model/types.js";

/** JSON with object keys sorted, so key order in a schema does not matter; hand-written: it runs for every binding. */
export const canonical = (value: unknown): string => canonicalText(value)!;

function canonicalText(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if ("toJSON" in value && typeof value.toJSON === "function") return canonicalText(value.toJSON());
  if (Array.isArray(value)) return `[${value.map((item) => canonicalText(item) ?? "null").join(",")}]`;
  const members: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const text = canonicalText((value as Record<string, unknown>)[key]);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(",")}}`;
}

/** A value as a message shows it: `none` when absent, JSON otherwise, cut to a readable length. */
export function valueText(value: unknown): string {
  if (value === undefined) return "none";
  const text = canonical(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** `a, b, c` of scalars, cut after eight. */
export function listText(values: readonly Scalar[]): string {
  const shown = values.slice(0, 8).map((v) => JSON.stringify(v));
  return values.length > 8 ? `${shown.join(", ")} and ${values.length - 8} more` : shown.join(", ");
}

export interface Lookups {
  readonly types: ReadonlyMap<string, NamedType>;
  readonly enums: ReadonlyMap<string, EnumType>;
}

/** A type as a reviewer reads it: `integer`, `list<string>`, `map<VxcEnd>`, `object` for an inline object. */
export function typeText(spec: TypeSpec, side: Lookups): string {
  if (spec.kind === "list") return `list<${typeText(spec.items!, side)}>`;
  if (spec.kind === "map") return `map<${typeText(spec.values!, side)}>`;
  if (spec.kind === "object") {
    const t = spec.ref ? side.types.get(spec.ref) : undefined;
    return t && !(t.kind === "object" && t.inline) ? t.name : "object";
  }
  return spec.kind;
}

/** A type spec's shape without names derived from where it is declared: are two fields the same but for their name? */
export function shapeOf(spec: TypeSpec, side: Lookups): unknown {
  const { ref, enum: enumName, items, values, ...rest } = spec;
  const t = ref ? side.types.get(ref) : undefined;
  return {
    ...rest,
    ...(items && { items: shapeOf(items, side) }),
    ...(values && { values: shapeOf(values, side) }),
    ...(t && {
      ref:
        t.kind === "object" && t.inline
          ? t.fields.map((f) => ({ name: f.name, mode: f.mode, type: shapeOf(f.type, side) }))
          : t.name,
    }),
    ...(enumName && { enum: side.enums.get(enumName)?.values.map((v) => v.value) }),
  };
}

/** A lookup's inputs and the result fields that are not echoed inputs: one list, read like a resource's. */
export function lookupFields(l: Lookup): Field[] {
  const inputs = new Set(l.inputs.map((f) => f.name));
  return [...l.inputs, ...l.results.filter((f) => !inputs.has(f.name))].sort((x, y) => cmp(x.name, y.name));
}

export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
