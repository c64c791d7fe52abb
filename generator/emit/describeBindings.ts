import type { NetsvcOperations, NetsvcRequest } from "@sdkgen/runtime/netsvc";
import type { Field, Protocol, Readiness, Resource } from "../model/types.js";

/**
 * Sentences saying what a resource's bindings do, for its TSDoc and README: the bindings are the facts,
 * so the docs follow them instead of repeating them by hand in lifecycle notes.
 */

const code = (v: unknown) => "`" + (typeof v === "string" ? v : JSON.stringify(v)) + "`";
const names = (fields: readonly Field[]) => fields.map((f) => code(f.name)).join(", ");

/** What a field's bindings say: where it goes on the wire and what a change does, when not the default. */
export function fieldBindingLines(f: Field, form: "input" | "output"): string[] {
  const lines: string[] = [];
  const w = f.wirePath;
  if (w && form === "input") {
    const sent =
      w.create !== undefined && w.create === w.update
        ? `Sent as ${code(w.create)}`
        : [
            w.create !== undefined ? `sent as ${code(w.create)} at creation` : "",
            w.update !== undefined ? `as ${code(w.update)} in updates` : "",
          ]
            .filter(Boolean)
            .join(", ");
    const read = w.read !== undefined ? `read from ${code(w.read)}` : "";
    const text = [sent, read].filter(Boolean).join("; ");
    if (text) lines.push(`${text[0]!.toUpperCase()}${text.slice(1)}.`);
  } else if (w?.read !== undefined) lines.push(`Read from ${code(w.read)}.`);
  if (form === "input" && f.notSent) lines.push(`Not sent by the create call: ${f.notSent}`);
  const c = form === "input" ? f.onChange : undefined;
  if (c && "update" in c && c.update !== "update")
    lines.push(`A change is applied by the ${code(c.update)} operation.`);
  if (c && "reject" in c) lines.push(`Cannot be changed after creation: ${c.reject}`);
  if (c && "createOnly" in c) lines.push(`Sent only at creation; later changes are not compared: ${c.createOnly}`);
  return lines;
}

/** The resource-level sentences: operations in the protocol's words, then readiness. */
export function resourceBindingLines(r: Resource, protocol: Protocol | undefined): string[] {
  if (!r.operations) return [];
  const ops = protocol === "netsvc" ? netsvcLines(r, r.operations as unknown as NetsvcOperations) : [];
  return [...ops, ...(r.readiness ? [readinessLine(r.readiness)] : [])];
}

function readinessLine(r: Readiness): string {
  if (r === "readable") return "Create and update are done once a read finds the object.";
  const failed = r.failed?.length ? `; ${r.failed.map(code).join(", ")} mean it failed` : "";
  return `Create and update wait until ${code(r.field)} is ${r.ready.map(code).join(" or ")}${failed}.`;
}

const request = (r: NetsvcRequest) => `\`${r.method} ${r.path}\``;

function netsvcLines(r: Resource, ops: NetsvcOperations): string[] {
  const inputs = r.fields.filter((f) => f.mode !== "output");
  const lines: string[] = [];
  const c = ops.create;
  if (c === "hook") lines.push(`Created by its hook (\`${r.hooks ?? "?"}\`).`);
  else if ("order" in c) {
    const set = Object.entries(c.order.set ?? {}).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    lines.push(
      `Created by an order (\`POST /v3/networkdesign/validate\`, then \`POST /v4/networkdesign/buy\`)${
        c.order.nest
          ? ` under its parent product ${code(c.order.parent ?? "")} as \`{productUid, ${c.order.nest}: [item]}\``
          : ""
      }${set.length ? ` with ${code(set.join(", "))}` : ""}; the new id is the answer's ${code(c.order.newId ?? "technicalServiceUid")}.`,
    );
  } else lines.push(`Created with ${request(c)}; the new id comes from the answer's ${code(c.newId)}.`);
  const read = ops.read;
  if (read === "hook") lines.push("Read by its hook.");
  else if ("product" in read)
    lines.push("Read with `GET /v2/product/{id}`; one that is not found or reads back as DECOMMISSIONED is gone.");
  else lines.push(`Read with ${request(read)}; one that is not found is gone.`);
  const byUpdate = inputs.filter((f) => !f.replaceOnChange && !f.onChange);
  if (ops.update && byUpdate.length)
    lines.push(
      `${names(byUpdate)} update in place with ${request(ops.update)}${ops.update.always?.length ? ` (always sending ${ops.update.always.map(code).join(", ")})` : ""}.`,
    );
  const byTags = inputs.filter((f) => f.onChange && "update" in f.onChange && f.onChange.update === "tags");
  if (ops.tags && byTags.length)
    lines.push(`${names(byTags)} update in place with \`PUT /v2/product/{id}/tags\` (a key/value list).`);
  const d = ops.delete;
  if ("cancel" in d)
    lines.push(
      d.cancel === "now"
        ? "Delete cancels at once (`CANCEL_NOW`); the provider's cancelAtEndOfTerm does not apply."
        : "Delete cancels at once (`CANCEL_NOW`), or at the end of the term (`CANCEL`) when the provider's cancelAtEndOfTerm is true.",
    );
  else
    lines.push(
      `Delete sends ${request(d)}; one not found counts as deleted${d.retry ? `; an answer ${d.retry.status}${d.retry.message ? ` "${d.retry.message}"` : ""} is retried every ${d.retry.seconds} s within the provider's wait time` : ""}.`,
    );
  return lines;
}
