import type { NetsvcHooks } from "@sdkgen/runtime/netsvc";
import { activeProducts } from "@sdkgen/runtime/netsvc";
import type { LagPortArgs, LagPortOutputs } from "../resources/lagPort.js";

/**
 * A LAG's member ports are the MEGAPORT products sharing its aggregationId (wire reference §3.2);
 * lagCount is read as their number, so a changed lagCount is seen against the ports that exist.
 */
export const hooks: NetsvcHooks<LagPortArgs, LagPortOutputs> = {
  async afterRead(state, raw, ctx) {
    const aggregation = raw.aggregationId;
    if (!aggregation) {
      state.lagPortUids = state.productUid === undefined ? [] : [state.productUid];
      state.lagCount = 1;
      return;
    }
    const members = (await activeProducts(ctx.provider, ctx))
      .filter((x) => x.aggregationId === aggregation && String(x.productType).toLowerCase() === "megaport")
      .map((x) => String(x.productUid))
      .sort();
    state.lagPortUids = members;
    state.lagCount = members.length;
  },
};
