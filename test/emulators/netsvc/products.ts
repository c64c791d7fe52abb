/**
 * The generic product endpoints (reference §3 table): get one, list, modify per kind, cancel/restore actions,
 * lock/unlock, resource tags, and VLAN availability on a Port.
 */
import { addMonths } from "./months.js";
import { ApiError, badRequest, ok, type Reply } from "./envelope.js";
import { modifyIx } from "./ix.js";
import { INACTIVE, isActive, markCancelled, markDecommissioned, provision, restore } from "./lifecycle.js";
import { readMcrModify } from "./mcr.js";
import { readMveModify } from "./mve.js";
import type { Ctx, Router } from "./router.js";
import type { Store } from "./state.js";
import type { ProductRec } from "./types.js";
import { Fields, isObject, readResourceTags } from "./validate.js";
import { renderProduct } from "./views.js";
import { modifyVxc } from "./vxc.js";

const param = (c: Ctx, name: string): string => c.params[name] ?? "";

/** A PUT body: an object (an empty body counts as `{}`). */
function bodyFields(c: Ctx): Fields {
  if (c.body === undefined) return new Fields({}, "");
  if (!isObject(c.body)) throw badRequest("The request body must be a JSON object");
  return new Fields(c.body, "");
}

/** Changes need an unlocked, active product. */
function assertChangeable(p: ProductRec): void {
  if (p.locked || p.adminLocked) throw badRequest(`Service ${p.uid} is locked`);
  if (INACTIVE.has(p.status)) throw badRequest(`Service ${p.uid} is ${p.status} and cannot be changed`);
}

/** After a modify the product goes back through DEPLOYABLE (the modify fixtures answer DEPLOYABLE, §3.1). */
function reprovision(store: Store, p: ProductRec, now: number): void {
  if (p.kind === "vxc" && p.approval.awaiting !== null) return; // still waiting for approval: nothing to deploy yet
  provision(p, now, store.timings);
}

function getOne(c: Ctx): Reply {
  const uid = param(c, "uid");
  return ok(`Found Product ${uid}`, renderProduct(c.store, c.store.get(uid)));
}

function list(c: Ctx): Reply {
  // Top-level Ports, MCRs and MVEs only; VXCs and IXs appear nested under them (§3 "GET /v2/products details").
  return ok(
    "All products",
    c.store.topLevel().map((p) => renderProduct(c.store, p)),
  );
}

function modifyTopLevel(kind: "megaport" | "mcr2" | "mve") {
  return (c: Ctx): Reply => {
    const p = c.store.own(param(c, "uid"));
    if (p.kind !== kind) throw badRequest(`Product ${p.uid} is a ${p.kind.toUpperCase()}, not a ${kind.toUpperCase()}`);
    assertChangeable(p);
    const f = bodyFields(c);
    // Also present from mpgo: "ProductID"/"ProductType" (untagged Go fields, §1.3); ignored like any unknown key.
    const name = f.optString("name", { allowEmpty: false, max: 100 });
    const costCentre = f.optString("costCentre");
    const marketplaceVisibility = f.optBool("marketplaceVisibility");
    const term = f.has("term") ? f.term() : undefined;
    const lacpEnabled = p.kind === "megaport" ? f.optBool("lacpEnabled") : undefined;
    const extra = p.kind === "mcr2" ? readMcrModify(p, f) : p.kind === "mve" ? readMveModify(p, f) : undefined;

    if (name !== undefined) p.name = name;
    if (costCentre !== undefined) p.costCentre = costCentre;
    if (marketplaceVisibility !== undefined) p.marketplaceVisibility = marketplaceVisibility;
    if (lacpEnabled !== undefined && p.kind === "megaport") p.lacpEnabled = lacpEnabled;
    if (term !== undefined) {
      p.term = term;
      p.contractEndDate = addMonths(p.contractStartDate, term);
    }
    extra?.();
    reprovision(c.store, p, c.now);
    return ok(`Product [${p.uid}] has been updated`, renderProduct(c.store, p));
  };
}

function modifyVxcRoute(c: Ctx): Reply {
  const p = c.store.getKind(param(c, "uid"), "vxc");
  const f = bodyFields(c);
  const approvalOnly = Object.keys(f.raw).every((k) => k === "isApproved" || !f.has(k));
  if (!approvalOnly) assertChangeable(p);
  else if (p.status === "DECOMMISSIONED") throw badRequest(`Service ${p.uid} is DECOMMISSIONED and cannot be changed`);
  if (modifyVxc(c.store, p, f, c.now)) reprovision(c.store, p, c.now);
  return ok(`Product [${p.uid}] has been updated`, renderProduct(c.store, p));
}

function modifyIxRoute(c: Ctx): Reply {
  const p = c.store.getKind(param(c, "uid"), "ix");
  assertChangeable(p);
  if (modifyIx(c.store, p, bodyFields(c))) reprovision(c.store, p, c.now);
  return ok(`Product [${p.uid}] has been updated`, renderProduct(c.store, p));
}

/** Services that go down with `p`: VXCs on it and IXs on it (and on the other LAG members). */
function childrenOf(store: Store, members: ProductRec[]): ProductRec[] {
  const out = new Map<string, ProductRec>();
  for (const m of members) {
    for (const v of store.vxcsOn(m.uid)) out.set(v.uid, v);
    for (const x of store.ixsOn(m.uid)) out.set(x.uid, x);
  }
  return [...out.values()];
}

/** The end of the current contract term: the contract end date, rolled forward by whole terms if already past. */
function endOfTerm(p: ProductRec, now: number): number {
  let at = p.contractEndDate;
  for (let i = 0; at <= now && i < 1200; i++) at = addMonths(at, Math.max(1, p.term));
  return at;
}

function action(c: Ctx): Reply {
  const { store, now } = c;
  const p = store.own(param(c, "uid"));
  const act = param(c, "action");
  if (act !== "CANCEL" && act !== "CANCEL_NOW" && act !== "UN_CANCEL")
    throw badRequest(`Unknown action ${act}: expected CANCEL, CANCEL_NOW or UN_CANCEL`);
  if (p.locked || p.adminLocked) throw badRequest(`Service ${p.uid} is locked`);
  const members = store.lagMembers(p);
  const children = childrenOf(store, members);

  // safeDelete=true refuses to delete a Port/MCR/MVE that still has VXCs (§2.2 "Safe delete").
  if (
    act !== "UN_CANCEL" &&
    c.query.get("safeDelete") === "true" &&
    children.some((ch) => ch.kind === "vxc" && isActive(ch))
  )
    throw badRequest("Cannot delete product with active VXCs attached");

  if (act === "CANCEL") {
    if (p.status === "DECOMMISSIONED") throw badRequest(`Service ${p.uid} is already DECOMMISSIONED`);
    if (p.status === "CANCELLED") throw badRequest(`Service ${p.uid} is already CANCELLED`);
    const at = endOfTerm(p, now);
    for (const m of members) if (m.status !== "DECOMMISSIONED") markCancelled(m, at, "CANCELLED");
    for (const ch of children) if (isActive(ch)) markCancelled(ch, at, "CANCELLED_PARENT");
  } else if (act === "CANCEL_NOW") {
    if (p.status === "DECOMMISSIONED") throw badRequest(`Service ${p.uid} is already DECOMMISSIONED`);
    for (const m of [...members, ...children]) if (m.status !== "DECOMMISSIONED") markDecommissioned(m, now);
  } else {
    // Only from CANCELLED (mpgo); cli also treats DECOMMISSIONING as restorable (§3 table, §6).
    if (p.status !== "CANCELLED" && p.status !== "DECOMMISSIONING")
      throw badRequest(`Service ${p.uid} is ${p.status}; only a CANCELLED service can be restored`);
    const restorable = [
      ...members.filter((m) => m.status === "CANCELLED" || m.status === "DECOMMISSIONING"),
      ...children.filter((ch) => ch.status === "CANCELLED_PARENT"),
    ];
    for (const m of restorable) {
      restore(m, now, store.timings);
      if (m.kind === "vxc" && m.approval.awaiting !== null) {
        m.status = "DEPLOYABLE";
        m.schedule = [];
      }
    }
  }
  // Action answers carry no `data` (§2.1).
  return ok(`Action [${act} Service ${p.uid}] has been done.`);
}

function lock(c: Ctx): Reply {
  const p = c.store.own(param(c, "uid"));
  if (p.status === "DECOMMISSIONED") throw badRequest(`Service ${p.uid} is DECOMMISSIONED`);
  p.locked = true;
  return ok("Service locked", renderProduct(c.store, p));
}

function unlock(c: Ctx): Reply {
  const p = c.store.own(param(c, "uid"));
  if (p.adminLocked) throw new ApiError(403, `Service ${p.uid} is locked by an administrator`);
  p.locked = false;
  return ok("Service unlocked", renderProduct(c.store, p));
}

function getTags(c: Ctx): Reply {
  const p = c.store.own(param(c, "uid"));
  return ok(`Resource tags of ${p.uid}`, { resourceTags: p.tags.map((t) => ({ key: t.key, value: t.value })) });
}

function putTags(c: Ctx): Reply {
  const p = c.store.own(param(c, "uid"));
  if (p.status === "DECOMMISSIONED") throw badRequest(`Service ${p.uid} is DECOMMISSIONED`);
  const f = bodyFields(c);
  p.tags = readResourceTags(f);
  return ok(`Resource tags of ${p.uid} updated`, { resourceTags: p.tags.map((t) => ({ key: t.key, value: t.value })) });
}

function vlanAvailability(c: Ctx): Reply {
  const p = c.store.getKind(param(c, "uid"), "megaport");
  const used = c.store.vlansInUse(p.uid);
  const asked = c.query.get("vlan");
  if (asked !== null) {
    const n = Number(asked);
    if (!Number.isInteger(n) || n < 2 || n > 4093) throw badRequest("vlan must be an integer in 2..4093");
    return ok(`VLAN availability on ${p.uid}`, used.has(n) ? [] : [n]);
  }
  const free: number[] = [];
  for (let v = 2; v <= 4093; v++) if (!used.has(v)) free.push(v);
  return ok(`VLAN availability on ${p.uid}`, free);
}

export function registerProducts(router: Router): void {
  router.add("GET", "/v2/products", list);
  router.add("GET", "/v2/product/:uid", getOne);
  router.add("PUT", "/v2/product/megaport/:uid", modifyTopLevel("megaport"));
  router.add("PUT", "/v2/product/mcr2/:uid", modifyTopLevel("mcr2"));
  router.add("PUT", "/v2/product/mve/:uid", modifyTopLevel("mve"));
  router.add("PUT", "/v3/product/vxc/:uid", modifyVxcRoute);
  router.add("PUT", "/v2/product/ix/:uid", modifyIxRoute);
  router.add("POST", "/v3/product/:uid/action/:action", action);
  router.add("POST", "/v2/product/:uid/lock", lock);
  router.add("DELETE", "/v2/product/:uid/lock", unlock);
  router.add("GET", "/v2/product/:uid/tags", getTags);
  router.add("PUT", "/v2/product/:uid/tags", putTags);
  router.add("GET", "/v2/product/port/:uid/vlan", vlanAvailability);
}
