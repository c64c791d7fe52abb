import type { LookupDescriptor } from "../../descriptor.js";
import type { Values } from "../../lifecycle/resource.js";
import { toWire } from "../../lifecycle/wire.js";
import { collectPages } from "../pagination.js";
import { hashOfIds, type LookupFactory } from "./listLookup.js";
import { wireLookup } from "./wireLookup.js";

/** Inputs that are never sent: `id` filters the answer locally (see wireLookup), `resultOutputFile` is a local path. */
const LOCAL_INPUTS = new Set(["id", "resultOutputFile"]);

/**
 * The request of an anti-DDoS action: every other input under its wire name. Each input of §4.2 is one
 * request parameter of the same name, so the descriptor's wire names are the whole mapping.
 */
function wireRequest(d: LookupDescriptor, args: Values): Values {
  const sent = Object.fromEntries(Object.entries(d.inputs).filter(([name]) => !LOCAL_INPUTS.has(name)));
  return toWire(sent, args);
}

/**
 * A lookup over one unpaged call, its outputs read from the response. Its id is `id(args)` where the
 * reference gives one; otherwise the Terraform provider uses a random token, which would change on every
 * read, so the id is a hash of the request instead: equal for equal queries, different for different ones.
 * `identifiedBy` names the response's identified lists, if it has any (see WireLookup).
 */
export const callLookup =
  (
    action: string,
    options: { readonly id?: (args: Values) => string; readonly identifiedBy?: readonly string[] } = {},
  ): LookupFactory =>
  (provider, d) =>
    wireLookup({
      run: (p, args, signal) => p.client.call("antiddos", action, wireRequest(d, args), { signal }),
      identifiedBy: options.identifiedBy,
      id: (args) => options.id?.(args) ?? hashOfIds([action, JSON.stringify(wireRequest(d, args))]),
    })(provider, d);

/** A lookup over a paged anti-DDoS list (uint Offset/Limit, `Total`), through every page. */
export interface PagedLookup {
  readonly action: string;
  readonly listKey: string;
  readonly pageSize: number;
  /** The wire id of an item: what the `id` input filters by. */
  readonly itemId: string;
  /** An item into the shape the outputs' wire names expect, where the wire differs. */
  readonly shape?: ((item: Values) => Values) | undefined;
  /** The result's id, from the arguments and the items kept. */
  readonly id: (args: Values, items: readonly Values[]) => string;
}

export const pagedLookup =
  (spec: PagedLookup): LookupFactory =>
  (provider, d) =>
    wireLookup({
      run: async (p, args, signal) => {
        const items = await collectPages<Values>(
          p.client,
          "antiddos",
          spec.action,
          wireRequest(d, args),
          { style: "antiddos", listKey: spec.listKey, pageSize: spec.pageSize },
          { signal },
        );
        return { [spec.listKey]: spec.shape ? items.map(spec.shape) : items };
      },
      identifiedBy: [`${spec.listKey}[].${spec.itemId}`],
      id: (args, wire) => spec.id(args, wire[spec.listKey] as Values[]),
    })(provider, d);
