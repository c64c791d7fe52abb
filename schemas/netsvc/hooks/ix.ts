import type { NetsvcHooks } from "@sdkgen/runtime/netsvc";
import type { IxArgs, IxOutputs } from "../resources/ix.js";

/**
 * The IX order item has no costCentre, publicGraph or reverseDns (wire reference §3.6), but its modify
 * call takes them: given at creation, they are set by one modify call right after the order.
 */
export const hooks: NetsvcHooks<IxArgs, IxOutputs> = {
  async afterCreate(id, args, ctx) {
    const { costCentre, publicGraph, reverseDns } = args;
    const body = { costCentre, publicGraph, reverseDns };
    if (Object.values(body).every((v) => v === undefined)) return;
    await ctx.client.call("PUT", `/v2/product/ix/${encodeURIComponent(id)}`, {
      body,
      resource: ctx.resource,
      signal: ctx.signal,
    });
  },
};
