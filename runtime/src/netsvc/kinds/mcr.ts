import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { cancel, classifyProduct, ofType, order, productUids, putTags, readProduct, toTagList } from "../products.js";
import type { NetsvcProvider } from "../provider.js";

/**
 * Mcr (wire reference §3.3, §5.6): ordered as productType MCR2 with the ASN and diversity zone under
 * `config`; the ASN is read back from `resources.virtual_router.mcrAsn`; modified at
 * `PUT /v2/product/mcr2/{uid}` (name, costCentre, marketplaceVisibility, term, asn); always cancelled
 * at once (the provider's cancelAtEndOfTerm applies to ports only). The deprecated inline
 * `prefixFilterLists` are created with the MCR, through the prefix-list endpoint.
 */
export function mcrOps(p: NetsvcProvider, d: ResourceDescriptor): KindOps {
  const ref = (v: Values, id?: string) => ({ token: d.token, name: v.productName as string | undefined, id });
  return {
    create: async (a, ctx) => {
      const uid = await order(
        p,
        {
          locationId: a.locationId,
          productName: a.productName,
          term: a.contractTermMonths,
          productType: "MCR2",
          portSpeed: a.portSpeed,
          costCentre: a.costCentre ?? "",
          config: {
            ...(a.asn === undefined ? {} : { mcrAsn: a.asn }),
            ...(a.diversityZone === undefined ? {} : { diversityZone: a.diversityZone }),
          },
          ...(a.promoCode === undefined ? {} : { promoCode: a.promoCode }),
          ...(a.marketplaceVisibility === undefined ? {} : { marketplaceVisibility: a.marketplaceVisibility }),
          ...(a.resourceTags === undefined ? {} : { resourceTags: toTagList(a.resourceTags) }),
        },
        ref(a),
        ctx,
      );
      for (const list of (a.prefixFilterLists as Values[] | undefined) ?? [])
        await p.client.call("POST", `/v2/product/mcr2/${encodeURIComponent(uid)}/prefixList`, {
          body: list,
          resource: ref(a, uid),
          signal: ctx.signal,
        });
      return uid;
    },
    read: (id, ctx) =>
      readProduct(p, d, id, ctx, (state, raw) => {
        const asn = ((raw.resources as Values | undefined)?.virtual_router as Values | undefined)?.mcrAsn;
        if (typeof asn === "number") state.asn = asn;
      }),
    update: async (id, desired, current, diff, ctx) => {
      const changed = new Set(diff.changes.map((c) => c.field));
      if (
        ["productName", "costCentre", "marketplaceVisibility", "contractTermMonths", "asn"].some((f) => changed.has(f))
      )
        await p.client.call("PUT", `/v2/product/mcr2/${encodeURIComponent(id)}`, {
          body: {
            name: desired.productName ?? current.productName,
            costCentre: desired.costCentre ?? current.costCentre ?? "",
            ...(desired.marketplaceVisibility === undefined
              ? {}
              : { marketplaceVisibility: desired.marketplaceVisibility }),
            ...(changed.has("contractTermMonths") ? { term: desired.contractTermMonths } : {}),
            ...(changed.has("asn") ? { asn: desired.asn } : {}),
          },
          resource: ref(desired, id),
          signal: ctx.signal,
        });
      if (changed.has("resourceTags")) await putTags(p, id, desired.resourceTags, ref(desired, id), ctx);
    },
    remove: (id, current, ctx) => cancel(p, id, false, ref(current, id), ctx),
    classify: classifyProduct,
    list: (_state, ctx) => productUids(p, ctx, (x) => ofType(x, "MCR2")),
  };
}
