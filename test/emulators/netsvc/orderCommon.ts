/**
 * Shared pieces of order handling: the per-order context (VLANs reserved by earlier items of the same design), the
 * base fields every new product gets, and the checks common to Port/MCR/MVE orders (reference §3.1, §3.3, §3.4).
 */
import type { Location, ZoneCaps } from "./catalogData.js";
import { addMonths } from "./months.js";
import { badRequest } from "./envelope.js";
import type { Store } from "./state.js";
import type { ProductBase, Tag } from "./types.js";
import { Fields, readResourceTags } from "./validate.js";

/** One entry of the buy response's `data` array. */
export type BuyEntry = Record<string, unknown>;

/** A validated order item; `create` runs only on buy, after every item of the design validated. */
export interface Plan {
  create(): BuyEntry[];
}

export class OrderCtx {
  private readonly reserved = new Map<string, Set<number | null>>();

  constructor(
    readonly store: Store,
    readonly now: number,
  ) {}

  /**
   * Claims a VLAN on a product (per vNIC for MVEs). `requested` follows the order rules (§3.5): absent or 0 =
   * allocate, -1 = untagged (returned as null), otherwise 2..4093 and free.
   */
  claimVlan(productUid: string, vnicIndex: number | null, requested: number | undefined, where: string): number | null {
    const key = `${productUid}#${vnicIndex ?? ""}`;
    const mine = this.reserved.get(key) ?? new Set<number | null>();
    this.reserved.set(key, mine);
    const used = this.store.vlansInUse(productUid, vnicIndex);
    if (requested === -1) {
      if (used.has(null) || mine.has(null)) throw badRequest(`${where}: the untagged slot of ${productUid} is in use`);
      mine.add(null);
      return null;
    }
    if (requested === undefined || requested === 0) {
      const vlan = this.store.allocateVlan(used, mine);
      mine.add(vlan);
      return vlan;
    }
    if (requested < 2 || requested > 4093) throw badRequest(`${where} must be -1, 0 or 2..4093 (got ${requested})`);
    if (used.has(requested) || mine.has(requested))
      throw badRequest(`${where}: VLAN ${requested} is already in use on ${productUid}`);
    mine.add(requested);
    return requested;
  }
}

export interface BaseInput {
  name: string;
  term: number;
  costCentre: string;
  promoCode: string | null;
  tags: Tag[];
  order: unknown;
}

/** Fields of a fresh product: DEPLOYABLE, contract running from the order date. */
export function baseRecord(store: Store, now: number, input: BaseInput): ProductBase {
  return {
    uid: store.ids.uuid(),
    id: store.ids.counter("productId", 100_001),
    name: input.name,
    status: "DEPLOYABLE",
    createDate: now,
    liveDate: null,
    terminateDate: null,
    contractStartDate: now,
    contractEndDate: addMonths(now, input.term),
    term: input.term,
    costCentre: input.costCentre,
    promoCode: input.promoCode,
    companyUid: store.company.companyUid,
    companyName: store.company.companyName,
    createdBy: "api-client",
    locked: false,
    adminLocked: false,
    tags: input.tags,
    schedule: [],
    cancelledFrom: null,
    order: input.order,
  };
}

/** The fields every Port/MCR/MVE order carries. */
export function readCommonOrder(
  f: Fields,
  store: Store,
): BaseInput & { location: Location; zone: "red" | "blue" | null } {
  const name = f.string("productName", { max: 100 });
  const term = f.term();
  const location = readLocation(f, store);
  const config = f.optObject("config");
  const zone = config?.optOneOf("diversityZone", ["red", "blue"] as const) ?? null;
  if (zone && !location.diversityZones[zone]) throw badRequest(`Location ${location.id} has no ${zone} diversity zone`);
  return {
    name,
    term,
    location,
    zone,
    costCentre: f.optString("costCentre") ?? "",
    // Promo codes are not validated: an unknown code does not fail the order (seed "promoCode").
    promoCode: f.optString("promoCode") ?? null,
    tags: f.has("resourceTags") ? readResourceTags(f) : [],
    order: f.raw,
  };
}

const ORDERABLE = new Set(["Active", "Extended", "New"]);

export function readLocation(f: Fields, store: Store): Location {
  const id = f.int("locationId", { min: 1 });
  const location = store.location(id);
  if (!location) throw badRequest(`Location ${id} does not exist`);
  if (!ORDERABLE.has(location.status))
    throw badRequest(`Location ${id} (${location.name}) is not open for orders (status ${location.status})`);
  return location;
}

/** The zones an order may land in: the requested one, or every zone of the location. */
export function zonesOf(location: Location, zone: "red" | "blue" | null): ZoneCaps[] {
  const all = zone ? [location.diversityZones[zone]] : [location.diversityZones.red, location.diversityZones.blue];
  return all.filter((z): z is ZoneCaps => z !== undefined);
}
