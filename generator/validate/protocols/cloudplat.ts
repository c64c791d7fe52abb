import type { CloudplatOperations } from "@sdkgen/runtime/cloudplat";
import { didYouMean } from "@sdkgen/runtime/providers";
import type { Diagnostic } from "../../diagnostics.js";
import { entity, type LocatedField } from "../../load/providerIndex.js";
import { at, type Path, type SourceDoc } from "../../load/sourceDoc.js";
import { operationsCheck, placeholders } from "./bound.js";
import { changeRules } from "./changes.js";

/** Cloudplat operations: their shape, then what it cannot say (id is the import id, placeholders, no lost change). */
export const checkCloudplatOperations = operationsCheck("cloudplat", bindingRules);

function bindingRules(src: SourceDoc, fields: readonly LocatedField[]): Diagnostic[] {
  const e = entity(src);
  const ops = e.operations as unknown as CloudplatOperations;
  const names = fields.map((f) => f.name);
  const importParts = e.importId?.parts;
  if (!importParts) {
    const message = "a resource bound to cloudplat operations needs an import id (`parts`): its id is the import id";
    return [at(src, ["importId"], message)];
  }
  const parts = importParts.map((p) => p.field);
  const assigned = parts.filter((p) => fields.find((f) => f.name === p)?.raw.mode === "output");
  const out: Diagnostic[] = [];
  const op = (name: string): Path => ["operations", name];

  if (assigned.length > 1)
    out.push(at(src, ["importId"], `the import id has ${assigned.length} output parts; the platform assigns one`));
  if (assigned.length === 1 && ops.create.id === undefined) {
    const message = `missing "id": the path of ${assigned[0]} (the import id's output part) in the answer`;
    out.push(at(src, op("create"), message, "key"));
  }
  const computed = parts.some((p) => fields.find((f) => f.name === p)?.raw.mode === "optional-computed");
  if (assigned.length === 0 && !computed && ops.create.id !== undefined) {
    const message = "the import id has no output (or optional-computed) part for the platform's id to fill";
    out.push(at(src, [...op("create"), "id"], message));
  }

  const known = { create: names.filter((n) => isInput(fields, n)), list: names, other: ["id", ...parts] };
  // An operation bound to `hook` is the kind's hook module's (the `hooks` rule checks there is one).
  const read = ops.read === "hook" ? undefined : ops.read;
  const list = ops.list === "hook" ? undefined : ops.list;
  const bound = { create: ops.create, read, update: ops.update, delete: ops.delete, list };
  for (const name of ["create", "read", "update", "delete", "list"] as const) {
    const allowed = name === "create" ? known.create : name === "list" ? known.list : known.other;
    out.push(...unknownPlaceholders(src, op(name), name, bound[name]?.request, allowed));
  }
  for (const [field, reads] of Object.entries(read?.lists ?? {})) {
    if (!names.includes(field))
      out.push(at(src, [...op("read"), "lists", field], `"${field}" is not a field${didYouMean(field, names)}`, "key"));
    reads.forEach((r, i) =>
      out.push(...unknownPlaceholders(src, [...op("read"), "lists", field, i], "read", r.request, known.other)),
    );
  }
  if (read?.item !== undefined && read?.paging !== undefined)
    out.push(at(src, op("read"), 'give "item" (one object) or "paging" (a list), not both', "key"));
  if (list && (list.items === undefined) === (list.paging === undefined))
    out.push(at(src, op("list"), 'give "items" (one answer) or "paging" (a paged list), exactly one', "key"));
  for (const field of Object.keys(list?.filters ?? {}))
    if (!names.includes(field))
      out.push(
        at(src, [...op("list"), "filters", field], `"${field}" is not a field${didYouMean(field, names)}`, "key"),
      );
  // A kind with hooks may route a change to its update hook (`onChange: { update: hook }`).
  out.push(...changeRules(src, fields, [...(ops.update ? ["update"] : []), ...(e.hooks ? ["hook"] : [])]));
  return out;
}

function unknownPlaceholders(
  src: SourceDoc,
  path: Path,
  operation: string,
  request: Readonly<Record<string, unknown>> | undefined,
  allowed: readonly string[],
): Diagnostic[] {
  return Object.entries(request ?? {}).flatMap(([param, value]) =>
    placeholders(JSON.stringify(value))
      .filter((ph) => !allowed.includes(ph))
      .map((ph) => {
        const message = `{${ph}} names nothing the ${operation} operation knows: it can name ${allowed.map((a) => `{${a}}`).join(", ")}${didYouMean(ph, allowed)}`;
        return at(src, [...path, "request", param], message);
      }),
  );
}

const isInput = (fields: readonly LocatedField[], name: string): boolean =>
  fields.find((f) => f.name === name)?.raw.mode !== "output";
