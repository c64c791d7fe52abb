import type { CloudplatLookupOperation } from "@sdkgen/runtime/cloudplat";
import type { NetsvcLookupOperation } from "@sdkgen/runtime/netsvc";
import { didYouMean } from "@sdkgen/runtime/providers";
import type { Diagnostic } from "../../diagnostics.js";
import { entity, type LocatedField } from "../../load/providerIndex.js";
import { at, type Path, type SourceDoc } from "../../load/sourceDoc.js";
import { metaSchema } from "../metaSchema.js";
import type { DocumentInput, Walk } from "../rules/walk.js";
import { placeholders } from "./bound.js";

const OP: Path = ["operation"];

/** A bound lookup: a protocol, its shape, then placeholders and filters naming inputs, and no input going nowhere. */
export function checkLookupOperation(walk: Walk, { protocol }: DocumentInput): Diagnostic[] {
  // A provider file with problems of its own (protocol unknown) says nothing reliable to bind to.
  if (protocol === undefined) return [];
  return walk.lookups.flatMap(({ src, inputs }): Diagnostic[] => {
    const e = entity(src);
    if (e.operation === undefined) return [];
    if (protocol === "none")
      return [at(src, OP, "a lookup bound to an operation needs its provider's `protocol` to interpret it", "key")];
    if (e.operation === "hook")
      return protocol === "netsvc"
        ? []
        : [at(src, OP, "a cloudplat lookup binds an action; its hook can only complete the answer (`answer`)")];
    const shape = metaSchema().checkAt(src, OP, `${protocol}Lookup`);
    if (shape.length) return shape;
    return protocol === "cloudplat"
      ? cloudplatRules(src, e.operation as unknown as CloudplatLookupOperation, inputs)
      : netsvcRules(src, e.operation as unknown as NetsvcLookupOperation, inputs, e.hooks !== undefined);
  });
}

function cloudplatRules(src: SourceDoc, op: CloudplatLookupOperation, inputs: readonly LocatedField[]): Diagnostic[] {
  const names = inputs.map((f) => f.name);
  const out = Object.entries(op.request ?? {}).flatMap(([param, value]) =>
    unknownNames(src, [...OP, "request", param], JSON.stringify(value), names),
  );
  for (const input of Object.keys(op.filters ?? {}))
    if (!names.includes(input))
      out.push(at(src, [...OP, "filters", input], `"${input}" is not an input${didYouMean(input, names)}`, "key"));
  if (typeof op.id === "string") out.push(...unknownNames(src, [...OP, "id"], op.id, names));
  else if (op.id.hash === "items" && !op.identifiedBy)
    out.push(at(src, [...OP, "id"], 'an id hashed from the items needs "identifiedBy": the paths of their ids'));
  if (op.paging && op.result !== undefined)
    out.push(at(src, OP, 'give "paging" (a paged list) or "result" (where one answer holds it), not both', "key"));
  return out;
}

/** A netsvc lookup's GET sends only its path: any other input needs a hook (the API filters nothing) or notSent. */
function netsvcRules(
  src: SourceDoc,
  op: NetsvcLookupOperation,
  inputs: readonly LocatedField[],
  hooked: boolean,
): Diagnostic[] {
  const names = inputs.map((f) => f.name);
  const inPath = placeholders(op.path);
  const out = unknownNames(src, [...OP, "path"], op.path, names);
  if (!hooked)
    for (const f of inputs.filter((i) => !inPath.includes(i.name) && i.raw.notSent === undefined)) {
      const message = `input "${f.name}" goes nowhere: the lookup's path does not name it and it has no hook; place it in the path ({${f.name}}), add a hook, or say why it is notSent`;
      out.push(at(f.src, f.path, message, "key"));
    }
  return out;
}

function unknownNames(src: SourceDoc, path: Path, text: string, names: readonly string[]): Diagnostic[] {
  return placeholders(text)
    .filter((name) => !names.includes(name))
    .map((name) => {
      const message = `{${name}} names no input of the lookup: it can name ${names.map((n) => `{${n}}`).join(", ")}${didYouMean(name, names)}`;
      return at(src, path, message);
    });
}
