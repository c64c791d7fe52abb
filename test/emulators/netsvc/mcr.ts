/**
 * MCR (product type MCR2) orders and the MCR-only modify field `asn` (reference §3.3, §5.6).
 * `config.mcrAsn` defaults to 133937; the diversity zone is allocated when omitted (seed, "Mcr").
 */
import { badRequest } from "./envelope.js";
import { provision } from "./lifecycle.js";
import { baseRecord, readCommonOrder, zonesOf, type OrderCtx, type Plan } from "./orderCommon.js";
import type { AddOn, McrRec } from "./types.js";
import type { Fields } from "./validate.js";

export const DEFAULT_MCR_ASN = 133937;
export const TUNNEL_COUNTS = [10, 20, 30] as const;

export function readMcrOrder(f: Fields, ctx: OrderCtx): Plan {
  const { store } = ctx;
  const common = readCommonOrder(f, store);
  const speed = f.int("portSpeed");
  const marketplaceVisibility = f.optBool("marketplaceVisibility") ?? false;
  const asn = f.optObject("config")?.optInt("mcrAsn", { min: 1, max: 4294967295 }) ?? DEFAULT_MCR_ASN;

  const offered = new Set(zonesOf(common.location, common.zone).flatMap((z) => z.mcrSpeedMbps));
  if (!offered.has(speed))
    throw badRequest(
      `${f.where}.portSpeed ${speed} is not an MCR speed at location ${common.location.id} (available: ${[...offered].sort((a, b) => a - b).join(", ")})`,
    );

  const addOns = (f.optObjects("addOns") ?? []).map((a) => {
    a.oneOf("addOnType", ["IP_SEC"] as const);
    const tunnelCount = a.oneOf("tunnelCount", TUNNEL_COUNTS);
    const packCount = a.optInt("packCount", { min: 1, max: 1 }) ?? 1;
    return { tunnelCount, packCount };
  });
  if (addOns.length > 1) throw badRequest(`${f.where}.addOns may hold at most one IP_SEC add-on`);

  return {
    create() {
      const zone = common.zone ?? pickZone(ctx, common.location.id, common.location.diversityZones);
      const mcr: McrRec = {
        ...baseRecord(store, ctx.now, common),
        kind: "mcr2",
        speed,
        locationId: common.location.id,
        marketplaceVisibility,
        diversityZone: zone,
        asn,
        addOns: addOns.map((a): AddOn => ({
          addOnUid: store.ids.uuid(),
          addOnType: "IP_SEC",
          tunnelCount: a.tunnelCount,
          packCount: a.packCount,
        })),
        interfaceId: store.ids.counter("interfaceId", 50_001),
        routerId: store.ids.counter("routerId", 7001),
      };
      provision(mcr, ctx.now, store.timings);
      store.products.set(mcr.uid, mcr);
      return [
        {
          technicalServiceUid: mcr.uid,
          technicalServiceId: mcr.id,
          productName: mcr.name,
          productType: "MCR2",
          provisioningStatus: mcr.status,
          portSpeed: mcr.speed,
          locationId: mcr.locationId,
          contractTermMonths: mcr.term,
          createDate: mcr.createDate,
        },
      ];
    },
  };
}

/** The zone with fewer of our MCRs at this location (red on a tie), among the zones that exist there. */
function pickZone(ctx: OrderCtx, locationId: number, zones: { red?: unknown; blue?: unknown }): "red" | "blue" {
  if (!zones.blue) return "red";
  if (!zones.red) return "blue";
  let red = 0;
  let blue = 0;
  for (const p of ctx.store.products.values())
    if (p.kind === "mcr2" && p.locationId === locationId) p.diversityZone === "blue" ? blue++ : red++;
  return blue < red ? "blue" : "red";
}

/**
 * `asn` on `PUT /v2/product/mcr2/{uid}` (BGP peers renegotiate, which the re-provisioning models). Validates now,
 * returns the change to apply once every field of the request validated.
 */
export function readMcrModify(mcr: McrRec, f: Fields): (() => void) | undefined {
  const asn = f.optInt("asn", { min: 1, max: 4294967295 });
  if (asn === undefined) return undefined;
  return () => {
    mcr.asn = asn;
  };
}
