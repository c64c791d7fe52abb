export * from "./client.js";
export * from "./endpoints.js";
export * from "./oauth.js";
export * from "./provider.js";
export type * from "./operations.js";
export { nothingMatches } from "./boundLookup.js";
export {
  activeProducts,
  classifyProduct,
  mcrUids,
  ofType,
  productsOf,
  productUids,
  TAG_CONCURRENCY,
  withTags,
} from "./products.js";
