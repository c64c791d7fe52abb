import type { NetsvcHooks } from "@sdkgen/runtime/netsvc";
import type { MveArgs, MveOutputs } from "../resources/mve.js";

interface WireVnic {
  description?: string | null;
}

/**
 * An order's vNICs are `[{description, vlan}]` with the VLAN left to the service (0) and a missing
 * description sent as null. None given: none are sent, and the service provisions the vendor's
 * minimum, 2 for Palo Alto and 1 for others (wire reference §5.2); one "Data Plane" vNIC, which mpgo
 * orders instead, is too few for Palo Alto.
 */
export const hooks: NetsvcHooks<MveArgs, MveOutputs> = {
  createBody(body) {
    const given = body.vnics as WireVnic[] | undefined;
    if (given) body.vnics = given.map((v) => ({ description: v.description ?? null, vlan: 0 }));
  },
};
