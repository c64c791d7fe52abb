import type { Path, SourceDoc, SourceMeta } from "./sourceDoc.js";
import { camel } from "../naming.js";
import type { HookFile } from "./loadSchemas.js";
import type { RawEntity, RawField, RawFields } from "./rawTypes.js";

/** The entities of one provider, by name, for resolving references and includes. */
export interface ProviderIndex {
  readonly name: string;
  readonly provider?: SourceDoc | undefined;
  readonly resources: readonly SourceDoc[];
  readonly lookups: readonly SourceDoc[];
  /** Types, unions and groups by name. */
  readonly types: ReadonlyMap<string, SourceDoc>;
  /** Every file of types/, two defining one name included: what the name and file-name checks read. */
  readonly typeFiles: readonly SourceDoc[];
  /** Hook modules by name. */
  readonly hooks: ReadonlyMap<string, HookFile>;
  /**
   * The schema files that could not be read (broken YAML), as `<folder>/<stem>`: what they say is not
   * known, so checks that would miss it wait (a type named after such a file is not reported unknown).
   */
  readonly unread: ReadonlySet<string>;
}

/**
 * A document's entity. An empty file, a `null` or a list holds none: it reads as an empty one (the
 * meta-schema reports the file), so no check crashes on it.
 */
export const entity = (src: SourceDoc): RawEntity =>
  (typeof src.data === "object" && src.data !== null && !Array.isArray(src.data) ? src.data : {}) as RawEntity;

export function indexProviders(
  sources: readonly SourceDoc[],
  hooks: readonly HookFile[] = [],
  unread: readonly SourceMeta[] = [],
): ProviderIndex[] {
  const byProvider = new Map<string, SourceDoc[]>();
  for (const s of sources) {
    const docs = byProvider.get(s.provider);
    if (docs) docs.push(s);
    else byProvider.set(s.provider, [s]);
  }
  return [...byProvider.entries()]
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
  /** The group it was included from. */
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

/**
 * Whether the file that would hold `name` in `folder` (named after it: `types/vxcEnd.yaml` for VxcEnd)
 * is broken: unreadable, or failing the meta-schema (its name misspelt, say). A reference to that
 * name is then not reported missing: the file's own problems say why.
 */
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

/**
 * Whether every name `src` includes is a field group whose file passed the meta-schema: otherwise the
 * entity's fields are not all known, and checks that look them up by name wait (the group's own
 * problems, or the unknown name, are reported).
 */
export const includesKnown = (index: ProviderIndex, src: SourceDoc, isValid: (s: SourceDoc) => boolean): boolean =>
  (entity(src).include ?? []).every((name) => {
    const group = index.types.get(name);
    return group !== undefined && isValid(group);
  });

/** Fields of the `include`d groups (in include order), then the entity's own. Unknown groups are skipped here; validate reports them. */
export function expandIncludes(
  index: ProviderIndex,
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
