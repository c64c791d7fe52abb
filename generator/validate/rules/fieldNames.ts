import type { Diagnostic } from "../../diagnostics.js";
import type { LocatedField } from "../../load/providerIndex.js";
import { at, locate } from "../../load/sourceDoc.js";
import { toWireCase } from "../../naming.js";
import type { Rule } from "./rule.js";

export const fieldNames: Rule = {
  id: "field-names",
  description: "field names of one object are unique after case conversion",
  check: ({ walk }) =>
    walk.maps.flatMap((m) =>
      m.clashes.map(({ field: f, prior }) => {
        const where = prior.group
          ? `included from group ${prior.group}`
          : `declared at line ${locate(prior.src, prior.path, "key").line}`;
        return at(
          f.src,
          f.path,
          `field "${f.name}" collides with "${prior.name}" (${where}); names must differ after case conversion`,
          "key",
        );
      }),
    ),
};

export const wireNames: Rule = {
  id: "wire-names",
  description: "the inputs of one object are sent under distinct wire keys (outputs may read the same key)",
  check: ({ walk }) =>
    walk.maps.flatMap(({ fields, scope }) => {
      const out: Diagnostic[] = [];
      const sent = new Map<string, LocatedField>();
      for (const f of fields) {
        if (scope.position !== "input" || f.raw.mode === "output") continue;
        const wire = f.raw.wireName ?? toWireCase(f.name, scope.wireCase);
        const prior = sent.get(wire);
        if (!prior) sent.set(wire, f);
        else
          out.push(
            at(
              f.src,
              [...f.path, ...(f.raw.wireName ? ["wireName"] : [])],
              `wire name "${wire}" is already sent by input "${prior.name}"`,
            ),
          );
      }
      return out;
    }),
};
