import type { LookupDescriptor } from "../descriptor.js";
import { NotFoundError } from "../http/errors.js";
import type { LookupOps } from "../lifecycle/lookup.js";
import type { Values } from "../lifecycle/resource.js";
import { fromWire } from "../lifecycle/wire.js";
import type { NetsvcProvider } from "./provider.js";

/**
 * getLocation (wire reference §4.1): the v3 locations, filtered here by id (preferred: stable) or by
 * exact name, as the API offers no filter. `siteCode` is deprecated and filters nothing.
 */
export function getLocation(p: NetsvcProvider, d: LookupDescriptor): LookupOps {
  return async (args, ctx) => {
    const all = (await p.client.call<Values[]>("GET", "/v3/locations", { signal: ctx.signal })) ?? [];
    const match =
      args.id !== undefined
        ? all.find((l) => l.id === args.id)
        : args.name !== undefined
          ? all.find((l) => l.name === args.name)
          : undefined;
    if (args.id === undefined && args.name === undefined)
      throw new NotFoundError(
        { method: "GET", path: "/v3/locations" },
        400,
        "getLocation needs an id (preferred) or a name",
      );
    if (!match)
      throw new NotFoundError(
        { method: "GET", path: "/v3/locations" },
        404,
        `no location with ${args.id !== undefined ? `id ${String(args.id)}` : `name "${String(args.name)}"`}`,
      );
    const address = (match.address ?? {}) as Values;
    return {
      ...fromWire(d.results, { ...match, address: stringMap(address), country: match.country ?? address.country }),
      id: match.id,
    };
  };
}

const stringMap = (o: Values): Record<string, string> =>
  Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (v === null || v === undefined ? [] : [[k, String(v)]])));
