import type { FieldSpec, ObjectSpec, TypeSpec, UnionSpec } from "../descriptor.js";
import { Secret } from "../secret.js";
import { isRecord } from "./wire.js";

/** One input whose desired value differs from the current one. */
export interface FieldChange {
  readonly field: string;
  /** Whether applying it destroys and recreates the object, and why. */
  readonly replaces: boolean;
  readonly reason?: string;
  /** Why the service cannot apply it at all, neither in place nor by replacement (its schema's `onChange.reject`). */
  readonly rejected?: string;
  /** The values, or "[secret]" for secrets. */
  readonly from: unknown;
  readonly to: unknown;
}

export interface Diff {
  readonly changes: readonly FieldChange[];
  /** At least one change forces replacement. */
  readonly replaces: boolean;
}

/**
 * Desired inputs against current state: pure. Only inputs the caller set are compared (an omitted
 * optional input keeps the service's value); values are normalised first: defaults applied,
 * case-insensitive enums compared ignoring case, numbers given as strings (ge/le read back as "24")
 * compared as numbers, secrets compared by value and shown redacted. Each change says whether it
 * forces replacement and why, from the descriptor's replace-on-change reasons, or is rejected. An
 * input sent only at creation (`onChange.createOnly`) is not compared. A write-only input (never
 * returned) is compared only when `knowsWriteOnly`: the object was created or updated here, so one
 * it does not hold was never given; otherwise (after an import) it is unknown and adopted.
 */
export function diffInputs(
  fields: Readonly<Record<string, FieldSpec>>,
  desired: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
  knowsWriteOnly = false,
): Diff {
  const changes: FieldChange[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.mode === "output" || (spec.onChange && "createOnly" in spec.onChange)) continue;
    const want = desired[name] ?? spec.default;
    if (want === undefined) continue;
    if (spec.writeOnly && current[name] === undefined && !knowsWriteOnly) continue; // unknown: adopted
    const have = current[name] ?? spec.default;
    if (equal(spec.type, want, have)) continue;
    const replaces = !!spec.replaceOnChange && !exceptedVariant(spec, want, have);
    changes.push({
      field: name,
      replaces,
      ...(replaces ? { reason: spec.replaceOnChange! } : {}),
      ...(spec.onChange && "reject" in spec.onChange ? { rejected: spec.onChange.reject } : {}),
      from: shown(spec.type, compared(spec.type, have, want)),
      to: shown(spec.type, want),
    });
  }
  return { changes, replaces: changes.some((c) => c.replaces) };
}

/**
 * What the diff compared of a current value: of an object, the inputs the desired value sets (at any
 * depth), not what the service adds (outputs, omitted optionals), so a change reads `{vlan: 100}` →
 * `{vlan: 200}` rather than the whole object as read.
 */
function compared(type: TypeSpec, have: unknown, want: unknown): unknown {
  if (type.kind !== "object" || !isRecord(have) || !isRecord(want) || have instanceof Secret) return have;
  const fields = type.object.kind === "object" ? type.object.fields : unionFields(type.object, want);
  if (!fields) return have;
  const kept: Record<string, unknown> = {};
  if (type.object.kind === "union") kept[type.object.discriminator.field] = have[type.object.discriminator.field];
  for (const [k, spec] of Object.entries(fields))
    if (spec.mode !== "output" && want[k] !== undefined && k in have) kept[k] = compared(spec.type, have[k], want[k]);
  return kept;
}

/** A union field whose old and new values are both of a variant that updates in place. */
function exceptedVariant(spec: FieldSpec, want: unknown, have: unknown): boolean {
  if (!spec.replaceOnChangeExcept || spec.type.kind !== "object" || spec.type.object.kind !== "union") return false;
  const key = spec.type.object.discriminator.field;
  const variant = (v: unknown) =>
    typeof v === "object" && v !== null ? String((v as Record<string, unknown>)[key]).toLowerCase() : undefined;
  const except = spec.replaceOnChangeExcept.map((v) => v.toLowerCase());
  return except.includes(variant(want) ?? "") && (have === undefined || except.includes(variant(have) ?? ""));
}

/** Two values of a type, normalised as the diff compares them. */
export function equal(type: TypeSpec, a: unknown, b: unknown): boolean {
  const x = a instanceof Secret ? a.reveal() : a;
  const y = b instanceof Secret ? b.reveal() : b;
  if (x === y) return true;
  if (x === undefined || y === undefined || x === null || y === null) return false;
  switch (type.kind) {
    case "string":
      if (typeof x !== "string" || typeof y !== "string") return false;
      if (type.constraints?.caseInsensitive === true) return x.toLowerCase() === y.toLowerCase();
      // One instant, however written: a service may send back "…00.000Z" for "…00Z" or an offset.
      return type.constraints?.format === "iso8601" && sameInstant(x, y);
    case "number":
    case "integer":
      return Number(x) === Number(y);
    case "list":
      return (
        Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => equal(type.items, v, y[i]))
      );
    case "map":
      return (
        sameKeys(x, y) &&
        Object.keys(x as object).every((k) =>
          equal(type.values, (x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]),
        )
      );
    case "object":
      return equalObject(type.object, x, y);
    default:
      return JSON.stringify(x) === JSON.stringify(y);
  }
}

/** Objects compare on the inputs the desired side sets (outputs and omitted optionals are the service's). */
function equalObject(o: ObjectSpec | UnionSpec, x: unknown, y: unknown): boolean {
  if (typeof x !== "object" || typeof y !== "object") return false;
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  const fields = o.kind === "object" ? o.fields : unionFields(o, a);
  if (!fields) return false;
  if (
    o.kind === "union" &&
    String(a[o.discriminator.field]).toLowerCase() !== String(b[o.discriminator.field]).toLowerCase()
  )
    return false;
  return Object.entries(fields).every(
    ([k, spec]) =>
      spec.mode === "output" ||
      (a[k] ?? spec.default) === undefined ||
      // A write-only input the object does not hold (after an import) is unknown: adopted, as at the top.
      (spec.writeOnly === true && b[k] === undefined) ||
      equal(spec.type, a[k] ?? spec.default, b[k] ?? spec.default),
  );
}

function unionFields(u: UnionSpec, value: Record<string, unknown>): Readonly<Record<string, FieldSpec>> | undefined {
  const key = String(value[u.discriminator.field]).toLowerCase();
  const name = Object.keys(u.variants).find((v) => v.toLowerCase() === key);
  return name ? u.variants[name]!.object.fields : undefined;
}

const sameKeys = (x: unknown, y: unknown) =>
  typeof x === "object" &&
  typeof y === "object" &&
  Object.keys(x as object)
    .sort()
    .join("\u0000") ===
    Object.keys(y as object)
      .sort()
      .join("\u0000");

const sameInstant = (x: string, y: string): boolean => {
  const [a, b] = [Date.parse(x), Date.parse(y)];
  return !Number.isNaN(a) && a === b;
};

/**
 * @internal A value as a diff shows it: each secret in it, at any depth, as "[secret]", whether it is a Secret
 * or was given plain (a program passes a nested licence as a string).
 */
export function shown(type: TypeSpec, v: unknown): unknown {
  if (v === undefined || v === null) return v;
  if (type.secret === true || v instanceof Secret) return "[secret]";
  switch (type.kind) {
    case "list":
      return Array.isArray(v) ? v.map((x) => shown(type.items, x)) : v;
    case "map":
      return typeof v === "object" ? mapValues(v as Record<string, unknown>, () => type.values) : v;
    case "object": {
      if (typeof v !== "object") return v;
      const fields =
        type.object.kind === "object" ? type.object.fields : unionFields(type.object, v as Record<string, unknown>);
      return mapValues(v as Record<string, unknown>, (k) => fields?.[k]?.type);
    }
    default:
      return v;
  }
}

/** Each entry of `o` shown by its type; one no type describes, as it is unless it is a Secret. */
const mapValues = (o: Record<string, unknown>, typeOf: (key: string) => TypeSpec | undefined) =>
  Object.fromEntries(
    Object.entries(o).map(([k, x]) => {
      const t = typeOf(k);
      return [k, t ? shown(t, x) : x instanceof Secret ? "[secret]" : x];
    }),
  );
