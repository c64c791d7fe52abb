import type { LookupFactory } from "./listLookup.js";

/** The anti-DDoS lookups (wire reference §4.2), by token. */
export const ANTIDDOS_LOOKUPS: Readonly<Record<string, LookupFactory>> = {};
