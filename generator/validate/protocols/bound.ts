import { entity, includesKnown, type ProviderIndex } from "../../load/providerIndex.js";
import type { SourceDoc } from "../../load/sourceDoc.js";

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
