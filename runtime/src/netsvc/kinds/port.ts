import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { cancel, classifyProduct, order, putTags, readProduct, toTagList } from "../products.js";
import type { NetsvcProvider } from "../provider.js";

/**
 * Port (wire reference §3.1): ordered as productType MEGAPORT with `term` for the contract and the
 * diversity zone under `config`; modified at `PUT /v2/product/megaport/{uid}` (name, costCentre,
 * marketplaceVisibility, term); tags through the tags endpoint; cancelled now or at the end of the
 * term as the provider's cancelAtEndOfTerm says.
 */
export function portOps(p: NetsvcProvider, d: ResourceDescriptor): KindOps {
  const ref = (v: Values, id?: string) => ({ token: d.token, name: v.productName as string | undefined, id });
  return {
    create: (a, ctx) =>
      order(
        p,
        {
          productName: a.productName,
          term: a.contractTermMonths,
          productType: "MEGAPORT",
          portSpeed: a.portSpeed,
          locationId: a.locationId,
          createDate: 0,
          virtual: false,
          market: "",
          marketplaceVisibility: a.marketplaceVisibility,
          config: a.diversityZone === undefined ? {} : { diversityZone: a.diversityZone },
          ...(a.costCentre === undefined ? {} : { costCentre: a.costCentre }),
          ...(a.promoCode === undefined ? {} : { promoCode: a.promoCode }),
          ...(a.resourceTags === undefined ? {} : { resourceTags: toTagList(a.resourceTags) }),
        },
        ref(a),
        ctx,
      ),
    read: (id, ctx) => readProduct(p, d, id, ctx),
    update: async (id, desired, current, diff, ctx) => {
      const changed = new Set(diff.changes.map((c) => c.field));
      if (["productName", "costCentre", "marketplaceVisibility", "contractTermMonths"].some((f) => changed.has(f)))
        await p.client.call("PUT", `/v2/product/megaport/${encodeURIComponent(id)}`, {
          body: {
            name: desired.productName ?? current.productName,
            costCentre: desired.costCentre ?? current.costCentre ?? "",
            marketplaceVisibility: desired.marketplaceVisibility ?? current.marketplaceVisibility,
            ...(changed.has("contractTermMonths") ? { term: desired.contractTermMonths } : {}),
          },
          resource: ref(desired, id),
          signal: ctx.signal,
        });
      if (changed.has("resourceTags")) await putTags(p, id, desired.resourceTags, ref(desired, id), ctx);
    },
    remove: (id, current, ctx) => cancel(p, id, p.config.cancelAtEndOfTerm, ref(current, id), ctx),
    classify: classifyProduct,
  };
}
