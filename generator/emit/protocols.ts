import type { Protocol } from "../model/types.js";

/** The runtime's names per protocol: the Provider class, and the types of bound resources' and lookups' operations. */
const PROTOCOLS: Readonly<
  Record<Protocol, { readonly providerClass: string; readonly operations: string; readonly lookupOperation: string }>
> = {
  cloudplat: {
    providerClass: "CloudplatProvider",
    operations: "CloudplatOperations",
    lookupOperation: "CloudplatLookupOperation",
  },
  netsvc: { providerClass: "NetsvcProvider", operations: "NetsvcOperations", lookupOperation: "NetsvcLookupOperation" },
};

/** The runtime's names for a provider's protocol; none for a provider without one. */
export const runtimeNames = (protocol: Protocol | undefined) => protocol && PROTOCOLS[protocol];
