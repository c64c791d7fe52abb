import type { LookupFactory } from "./listLookup.js";

/** The API gateway lookups (wire reference §4.3), by token. */
export const APIGATEWAY_LOOKUPS: Readonly<Record<string, LookupFactory>> = {};
