import type { CloudplatLookupOperation, CloudplatOperations } from "@sdkgen/runtime/cloudplat";
import type { NetsvcOperations } from "@sdkgen/runtime/netsvc";
import type { Field, Lookup, Protocol, Readiness, Resource } from "../model/types.js";
import { code, names } from "./describe.js";

/** What an entity does, in its users' words, for TSDoc and the docs pages; the wire is describeWire.ts's. */

/** The behaviour of a resource bound to operations; undefined for one that is not (it has no class). */
export function resourceBehaviour(r: Resource, protocol: Protocol | undefined) {
  const ops = r.operations as unknown;
  if (ops === undefined || protocol === undefined) return undefined;
  const say = protocol === "netsvc" ? netsvcWords(ops as NetsvcOperations) : cloudplatWords(ops as CloudplatOperations);
  return { ...say, change: changeLines(r, say.update), readiness: r.readiness && readinessText(r.readiness) };
}

/** The behaviour as TSDoc paragraphs, in the order a resource lives. */
export const behaviourLines = (b: ReturnType<typeof resourceBehaviour>): string[] =>
  b ? [b.create, ...b.change, ...(b.readiness ? [b.readiness] : []), b.find, b.delete] : [];

interface Words {
  readonly create: string;
  /** Whether inputs without a rule of their own update in place. */
  readonly update: boolean;
  readonly find: string;
  readonly delete: string;
}

function netsvcWords(ops: NetsvcOperations): Words {
  const c = ops.create;
  const create =
    c === "hook"
      ? "Created in several requests."
      : "order" in c
        ? `Created by ordering ${c.order.nest ? `it on the product ${code(c.order.parent ?? "")} names` : productType(c.order.set)}; the order is validated before it is bought.`
        : "Created with one request.";
  const l = ops.list;
  const find =
    l === "hook"
      ? "`find` searches in several requests."
      : "products" in l
        ? `\`find\` searches the account's active products of type ${l.products.type}.`
        : `\`find\` lists them${l.each ? " under each active product that could hold one" : ""} and keeps those that match.`;
  const d = ops.delete;
  return { create, update: !!ops.update, find, delete: "cancel" in d ? cancelText(d.cancel) : deleteText(d.retry) };
}

const productType = (set: Readonly<Record<string, unknown>> | undefined) =>
  typeof set?.productType === "string" ? `a product of type ${set.productType}` : "a product";

/** Without `cancelAtEndOfTerm`'s default (the provider page gives it): a change of it would rewrite every module. */
const cancelText = (cancel: "now" | "cancelAtEndOfTerm"): string =>
  cancel === "now"
    ? "Deleting cancels it at once."
    : "Deleting cancels it at once, or at the end of its contract term when the provider's `cancelAtEndOfTerm` is true.";

const deleteText = (retry?: { readonly seconds: number }): string =>
  `Deleted with one request; one already gone counts as deleted${retry ? `. While the service answers that it is not done with it yet, the request is sent again every ${retry.seconds} s, within the provider's wait time` : ""}.`;

function cloudplatWords(ops: CloudplatOperations): Words {
  const l = ops.list;
  const find =
    l === undefined
      ? "`find` reads only the one its id names."
      : l === "hook"
        ? "`find` searches in several requests."
        : `\`find\` ${l.paging ? "reads every page of the list" : "lists them"}${
            l.filters ? `, which the service narrows by ${Object.keys(l.filters).map(code).join(", ")} when given` : ""
          }, and keeps those that match.`;
  const refusal = ops.delete.retryUnlessExpected ? " A refusal is asked again." : "";
  return {
    create: `Created with one request.${ops.create.retryUnlessExpected ? " A refusal is asked again." : ""}`,
    update: !!ops.update,
    find,
    delete: `Deleted with one request${ops.delete.notFound ? "; one already gone counts as deleted" : ""}.${refusal}`,
  };
}

const updatedBy = (f: Field): string | undefined =>
  f.onChange && "update" in f.onChange ? f.onChange.update : undefined;

function changeLines(r: Resource, updates: boolean): string[] {
  const inputs = r.fields.filter((f) => f.mode !== "output");
  const inPlace = inputs.filter((f) => !f.replaceOnChange && (!f.onChange || updatedBy(f) === "update"));
  const replaces = inputs.filter((f) => f.replaceOnChange);
  const own = inputs.filter((f) => updatedBy(f) !== undefined && updatedBy(f) !== "update");
  const rejected = inputs.filter((f) => f.onChange && "reject" in f.onChange);
  const createOnly = inputs.filter((f) => f.onChange && "createOnly" in f.onChange);
  const lines: string[] = [];
  if (updates && inPlace.length) lines.push(`A change to ${names(inPlace)} updates it in place, with one request.`);
  if (own.length) lines.push(`A change to ${names(own)} is applied in place, by a request of its own.`);
  if (replaces.length)
    lines.push(`A change to ${names(replaces)} replaces it with a new one (\`update\` needs \`allowReplace: true\`).`);
  if (rejected.length) lines.push(`${names(rejected)} cannot change once it exists: \`update\` refuses a change.`);
  if (createOnly.length) {
    const count = createOnly.length > 1 ? "count" : "counts";
    lines.push(`${names(createOnly)} ${count} only at creation: later changes are not compared.`);
  }
  return lines;
}

function readinessText(r: Readiness): string {
  if (r === "readable") return "Create and update are done as soon as it can be read back.";
  const failed = r.failed?.length ? `; ${r.failed.map(code).join(", ")} mean it failed` : "";
  return `Create and update wait until its ${code(r.field)} is ${r.ready.map(code).join(" or ")}${failed}.`;
}

/** What a change to one input does, when its rule is its own (its TSDoc). */
export function fieldChangeLines(f: Field): string[] {
  const c = f.onChange;
  const lines: string[] = [];
  if (f.notSent) lines.push(`Not given at creation: ${f.notSent}`);
  if (c && "update" in c && c.update !== "update") lines.push("A change is applied in place, by a request of its own.");
  if (c && "reject" in c) lines.push(`Cannot be changed after creation: ${c.reject}`);
  if (c && "createOnly" in c) lines.push(`Used only at creation; later changes are not compared: ${c.createOnly}`);
  return lines;
}

/** How a lookup searches and what its result's id is, in words. */
export function lookupBehaviourLines(l: Lookup, protocol: Protocol | undefined): string[] {
  const op = l.operation;
  if (op === undefined) return [];
  const body =
    op === "hook"
      ? ["Runs in several requests."]
      : protocol === "cloudplat"
        ? cloudplatLookupWords(l, op as unknown as CloudplatLookupOperation)
        : ["Runs one request."];
  const file = l.inputs.some((f) => f.name === "resultOutputFile")
    ? ["With `resultOutputFile`, the result is also written there as JSON (secrets as `[secret]`), all at once."]
    : [];
  return [...body, ...file];
}

function cloudplatLookupWords(l: Lookup, op: CloudplatLookupOperation): string[] {
  const filters = Object.keys(op.filters ?? {});
  const idLine = op.identifiedBy
    ? "`id` keeps only the results whose id equals it."
    : "It answers one result: `id`, when given, must be that result's id.";
  return [
    `${op.paging ? "Reads every page of results" : "Runs one request"}${filters.length ? `, which the service narrows by ${filters.map(code).join(", ")} when given` : ""}.`,
    ...(l.inputs.some((f) => f.name === "id") ? [idLine] : []),
    typeof op.id === "string"
      ? `The result's id is ${code(op.id)}.`
      : op.id.hash === "items"
        ? "The result's id is a hash of the kept results' ids: equal for equal answers."
        : "The result's id is a hash of the request: equal for equal queries.",
  ];
}
