import type { NetsvcOperations, NetsvcRequest } from "@sdkgen/runtime/netsvc";
import { didYouMean } from "@sdkgen/runtime/providers";
import type { Diagnostic } from "../../diagnostics.js";
import { entity, type LocatedField } from "../../load/providerIndex.js";
import { at, type Path, type SourceDoc } from "../../load/sourceDoc.js";
import { operationsCheck, placeholders } from "./bound.js";
import { changeRules } from "./changes.js";

/** Netsvc operations: their shape, then placeholders, an order's parent input, and no change going nowhere. */
export const checkNetsvcOperations = operationsCheck("netsvc", bindingRules);

function bindingRules(src: SourceDoc, fields: readonly LocatedField[]): Diagnostic[] {
  const ops = entity(src).operations as unknown as NetsvcOperations;
  const names = fields.map((f) => f.name);
  const inputs = fields.filter((f) => f.raw.mode !== "output").map((f) => f.name);
  const out: Diagnostic[] = [];
  for (const name of ["create", "read", "update", "delete", "list"] as const) {
    const op = ops[name];
    if (op && typeof op === "object" && "path" in op) {
      const allowed = name === "create" ? inputs : ["id", ...names];
      out.push(...unknownPlaceholders(src, ["operations", name, "path"], name, (op as NetsvcRequest).path, allowed));
    }
  }
  const parent = typeof ops.create === "object" && "order" in ops.create ? ops.create.order.parent : undefined;
  const parentField = parent?.split(".")[0];
  if (parentField !== undefined && !inputs.includes(parentField)) {
    const message = `order parent "${parent}" names no input${didYouMean(parentField, inputs)}`;
    out.push(at(src, ["operations", "create", "order", "parent"], message));
  }
  const updates = [...(ops.update ? ["update"] : []), ...(ops.tags ? ["tags"] : [])];
  out.push(...changeRules(src, fields, updates));
  return out;
}

function unknownPlaceholders(
  src: SourceDoc,
  path: Path,
  operation: string,
  template: string,
  allowed: readonly string[],
): Diagnostic[] {
  return placeholders(template)
    .filter((ph) => !allowed.includes(ph))
    .map((ph) => at(src, path, `{${ph}} names nothing the ${operation} operation knows${didYouMean(ph, allowed)}`));
}
