import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { valueToWire } from "../../lifecycle/wire.js";
import { cancel, classifyProduct, ofType, order, productUids, putTags, readProduct, toTagList } from "../products.js";
import type { NetsvcProvider } from "../provider.js";

/**
 * Mve (wire reference §3.4, §5.1, §5.2): ordered as productType MVE with the vendor's bootstrap data in
 * `vendorConfig` (the vendor with the caller's casing, secrets revealed only into the order), vNICs as
 * `[{description, vlan}]` (one "Data Plane" vNIC when none are given), the diversity zone under
 * `config`. The API never returns vendorConfig. Modified at `PUT /v2/product/mve/{uid}` (name,
 * costCentre, term); always cancelled at once.
 */
export function mveOps(p: NetsvcProvider, d: ResourceDescriptor): KindOps {
  const ref = (v: Values, id?: string) => ({ token: d.token, name: v.productName as string | undefined, id });
  return {
    create: (a, ctx) => {
      const given = valueToWire(d.fields.vnics!, a.vnics) as Values[] | undefined;
      const vnics = (given ?? [{ description: "Data Plane" }]).map((v) => ({
        description: v.description ?? null,
        vlan: 0,
      }));
      return order(
        p,
        {
          locationId: a.locationId,
          productName: a.productName,
          term: a.contractTermMonths,
          productType: "MVE",
          vnics,
          vendorConfig: valueToWire(d.fields.vendorConfig!, a.vendorConfig),
          config: a.diversityZone === undefined ? {} : { diversityZone: a.diversityZone },
          ...(a.costCentre === undefined ? {} : { costCentre: a.costCentre }),
          ...(a.promoCode === undefined ? {} : { promoCode: a.promoCode }),
          ...(a.resourceTags === undefined ? {} : { resourceTags: toTagList(a.resourceTags) }),
        },
        ref(a),
        ctx,
      );
    },
    read: (id, ctx) => readProduct(p, d, id, ctx),
    update: async (id, desired, current, diff, ctx) => {
      const changed = new Set(diff.changes.map((c) => c.field));
      if (["productName", "costCentre", "contractTermMonths"].some((f) => changed.has(f)))
        await p.client.call("PUT", `/v2/product/mve/${encodeURIComponent(id)}`, {
          body: {
            name: desired.productName ?? current.productName,
            costCentre: desired.costCentre ?? current.costCentre ?? "",
            ...(changed.has("contractTermMonths") ? { term: desired.contractTermMonths } : {}),
          },
          resource: ref(desired, id),
          signal: ctx.signal,
        });
      if (changed.has("resourceTags")) await putTags(p, id, desired.resourceTags, ref(desired, id), ctx);
    },
    remove: (id, current, ctx) => cancel(p, id, false, ref(current, id), ctx),
    classify: classifyProduct,
    list: (_state, ctx) => productUids(p, ctx, (x) => ofType(x, "MVE")),
  };
}
