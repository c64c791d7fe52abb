import { didYouMean } from "@sdkgen/runtime/providers";
import { entity } from "../../load/providerIndex.js";
import { at } from "../../load/sourceDoc.js";
import { found, type Rule } from "./rule.js";
import { validDocuments, writtenFields } from "./written.js";

export const exceptVariants: Rule = {
  id: "except-variants",
  description: "`exceptVariants` is on a field whose type is a union, and names its variants",
  provider: (input) =>
    validDocuments(input).flatMap((src) =>
      found(
        writtenFields(src).flatMap(({ raw, path }) => {
          const roc = raw.replaceOnChange;
          if (!roc || typeof roc !== "object" || !roc.exceptVariants) return [];
          const where = [...path, "replaceOnChange", "exceptVariants"];
          const union = raw.type === "object" && raw.ref ? input.index.types.get(raw.ref) : undefined;
          // An unknown type (the references rule reports it) or one whose file has problems is not judged here.
          if (raw.ref && (!union || !input.valid.has(union))) return [];
          const variants =
            union && entity(union).kind === "union" ? Object.keys(entity(union).variants ?? {}) : undefined;
          if (!variants) return [at(src, where, `exceptVariants applies to a field whose type is a union`)];
          return roc.exceptVariants.map(
            (v, i) =>
              !variants.includes(v) &&
              at(src, [...where, i], `unknown variant "${v}" of ${raw.ref}${didYouMean(v, variants)}`),
          );
        }),
      ),
    ),
};
