import type { Path, SourceDoc, SourceMeta } from "./sourceDoc.js";
import { groupBy } from "../groupBy.js";
import { camel } from "../naming.js";
import type { HookFile } from "./loadSchemas.js";
import type { RawEntity, RawField, RawFields } from "./rawTypes.js";

/** The entities of one provider, by name, for resolving references and includes. */
export interface ProviderIndex {
  readonly name: string;
  readonly provider?: SourceDoc | undefined;
  readonly resources: readonly SourceDoc[];
  readonly lookups: readonly SourceDoc[];
  readonly types: ReadonlyMap<string, SourceDoc>;
  /** Every file of types/, two defining one name included: what the name and file-name checks read. */
  readonly typeFiles: readonly SourceDoc[];
  readonly hooks: ReadonlyMap<string, HookFile>;
  /** Unreadable schema files as `<folder>/<stem>`: checks that would miss what they say wait. */
  readonly unread: ReadonlySet<string>;
}

/** A document's entity; an empty file, `null` or list reads as an empty one (the meta-schema reports it). */
export const entity = (src: SourceDoc): RawEntity =>
  (typeof src.data === "object" && src.data !== null && !Array.isArray(src.data) ? src.data : {}) as RawEntity;

export function indexProviders(
  sources: readonly SourceDoc[],
  hooks: readonly HookFile[] = [],
  unread: readonly SourceMeta[] = [],
): ProviderIndex[] {
  return [...groupBy(sources, (s) => s.provider)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, docs]) => ({
      name,
      provider: docs.find((d) => d.folder === "provider"),
      resources: docs.filter((d) => d.folder === "resources"),
      lookups: docs.filter((d) => d.folder === "lookups"),
      types: new Map(
        docs.flatMap((d) => (d.folder === "types" && d.outline.name !== undefined ? [[d.outline.name, d]] : [])),
      ),
      typeFiles: docs.filter((d) => d.folder === "types"),
      hooks: new Map(hooks.filter((h) => h.provider === name).map((h) => [h.name, h])),
      unread: new Set(unread.filter((m) => m.provider === name).map((m) => `${m.folder}/${m.stem}`)),
    }));
}

/** A field together with where it is written, which differs from the entity when it comes from a group. */
export interface LocatedField {
  readonly name: string;
  readonly raw: RawField;
  readonly src: SourceDoc;
  readonly path: Path;
  readonly group?: string;
}

export function ownFields(
  src: SourceDoc,
  key: "fields" | "inputs" | "outputs" | "config",
  fields: RawFields | undefined,
  basePath: Path = [],
): LocatedField[] {
  return Object.entries(fields ?? {}).map(([name, raw]) => ({ name, raw, src, path: [...basePath, key, name] }));
}

/** Whether the file named after `name` is broken: a reference to it is then not reported missing. */
export const brokenFileOf = (
  index: ProviderIndex,
  folder: "resources" | "types",
  name: string,
  isValid: (s: SourceDoc) => boolean,
): boolean => {
  const stem = camel(name);
  const docs = folder === "types" ? [...index.types.values()] : index.resources;
  return index.unread.has(`${folder}/${stem}`) || docs.some((s) => s.stem === stem && !isValid(s));
};

/** Fields of the `include`d groups, then the entity's own; unknown groups are skipped (validate reports them). */
export function expandIncludes(
  index: Pick<ProviderIndex, "types">,
  include: readonly string[] | undefined,
  own: LocatedField[],
): LocatedField[] {
  // A group listed twice is reported once (references), not as each of its fields colliding with itself.
  const included = [...new Set(include ?? [])].flatMap((g) => {
    const groupSrc = index.types.get(g);
    if (!groupSrc || entity(groupSrc).kind !== "group") return [];
    return ownFields(groupSrc, "fields", entity(groupSrc).fields).map((f) => ({ ...f, group: g }));
  });
  return [...included, ...own];
}
