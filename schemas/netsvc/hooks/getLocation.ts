import { didYouMean, ValidationError } from "@sdkgen/runtime";
import { nothingMatches, type NetsvcLookupHooks } from "@sdkgen/runtime/netsvc";
import type { GetLocationArgs } from "../lookups/getLocation.js";

type Values = Record<string, unknown>;

const stringMap = (o: Values): Record<string, string> =>
  Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (v === null || v === undefined ? [] : [[k, String(v)]])));

/**
 * getLocation (wire reference §4.1): the API lists every location, so the one asked for is picked
 * here, by id (preferred: stable) or by exact name; `siteCode` is deprecated and filters nothing. Its
 * address reads as a map of strings, and its country falls back to the address's.
 */
export const hooks: NetsvcLookupHooks<GetLocationArgs> = {
  check(args) {
    if (args.id === undefined && args.name === undefined)
      throw new ValidationError([{ path: "getLocation", message: "getLocation needs an id (preferred) or a name" }]);
  },

  answer(answer, args) {
    const all = (answer as Values[] | null) ?? [];
    const match = args.id !== undefined ? all.find((l) => l.id === args.id) : all.find((l) => l.name === args.name);
    if (!match)
      throw nothingMatches(
        "getLocation",
        "/v3/locations",
        args.id !== undefined
          ? `no location with id ${String(args.id)}`
          : `no location with name "${String(args.name)}"${didYouMean(
              String(args.name),
              all.map((l) => String(l.name)),
            )}`,
      );
    const address = (match.address ?? {}) as Values;
    return {
      ...match,
      address: stringMap(address),
      country: match.country ?? address.country,
      products: productsOf(match.diversityZones as Values | undefined),
    };
  },
};

/**
 * The v2 `products` object, as far as v3's diversity zones tell it: whether an MCR can be ordered, and
 * the port and MCR speeds some zone offers (the MVE and MCR v1 entries have no v3 source).
 */
function productsOf(zones: Values | undefined): Values | undefined {
  if (!zones) return undefined;
  const speeds = (key: string) => {
    const all = Object.values(zones).flatMap((z) => ((z as Values | null)?.[key] as number[] | undefined) ?? []);
    return [...new Set(all)].sort((a, b) => a - b);
  };
  const mcr2 = speeds("mcrSpeedMbps");
  return { mcr: mcr2.length > 0, megaport: speeds("megaportSpeedMbps"), mcr2 };
}
