import { productsOf, withTags, type NetsvcLookupHooks } from "@sdkgen/runtime/netsvc";
import type { GetVxcsArgs } from "../lookups/getVxcs.js";

/** getVxcs (§4.4): one product by UID, or every active VXC of the product list, with their resource tags when asked. */
export const hooks: NetsvcLookupHooks<GetVxcsArgs> = {
  async run(args, ctx) {
    const products = await productsOf(ctx.provider, "getVxcs", "VXC", args.productUid, ctx);
    const listed = args.includeResourceTags === true ? await withTags(ctx.provider, products, ctx) : products;
    return { wire: { vxcs: listed.map(withAssignedProducts) }, id: args.productUid ?? "vxc-list" };
  },
};

/** Each end's product, as connected, also under `assignedProductUid`, as a Vxc's read gives it (VxcEnd). */
function withAssignedProducts(vxc: Record<string, unknown>): Record<string, unknown> {
  const assigned = (end: unknown) =>
    end && typeof end === "object" ? { ...end, assignedProductUid: (end as Record<string, unknown>).productUid } : end;
  return { ...vxc, aEnd: assigned(vxc.aEnd), bEnd: assigned(vxc.bEnd) };
}
