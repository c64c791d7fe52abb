import type { Diagnostic } from "../../diagnostics.js";
import { entity } from "../../load/providerIndex.js";
import type { RawTypeSpec } from "../../load/rawTypes.js";
import { at } from "../../load/sourceDoc.js";
import type { Rule } from "./rule.js";

/** Whether a value can be a type spec: a file that failed the meta-schema may hold anything. */
const isSpec = (v: unknown): v is RawTypeSpec => typeof v === "object" && v !== null;

const refsOf = (spec: unknown): string[] =>
  !isSpec(spec)
    ? []
    : [
        ...(typeof spec.ref === "string" ? [spec.ref] : []),
        ...refsOf(spec.items),
        ...refsOf(spec.values),
        ...(isSpec(spec.fields) ? Object.values(spec.fields).flatMap(refsOf) : []),
      ];

/** Descriptors and validators are plain data without cycles, so no named type may reach itself. */
export const typeCycles: Rule = {
  id: "type-cycles",
  description: "named types do not refer to themselves",
  provider: ({ index, valid }) => {
    const edges = new Map<string, string[]>();
    for (const [name, src] of index.types) {
      const e = entity(src);
      edges.set(
        name,
        e.kind === "union"
          ? Object.values(isSpec(e.variants) ? e.variants : {}).flatMap((v: unknown) =>
              isSpec(v) && typeof v.ref === "string" ? [v.ref] : [],
            )
          : Object.values(isSpec(e.fields) ? e.fields : {}).flatMap(refsOf),
      );
    }
    const out: Diagnostic[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (name: string, trail: string[]) => {
      if (state.get(name) === "done") return;
      if (state.get(name) === "open") {
        const src = index.types.get(name)!;
        const cycle = [...trail.slice(trail.indexOf(name)), name].join(" -> ");
        if (valid.has(src))
          out.push(at(src, ["name"], `type ${name} refers to itself (${cycle}); recursive types are not supported`));
        return;
      }
      state.set(name, "open");
      for (const next of edges.get(name) ?? []) if (edges.has(next)) visit(next, [...trail, name]);
      state.set(name, "done");
    };
    [...edges.keys()].sort().forEach((n) => visit(n, []));
    return out;
  },
};
