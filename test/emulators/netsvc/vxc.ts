/**
 * VXC orders, updates and approvals (reference §3.5, §5.3, §5.4).
 *
 * Order item: `{productUid: <A-end>, associatedVxcs: [{productName, rateLimit, term, shutdown?, serviceKey?,
 * promoCode?, costCentre?, aEnd, bEnd, resourceTags?}]}`; the buy response names the new VXC in
 * `vxcJTechnicalServiceUid`. A VXC to another company's port that does not auto-approve waits in DEPLOYABLE with
 * `vxcApproval.status = "PENDING"` until that company acts (`state.approveVxc` / `state.rejectVxc` in tests).
 * A VXC another company orders onto one of our ports (`state.injectIncomingVxc`) waits for *us*: PUT `isApproved`.
 */
import { ACME, PARTNER_PORTS } from "./catalogData.js";
import { readCspConfig } from "./csp.js";
import { badRequest, serviceNotFound } from "./envelope.js";
import { INACTIVE, markDecommissioned, provision } from "./lifecycle.js";
import { baseRecord, type OrderCtx, type Plan } from "./orderCommon.js";
import type { Store } from "./state.js";
import type { Approval, PartnerConfig, ProductRec, ServiceKeyRec, TopLevelRec, VxcEnd, VxcRec } from "./types.js";
import { Fields, readResourceTags } from "./validate.js";
import { readVrouterConfig, tunnelsOf } from "./vrouter.js";

const NO_APPROVAL: Approval = { status: null, message: null, uid: null, type: null, newSpeed: null, awaiting: null };

/** The highest VXC rate an end accepts. */
export function speedCap(p: TopLevelRec): number {
  if (p.kind === "megaport") return p.partner ? p.partner.maxVxcSpeed : p.speed;
  if (p.kind === "mcr2") return p.speed;
  return p.size.maxVxcSpeed;
}

/** A product that can terminate a VXC end, active, and (for the A-end) ours. */
function endProduct(store: Store, uid: string, where: string, mustBeOurs: boolean): TopLevelRec {
  const p = store.find(uid);
  if (!p) throw serviceNotFound(uid);
  if (p.kind !== "megaport" && p.kind !== "mcr2" && p.kind !== "mve")
    throw badRequest(`${where}: ${uid} is a ${p.kind.toUpperCase()} and cannot terminate a VXC`);
  if (mustBeOurs && p.companyUid !== store.company.companyUid)
    throw badRequest(`${where}: ${uid} belongs to another company`);
  if (INACTIVE.has(p.status)) throw badRequest(`${where}: ${uid} is ${p.status}`);
  if (p.kind === "megaport" && p.partner && !p.partner.vxcPermitted)
    throw badRequest(`${where}: VXCs are not permitted on partner port ${p.partner.title}`);
  return p;
}

/** -1..4093 except 1 (tf's bounds for ordered and inner VLANs, §3.5). */
function readVlan(f: Fields, key: string): number | undefined {
  const v = f.optInt(key, { min: -1, max: 4093 });
  if (v === 1) throw badRequest(`${f.where}.${key}: VLAN 1 is reserved`);
  return v;
}

function readVnicIndex(f: Fields, key: string, p: TopLevelRec): number | null {
  // vNicIndex only means something on an MVE end; other ends ignore it like any unknown key.
  if (p.kind !== "mve") return null;
  return f.optInt(key, { min: 0, max: p.vnics.length - 1 }) ?? 0;
}

/** The partner config an end accepts: vrouter on an MCR, the port's CSP shape on a partner port, nothing else. */
function readEndConfig(
  store: Store,
  f: Fields | undefined,
  p: TopLevelRec,
  otherEnd: TopLevelRec,
  where: string,
  previousTunnels = 0,
): PartnerConfig | null {
  if (p.kind === "mcr2") return f ? readVrouterConfig(f, p, store, previousTunnels) : null;
  if (p.kind === "megaport" && p.partner) return readCspConfig(f, p.partner, otherEnd.kind === "mcr2");
  if (f) throw badRequest(`${where}: a partner config is only accepted on an MCR or partner-port end`);
  return null;
}

function validKey(store: Store, key: string, now: number): ServiceKeyRec {
  const k = store.serviceKeys.get(key);
  const reason = !k
    ? "does not exist"
    : !k.active
      ? "is not active"
      : k.validFor && now < k.validFor.start
        ? "is not valid yet"
        : k.validFor && now > k.validFor.end
          ? "has expired"
          : k.singleUse && k.lastUsed !== null
            ? "has already been used"
            : undefined;
  if (!k || reason) throw badRequest(`Service key ${reason ?? "is not valid"}`);
  return k;
}

export function readVxcOrder(f: Fields, ctx: OrderCtx): Plan {
  const { store, now } = ctx;
  const topUid = f.optString("productUid", { allowEmpty: false });
  const plans = f.objects("associatedVxcs", { min: 1 }).map((item) => readOne(item, topUid, ctx));
  return { create: () => plans.flatMap((p) => p.create()) };

  function readOne(i: Fields, top: string | undefined, c: OrderCtx): Plan {
    const name = i.string("productName", { max: 100 });
    const rateLimit = i.int("rateLimit", { min: 1 });
    const term = i.term();
    const shutdown = i.optBool("shutdown") ?? false;
    const costCentre = i.optString("costCentre") ?? "";
    const promoCode = i.optString("promoCode") ?? null;
    const tags = i.has("resourceTags") ? readResourceTags(i) : [];
    const aF = i.optObject("aEnd");
    const bF = i.optObject("bEnd");

    const aUid = aF?.optString("productUid", { allowEmpty: false }) ?? top;
    if (aUid === undefined) throw badRequest(`${i.where}: the A-End productUid is required`);
    if (top !== undefined && aUid !== top)
      throw badRequest(`${i.where}.aEnd.productUid ${aUid} differs from the order's productUid ${top}`);
    const a = endProduct(store, aUid, `${i.where}.aEnd`, true);

    const keyText = i.optString("serviceKey", { allowEmpty: false });
    const key = keyText === undefined ? undefined : validKey(store, keyText, now);
    const bUid = bF?.optString("productUid", { allowEmpty: false }) ?? key?.productUid;
    if (bUid === undefined) throw badRequest(`${i.where}: the B-End productUid (or a serviceKey) is required`);
    if (key && bUid !== key.productUid)
      throw badRequest(`${i.where}.bEnd.productUid does not match the port of the service key`);
    const b = endProduct(store, bUid, `${i.where}.bEnd`, false);
    if (a.uid === b.uid) throw badRequest(`${i.where}: the A-End and B-End must be different services`);

    const cap = Math.min(speedCap(a), speedCap(b), key ? key.maxSpeed : Infinity);
    if (rateLimit > cap) throw badRequest(`${i.where}.rateLimit ${rateLimit} exceeds the ${cap} Mbps these ends allow`);

    const aVnic = aF ? readVnicIndex(aF, "vNicIndex", a) : a.kind === "mve" ? 0 : null;
    const bVnic = bF ? readVnicIndex(bF, "vNicIndex", b) : b.kind === "mve" ? 0 : null;
    const aInner = aF ? (readVlan(aF, "innerVlan") ?? null) : null;
    const bInner = bF ? (readVlan(bF, "innerVlan") ?? null) : null;
    aF?.optOneOf("diversityZone", ["red", "blue"] as const);
    bF?.optOneOf("diversityZone", ["red", "blue"] as const);
    const aConfig = readEndConfig(store, aF?.optObject("partnerConfig"), a, b, `${i.where}.aEnd`);
    const bConfig = readEndConfig(store, bF?.optObject("partnerConfig"), b, a, `${i.where}.bEnd`);

    let bRequested = bF ? readVlan(bF, "vlan") : undefined;
    if (key?.vlan != null) {
      if (bRequested !== undefined && bRequested !== 0 && bRequested !== key.vlan)
        throw badRequest(`${i.where}.bEnd.vlan must be ${key.vlan}, the VLAN of the service key`);
      bRequested = key.vlan;
    }
    const aVlan = c.claimVlan(a.uid, aVnic, aF ? readVlan(aF, "vlan") : undefined, `${i.where}.aEnd.vlan`);
    const bVlan = c.claimVlan(b.uid, bVnic, bRequested, `${i.where}.bEnd.vlan`);

    const ours = store.company.companyUid;
    const needsApproval =
      b.companyUid !== ours && !(b.kind === "megaport" && b.partner?.vxcAutoApproval) && !key?.preApproved;

    return {
      create() {
        const vxc: VxcRec = {
          ...baseRecord(store, now, { name, term, costCentre, promoCode, tags, order: i.raw }),
          kind: "vxc",
          serviceId: store.ids.counter("serviceId", 200_001),
          rateLimit,
          shutdown,
          aEnd: { productUid: a.uid, vlan: aVlan, innerVlan: aInner, vnicIndex: aVnic, config: aConfig },
          bEnd: { productUid: b.uid, vlan: bVlan, innerVlan: bInner, vnicIndex: bVnic, config: bConfig },
          approval: NO_APPROVAL,
          serviceKey: key?.key ?? null,
          vllId: store.ids.counter("vllId", 80_001),
        };
        if (needsApproval) {
          vxc.approval = {
            status: "PENDING",
            message: `Awaiting approval from ${b.companyName}`,
            uid: store.ids.uuid(),
            type: "NEW",
            newSpeed: null,
            awaiting: "partner",
          };
        } else provision(vxc, now, store.timings);
        if (key) key.lastUsed = now;
        store.products.set(vxc.uid, vxc);
        return [
          {
            vxcJTechnicalServiceUid: vxc.uid,
            vxcJTechnicalServiceId: vxc.id,
            productName: vxc.name,
            productType: "VXC",
            rateLimit: vxc.rateLimit,
            vxc: { provisioningStatus: vxc.status },
          },
        ];
      },
    };
  }
}

/** Claims a VLAN for an existing VXC's end (the VXC's own VLAN does not count as taken). */
function reclaimVlan(
  store: Store,
  vxc: VxcRec,
  productUid: string,
  vnic: number | null,
  requested: number,
  where: string,
): number | null {
  const used = store.vlansInUse(productUid, vnic, vxc.uid);
  if (requested === -1) {
    if (used.has(null)) throw badRequest(`${where}: the untagged slot of ${productUid} is in use`);
    return null;
  }
  if (requested === 0) return store.allocateVlan(used);
  if (used.has(requested)) throw badRequest(`${where}: VLAN ${requested} is already in use on ${productUid}`);
  return requested;
}

/**
 * `PUT /v3/product/vxc/{uid}`. Validates every field first, then applies them together. Returns whether anything
 * but an approval changed (the caller then re-provisions).
 */
export function modifyVxc(store: Store, vxc: VxcRec, f: Fields, now: number): boolean {
  const isApproved = f.optBool("isApproved");
  const others = Object.keys(f.raw).filter((k) => k !== "isApproved" && f.has(k));
  if (vxc.companyUid !== store.company.companyUid && others.length > 0)
    throw badRequest(`VXC ${vxc.uid} belongs to ${vxc.companyName}; only isApproved can be set on it`);
  if (isApproved !== undefined) {
    if (vxc.approval.awaiting !== "us") throw badRequest(`VXC ${vxc.uid} has no approval waiting for you`);
  }

  const name = f.optString("name", { allowEmpty: false, max: 100 });
  const costCentre = f.optString("costCentre");
  const shutdown = f.optBool("shutdown");
  const term = f.has("term") ? f.term() : undefined;

  const aUid = f.optString("aEndProductUid", { allowEmpty: false }) ?? vxc.aEnd.productUid;
  const bUid = f.optString("bEndProductUid", { allowEmpty: false }) ?? vxc.bEnd.productUid;
  const oldA = store.get(vxc.aEnd.productUid) as TopLevelRec;
  const oldB = store.get(vxc.bEnd.productUid) as TopLevelRec;
  for (const [old, next, side] of [
    [oldA, aUid, "aEndProductUid"],
    [oldB, bUid, "bEndProductUid"],
  ] as const) {
    if (old.uid !== next && old.kind === "megaport" && old.partner)
      throw badRequest(`${side}: a partner (CSP) end cannot be moved; order a new VXC`);
  }
  const a = aUid === oldA.uid ? oldA : endProduct(store, aUid, "aEndProductUid", true);
  const b = bUid === oldB.uid ? oldB : endProduct(store, bUid, "bEndProductUid", true);
  if (a.uid === b.uid) throw badRequest("The A-End and B-End must be different services");

  const rateLimit = f.optInt("rateLimit", { min: 1 });
  const cap = Math.min(speedCap(a), speedCap(b));
  if ((rateLimit ?? vxc.rateLimit) > cap)
    throw badRequest(`rateLimit ${rateLimit ?? vxc.rateLimit} exceeds the ${cap} Mbps these ends allow`);

  const ends = (["a", "b"] as const).map((side) => {
    const end = side === "a" ? vxc.aEnd : vxc.bEnd;
    const p = side === "a" ? a : b;
    const moved = p.uid !== end.productUid;
    const vnicKey = `${side}VnicIndex`;
    let vnic = end.vnicIndex;
    if (p.kind === "mve")
      vnic = f.optInt(vnicKey, { min: 0, max: p.vnics.length - 1 }) ?? (moved ? 0 : (end.vnicIndex ?? 0));
    else if (f.has(vnicKey)) throw badRequest(`${vnicKey}: the ${side.toUpperCase()}-End is not an MVE`);
    else vnic = null;
    const requested = readVlan(f, `${side}EndVlan`);
    const innerKey = `${side}EndInnerVlan`;
    const inner = f.has(innerKey) ? readVlan(f, innerKey) : undefined;
    const vlanChanges = requested !== undefined || moved || vnic !== end.vnicIndex;
    const vlan = vlanChanges
      ? reclaimVlan(store, vxc, p.uid, vnic, requested ?? (end.vlan === null ? -1 : end.vlan), `${side}EndVlan`)
      : end.vlan;
    const other = side === "a" ? b : a;
    const cfgKey = `${side}EndConfig`;
    let config = moved ? null : end.config;
    if (f.has(cfgKey)) {
      const cfg = f.object(cfgKey);
      if (p.kind === "megaport" && p.partner && p.partner.connectType !== "TRANSIT")
        throw badRequest(`${cfgKey}: the ${p.partner.connectType} partner config cannot change; order a new VXC`);
      config = readEndConfig(store, cfg, p, other, cfgKey, p.kind === "mcr2" ? tunnelsOf(vxc, p.uid) : 0);
    }
    const next: VxcEnd = {
      productUid: p.uid,
      vlan,
      innerVlan: inner === undefined ? end.innerVlan : inner,
      vnicIndex: vnic,
      config,
    };
    return next;
  });
  if (
    ends[0] &&
    ends[1] &&
    ends[0].productUid === ends[1].productUid &&
    ends[0].vlan === ends[1].vlan &&
    ends[0].vnicIndex === ends[1].vnicIndex
  )
    throw badRequest("The two ends would use the same VLAN on the same service");

  // Everything validated: apply.
  if (isApproved === true) approve(store, vxc, now);
  if (isApproved === false) reject(vxc, now);
  if (name !== undefined) vxc.name = name;
  if (costCentre !== undefined) vxc.costCentre = costCentre;
  if (shutdown !== undefined) vxc.shutdown = shutdown;
  if (rateLimit !== undefined) vxc.rateLimit = rateLimit;
  if (term !== undefined) vxc.term = term;
  const [aEnd, bEnd] = ends;
  if (aEnd) vxc.aEnd = aEnd;
  if (bEnd) vxc.bEnd = bEnd;
  return others.length > 0;
}

export function approve(store: Store, vxc: VxcRec, now: number): void {
  vxc.approval = { ...vxc.approval, status: "APPROVED", message: null, awaiting: null };
  provision(vxc, now, store.timings);
}

/** A rejected VXC never comes up; the emulator decommissions it (the reference does not say what status follows). */
export function reject(vxc: VxcRec, now: number): void {
  vxc.approval = { ...vxc.approval, status: "REJECTED", message: "The request was rejected", awaiting: null };
  markDecommissioned(vxc, now);
}

/** Is `vxc` waiting for a partner's decision (the side a test plays through `state.approveVxc`)? */
export function pendingPartner(p: ProductRec | undefined): p is VxcRec {
  return p?.kind === "vxc" && p.approval.awaiting === "partner";
}

export interface IncomingVxcInput {
  /** Our Port, MCR or MVE that the other company connects to. */
  productUid: string;
  productName?: string;
  rateLimit?: number;
  vlan?: number;
}

/** A VXC ordered by another company (Acme Networks) onto one of our services, waiting for our `isApproved`. */
export function injectIncomingVxc(store: Store, input: IncomingVxcInput): VxcRec {
  const now = store.now();
  store.settleAll(now);
  const b = endProduct(store, input.productUid, "productUid", true);
  const acmePort = PARTNER_PORTS.find((p) => p.companyUid === ACME.companyUid);
  const a = acmePort ? store.foreignPorts.get(acmePort.productUid) : undefined;
  if (!a) throw new Error("the partner catalogue has no Acme Networks port");
  const rateLimit = input.rateLimit ?? 100;
  const used = store.vlansInUse(b.uid, b.kind === "mve" ? 0 : null);
  const vlan = input.vlan ?? store.allocateVlan(used);
  if (used.has(vlan)) throw new Error(`VLAN ${vlan} is in use on ${b.uid}`);
  const vxc: VxcRec = {
    ...baseRecord(store, now, {
      name: input.productName ?? "Acme to us",
      term: 1,
      costCentre: "",
      promoCode: null,
      tags: [],
      order: null,
    }),
    companyUid: ACME.companyUid,
    companyName: ACME.companyName,
    createdBy: ACME.companyName,
    kind: "vxc",
    serviceId: store.ids.counter("serviceId", 200_001),
    rateLimit,
    shutdown: false,
    aEnd: {
      productUid: a.uid,
      vlan: store.allocateVlan(store.vlansInUse(a.uid)),
      innerVlan: null,
      vnicIndex: null,
      config: null,
    },
    bEnd: { productUid: b.uid, vlan, innerVlan: null, vnicIndex: b.kind === "mve" ? 0 : null, config: null },
    approval: {
      status: "PENDING",
      message: `${ACME.companyName} requests a VXC to ${b.name}`,
      uid: store.ids.uuid(),
      type: "NEW",
      newSpeed: null,
      awaiting: "us",
    },
    serviceKey: null,
    vllId: store.ids.counter("vllId", 80_001),
  };
  store.products.set(vxc.uid, vxc);
  return vxc;
}
