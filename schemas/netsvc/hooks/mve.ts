import type { NetsvcHooks } from "@sdkgen/runtime/netsvc";
import type { MveArgs, MveOutputs } from "../resources/mve.js";

interface WireVnic {
  description?: string | null;
}

/**
 * An order's vNICs are `[{description, vlan}]` with the VLAN left to the service (0) and a missing
 * description sent as null; with none given, one "Data Plane" vNIC is ordered (wire reference §5.2).
 */
export const hooks: NetsvcHooks<MveArgs, MveOutputs> = {
  createBody(body) {
    const given = (body.vnics as WireVnic[] | undefined) ?? [{ description: "Data Plane" }];
    body.vnics = given.map((v) => ({ description: v.description ?? null, vlan: 0 }));
  },
};
