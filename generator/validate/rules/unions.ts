import { entity } from "../../load/providerIndex.js";
import { at } from "../../load/sourceDoc.js";
import { resolveType } from "./references.js";
import type { Rule } from "./rule.js";

export const unionVariants: Rule = {
  id: "union-variants",
  description: "union variants are object types that do not declare the discriminator",
  provider: ({ index, valid }) =>
    [...index.types.values()]
      .filter((src) => valid.has(src) && entity(src).kind === "union")
      .flatMap((src) => {
        const e = entity(src);
        return Object.entries(e.variants ?? {}).flatMap(([value, variant]) => {
          const path = ["variants", value, "ref"];
          const { found: t, problem } = resolveType(index, valid, src, path, variant.ref, "type");
          if (!t) return problem ? [problem] : [];
          const kind = entity(t).kind;
          if (kind !== "object")
            return [at(src, path, `a union variant is an object type; "${variant.ref}" is a ${kind}`)];
          const discriminator = e.discriminator!.field;
          if (!Object.hasOwn(entity(t).fields ?? {}, discriminator)) return [];
          const message = `"${discriminator}" is the discriminator of union ${e.name}; the union adds it, so ${variant.ref} must not declare it`;
          return [at(t, ["fields", discriminator], message, "key")];
        });
      }),
};
