import type { ImportIdSpec, ResourceDescriptor } from "../descriptor.js";
import { ValidationError } from "../validate.js";

/**
 * The longest id part taken where the part's field sets no `maxLength`: far beyond any id either
 * service hands out (a product UID is 36 characters), short enough that an error quoting it stays short.
 */
export const MAX_ID_PART_LENGTH = 256;

/**
 * What no id part of any kind holds: a path, query or fragment delimiter, a dot segment (a service or
 * proxy that normalises the path would answer another endpoint), a control character.
 */
const UNSAFE_ID_PART = /[/?#\\\p{Cc}]|\.\./u;

/** What a part of an import id may say about itself: its kind's format, and which part is at fault. */
type Part = ImportIdSpec["parts"][number];

/** The kind an id belongs to, as much of its descriptor as checking the id needs. */
export type IdKind = Pick<ResourceDescriptor, "name" | "fields" | "importId">;

/** The documented form of a kind's import id (`<mcrId>:<mcrPrefixFilterListId>`). */
export const importIdFormat = (spec: ImportIdSpec): string =>
  spec.parts.map((p) => `<${p.field}>`).join(spec.separator);

/**
 * Splits an id into the fields it names, per the kind's import-id format: `<mcrId>:<id>` with an
 * integer part, `<a>#<b>#…` with optional and list parts. An id no object of the kind can have (a part
 * empty, too long, holding `/`, `?`, `#`, `\`, `..` or a control character, an integer part that is
 * not one) is a ValidationError naming the kind, the expected format and the part at fault, thrown
 * before any request; a secret id (a service key) is never quoted.
 */
export function parseImportId(kind: IdKind, id: string): Record<string, string | number | string[]> {
  const spec = kind.importId ?? { separator: ":", parts: [{ field: "id", type: "string" as const }] };
  const fail = (why: string): never => {
    throw new ValidationError([
      {
        path: `${kind.name}.id`,
        message: `${kind.name} id ${shownId(kind, spec, id)} ${why}; expected ${importIdFormat(spec)}`,
      },
    ]);
  };
  const pieces = spec.parts.length === 1 ? [id] : id.split(spec.separator);
  if (pieces.length !== spec.parts.length)
    fail(`has ${pieces.length} part${pieces.length === 1 ? "" : "s"}, not ${spec.parts.length}`);
  const out: Record<string, string | number | string[]> = {};
  spec.parts.forEach((part, i) => {
    const text = pieces[i]!.trim();
    const problem = partProblem(kind, part, text);
    if (problem) fail(`has ${problem}`);
    if (text === "") return;
    if (part.type === "integer") out[part.field] = Number(text);
    else if (part.type === "list")
      out[part.field] = text
        .split(part.itemSeparator ?? ",")
        .map((s) => s.trim())
        .filter(Boolean);
    else out[part.field] = text;
  });
  return out;
}

/** Why a part's text cannot be that part of any object's id, or undefined when it can. */
function partProblem(kind: IdKind, part: Part, text: string): string | undefined {
  if (text === "") return part.optional ? undefined : `an empty ${part.field}`;
  const field = kind.fields[part.field];
  const max = (field?.type.kind === "string" ? field.type.constraints?.maxLength : undefined) ?? MAX_ID_PART_LENGTH;
  if (text.length > max) return `a ${part.field} of ${text.length} characters, more than ${max}`;
  const unsafe = UNSAFE_ID_PART.exec(text)?.[0];
  if (unsafe !== undefined) return `a ${part.field} holding ${describeUnsafe(unsafe)}, which no id has`;
  if (part.type === "integer" && (!/^-?\d+$/.test(text) || (part.minimum !== undefined && Number(text) < part.minimum)))
    return `${part.field} ${JSON.stringify(text)}, which must be ${part.minimum === 1 ? "a positive integer" : `an integer of at least ${part.minimum ?? "any value"}`}`;
  return undefined;
}

const describeUnsafe = (c: string): string =>
  c === ".." ? `".."` : /\p{Cc}/u.test(c) ? "a control character" : JSON.stringify(c);

/** The id as an error may quote it: "[secret]" when made of a secret field, cut when long. */
function shownId(kind: IdKind, spec: ImportIdSpec, id: string): string {
  if (spec.parts.some((p) => kind.fields[p.field]?.type.secret === true)) return "[secret]";
  const quoted = JSON.stringify(id);
  return quoted.length > 80 ? `${quoted.slice(0, 60)}…" (${id.length} characters)` : quoted;
}

/** The id in its kind's canonical form (parts trimmed, list items joined plainly), checked as parseImportId checks it. */
export function normalizedId(kind: IdKind, id: string): string {
  const fields = parseImportId(kind, id);
  return kind.importId ? formatImportId(kind.importId, fields) : id;
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
