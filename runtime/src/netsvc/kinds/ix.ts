import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { cancel, classifyProduct, ofType, order, productUids, readProduct } from "../products.js";
import type { NetsvcProvider } from "../provider.js";

/** IX settings the modify call accepts (wire reference §3.6), by SDK name and wire key. */
const UPDATABLE: readonly [string, string][] = [
  ["productName", "name"],
  ["rateLimit", "rateLimit"],
  ["costCentre", "costCentre"],
  ["vlan", "vlan"],
  ["macAddress", "macAddress"],
  ["asn", "asn"],
  ["publicGraph", "publicGraph"],
  ["reverseDns", "reverseDns"],
  ["shutdown", "shutdown"],
  ["requestedProductUid", "aEndProductUid"],
];

/**
 * Ix (wire reference §3.6): ordered under its port as `{productUid, associatedIxs: [...]}` (no term),
 * modified at `PUT /v2/product/ix/{uid}` (a changed port moves it), always cancelled at once. Nothing
 * about an IX forces replacement.
 */
export function ixOps(p: NetsvcProvider, d: ResourceDescriptor): KindOps {
  const ref = (v: Values, id?: string) => ({ token: d.token, name: v.productName as string | undefined, id });
  return {
    create: (a, ctx) =>
      order(
        p,
        {
          productUid: a.requestedProductUid,
          associatedIxs: [
            {
              productName: a.productName,
              networkServiceType: a.networkServiceType,
              macAddress: a.macAddress,
              rateLimit: a.rateLimit,
              vlan: a.vlan,
              shutdown: a.shutdown ?? false,
              ...(a.asn === undefined ? {} : { asn: a.asn }),
              ...(a.promoCode === undefined ? {} : { promoCode: a.promoCode }),
            },
          ],
        },
        ref(a),
        ctx,
      ),
    read: (id, ctx) => readProduct(p, d, id, ctx),
    update: async (id, desired, _current, diff, ctx) => {
      const changed = new Set(diff.changes.map((c) => c.field));
      const body = Object.fromEntries(
        UPDATABLE.filter(([name]) => changed.has(name)).map(([name, wire]) => [wire, desired[name]]),
      );
      if (Object.keys(body).length > 0)
        await p.client.call("PUT", `/v2/product/ix/${encodeURIComponent(id)}`, {
          body,
          resource: ref(desired, id),
          signal: ctx.signal,
        });
    },
    remove: (id, current, ctx) => cancel(p, id, false, ref(current, id), ctx),
    classify: classifyProduct,
    list: (_state, ctx) => productUids(p, ctx, (x) => ofType(x, "IX")),
  };
}
