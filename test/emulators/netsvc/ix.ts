/**
 * Internet-exchange connections (reference §3.6). Order item: `{productUid: <Port>, associatedIxs: [{productName,
 * networkServiceType, asn, macAddress, rateLimit, vlan, shutdown, promoCode?}]}` (no `term`). The exchange named by
 * `networkServiceType` must serve the Port's metro. Update: `PUT /v2/product/ix/{uid}`.
 */
import { badRequest } from "./envelope.js";
import { INACTIVE, provision } from "./lifecycle.js";
import { baseRecord, type OrderCtx, type Plan } from "./orderCommon.js";
import type { Store } from "./state.js";
import type { IxRec, PortRec } from "./types.js";
import type { Fields } from "./validate.js";

const MAC = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;

function ourPort(store: Store, uid: string, where: string): PortRec {
  const p = store.get(uid);
  if (p.kind !== "megaport")
    throw badRequest(`${where}: an IX attaches to a Port, and ${uid} is a ${p.kind.toUpperCase()}`);
  if (p.companyUid !== store.company.companyUid) throw badRequest(`${where}: ${uid} belongs to another company`);
  if (INACTIVE.has(p.status)) throw badRequest(`${where}: ${uid} is ${p.status}`);
  return p;
}

function readMac(f: Fields): string | undefined {
  const mac = f.optString("macAddress");
  if (mac !== undefined && !MAC.test(mac))
    throw badRequest(`${f.where ? f.where + "." : ""}macAddress is not a MAC address`);
  return mac;
}

export function readIxOrder(f: Fields, ctx: OrderCtx): Plan {
  const { store, now } = ctx;
  const port = ourPort(store, f.string("productUid"), `${f.where}.productUid`);
  const metro = store.location(port.locationId)?.metro;
  const plans = f.objects("associatedIxs", { min: 1 }).map((i): Plan => {
    const name = i.string("productName", { max: 100 });
    const networkServiceType = i.string("networkServiceType");
    const ixp = store.ixp(networkServiceType);
    if (!ixp)
      throw badRequest(`${i.where}.networkServiceType ${JSON.stringify(networkServiceType)} is not a known exchange`);
    if (ixp.metro !== metro)
      throw badRequest(`${i.where}: ${ixp.name} is not reachable from a Port in ${metro ?? "?"}`);
    // mpgo sends asn as a plain int (0 when unset); 0 means "not set".
    const asn = i.optInt("asn", { min: 0, max: 4294967295 }) ?? 0;
    const macAddress = readMac(i);
    if (macAddress === undefined) throw badRequest(`${i.where}.macAddress is required`);
    const rateLimit = i.int("rateLimit", { min: 1 });
    if (rateLimit > port.speed)
      throw badRequest(`${i.where}.rateLimit ${rateLimit} exceeds the port speed ${port.speed}`);
    const vlan = i.int("vlan", { min: 2, max: 4093 });
    ctx.claimVlan(port.uid, null, vlan, `${i.where}.vlan`);
    const shutdown = i.optBool("shutdown") ?? false;
    const promoCode = i.optString("promoCode") ?? null;
    const publicGraph = i.optBool("publicGraph") ?? true;
    const reverseDns = i.optString("reverseDns") ?? null;
    const costCentre = i.optString("costCentre") ?? "";
    return {
      create() {
        const n = store.ids.counter("ixAddress", 10);
        const ix: IxRec = {
          ...baseRecord(store, now, { name, term: 1, costCentre, promoCode, tags: [], order: i.raw }),
          kind: "ix",
          portUid: port.uid,
          networkServiceType,
          asn,
          macAddress,
          rateLimit,
          vlan,
          shutdown,
          publicGraph,
          reverseDns,
          password: null,
          ipv4: `${ixp.ipv4_network.split(".").slice(0, 3).join(".")}.${n}/24`,
          ipv6: `${ixp.ipv6_network.split("::")[0]}::${n.toString(16)}/64`,
          interfaceId: store.ids.counter("interfaceId", 50_001),
        };
        provision(ix, now, store.timings);
        store.products.set(ix.uid, ix);
        return [
          {
            technicalServiceUid: ix.uid,
            technicalServiceId: ix.id,
            productName: ix.name,
            productType: "IX",
            provisioningStatus: ix.status,
            rateLimit: ix.rateLimit,
          },
        ];
      },
    };
  });
  return { create: () => plans.flatMap((p) => p.create()) };
}

/** `PUT /v2/product/ix/{uid}`: validates every field, then applies them. Returns whether anything was sent. */
export function modifyIx(store: Store, ix: IxRec, f: Fields): boolean {
  const name = f.optString("name", { allowEmpty: false, max: 100 });
  const costCentre = f.optString("costCentre");
  const macAddress = readMac(f);
  const asn = f.optInt("asn", { min: 0, max: 4294967295 });
  const password = f.optString("password");
  const publicGraph = f.optBool("publicGraph");
  const reverseDns = f.optString("reverseDns");
  const shutdown = f.optBool("shutdown");
  const portUid = f.optString("aEndProductUid", { allowEmpty: false }) ?? ix.portUid;
  const port = ourPort(store, portUid, "aEndProductUid");
  const ixp = store.ixp(ix.networkServiceType);
  if (ixp && store.location(port.locationId)?.metro !== ixp.metro)
    throw badRequest(`aEndProductUid: ${ixp.name} is not reachable from that Port's metro`);
  const rateLimit = f.optInt("rateLimit", { min: 1 });
  if ((rateLimit ?? ix.rateLimit) > port.speed)
    throw badRequest(`rateLimit ${rateLimit ?? ix.rateLimit} exceeds the port speed ${port.speed}`);
  const vlan = f.optInt("vlan", { min: 2, max: 4093 });
  if (vlan !== undefined || portUid !== ix.portUid) {
    const wanted = vlan ?? ix.vlan;
    if (store.vlansInUse(port.uid, null, ix.uid).has(wanted))
      throw badRequest(`vlan: VLAN ${wanted} is already in use on ${port.uid}`);
  }

  if (name !== undefined) ix.name = name;
  if (costCentre !== undefined) ix.costCentre = costCentre;
  if (macAddress !== undefined) ix.macAddress = macAddress;
  if (asn !== undefined) ix.asn = asn;
  if (password !== undefined) ix.password = password;
  if (publicGraph !== undefined) ix.publicGraph = publicGraph;
  if (reverseDns !== undefined) ix.reverseDns = reverseDns;
  if (shutdown !== undefined) ix.shutdown = shutdown;
  if (rateLimit !== undefined) ix.rateLimit = rateLimit;
  if (vlan !== undefined) ix.vlan = vlan;
  ix.portUid = port.uid;
  return Object.keys(f.raw).some((k) => f.has(k));
}
