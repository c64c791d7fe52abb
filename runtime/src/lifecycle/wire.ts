import type { FieldSpec, TypeSpec } from "../descriptor.js";
import { Secret } from "../secret.js";

/**
 * A service object read into SDK shape by the descriptor: each field from its wire key, nested
 * objects by their own wire names, ISO 8601 timestamps from epoch milliseconds (how netsvc sends
 * them), secrets wrapped. Keys the descriptor does not know are dropped; nulls become absent.
 */
export function fromWire(
  fields: Readonly<Record<string, FieldSpec>>,
  wire: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    const v = convert(spec.type, wire[spec.wire]);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

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
        return Array.isArray(value)
          ? value.map((x) => convert(type.items, x)).filter((x) => x !== undefined)
          : undefined;
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
