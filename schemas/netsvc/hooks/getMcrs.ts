import { productsOf, withTags, type NetsvcLookupHooks } from "@sdkgen/runtime/netsvc";
import type { GetMcrsArgs } from "../lookups/getMcrs.js";

/** getMcrs (§4.4): one product by UID, or every active MCR2 of the product list, always with their resource tags. */
export const hooks: NetsvcLookupHooks<GetMcrsArgs> = {
  async run(args, ctx) {
    const products = await productsOf(ctx.provider, "getMcrs", "MCR2", args.productUid, ctx);
    return { wire: { mcrs: await withTags(ctx.provider, products, ctx) }, id: args.productUid ?? "mcr2-list" };
  },
};
