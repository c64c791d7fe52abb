/**
 * Read-only lookups (reference §4): locations v3, partner ports, MVE images (v4) and sizes, internet exchanges.
 * Filtering by id/name is client-side in every client, so the endpoints return everything except for the query
 * parameters the reference names (`locationStatuses`, and `connectType`/`vxcPermitted` on partner ports).
 */
import { IXPS, LOCATIONS, MVE_IMAGES, MVE_SIZES, PARTNER_PORTS, type Location, type ZoneCaps } from "./catalogData.js";
import { ok, type Reply } from "./envelope.js";
import type { Ctx, Router } from "./router.js";

function zone(z: ZoneCaps): Record<string, unknown> {
  return {
    mcrSpeedMbps: [...z.mcrSpeedMbps],
    megaportSpeedMbps: [...z.megaportSpeedMbps],
    mveMaxCpuCoreCount: z.mveMaxCpuCoreCount,
    mveAvailable: z.mveAvailable,
    natGatewaySpeedMbps: [...z.natGatewaySpeedMbps],
  };
}

function renderLocation(l: Location): Record<string, unknown> {
  const zones: Record<string, unknown> = {};
  if (l.diversityZones.red) zones["red"] = zone(l.diversityZones.red);
  if (l.diversityZones.blue) zones["blue"] = zone(l.diversityZones.blue);
  return {
    id: l.id,
    name: l.name,
    metro: l.metro,
    market: l.market,
    status: l.status,
    address: { ...l.address },
    latitude: l.latitude,
    longitude: l.longitude,
    dataCentre: { ...l.dataCentre },
    orderingMessage: l.orderingMessage,
    diversityZones: zones,
    productAddOns: { crossConnect: { ...l.crossConnect } },
  };
}

function locations(c: Ctx): Reply {
  const statuses = c.query.getAll("locationStatuses");
  const rows = statuses.length === 0 ? LOCATIONS : LOCATIONS.filter((l) => statuses.includes(l.status));
  return ok("List all public locations", rows.map(renderLocation));
}

function partnerPorts(c: Ctx): Reply {
  const connectType = c.query.get("connectType");
  const permitted = c.query.get("vxcPermitted");
  const rows = PARTNER_PORTS.filter(
    (p) =>
      (connectType === null || p.connectType === connectType) &&
      (permitted === null || String(p.vxcPermitted) === permitted),
  );
  return ok(
    "All Partner Megaports",
    rows.map((p) => ({
      productUid: p.productUid,
      companyUid: p.companyUid,
      companyName: p.companyName,
      // `title` is the product name (mpgo maps it to ProductName, §4.2).
      title: p.title,
      locationId: p.locationId,
      speed: p.speed,
      maxVxcSpeed: p.maxVxcSpeed,
      rank: p.rank,
      vxcPermitted: p.vxcPermitted,
      diversityZone: p.diversityZone,
      connectType: p.connectType,
    })),
  );
}

function mveImages(): Reply {
  return ok("Current supported MVE images", {
    mveImages: MVE_IMAGES.map((g) => ({
      product: g.product,
      vendor: g.vendor,
      vendorProductId: g.vendorProductId,
      images: g.images.map((i) => ({ ...i, availableSizes: [...i.availableSizes] })),
    })),
  });
}

function mveSizes(): Reply {
  return ok(
    "MVE sizes",
    MVE_SIZES.map((s) => ({ size: s.size, label: s.label, cpuCoreCount: s.cpuCoreCount, ramGB: s.ramGB })),
  );
}

function ixps(): Reply {
  return ok(
    "Internet exchanges",
    IXPS.map((x) => ({ ...x })),
  );
}

export function registerCatalog(router: Router): void {
  router.add("GET", "/v3/locations", locations);
  router.add("GET", "/v2/dropdowns/partner/megaports", partnerPorts);
  // v4 only: the v3 images path predates 2025-12 (§4.3), so an SDK still calling it gets a 404 here.
  router.add("GET", "/v4/product/mve/images", mveImages);
  router.add("GET", "/v3/product/mve/variants", mveSizes);
  router.add("GET", "/v2/ixp", ixps);
}
