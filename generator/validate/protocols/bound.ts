import type { Diagnostic } from "../../diagnostics.js";
import { entity, type LocatedField } from "../../load/providerIndex.js";
import type { SourceDoc } from "../../load/sourceDoc.js";
import type { Protocol } from "../../model/types.js";
import { metaSchema } from "../metaSchema.js";
import type { DocumentInput, Walk } from "../rules/walk.js";

/**
 * The check of a protocol's resource operations, of one document: their shape
 * (`$defs/<protocol>Operations`), then `rules`. A resource's fields are known (walk.resources) only
 * when every group it includes is: bindings name fields.
 */
export const operationsCheck =
  (protocol: Protocol, rules: (src: SourceDoc, fields: readonly LocatedField[]) => Diagnostic[]) =>
  (walk: Walk, input: DocumentInput): Diagnostic[] =>
    input.protocol !== protocol
      ? []
      : walk.resources.flatMap(({ src, fields }) => {
          if (entity(src).operations === undefined) return [];
          const shape = metaSchema().checkAt(src, ["operations"], `${protocol}Operations`);
          return shape.length ? shape : rules(src, fields);
        });

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The names in a template's placeholders: `/v2/product/{id}` names `id`. */
export const placeholders = (template: string): string[] => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
