import type { ImportIdSpec } from "../descriptor.js";
import { ValidationError } from "../validate.js";

/**
 * Splits an import id into the fields it names, per the descriptor's format: `<mcrId>:<id>` with an
 * integer part, `<a>#<b>#…` with optional and list parts. A malformed id is a ValidationError that
 * shows the expected format and says which part is wrong.
 */
export function parseImportId(
  entity: string,
  spec: ImportIdSpec,
  id: string,
): Record<string, string | number | string[]> {
  const format = spec.parts.map((p) => `<${p.field}>`).join(spec.separator);
  const fail = (why: string): never => {
    throw new ValidationError([
      { path: `${entity}.importId`, message: `${entity} import id ${JSON.stringify(id)} ${why}; expected ${format}` },
    ]);
  };
  const pieces = spec.parts.length === 1 ? [id] : id.split(spec.separator);
  if (pieces.length !== spec.parts.length)
    fail(`has ${pieces.length} part${pieces.length === 1 ? "" : "s"}, not ${spec.parts.length}`);
  const out: Record<string, string | number | string[]> = {};
  spec.parts.forEach((part, i) => {
    const text = pieces[i]!.trim();
    if (text === "") {
      if (!part.optional) fail(`has an empty ${part.field}`);
      return;
    }
    if (part.type === "integer") {
      const n = Number(text);
      if (!/^-?\d+$/.test(text) || (part.minimum !== undefined && n < part.minimum))
        fail(
          `has ${part.field} ${JSON.stringify(text)}, which must be ${part.minimum === 1 ? "a positive integer" : `an integer of at least ${part.minimum ?? "any value"}`}`,
        );
      out[part.field] = n;
    } else if (part.type === "list")
      out[part.field] = text
        .split(part.itemSeparator ?? ",")
        .map((s) => s.trim())
        .filter(Boolean);
    else out[part.field] = text;
  });
  return out;
}

/** The import id of an existing object, from its outputs: what a user needs to adopt it. */
export function formatImportId(spec: ImportIdSpec, values: Readonly<Record<string, unknown>>): string {
  return spec.parts
    .map((p) => {
      const v = values[p.field];
      return Array.isArray(v) ? v.join(p.itemSeparator ?? ",") : v === undefined || v === null ? "" : String(v);
    })
    .join(spec.separator);
}
