import type { Condition, FieldSpec, Scalar } from "./descriptor.js";
import { sameEnumValue } from "./enumValue.js";

/** A condition's values: its one (`equals`) or its several (`in`). */
export const conditionValues = (c: Condition): readonly Scalar[] => c.in ?? [c.equals];

/**
 * Whether a condition holds of an object: its field as given, else at its default, as the request
 * will send it; a case-insensitive enum's value matched ignoring case, as it is validated and sent.
 */
export function conditionHolds(
  c: Condition,
  fields: Readonly<Record<string, FieldSpec>>,
  value: Readonly<Record<string, unknown>>,
): boolean {
  const v = value[c.field] ?? fields[c.field]?.default;
  const type = fields[c.field]?.type;
  const ignoreCase = type !== undefined && "constraints" in type && type.constraints?.caseInsensitive === true;
  return conditionValues(c).some((x) => sameEnumValue(x, v, ignoreCase));
}

/** "authType is \"OAUTH\" or \"APP\"". */
export const conditionText = (c: Condition): string =>
  `${c.field} is ${conditionValues(c)
    .map((v) => JSON.stringify(v))
    .join(" or ")}`;
