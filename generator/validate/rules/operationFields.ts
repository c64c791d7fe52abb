import { didYouMean } from "@sdkgen/runtime/providers";
import { entity } from "../../load/providerIndex.js";
import { at, type Path } from "../../load/sourceDoc.js";
import type { Rule } from "./rule.js";

/** The field names a resource's bindings list: its readiness field, and what update and delete always send. */
function listedFields(e: ReturnType<typeof entity>): { path: Path; name: string; inputs: boolean }[] {
  const out: { path: Path; name: string; inputs: boolean }[] = [];
  const readiness = e.readiness as { field?: unknown } | string | undefined;
  if (typeof readiness === "object" && typeof readiness.field === "string")
    out.push({ path: ["readiness", "field"], name: readiness.field, inputs: false });
  const ops = (e.operations ?? {}) as Record<string, unknown>;
  for (const op of ["update", "delete"]) {
    const always = (ops[op] as { always?: unknown } | undefined)?.always;
    if (Array.isArray(always))
      always.forEach((name, i) => {
        if (typeof name === "string") out.push({ path: ["operations", op, "always", i], name, inputs: true });
      });
  }
  return out;
}

export const operationFields: Rule = {
  id: "operation-fields",
  description: "a readiness field names a field of the resource, and what update and delete always send names inputs",
  document: (walk) =>
    walk.resources.flatMap(({ src, fields }) =>
      listedFields(entity(src)).flatMap(({ path, name, inputs }) => {
        const known = fields.filter((f) => !inputs || f.raw.mode !== "output").map((f) => f.name);
        if (known.includes(name)) return [];
        const hint = didYouMean(name, known);
        return [at(src, path, `"${name}" names no ${inputs ? "input" : "field"} of the resource${hint}`)];
      }),
    ),
};
