import type { NetsvcLookupHooks } from "@sdkgen/runtime/netsvc";
import type { GetMveImagesArgs } from "../lookups/getMveImages.js";

type Values = Record<string, unknown>;

/** getMveImages (§4.3): the v4 catalogue, flattened (vendor and product copied into each image), then filtered here. */
export const hooks: NetsvcLookupHooks<GetMveImagesArgs> = {
  answer(answer, args) {
    const same = (a: unknown, b: unknown) => b === undefined || String(a).toLowerCase() === String(b).toLowerCase();
    const groups = (answer as { mveImages?: Values[] } | null)?.mveImages ?? [];
    return groups
      .flatMap((group) =>
        ((group.images as Values[] | undefined) ?? []).map((image): Values => ({
          ...image,
          product: group.product,
          vendor: group.vendor,
          vendorProductId: group.vendorProductId,
        })),
      )
      .filter(
        (i) =>
          (args.idFilter === undefined || i.id === args.idFilter) &&
          same(i.productCode, args.productCodeFilter) &&
          same(i.product, args.productFilter) &&
          same(i.vendor, args.vendorFilter) &&
          same(i.version, args.versionFilter) &&
          (args.releaseImageFilter === undefined || i.releaseImage === args.releaseImageFilter),
      );
  },
};
