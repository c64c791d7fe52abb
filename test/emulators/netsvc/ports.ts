/**
 * Port and LAG orders (reference §3.1, §3.2). `lagPortCount` N >= 1 creates N member ports sharing one
 * `aggregationId`; the buy response lists one `technicalServiceUid` per member, the first being the LAG primary.
 * `lacpEnabled` is not in the reference: the SDK's probe field (issue 10), accepted, stored and returned on GET.
 */
import { badRequest } from "./envelope.js";
import { provision } from "./lifecycle.js";
import { baseRecord, readCommonOrder, zonesOf, type OrderCtx, type Plan } from "./orderCommon.js";
import type { PortRec } from "./types.js";
import type { Fields } from "./validate.js";

const LAG_SPEEDS = [10000, 100000, 400000];

export function readPortOrder(f: Fields, ctx: OrderCtx): Plan {
  const { store } = ctx;
  const common = readCommonOrder(f, store);
  const speed = f.int("portSpeed");
  // marketplaceVisibility is a required Port input (tf) and always on the wire from mpgo.
  const marketplaceVisibility = f.bool("marketplaceVisibility");
  const lagCount = f.optInt("lagPortCount", { min: 0, max: 8 }) ?? 0;
  const lacpEnabled = f.optBool("lacpEnabled") ?? false;
  if (f.optBool("virtual") === true) throw badRequest(`${f.where}.virtual must be false for a Port order`);

  const offered = new Set(zonesOf(common.location, common.zone).flatMap((z) => z.megaportSpeedMbps));
  if (!offered.has(speed))
    throw badRequest(
      `${f.where}.portSpeed ${speed} is not available at location ${common.location.id} (available: ${[...offered].sort((a, b) => a - b).join(", ")})`,
    );
  if (lagCount > 0 && !LAG_SPEEDS.includes(speed))
    throw badRequest(`${f.where}.portSpeed ${speed} is not allowed for a LAG (allowed: ${LAG_SPEEDS.join(", ")})`);

  return {
    create() {
      const aggregationId = lagCount > 0 ? store.ids.counter("aggregationId", 3001) : null;
      const members = Math.max(1, lagCount);
      const created: PortRec[] = [];
      for (let i = 0; i < members; i++) {
        const port: PortRec = {
          ...baseRecord(store, ctx.now, common),
          kind: "megaport",
          speed,
          locationId: common.location.id,
          marketplaceVisibility,
          diversityZone: common.zone,
          aggregationId,
          lagPrimary: aggregationId !== null && i === 0,
          lacpEnabled,
          interfaceId: store.ids.counter("interfaceId", 50_001),
          partner: null,
        };
        provision(port, ctx.now, store.timings);
        store.products.set(port.uid, port);
        created.push(port);
      }
      return created.map((p) => ({
        technicalServiceUid: p.uid,
        technicalServiceId: p.id,
        productName: p.name,
        productType: "MEGAPORT",
        provisioningStatus: p.status,
        portSpeed: p.speed,
        locationId: p.locationId,
        contractTermMonths: p.term,
        createDate: p.createDate,
        ...(p.aggregationId !== null ? { aggregationId: p.aggregationId } : {}),
      }));
    },
  };
}
