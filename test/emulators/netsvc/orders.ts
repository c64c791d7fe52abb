/**
 * `POST /v3/networkdesign/validate` (body: the bare order array) and `POST /v4/networkdesign/buy` (body:
 * `{networkDesign: [...], discountCodes: []}`), reference §3. Each item is recognised by `productType`
 * (MEGAPORT / MCR2 / MVE, exact casing as in orders) or by `associatedVxcs` / `associatedIxs`. Every item is
 * validated before anything is created, so a bad item leaves nothing half-ordered.
 */
import { badRequest, ok, type Reply } from "./envelope.js";
import { readIxOrder } from "./ix.js";
import { readMcrOrder } from "./mcr.js";
import { readMveOrder } from "./mve.js";
import { OrderCtx, type Plan } from "./orderCommon.js";
import { readPortOrder } from "./ports.js";
import type { Ctx, Router } from "./router.js";
import { Fields, isObject } from "./validate.js";
import { readVxcOrder } from "./vxc.js";

function readItem(item: unknown, where: string, ctx: OrderCtx): Plan {
  const f = Fields.of(item, where);
  if (f.has("associatedVxcs")) return readVxcOrder(f, ctx);
  if (f.has("associatedIxs")) return readIxOrder(f, ctx);
  const type = f.raw["productType"];
  if (type === "MEGAPORT") return readPortOrder(f, ctx);
  if (type === "MCR2") return readMcrOrder(f, ctx);
  if (type === "MVE") return readMveOrder(f, ctx);
  throw badRequest(
    `${where}: productType must be MEGAPORT, MCR2 or MVE (got ${JSON.stringify(type ?? null)}), or the item must carry associatedVxcs or associatedIxs`,
  );
}

function readDesign(items: unknown[], where: string, ctx: OrderCtx): Plan[] {
  if (items.length === 0) throw badRequest(`${where} must hold at least one order item`);
  if (items.length > 50) throw badRequest(`${where} may hold at most 50 order items`);
  return items.map((item, i) => readItem(item, `${where}[${i}]`, ctx));
}

function validate(c: Ctx): Reply {
  // No v4 validate exists; the v3 body is the bare array (§3, mpgo commit 170e3b1).
  if (!Array.isArray(c.body)) throw badRequest("The validate body must be a JSON array of order items");
  readDesign(c.body, "order", new OrderCtx(c.store, c.now));
  // The fixture answers [] with 200 and only the status matters to clients (§2.1); sent inside the usual envelope.
  return ok("Validation passed", []);
}

function buy(c: Ctx): Reply {
  if (!isObject(c.body))
    throw badRequest(
      "The buy body must be an object {networkDesign: [...], discountCodes: []} (v4, not the v3 bare array)",
    );
  const f = new Fields(c.body, "");
  const items = f.array("networkDesign");
  for (const [i, code] of (f.optArray("discountCodes") ?? []).entries())
    if (typeof code !== "string") throw badRequest(`discountCodes[${i}] must be a string`);
  const ctx = new OrderCtx(c.store, c.now);
  const plans = readDesign(items, "networkDesign", ctx);
  const data = plans.flatMap((p) => p.create());
  c.store.buys.push(c.body);
  return ok(`${data.length} service(s) ordered`, data);
}

export function registerOrders(router: Router): void {
  router.add("POST", "/v3/networkdesign/validate", validate);
  router.add("POST", "/v4/networkdesign/buy", buy);
}
