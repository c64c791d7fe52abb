import type { Constraints, FieldSpec, ObjectSpec, TypeSpec, UnionSpec } from "../descriptor.js";
import { conditionHolds } from "../condition.js";
import { sameEnumValue } from "../enumValue.js";
import { Secret } from "../secret.js";

/** The operations that send inputs; each may place a field elsewhere (`FieldSpec.wirePath`). */
export type SendingOperation = "create" | "update";

/**
 * A service object read into SDK shape by the descriptor: each field from its wire key (or its
 * `wirePath.read`), nested objects by their own wire names, ISO 8601 timestamps from epoch
 * milliseconds (how netsvc sends them), secrets wrapped. Keys the descriptor does not know are
 * dropped; nulls become absent.
 */
export function fromWire(
  fields: Readonly<Record<string, FieldSpec>>,
  wire: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    const v = convert(spec.type, spec.wirePath?.read ? getPath(wire, spec.wirePath.read) : wire[spec.wire]);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** The value at a dotted path of a wire object. */
export function getPath(wire: Readonly<Record<string, unknown>>, path: string): unknown {
  let at: unknown = wire;
  for (const key of path.split("."))
    at = at && typeof at === "object" && Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

/**
 * Sets a dotted path of a request body, creating the objects on the way. Keys are own properties
 * (defined, not assigned): a path through `__proto__` cannot reach the prototype of every object.
 */
export function setPath(body: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let at = body;
  for (const key of keys.slice(0, -1)) {
    if (!Object.hasOwn(at, key) || typeof at[key] !== "object" || at[key] === null) own(at, key, {});
    at = at[key] as Record<string, unknown>;
  }
  own(at, keys.at(-1)!, value);
}

const own = (o: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });

function convert(type: TypeSpec, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  const v = ((): unknown => {
    switch (type.kind) {
      case "string":
        if (type.constraints?.format === "iso8601" && typeof value === "number")
          return value > 0 ? new Date(value).toISOString() : undefined;
        return typeof value === "string"
          ? value
          : typeof value === "number" || typeof value === "boolean"
            ? String(value)
            : undefined;
      case "number":
      case "integer":
        return typeof value === "number"
          ? value
          : typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))
            ? Number(value)
            : undefined;
      case "boolean":
        return typeof value === "boolean"
          ? value
          : value === 1 || value === "true"
            ? true
            : value === 0 || value === "false"
              ? false
              : undefined;
      case "list":
        if (Array.isArray(value)) return value.map((x) => convert(type.items, x)).filter((x) => x !== undefined);
        // A single object where a list of objects is declared reads as a list of one (the Terraform
        // providers expose the platform's nested settings so).
        return type.items.kind === "object" && typeof value === "object" ? [convert(type.items, value)] : undefined;
      case "map":
        return typeof value === "object" && !Array.isArray(value)
          ? Object.fromEntries(
              Object.entries(value).flatMap(([k, x]) => ((x = convert(type.values, x)) === undefined ? [] : [[k, x]])),
            )
          : undefined;
      case "object":
        if (typeof value !== "object" || Array.isArray(value)) return undefined;
        return type.object.kind === "object" ? fromWire(type.object.fields, value as Record<string, unknown>) : value;
      default:
        return value;
    }
  })();
  return v !== undefined && type.secret ? new Secret(v) : v;
}

/**
 * SDK input into a request body by the descriptor: each input under its wire key, or where the
 * operation `op` places it (`wirePath`), nested objects and union variants by their own wire names (a
 * union's discriminator included), secrets revealed. Only into the body: the caller keeps its Secrets,
 * and logs redact them. Outputs and absent values are left out.
 */
/** How a protocol writes ISO 8601 timestamps: as they are, or as epoch milliseconds (netsvc). */
export type TimestampStyle = "iso8601" | "epochMillis";

export function toWire(
  fields: Readonly<Record<string, FieldSpec>>,
  value: Readonly<Record<string, unknown>>,
  op?: SendingOperation,
  timestamps: TimestampStyle = "iso8601",
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.mode === "output" || value[name] === undefined || value[name] === null) continue;
    // Validation refuses one given outside its condition; one kept from the state (an update sending
    // every input) whose condition no longer holds has no place in the request either.
    if (spec.onlyWhen && !conditionHolds(spec.onlyWhen, fields, value)) continue;
    setPath(out, (op && spec.wirePath?.[op]) ?? spec.wire, outward(spec.type, value[name], timestamps));
  }
  return out;
}

/** One input value on the wire, by its field's type (see toWire). */
export const valueToWire = (spec: FieldSpec, value: unknown, timestamps: TimestampStyle = "iso8601"): unknown =>
  value === undefined || value === null ? undefined : outward(spec.type, value, timestamps);

function outward(type: TypeSpec, value: unknown, timestamps: TimestampStyle): unknown {
  // Revealed through a Secret even when the caller passed it plain: revealing registers the value, so
  // an error or log line that echoes it back is redacted too.
  const v = value instanceof Secret ? value.reveal() : type.secret ? new Secret(value).reveal() : value;
  switch (type.kind) {
    case "list":
      return Array.isArray(v) ? v.map((x) => outward(type.items, x, timestamps)) : v;
    case "map":
      return v && typeof v === "object"
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, outward(type.values, x, timestamps)]))
        : v;
    case "object":
      return v && typeof v === "object" ? objectOut(type.object, v as Record<string, unknown>, timestamps) : v;
    case "string":
      return timestamps === "epochMillis" && type.constraints?.format === "iso8601" && typeof v === "string"
        ? Date.parse(v)
        : canonical(type.constraints, v);
    default:
      return v;
  }
}

/** A value of an enum matched ignoring case goes out in the enum's own spelling (`ipv6` as `IPv6`). */
function canonical(c: Constraints | undefined, v: unknown): unknown {
  if (!c?.caseInsensitive || typeof v !== "string") return v;
  return c.enum?.find((e) => sameEnumValue(e, v, true)) ?? v;
}

/**
 * A nested object goes out whole, each absent input at its schema default: the service reads only what
 * the object holds (a partner config's `connectType` is the default its variant fixes).
 */
function objectOut(o: ObjectSpec | UnionSpec, v: Record<string, unknown>, timestamps: TimestampStyle) {
  if (o.kind === "object") return toWire(o.fields, withDefaults(o.fields, v), undefined, timestamps);
  const name = variantOf(o, v);
  if (!name) return { ...v };
  const fields = o.variants[name]!.object.fields;
  return {
    [o.discriminator.wire]: v[o.discriminator.field],
    ...toWire(fields, withDefaults(fields, v), undefined, timestamps),
  };
}

/** `v` with each absent input's schema default (a request sends it; an id part may be one). */
export function withDefaults(
  fields: Readonly<Record<string, FieldSpec>>,
  v: Record<string, unknown>,
): Record<string, unknown> {
  const absent = Object.entries(fields).filter(
    ([name, spec]) =>
      spec.mode !== "output" && spec.default !== undefined && (v[name] === undefined || v[name] === null),
  );
  return absent.length === 0 ? v : { ...v, ...Object.fromEntries(absent.map(([name, spec]) => [name, spec.default])) };
}

/** The variant an SDK-shaped union value names by its discriminator, if any. */
function variantOf(u: UnionSpec, v: Readonly<Record<string, unknown>>): string | undefined {
  const key = String(v[u.discriminator.field]);
  return Object.keys(u.variants).find(
    (n) => n === key || (u.discriminator.caseInsensitive && n.toLowerCase() === key.toLowerCase()),
  );
}

/**
 * SDK-shaped values with every value of a secret field, at any depth (objects, lists, maps, union
 * variants), wrapped in Secret: however a value entered (an argument kept, an answer read, a hook's
 * result), what a program holds prints as "[secret]". Returns a new object; Secrets stay as they are.
 */
export function wrapSecrets(
  fields: Readonly<Record<string, FieldSpec>>,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const [name, spec] of Object.entries(fields))
    if (out[name] !== undefined && out[name] !== null) out[name] = wrapValue(spec.type, out[name]);
  return out;
}

function wrapValue(type: TypeSpec, value: unknown): unknown {
  if (value instanceof Secret) return value;
  if (type.secret) return new Secret(value);
  switch (type.kind) {
    case "list":
      return Array.isArray(value) ? value.map((x) => wrapValue(type.items, x)) : value;
    case "map":
      return isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([k, x]) => [k, wrapValue(type.values, x)]))
        : value;
    case "object": {
      if (!isRecord(value)) return value;
      if (type.object.kind === "object") return wrapSecrets(type.object.fields, value);
      const variant = variantOf(type.object, value);
      return variant ? wrapSecrets(type.object.variants[variant]!.object.fields, value) : value;
    }
    default:
      return value;
  }
}

/** A plain object's shape (not an array, not null). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
