import type { LookupDescriptor } from "../descriptor.js";
import { bounded, NotFoundError } from "../http/errors.js";
import { ValidationError } from "../validate.js";
import type { LookupOps } from "../lifecycle/lookup.js";
import type { Values } from "../lifecycle/resource.js";
import { fromWire } from "../lifecycle/wire.js";
import { mapConcurrent } from "../concurrency.js";
import { activeProducts, ofType } from "./products.js";
import type { NetsvcProvider } from "./provider.js";

/**
 * getLocation (wire reference §4.1): the v3 locations, filtered here by id (preferred: stable) or by
 * exact name, as the API offers no filter. `siteCode` is deprecated and filters nothing.
 */
export function getLocation(p: NetsvcProvider, d: LookupDescriptor): LookupOps {
  return async (args, ctx) => {
    if (args.id === undefined && args.name === undefined)
      throw new ValidationError([{ path: "getLocation", message: "getLocation needs an id (preferred) or a name" }]);
    const all = (await p.client.call<Values[]>("GET", "/v3/locations", { signal: ctx.signal })) ?? [];
    const match =
      args.id !== undefined
        ? all.find((l) => l.id === args.id)
        : args.name !== undefined
          ? all.find((l) => l.name === args.name)
          : undefined;
    if (!match)
      throw nothingMatches(
        "getLocation",
        "/v3/locations",
        `no location with ${args.id !== undefined ? `id ${String(args.id)}` : `name "${String(args.name)}"`}`,
      );
    const address = (match.address ?? {}) as Values;
    return {
      ...fromWire(d.results, { ...match, address: stringMap(address), country: match.country ?? address.country }),
      id: match.id,
    };
  };
}

const stringMap = (o: Values): Record<string, string> =>
  Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (v === null || v === undefined ? [] : [[k, String(v)]])));

/** Tags are fetched for this many products at a time (one call each, §4.4). */
export const TAG_CONCURRENCY = 8;

/** getMveSizes (§4.3): the MVE sizes on offer. */
export function getMveSizes(p: NetsvcProvider, d: LookupDescriptor): LookupOps {
  return async (_args, ctx) => ({
    ...fromWire(d.results, {
      mveSizes: (await p.client.call<Values[]>("GET", "/v3/product/mve/variants", { signal: ctx.signal })) ?? [],
    }),
    id: "mve-sizes",
  });
}

/** getMveImages (§4.3): the v4 image catalogue, flattened (vendor and product copied into each image), then filtered. */
export function getMveImages(p: NetsvcProvider, d: LookupDescriptor): LookupOps {
  return async (args, ctx) => {
    const data = await p.client.call<{ mveImages?: Values[] }>("GET", "/v4/product/mve/images", { signal: ctx.signal });
    const same = (a: unknown, b: unknown) => b === undefined || String(a).toLowerCase() === String(b).toLowerCase();
    const images = (data?.mveImages ?? [])
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
    return { ...fromWire(d.results, { mveImages: images }), id: "mve-images" };
  };
}

/**
 * getPartner (§4.2): the partner ports, filtered here by every argument given (names compared ignoring
 * case, as the public clients do); ports that permit no VXC are skipped. The first match wins.
 */
export function getPartner(p: NetsvcProvider, d: LookupDescriptor): LookupOps {
  return async (args, ctx) => {
    const ports =
      (await p.client.call<Values[]>("GET", "/v2/dropdowns/partner/megaports", { signal: ctx.signal })) ?? [];
    const same = (a: unknown, b: unknown) =>
      b === undefined || String(a ?? "").toLowerCase() === String(b).toLowerCase();
    const match = ports.find(
      (x) =>
        x.vxcPermitted !== false &&
        same(x.title, args.productName) &&
        same(x.connectType, args.connectType) &&
        same(x.companyName, args.companyName) &&
        same(x.companyUid, args.companyUid) &&
        same(x.productUid, args.productUid) &&
        same(x.diversityZone, args.diversityZone) &&
        (args.locationId === undefined || x.locationId === args.locationId),
    );
    if (!match)
      throw nothingMatches(
        "getPartner",
        "/v2/dropdowns/partner/megaports",
        `no partner port matches ${JSON.stringify(args)}`,
      );
    return { ...fromWire(d.results, { ...match, productName: match.title }), id: String(match.productUid) };
  };
}

/**
 * getMcrs / getMves (§4.4): one product by UID, or every active one of its type from the product list;
 * with tags (always for MCRs, on request for MVEs), fetched a bounded number at a time.
 */
export function productList(productType: "MCR2" | "MVE", listField: string, alwaysTags: boolean) {
  return (p: NetsvcProvider, d: LookupDescriptor): LookupOps =>
    async (args, ctx) => {
      const products =
        args.productUid !== undefined
          ? [
              await p.client.call<Values>("GET", `/v2/product/${encodeURIComponent(String(args.productUid))}`, {
                signal: ctx.signal,
              }),
            ]
          : (await activeProducts(p, ctx)).filter((x) => ofType(x, productType));
      const withTags = alwaysTags || args.includeResourceTags === true ? await tagged(p, products, ctx) : products;
      return {
        ...fromWire(d.results, { [listField]: withTags }),
        id: String(args.productUid ?? `${productType.toLowerCase()}-list`),
      };
    };
}

/** getVxcs (§4.4): one VXC by UID, or every active one, found under both ends' associatedVxcs and de-duplicated. */
export function getVxcs(p: NetsvcProvider, d: LookupDescriptor): LookupOps {
  return async (args, ctx) => {
    let vxcs: Values[];
    if (args.productUid !== undefined)
      vxcs = [
        await p.client.call<Values>("GET", `/v2/product/${encodeURIComponent(String(args.productUid))}`, {
          signal: ctx.signal,
        }),
      ];
    else vxcs = (await activeProducts(p, ctx)).filter((x) => ofType(x, "VXC"));
    const withTags = args.includeResourceTags === true ? await tagged(p, vxcs, ctx) : vxcs;
    return { ...fromWire(d.results, { vxcs: withTags }), id: String(args.productUid ?? "vxc-list") };
  };
}

/** getMcrPrefixFilterLists (§3.8, §4.4): the list summaries of an MCR, then each list in full. */
export function getMcrPrefixFilterLists(p: NetsvcProvider, d: LookupDescriptor): LookupOps {
  return async (args, ctx) => {
    const mcr = encodeURIComponent(String(args.mcrId));
    const summaries =
      (await p.client.call<Values[]>("GET", `/v2/product/mcr2/${mcr}/prefixLists`, { signal: ctx.signal })) ?? [];
    const lists = await mapConcurrent(summaries, TAG_CONCURRENCY, (s) =>
      p.client.call<Values>("GET", `/v2/product/mcr2/${mcr}/prefixList/${String(s.id)}`, { signal: ctx.signal }),
    );
    return { ...fromWire(d.results, { prefixFilterLists: lists }), id: String(args.mcrId) };
  };
}

/** Each product with its resource tags as a map (one call per product, TAG_CONCURRENCY at a time). */
async function tagged(
  p: NetsvcProvider,
  products: Values[],
  ctx: { signal?: AbortSignal | undefined },
): Promise<Values[]> {
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
 * A lookup whose list answered (200) without the object asked for. The message says so, rather than
 * claiming a status the wire never had.
 */
function nothingMatches(lookup: string, path: string, what: string): NotFoundError {
  const error = new NotFoundError({ method: "GET", path }, 200, what);
  error.message = `${lookup}: ${bounded(what)} (GET ${path} answered, and listed none)`;
  return error;
}
