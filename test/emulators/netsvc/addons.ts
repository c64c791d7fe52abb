/**
 * MCR IPsec add-ons (reference §3.9): `POST /v3/product/{mcrUid}/addon` with `{addOnType:"IP_SEC", tunnelCount}`,
 * `PUT /v3/product/{mcrUid}/addon/{addOnUid}` to change the count, `tunnelCount: 0` to remove. Both answer
 * `{message, terms}` only; the add-on is read back through the MCR's `addOns`. The MCR goes through CONFIGURING
 * and back to ready after each change. Lowering the count below the tunnels in use answers 400 "...configured
 * tunnels..." (tf retries on that phrase).
 */
import { ApiError, badRequest, ok, type Reply } from "./envelope.js";
import { INACTIVE, provision } from "./lifecycle.js";
import { TUNNEL_COUNTS } from "./mcr.js";
import type { Ctx, Router } from "./router.js";
import type { McrRec } from "./types.js";
import { Fields, isObject } from "./validate.js";

function mcrOf(c: Ctx): McrRec {
  const mcr = c.store.getKind(c.params["mcrUid"] ?? "", "mcr2");
  if (mcr.companyUid !== c.store.company.companyUid) throw badRequest(`MCR ${mcr.uid} belongs to another company`);
  if (INACTIVE.has(mcr.status)) throw badRequest(`MCR ${mcr.uid} is ${mcr.status}`);
  if (mcr.locked || mcr.adminLocked) throw badRequest(`Service ${mcr.uid} is locked`);
  return mcr;
}

function bodyOf(c: Ctx): Fields {
  if (!isObject(c.body)) throw badRequest("The request body must be a JSON object");
  const f = new Fields(c.body, "");
  f.oneOf("addOnType", ["IP_SEC"] as const);
  return f;
}

function add(c: Ctx): Reply {
  const mcr = mcrOf(c);
  const f = bodyOf(c);
  // Clients turn 0 into 10 before sending (§3.9); 0 reaching the API is refused.
  const tunnelCount = f.oneOf("tunnelCount", TUNNEL_COUNTS);
  if (mcr.addOns.some((a) => a.addOnType === "IP_SEC")) throw badRequest(`MCR ${mcr.uid} already has an IP_SEC add-on`);
  mcr.addOns.push({ addOnUid: c.store.ids.uuid(), addOnType: "IP_SEC", tunnelCount, packCount: 1 });
  provision(mcr, c.now, c.store.timings, "CONFIGURING");
  return ok(`IP_SEC add-on added to MCR ${mcr.uid}`);
}

function change(c: Ctx): Reply {
  const mcr = mcrOf(c);
  const uid = c.params["addOnUid"] ?? "";
  const addOn = mcr.addOns.find((a) => a.addOnUid === uid);
  if (!addOn) throw new ApiError(404, `Add-on ${uid} not found on MCR ${mcr.uid}`);
  const f = bodyOf(c);
  const tunnelCount = f.oneOf("tunnelCount", [0, ...TUNNEL_COUNTS]);
  const configured = c.store.configuredTunnels(mcr.uid);
  if (tunnelCount < configured)
    throw badRequest(
      `Cannot set the IPsec tunnel count to ${tunnelCount}: MCR ${mcr.uid} has ${configured} configured tunnels`,
    );
  if (tunnelCount === 0) mcr.addOns = mcr.addOns.filter((a) => a !== addOn);
  else addOn.tunnelCount = tunnelCount;
  provision(mcr, c.now, c.store.timings, "CONFIGURING");
  return ok(tunnelCount === 0 ? `Add-on ${uid} removed` : `Add-on ${uid} updated`);
}

export function registerAddOns(router: Router): void {
  router.add("POST", "/v3/product/:mcrUid/addon", add);
  router.add("PUT", "/v3/product/:mcrUid/addon/:addOnUid", change);
}
