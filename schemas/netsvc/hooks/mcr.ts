import type { NetsvcHooks } from "@sdkgen/runtime/netsvc";
import { valueToWire } from "@sdkgen/runtime";
import type { McrArgs, McrOutputs } from "../resources/mcr.js";

/**
 * The deprecated inline prefix filter lists are not part of the order: each is created through the
 * prefix-list endpoint once the MCR exists (wire reference §3.8), as the McrPrefixFilterList kind does.
 */
export const hooks: NetsvcHooks<McrArgs, McrOutputs> = {
  async afterCreate(id, args, ctx) {
    const spec = ctx.descriptor.fields.prefixFilterLists!;
    const lists = (valueToWire(spec, args.prefixFilterLists, "epochMillis") ?? []) as object[];
    for (const body of lists)
      await ctx.client.call("POST", `/v2/product/mcr2/${encodeURIComponent(id)}/prefixList`, {
        body,
        resource: ctx.resource,
        signal: ctx.signal,
      });
  },
};
