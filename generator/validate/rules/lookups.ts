import type { RawTypeSpec } from "../../load/rawTypes.js";
import { at } from "../../load/sourceDoc.js";
import { found, type Rule } from "./rule.js";

function sameType(a: RawTypeSpec, b: RawTypeSpec): boolean {
  if (a.type !== b.type || a.ref !== b.ref) return false;
  if (a.items || b.items) return !!a.items && !!b.items && sameType(a.items, b.items);
  if (a.values || b.values) return !!a.values && !!b.values && sameType(a.values, b.values);
  return true;
}

export const lookupEchoes: Rule = {
  id: "lookup-echoes",
  description: "a lookup output named like an input has the input's type (results echo inputs)",
  document: (walk) =>
    walk.lookups.flatMap(({ src, inputs, outputs }) => {
      const byName = new Map(inputs.map((f) => [f.name, f.raw]));
      return found(
        outputs.map((o) => {
          const input = byName.get(o.name);
          if (!input || sameType(input, o.raw)) return undefined;
          const message = `output "${o.name}" redeclares the input of that name with another type; the result echoes inputs, so the types must match`;
          return at(src, [...o.path, "type"], message);
        }),
      );
    }),
};

export const lookupIds: Rule = {
  id: "lookup-ids",
  description: "every lookup result has an `id` (an output, or an echoed input)",
  document: (walk) =>
    walk.lookups
      .filter(({ inputs, outputs }) => ![...inputs, ...outputs].some((f) => f.name === "id"))
      .map(({ src }) => at(src, ["outputs"], `every lookup result has an "id": declare it in outputs`, "key")),
};
