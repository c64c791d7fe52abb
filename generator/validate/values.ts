import { checkFormat, type Format } from "@sdkgen/runtime/providers";
import type { RawTypeSpec } from "../load/rawTypes.js";

/** Formats a literal can be checked against alone (a CIDR's family may come from another field). */
const FORMATS = new Set(["cidr-ipv4", "cidr-ipv6", "ip", "mac", "iso8601", "datetime-ymd-hms", "json"]);

/** What is wrong with a schema literal (a default, an enum value…) for a spec ("must be …"), or undefined. */
export function checkValue(spec: RawTypeSpec, value: unknown): string | undefined {
  const got = `(got ${JSON.stringify(value)})`;
  switch (spec.type) {
    case "any":
      return undefined;
    case "string":
      if (typeof value !== "string") return `must be a string ${got}`;
      if (spec.minLength !== undefined && value.length < spec.minLength)
        return `must be at least ${spec.minLength} characters ${got}`;
      if (spec.maxLength !== undefined && value.length > spec.maxLength)
        return `must be at most ${spec.maxLength} characters ${got}`;
      if (spec.pattern !== undefined && safeRegExp(spec.pattern)?.test(value) === false)
        return `must match ${spec.pattern} ${got}`;
      if (spec.format !== undefined && FORMATS.has(spec.format)) {
        const problem = checkFormat(spec.format as Format, value);
        if (problem) return `${problem} ${got}`;
      }
      break;
    case "number":
    case "integer":
      if (typeof value !== "number") return `must be a number ${got}`;
      // JSON (the descriptors', and every request's) has no Infinity: it would be sent as null.
      if (!Number.isFinite(value)) return `must be a finite number (got ${value})`;
      if (spec.type === "integer" && !Number.isInteger(value)) return `must be an integer ${got}`;
      if (spec.type === "integer" && !Number.isSafeInteger(value))
        return `must be an integer a JavaScript number holds exactly, at most ${Number.MAX_SAFE_INTEGER} in size (got ${value})`;
      if (spec.minimum !== undefined && value < spec.minimum) return `must be at least ${spec.minimum} ${got}`;
      if (spec.maximum !== undefined && value > spec.maximum) return `must be at most ${spec.maximum} ${got}`;
      if (spec.notOneOf?.includes(value)) return `must not be ${value}`;
      break;
    case "boolean":
      if (typeof value !== "boolean") return `must be true or false ${got}`;
      break;
    case "list":
      if (!Array.isArray(value)) return `must be a list ${got}`;
      if (spec.minItems !== undefined && value.length < spec.minItems)
        return `must have at least ${spec.minItems} items ${got}`;
      if (spec.maxItems !== undefined && value.length > spec.maxItems)
        return `must have at most ${spec.maxItems} items ${got}`;
      for (const item of value) {
        const problem = spec.items && checkValue(spec.items, item);
        if (problem) return `item ${problem}`;
      }
      return undefined;
    case "map":
    case "object":
      if (typeof value !== "object" || value === null || Array.isArray(value)) return `must be a mapping ${got}`;
      if (spec.type === "map" && spec.values)
        for (const v of Object.values(value)) {
          const problem = checkValue(spec.values, v);
          if (problem) return `value ${problem}`;
        }
      return undefined;
  }
  if (spec.enum) {
    const allowed = spec.enum.map((v) => (typeof v === "object" ? v.value : v));
    const match = (v: unknown) =>
      v === value ||
      (spec.caseInsensitive &&
        typeof v === "string" &&
        typeof value === "string" &&
        v.toLowerCase() === value.toLowerCase());
    if (!allowed.some(match)) return `must be one of ${allowed.join(", ")} ${got}`;
  }
  return undefined;
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return undefined; // reported separately as an invalid pattern
  }
}
