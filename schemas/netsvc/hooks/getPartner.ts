import { nothingMatches, type NetsvcLookupHooks } from "@sdkgen/runtime/netsvc";
import type { GetPartnerArgs } from "../lookups/getPartner.js";

type Values = Record<string, unknown>;

/**
 * getPartner (§4.2): the API lists every partner port, so the first that matches every argument given
 * is picked here (names compared ignoring case, as the public clients do); ports that permit no VXC
 * are skipped.
 */
export const hooks: NetsvcLookupHooks<GetPartnerArgs> = {
  answer(answer, args) {
    const same = (a: unknown, b: unknown) =>
      b === undefined || String(a ?? "").toLowerCase() === String(b).toLowerCase();
    const match = ((answer as Values[] | null) ?? []).find(
      (x) =>
        x.vxcPermitted !== false &&
        same(x.title, args.productName) &&
        same(x.connectType, args.connectType) &&
        same(x.companyName, args.companyName) &&
        same(x.companyUid, args.companyUid) &&
        same(x.productUid, args.productUid) &&
        same(x.diversityZone, args.diversityZone) &&
        (args.locationId === undefined || x.locationId === args.locationId),
    );
    if (!match)
      throw nothingMatches(
        "getPartner",
        "/v2/dropdowns/partner/megaports",
        `no partner port matches ${JSON.stringify(args)}`,
      );
    return match;
  },
};
