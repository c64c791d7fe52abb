import type { Diagnostic } from "../../diagnostics.js";
import { entity, includesKnown, type ProviderIndex } from "../../load/providerIndex.js";
import type { SourceDoc } from "../../load/sourceDoc.js";
import type { Protocol } from "../../model/types.js";
import type { MetaSchemaValidator } from "../metaSchema.js";

/** Docs whose binding a protocol check reads: valid, bound, every included group known (bindings name fields). */
export const boundDocs = (
  index: ProviderIndex,
  docs: readonly SourceDoc[],
  key: "operations" | "operation",
  valid: ReadonlySet<SourceDoc>,
): SourceDoc[] =>
  docs.filter(
    (src) => valid.has(src) && entity(src)[key] !== undefined && includesKnown(index, src, (s) => valid.has(s)),
  );

/** The check of a protocol's resource operations: their shape (`$defs/<protocol>Operations`), then `rules`. */
export const operationsCheck =
  (protocol: Protocol, rules: (index: ProviderIndex, src: SourceDoc) => Diagnostic[]) =>
  (index: ProviderIndex, valid: ReadonlySet<SourceDoc>, meta: () => MetaSchemaValidator): Diagnostic[] => {
    if (!index.provider || entity(index.provider).protocol !== protocol) return [];
    return boundDocs(index, index.resources, "operations", valid).flatMap((src) => {
      const shape = meta().checkAt(src, ["operations"], `${protocol}Operations`);
      return shape.length ? shape : rules(index, src);
    });
  };

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The names in a template's placeholders: `/v2/product/{id}` names `id`. */
export const placeholders = (template: string): string[] => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
