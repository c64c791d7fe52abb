import type { FieldSpec, TypeSpec } from "../descriptor.js";
import type { Values } from "../lifecycle/resource.js";
import { equal, shown } from "../lifecycle/diff.js";
import { isRecord } from "../lifecycle/wire.js";

/** A recorded object as the service has it now: gone, or fields changed outside the stack. */
export interface Drift {
  readonly name: string;
  readonly kind: string;
  readonly gone: boolean;
  /** Each value that changed, by its path (`aEnd.vlan`), old → new (secrets as "[secret]"). */
  readonly changes: readonly { readonly field: string; readonly from: unknown; readonly to: unknown }[];
}

export interface RefreshResult {
  readonly drift: readonly Drift[];
}

/**
 * The inputs whose value on the service differs from the state's (changed outside the stack): what
 * the next up would set back. Outputs that move on their own (a status, a live date) are not drift.
 * Values are compared as the diff compares them (key order, `1` and `1.0`, a default and its absence,
 * secrets by value), and an object's change is named at the paths that changed, not as the whole object.
 */
export function driftOf(
  fields: Readonly<Record<string, FieldSpec>>,
  recorded: Values,
  current: Values,
): Drift["changes"] {
  return Object.entries(fields)
    .filter(([, spec]) => spec.mode !== "output" && !spec.writeOnly)
    .flatMap(([field, spec]) =>
      changedPaths(field, spec.type, recorded[field] ?? spec.default, current[field] ?? spec.default),
    );
}

/** The paths under `path` whose values differ, each with its old and new value as shown. */
function changedPaths(
  path: string,
  type: TypeSpec,
  from: unknown,
  to: unknown,
): { field: string; from: unknown; to: unknown }[] {
  if (equal(type, from, to) && equal(type, to, from)) return [];
  const fields = objectFields(type, from, to);
  if (fields && isRecord(from) && isRecord(to) && !type.secret)
    return Object.entries(fields)
      .filter(([, spec]) => spec.mode !== "output")
      .flatMap(([k, spec]) => changedPaths(`${path}.${k}`, spec.type, from[k] ?? spec.default, to[k] ?? spec.default));
  return [{ field: path, from: shown(type, from), to: shown(type, to) }];
}

/** The fields of an object type that both values share the shape of (one variant of a union), else undefined. */
function objectFields(type: TypeSpec, from: unknown, to: unknown): Readonly<Record<string, FieldSpec>> | undefined {
  if (type.kind !== "object") return undefined;
  if (type.object.kind === "object") return type.object.fields;
  const key = type.object.discriminator.field;
  const variant = (v: unknown) => (isRecord(v) ? String(v[key]).toLowerCase() : undefined);
  if (variant(from) !== variant(to)) return undefined;
  const name = Object.keys(type.object.variants).find((v) => v.toLowerCase() === variant(from));
  return name ? type.object.variants[name]!.object.fields : undefined;
}
