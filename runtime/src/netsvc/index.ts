export * from "./client.js";
export * from "./endpoints.js";
export * from "./oauth.js";
export * from "./provider.js";
export type * from "./operations.js";
export { activeProducts, classifyProduct, mcrUids, ofType, productUids } from "./products.js";
export { TAG_CONCURRENCY } from "./lookups.js";
