import type { CloudplatCall, CloudplatLookupOperation, CloudplatOperations } from "@sdkgen/runtime/cloudplat";
import type { NetsvcLookupOperation, NetsvcOperations, NetsvcRequest } from "@sdkgen/runtime/netsvc";
import type { Field, Lookup, Protocol, Resource } from "../model/types.js";
import { capital } from "../naming.js";
import { code, names } from "./describe.js";

/** What bindings send and read, for the docs' "On the wire" section; their meaning is describeBehaviour's. */

/** Where a field travels, when not under its own name: its wire name, or its wire paths. */
export function fieldWireText(f: Field): string | undefined {
  const p = f.wirePath;
  if (!p) return f.wireName === f.name ? undefined : `As ${code(f.wireName)}.`;
  const sent =
    p.create !== undefined && p.create === p.update
      ? [`sent as ${code(p.create)}`]
      : [
          ...(p.create !== undefined ? [`sent as ${code(p.create)} at creation`] : []),
          ...(p.update !== undefined ? [`as ${code(p.update)} in updates`] : []),
        ];
  return `${capital([...sent, `read from ${code(p.read ?? f.wireName)}`].join(", "))}.`;
}

/** The requests a resource's operations make, one sentence each. */
export function resourceWireLines(r: Resource, protocol: Protocol | undefined): string[] {
  if (!r.operations) return [];
  if (protocol === "netsvc") return netsvcLines(r, r.operations as unknown as NetsvcOperations);
  if (protocol === "cloudplat") return cloudplatLines(r.operations as unknown as CloudplatOperations);
  return [];
}

const request = (r: NetsvcRequest) =>
  `\`${r.method} ${r.path}\`${r.set ? ` with ${code(r.set)}` : ""}${r.always?.length ? ` (always sending ${r.always.map(code).join(", ")})` : ""}`;

function netsvcLines(r: Resource, ops: NetsvcOperations): string[] {
  const inputs = r.fields.filter((f) => f.mode !== "output");
  const lines: string[] = [];
  const c = ops.create;
  if (c === "hook") lines.push(`Create: its hook (\`${r.hooks ?? "?"}\`).`);
  else if ("order" in c)
    lines.push(
      `Create: an order (\`POST /v3/networkdesign/validate\`, then \`POST /v4/networkdesign/buy\`)${
        c.order.nest
          ? ` under its parent product ${code(c.order.parent ?? "")} as \`{productUid, ${c.order.nest}: [item]}\``
          : ""
      }${c.order.set ? ` with ${code(c.order.set)}` : ""}; the new id is the answer's ${code(c.order.newId ?? "technicalServiceUid")}.`,
    );
  else lines.push(`Create: ${request(c)}; the new id is the answer's ${code(c.newId)}.`);
  const read = ops.read;
  if (read === "hook") lines.push("Read: its hook.");
  else if ("product" in read)
    lines.push("Read: `GET /v2/product/{id}`; one not found or read back as `DECOMMISSIONED` is gone.");
  else lines.push(`Read: ${request(read)}; one not found is gone.`);
  const byUpdate = inputs.filter((f) => !f.replaceOnChange && !f.onChange);
  if (ops.update && byUpdate.length) lines.push(`Update of ${names(byUpdate)}: ${request(ops.update)}.`);
  const byTags = inputs.filter((f) => f.onChange && "update" in f.onChange && f.onChange.update === "tags");
  if (ops.tags && byTags.length)
    lines.push(`Update of ${names(byTags)}: \`PUT /v2/product/{id}/tags\`, a key/value list.`);
  const l = ops.list;
  if (l === "hook") lines.push("Find: its hook.");
  else if ("products" in l)
    lines.push(
      `Find: \`GET /v2/products\` (nested VXCs and IXs included), the items of type ${code(l.products.type)}${
        l.products.where ? ` with ${code(l.products.where)}` : ""
      }${l.products.without ? ` without ${l.products.without.map(code).join(", ")}` : ""}.`,
    );
  else lines.push(`Find: ${request(l)}, each item's id at ${code(l.itemId)}.`);
  const d = ops.delete;
  if ("cancel" in d)
    lines.push(
      d.cancel === "now"
        ? "Delete: `POST /v3/product/{id}/action/CANCEL_NOW`."
        : "Delete: `POST /v3/product/{id}/action/CANCEL_NOW`, or `CANCEL` (at the end of the term) when the provider's `cancelAtEndOfTerm` is true.",
    );
  else
    lines.push(
      `Delete: ${request(d)}; one not found counts as deleted${d.retry ? `; an answer ${d.retry.status}${d.retry.message ? ` "${d.retry.message}"` : ""} is retried every ${d.retry.seconds} s` : ""}.`,
    );
  return lines;
}

function call(c: CloudplatCall, service: string | undefined): string {
  return [
    `\`${c.service ?? service}:${c.action}\``,
    c.request ? ` with ${code(c.request)}` : "",
    c.expect ? `; ${code(c.expect)} must be true${c.retryUnlessExpected ? ", else it is asked again" : ""}` : "",
    c.notFound ? `; ${c.notFound.map(code).join(", ")} ${c.notFound.length > 1 ? "mean" : "means"} not found` : "",
  ].join("");
}

/** What an update sends, by its `send` (the meta-schema admits these two); by default, what updates in place. */
const SENT = { all: "every input", changed: "the changed inputs", inPlace: "the inputs updated in place" };

const paged = (p?: { readonly list: string }) => (p ? `, every page of ${code(p.list)}` : "");

function cloudplatLines(ops: CloudplatOperations): string[] {
  const service = ops.create.service;
  const lines = [
    `Create: ${call(ops.create, service)}${ops.create.id ? `; the new id is the answer's ${code(ops.create.id)}` : ""}.`,
  ];
  const read = ops.read;
  lines.push(
    read === "hook"
      ? "Read: its hook."
      : `Read: ${call(read, service)}${paged(read.paging)}${read.item ? `, the object at ${code(read.item)}` : ""}.`,
  );
  if (ops.update) lines.push(`Update: ${call(ops.update, service)}, sending ${SENT[ops.update.send ?? "inPlace"]}.`);
  const l = ops.list;
  if (l === "hook") lines.push("Find: its hook.");
  else if (l)
    lines.push(
      `Find: ${call(l, service)}${paged(l.paging)}${l.items ? `, the items at ${code(l.items)}` : ""}${
        l.filters ? `; filters ${code(l.filters)}` : ""
      }.`,
    );
  lines.push(`Delete: ${call(ops.delete, service)}.`);
  return lines;
}

/** The requests a lookup makes. */
export function lookupWireLines(l: Lookup, protocol: Protocol | undefined): string[] {
  const op = l.operation;
  if (op === undefined) return [];
  const hook = l.hooks ? [`Its hook (${code(l.hooks)}) completes what the operation cannot say.`] : [];
  if (op === "hook") return [`Runs in its hook (${code(l.hooks ?? "?")}).`];
  if (protocol === "netsvc") {
    const n = op as unknown as NetsvcLookupOperation;
    return [
      `${code(`GET ${n.path}`)}${n.into ? `, whose answer is ${code(n.into)}` : ""}; the result's id is ${code(n.id)}.`,
      ...hook,
    ];
  }
  const c = op as unknown as CloudplatLookupOperation;
  return [
    `${call(c, c.service)}${paged(c.paging)}${c.result ? `, reading ${code(c.result)}` : ""}${
      c.filters ? `; filters ${code(c.filters)}` : ""
    }${c.identifiedBy ? `; ids at ${c.identifiedBy.map(code).join(", ")}` : ""}.`,
    ...hook,
  ];
}
