import type { FieldSpec } from "../descriptor.js";
import type { Values } from "../lifecycle/resource.js";
import { shown } from "../lifecycle/diff.js";
import { Secret } from "../secret.js";

/** A recorded object as the service has it now: gone, or fields changed outside the stack. */
export interface Drift {
  readonly name: string;
  readonly kind: string;
  readonly gone: boolean;
  readonly changes: readonly { readonly field: string; readonly from: unknown; readonly to: unknown }[];
}

export interface RefreshResult {
  readonly drift: readonly Drift[];
}

/**
 * The inputs whose value on the service differs from the state's (changed outside the stack): what
 * the next up would set back. Outputs that move on their own (a status, a live date) are not drift.
 * Secrets are compared by value and shown as "[secret]".
 */
export function driftOf(
  fields: Readonly<Record<string, FieldSpec>>,
  recorded: Values,
  current: Values,
): Drift["changes"] {
  const reveal = (v: unknown) => JSON.stringify(v instanceof Secret ? v.reveal() : v);
  return Object.keys(fields)
    .filter((f) => fields[f]!.mode !== "output" && !fields[f]!.writeOnly)
    .filter((f) => reveal(recorded[f]) !== reveal(current[f]))
    .map((field) => {
      const type = fields[field]!.type;
      return { field, from: shown(type, recorded[field]), to: shown(type, current[field]) };
    });
}
