/** Every API route of the emulator, by feature. The OAuth token endpoint is handled before routing (server.ts). */
import { registerAddOns } from "./addons.js";
import { registerCatalog } from "./catalog.js";
import { registerOrders } from "./orders.js";
import { registerPrefixLists } from "./prefixLists.js";
import { registerProducts } from "./products.js";
import { Router } from "./router.js";
import { registerServiceKeys } from "./serviceKeys.js";

export function buildRouter(): Router {
  const router = new Router();
  registerOrders(router);
  registerProducts(router);
  registerServiceKeys(router);
  registerPrefixLists(router);
  registerAddOns(router);
  registerCatalog(router);
  return router;
}
