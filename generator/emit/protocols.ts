import type { Protocol } from "../model/types.js";

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

/** The runtime class a generated Provider extends, or none for a provider without a protocol. */
export const providerClassOf = (protocol: Protocol | undefined): string | undefined =>
  protocol && PROTOCOLS[protocol].providerClass;

/** The runtime type of a protocol's operations, which a bound resource's descriptor is typed with. */
export const operationsType = (protocol: Protocol | undefined): string | undefined =>
  protocol && PROTOCOLS[protocol].operations;

/** The runtime type of a protocol's lookup operation, which a bound lookup's descriptor is typed with. */
export const lookupOperationType = (protocol: Protocol | undefined): string | undefined =>
  protocol && PROTOCOLS[protocol].lookupOperation;
