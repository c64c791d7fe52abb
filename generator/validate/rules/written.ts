import { entity } from "../../load/providerIndex.js";
import type { RawField, RawFields, RawTypeSpec } from "../../load/rawTypes.js";
import type { Path, SourceDoc } from "../../load/sourceDoc.js";
import { oncePer } from "../../memo.js";
import type { ProviderInput } from "./rule.js";

// What the provider's rules read of its documents together: fields and specs as each document writes
// them, without the scopes of a document's walk (which is made per document, and kept by its input).

/** The provider's documents that passed the meta-schema: provider, resources, lookups, types. */
export const validDocuments = ({ index, valid }: ProviderInput): SourceDoc[] =>
  [index.provider, ...index.resources, ...index.lookups, ...index.types.values()].filter(
    (src): src is SourceDoc => src !== undefined && valid.has(src),
  );

/** The provider's entity, when its file passed the meta-schema. */
export const providerEntity = ({ index, valid }: ProviderInput) =>
  index.provider && valid.has(index.provider) ? entity(index.provider) : undefined;

/** A field as its document writes it. */
export interface WrittenField {
  readonly name: string;
  readonly raw: RawField;
  readonly path: Path;
}

/** Every field a document writes, nested ones included (found once: several rules read them). */
export const writtenFields = oncePer((src: SourceDoc): WrittenField[] => {
  const e = entity(src);
  const out: WrittenField[] = [];
  const map = (fields: RawFields | undefined, path: Path): void => {
    for (const [name, raw] of Object.entries(fields ?? {})) {
      const at = [...path, name];
      out.push({ name, raw, path: at });
      spec(raw, at);
    }
  };
  const spec = (s: RawTypeSpec, path: Path): void => {
    if (s.fields) map(s.fields, [...path, "fields"]);
    if (s.items) spec(s.items, [...path, "items"]);
    if (s.values) spec(s.values, [...path, "values"]);
  };
  for (const key of ["fields", "inputs", "outputs", "config"] as const) map(e[key], [key]);
  for (const [name, fn] of Object.entries(e.functions ?? {})) {
    map(fn.inputs, ["functions", name, "inputs"]);
    map(fn.outputs, ["functions", name, "outputs"]);
  }
  return out;
});

/** Every type spec a document writes: each field's own, its items' and values'. */
export const writtenSpecs = oncePer((src: SourceDoc) => {
  const out: { spec: RawTypeSpec; path: Path }[] = [];
  const add = (spec: RawTypeSpec, path: Path): void => {
    out.push({ spec, path });
    if (spec.items) add(spec.items, [...path, "items"]);
    if (spec.values) add(spec.values, [...path, "values"]);
  };
  for (const { raw, path } of writtenFields(src)) add(raw, path);
  return out;
});
