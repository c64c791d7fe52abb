import { productsOf, withTags, type NetsvcLookupHooks } from "@sdkgen/runtime/netsvc";
import type { GetMvesArgs } from "../lookups/getMves.js";

/** getMves (§4.4): one product by UID, or every active MVE of the product list, with their resource tags when asked. */
export const hooks: NetsvcLookupHooks<GetMvesArgs> = {
  async run(args, ctx) {
    const products = await productsOf(ctx.provider, "getMves", "MVE", args.productUid, ctx);
    const listed = args.includeResourceTags === true ? await withTags(ctx.provider, products, ctx) : products;
    return { wire: { mves: listed }, id: args.productUid ?? "mve-list" };
  },
};
