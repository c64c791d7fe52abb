import type { CloudplatLookupOperation } from "@sdkgen/runtime/cloudplat";
import type { NetsvcLookupOperation } from "@sdkgen/runtime/netsvc";
import type { Lookup, Protocol } from "../model/types.js";

/**
 * Sentences saying how a lookup runs, from its operation: the call, paging, what `id` keeps, how the
 * result's id is made and where `resultOutputFile` goes. For its TSDoc and its docs page.
 */

const code = (v: string) => "`" + v + "`";

export function lookupBindingLines(l: Lookup, protocol: Protocol | undefined): string[] {
  const op = l.operation;
  if (op === undefined) return [];
  const hook = l.hooks ? [`Its hook (${code(l.hooks)}) completes what the operation cannot say.`] : [];
  const body =
    op === "hook"
      ? ["Runs in its hook: it takes several calls."]
      : protocol === "cloudplat"
        ? cloudplatLines(l, op as unknown as CloudplatLookupOperation)
        : protocol === "netsvc"
          ? netsvcLines(op as unknown as NetsvcLookupOperation)
          : [];
  const file = l.inputs.some((f) => f.name === "resultOutputFile")
    ? ["With `resultOutputFile`, the result is also written there as JSON (secrets as `[secret]`), all at once."]
    : [];
  return [...body, ...hook, ...file];
}

function cloudplatLines(l: Lookup, op: CloudplatLookupOperation): string[] {
  const lines: string[] = [];
  const paged = op.paging
    ? `, every page of ${code(op.paging.list)} (${op.paging.pageSize ?? 100} a page)`
    : op.result
      ? `, reading ${code(op.result)}`
      : "";
  lines.push(`Calls ${code(`${op.service}:${op.action}`)}${paged}.`);
  const filters = Object.entries(op.filters ?? {});
  if (filters.length)
    lines.push(
      `Sends ${filters.map(([input, name]) => `${code(input)} as the ${code(name)} filter`).join(", ")}, when given.`,
    );
  const idInput = l.inputs.find((f) => f.name === "id");
  if (idInput && op.identifiedBy)
    lines.push(`\`id\` keeps only the items whose id equals it: ${op.identifiedBy.map((p) => code(p)).join(", ")}.`);
  else if (idInput) lines.push("It answers one result: `id`, when given, must be that result's id.");
  lines.push(
    typeof op.id === "string"
      ? `The result's id is ${code(op.id)}.`
      : op.id.hash === "items"
        ? "The result's id is a hash of the kept items' ids: equal for equal answers."
        : "The result's id is a hash of the request: equal for equal queries.",
  );
  return lines;
}

function netsvcLines(op: NetsvcLookupOperation): string[] {
  return [
    `Reads ${code(`GET ${op.path}`)}${op.into ? `, whose answer is ${code(op.into)}` : ""}.`,
    `The result's id is ${code(op.id)}.`,
  ];
}
