import type { Scalar } from "./descriptor.js";

/** Whether `value` is the enum value `allowed`: exactly, or ignoring case for a case-insensitive enum. */
export const sameEnumValue = (allowed: Scalar, value: unknown, caseInsensitive: boolean | undefined): boolean =>
  allowed === value ||
  (caseInsensitive === true &&
    typeof allowed === "string" &&
    typeof value === "string" &&
    allowed.toLowerCase() === value.toLowerCase());
