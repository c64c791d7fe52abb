import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { cancel, classifyProduct, ofType, order, productUids, putTags, readProduct, toTagList } from "../products.js";
import type { NetsvcProvider } from "../provider.js";

/**
 * Port and LagPort (wire reference §3.1, §3.2): ordered as productType MEGAPORT with `term` for the contract and the
 * diversity zone under `config`; modified at `PUT /v2/product/megaport/{uid}` (name, costCentre,
 * marketplaceVisibility, term); tags through the tags endpoint; cancelled now or at the end of the
 * term as the provider's cancelAtEndOfTerm says. A LAG is the same order with `lagPortCount`; the
 * buy answer lists one UID per member port and the first is the LAG's (as the Terraform provider does).
 */
export function portOps(p: NetsvcProvider, d: ResourceDescriptor): KindOps {
  const ref = (v: Values, id?: string) => ({ token: d.token, name: v.productName as string | undefined, id });
  return {
    create: (a, ctx) =>
      order(
        p,
        {
          ...(a.lagCount === undefined ? {} : { lagPortCount: a.lagCount }),
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
    read: async (id, ctx) => {
      const state = await readProduct(p, d, id, ctx);
      return state && "lagPortUids" in d.fields ? { ...state, ...(await lagMembers(p, state, ctx)) } : state;
    },
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
    // A LAG is listed as its member ports; the first (lagPrimary) stands for it.
    list: (_state, ctx) =>
      productUids(
        p,
        ctx,
        (x) => ofType(x, "MEGAPORT") && ("lagPortUids" in d.fields ? x.lagPrimary === true : !x.aggregationId),
      ),
  };
}

/** The member ports of a LAG: every port sharing its aggregationId (wire reference §3.2). */
async function lagMembers(
  p: NetsvcProvider,
  state: Values,
  ctx: { signal?: AbortSignal | undefined },
): Promise<Values> {
  const aggregation = state.aggregationId;
  if (!aggregation) return { lagPortUids: [state.productUid], lagCount: 1 };
  const products = (await p.client.call<Values[]>("GET", "/v2/products", { signal: ctx.signal })) ?? [];
  const uids = products
    .filter((x) => x.aggregationId === aggregation && String(x.productType).toLowerCase() === "megaport")
    .filter((x) => String(x.provisioningStatus).toUpperCase() !== "DECOMMISSIONED")
    .map((x) => String(x.productUid))
    .sort();
  return { lagPortUids: uids, lagCount: uids.length };
}
