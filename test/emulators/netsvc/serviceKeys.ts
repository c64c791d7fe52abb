/**
 * Service keys (reference §3.7): `POST /v2/service/key` creates, `GET /v2/service/key?key=` reads one (a single
 * object), `GET /v2/service/key[?productIdOrUid=]` lists, `PUT /v2/service/key` updates. There is no DELETE: clients
 * deactivate with `active:false`. mpgo's get-one escapes the `?` (`/v2/service/key%3Fkey=<k>`); the server rewrites
 * that form before routing, so both reach `getKeys`.
 */
import { ApiError, badRequest, ok, type Reply } from "./envelope.js";
import { INACTIVE } from "./lifecycle.js";
import type { Ctx, Router } from "./router.js";
import type { Store } from "./state.js";
import type { PortRec, ServiceKeyRec } from "./types.js";
import { Fields, isObject } from "./validate.js";
import { renderPort } from "./views.js";

function bodyOf(c: Ctx): Fields {
  if (!isObject(c.body)) throw badRequest("The request body must be a JSON object");
  return new Fields(c.body, "");
}

/** `productUid` or numeric `productId` of one of our Ports. */
function portOf(store: Store, f: Fields): PortRec {
  const uid = f.optString("productUid", { allowEmpty: false });
  const id = f.optInt("productId", { min: 1 });
  let p = uid !== undefined ? store.get(uid) : undefined;
  if (!p && id !== undefined) {
    p = [...store.products.values()].find((q) => q.id === id);
    if (!p) throw badRequest(`Could not find a service with ID ${id}`);
  }
  if (!p) throw badRequest("productUid or productId is required");
  if (uid !== undefined && id !== undefined && p.id !== id)
    throw badRequest("productUid and productId name different services");
  if (p.kind !== "megaport" || p.companyUid !== store.company.companyUid)
    throw badRequest(`Service keys can only be created for your own Ports; ${p.uid} is not one`);
  return p;
}

/** `validFor: {start, end}` in epoch ms. mpgo also sends an RFC 3339 `ValidFor` twin (§1.3), which is ignored. */
function readValidFor(f: Fields): { start: number; end: number } | null | undefined {
  const v = f.optObject("validFor");
  if (!v) return undefined;
  const start = v.int("start", { min: 0 });
  const end = v.int("end", { min: 0 });
  if (end <= start) throw badRequest("validFor.end must be after validFor.start");
  return { start, end };
}

function render(store: Store, k: ServiceKeyRec, now: number): Record<string, unknown> {
  const port = store.get(k.productUid) as PortRec;
  const expired = k.validFor !== null && now > k.validFor.end;
  const started = k.validFor === null || now >= k.validFor.start;
  const spent = k.singleUse && k.lastUsed !== null;
  return {
    key: k.key,
    createDate: k.createDate,
    companyId: store.company.companyId,
    companyUid: store.company.companyUid,
    companyName: store.company.companyName,
    description: k.description,
    productId: port.id,
    productUid: port.uid,
    productName: port.name,
    productDto: renderPort(store, port),
    vlan: k.vlan,
    maxSpeed: k.maxSpeed,
    preApproved: k.preApproved,
    singleUse: k.singleUse,
    lastUsed: k.lastUsed,
    active: k.active,
    validFor: k.validFor ? { start: k.validFor.start, end: k.validFor.end } : null,
    expired,
    valid: k.active && !expired && started && !spent && !INACTIVE.has(port.status),
    promoCode: null,
  };
}

function create(c: Ctx): Reply {
  const f = bodyOf(c);
  const port = portOf(c.store, f);
  if (INACTIVE.has(port.status)) throw badRequest(`Service ${port.uid} is ${port.status}`);
  const singleUse = f.bool("singleUse");
  const maxSpeed = f.int("maxSpeed", { min: 1 });
  if (maxSpeed > port.speed) throw badRequest(`maxSpeed ${maxSpeed} exceeds the port speed ${port.speed}`);
  const vlan = f.optInt("vlan", { min: 2, max: 4093 }) ?? null;
  // A single-use key fixes the VLAN the other party gets (tf: vlan is required when single_use).
  if (singleUse && vlan === null) throw badRequest("vlan is required for a single-use service key");
  const key: ServiceKeyRec = {
    key: c.store.ids.uuid(),
    productUid: port.uid,
    createDate: c.now,
    description: f.optString("description") ?? null,
    vlan,
    maxSpeed,
    preApproved: f.optBool("preApproved") ?? false,
    singleUse,
    lastUsed: null,
    active: f.optBool("active") ?? true,
    validFor: readValidFor(f) ?? null,
  };
  c.store.serviceKeys.set(key.key, key);
  return ok(`New service key [${key.key}] generated`, render(c.store, key, c.now));
}

function getKeys(c: Ctx): Reply {
  const key = c.query.get("key");
  if (key !== null) {
    const k = c.store.serviceKeys.get(key);
    // The reference gives no status for an unknown key; the emulator answers 404.
    if (!k) throw new ApiError(404, `Service key ${key} not found`);
    return ok(`Service key ${key}`, render(c.store, k, c.now));
  }
  const filter = c.query.get("productIdOrUid");
  const keys = [...c.store.serviceKeys.values()].filter((k) => {
    if (filter === null) return true;
    const port = c.store.find(k.productUid);
    return k.productUid === filter || String(port?.id) === filter;
  });
  return ok(
    "Service keys",
    keys.map((k) => render(c.store, k, c.now)),
  );
}

function update(c: Ctx): Reply {
  const f = bodyOf(c);
  const keyText = f.string("key");
  const k = c.store.serviceKeys.get(keyText);
  if (!k) throw new ApiError(404, `Service key ${keyText} not found`);
  if (f.has("productUid") || f.has("productId")) {
    const port = portOf(c.store, f);
    if (port.uid !== k.productUid) throw badRequest("The port of a service key cannot change");
  }
  // Only `active` and `validFor` change in place; singleUse is sent again by clients and must match (§3.7).
  const singleUse = f.optBool("singleUse");
  if (singleUse !== undefined && singleUse !== k.singleUse)
    throw badRequest("singleUse of a service key cannot change");
  const active = f.optBool("active");
  const validFor = readValidFor(f);
  if (active !== undefined) k.active = active;
  if (validFor !== undefined) k.validFor = validFor;
  return ok(`Service key [${k.key}] updated`, render(c.store, k, c.now));
}

export function registerServiceKeys(router: Router): void {
  router.add("POST", "/v2/service/key", create);
  router.add("GET", "/v2/service/key", getKeys);
  router.add("PUT", "/v2/service/key", update);
}
