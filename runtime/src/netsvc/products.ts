import type { ResourceRef } from "../http/errors.js";
import type { CallContext, Values } from "../lifecycle/resource.js";
import { mapConcurrent } from "../concurrency.js";
import type { NetsvcProvider } from "./provider.js";
import { nothingMatches } from "./boundLookup.js";

/**
 * The product machinery every netsvc kind shares (wire reference §3): validate and buy orders,
 * cancel, and list the account's products.
 */

/** Resource tags go on the wire as a list of {key, value} (§3). */
export const toTagList = (tags: unknown): { key: string; value: string }[] | undefined =>
  tags && typeof tags === "object"
    ? Object.entries(tags).map(([key, value]) => ({ key, value: String(value) }))
    : undefined;

/**
 * Validates then places one order (`POST /v3/networkdesign/validate`, then `POST /v4/networkdesign/buy`)
 * and returns the new product's UID. The buy is sent once: it is never repeated where the server may
 * have accepted it. Orders need `acceptPurchaseTerms`.
 */
export async function order(
  p: NetsvcProvider,
  item: Values,
  resource: ResourceRef,
  ctx: CallContext,
  uidKey = "technicalServiceUid",
): Promise<string> {
  p.assertTermsAccepted(resource);
  // Validation creates nothing, so it may be repeated.
  await p.client.call("POST", "/v3/networkdesign/validate", {
    body: [item],
    resource,
    signal: ctx.signal,
    once: false,
  });
  const data = await p.client.call<Values[]>("POST", "/v4/networkdesign/buy", {
    body: { networkDesign: [item], discountCodes: [] },
    once: true,
    resource,
    signal: ctx.signal,
  });
  const uid = Array.isArray(data) ? data[0]?.[uidKey] : undefined;
  if (typeof uid !== "string" || uid === "")
    throw new Error(
      `${resource.token} "${resource.name}": the order was placed but its answer names no product UID (${uidKey}); look for it with the lookups before ordering again`,
    );
  return uid;
}

/** `CANCEL` marks it for the end of its term; `CANCEL_NOW` cancels at once (§3). */
export async function cancel(
  p: NetsvcProvider,
  uid: string,
  endOfTerm: boolean,
  resource: ResourceRef,
  ctx: CallContext,
): Promise<void> {
  await p.client.call("POST", `/v3/product/${encodeURIComponent(uid)}/action/${endOfTerm ? "CANCEL" : "CANCEL_NOW"}`, {
    resource,
    signal: ctx.signal,
    once: false, // cancelling twice cancels once
  });
}

const INACTIVE = new Set(["DECOMMISSIONED", "CANCELLED", "CANCELLED_PARENT", "DECOMMISSIONING"]);

/** Whether a listed product is still there for its owner: neither cancelled nor being torn down. */
export const active = (x: Values): boolean => !INACTIVE.has(String(x.provisioningStatus).toUpperCase());

/** Whether a listed product is of a wire product type, whatever the case the API uses for it. */
export const ofType = (x: Values, productType: string): boolean => String(x.productType).toUpperCase() === productType;

/** The account's active products (`GET /v2/products`), with the VXCs and IXs listed under them (§4.4). */
export async function activeProducts(p: NetsvcProvider, ctx: CallContext): Promise<Values[]> {
  const top = (await p.client.call<Values[]>("GET", "/v2/products", { signal: ctx.signal })) ?? [];
  const nested = top.flatMap((x) => [
    ...((x.associatedVxcs as Values[] | undefined) ?? []),
    ...((x.associatedIxs as Values[] | undefined) ?? []),
  ]);
  // A VXC appears under both of its ends.
  const byUid = new Map([...top, ...nested].filter(active).map((x) => [String(x.productUid), x]));
  return [...byUid.values()];
}

/** The UIDs of the active products `pick` selects: the ids a product kind lists. */
export const productUids = async (p: NetsvcProvider, ctx: CallContext, pick: (x: Values) => boolean) =>
  (await activeProducts(p, ctx)).filter(pick).map((x) => String(x.productUid));

/** The MCR a find names (`mcrId`), or every active one: where an MCR's prefix lists and add-ons are found. */
export const mcrUids = async (p: NetsvcProvider, state: Values, ctx: CallContext): Promise<string[]> =>
  state.mcrId !== undefined ? [String(state.mcrId)] : productUids(p, ctx, (x) => ofType(x, "MCR2"));

/** Ready when CONFIGURED or LIVE; failed when cancelled or gone; provisioning otherwise. */
export function classifyProduct(state: Values): import("../lifecycle/wait.js").WaitVerdict {
  const status = String(state.provisioningStatus ?? "UNKNOWN").toUpperCase();
  if (status === "CONFIGURED" || status === "LIVE") return { state: "ready", status };
  if (["DECOMMISSIONED", "CANCELLED", "CANCELLED_PARENT", "GONE", "FAILED"].includes(status))
    return {
      state: "failed",
      status,
      message: status === "GONE" ? "it no longer exists" : `it is ${status.toLowerCase()}`,
    };
  return { state: "pending", status };
}

/** Tags are fetched for this many products at a time (one call each, §4.4). */
export const TAG_CONCURRENCY = 8;

/** Each product with its resource tags as a map (one call per product, TAG_CONCURRENCY at a time). */
export function withTags(p: NetsvcProvider, products: readonly Values[], ctx: CallContext): Promise<Values[]> {
  return mapConcurrent(products, TAG_CONCURRENCY, async (x) => {
    const tags = await p.client.call<{ resourceTags?: { key: string; value: string }[] }>(
      "GET",
      `/v2/product/${encodeURIComponent(String(x.productUid))}/tags`,
      { signal: ctx.signal },
    );
    return { ...x, resourceTags: Object.fromEntries((tags?.resourceTags ?? []).map((t) => [t.key, t.value])) };
  });
}

/**
 * The products a product lookup lists (§4.4): the one `productUid` names, or every active one of a
 * wire product type (`MCR2`, `MVE`, `VXC`). The one named must be of that type: a port's UID given to
 * getMcrs finds no MCR (the service answers any product's UID).
 */
export async function productsOf(
  p: NetsvcProvider,
  lookup: string,
  productType: string,
  productUid: string | undefined,
  ctx: CallContext,
): Promise<Values[]> {
  if (productUid === undefined) return (await activeProducts(p, ctx)).filter((x) => ofType(x, productType));
  const path = `/v2/product/${encodeURIComponent(productUid)}`;
  const product = await p.client.call<Values>("GET", path, { signal: ctx.signal });
  if (!ofType(product ?? {}, productType))
    throw nothingMatches(lookup, path, `${productUid} is a ${String(product?.productType)}, not a ${productType}`);
  return [product];
}
