import { didYouMean } from "@sdkgen/runtime/providers";
import type { Diagnostic } from "../diagnostics.js";
import { brokenFileOf, type ProviderIndex } from "../load/providerIndex.js";
import type { RawTypeSpec } from "../load/rawTypes.js";
import { at, type SourceDoc } from "../load/sourceDoc.js";
import { validDocuments, writtenFields } from "./rules/written.js";

const holdsIds = (spec: RawTypeSpec): boolean =>
  spec.type === "string" || spec.type === "integer" || (spec.type === "list" && !!spec.items && holdsIds(spec.items));

/** `references`: each name is a resource of the provider, and the field holds ids (drawn as "refers to"). */
export function checkReferences(index: ProviderIndex, valid: ReadonlySet<SourceDoc>): Diagnostic[] {
  // Every named resource counts: one with problems is reported in its own file, not as an unknown reference.
  const kinds = index.resources.flatMap((r) => (r.outline.name === undefined ? [] : [r.outline.name]));
  const known = new Set(kinds);
  const out: Diagnostic[] = [];
  for (const src of validDocuments({ index, valid }))
    for (const { raw: f, path } of writtenFields(src)) {
      if (!f.references) continue;
      const here = [...path, "references"];
      if (!holdsIds(f))
        out.push(
          at(src, here, `"references" needs a field holding ids (string, integer or a list of them), not ${f.type}`),
        );
      f.references.forEach((kind, i) => {
        if (!known.has(kind) && !brokenFileOf(index, "resources", kind, (s) => valid.has(s)))
          out.push(at(src, [...here, i], `"${kind}" is not a resource of ${index.name}${didYouMean(kind, kinds)}`));
      });
    }
  return out;
}
