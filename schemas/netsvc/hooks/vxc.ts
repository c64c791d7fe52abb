import type { Values } from "@sdkgen/runtime";
import type { NetsvcHooks } from "@sdkgen/runtime/netsvc";
import { fromWire, ValidationError } from "@sdkgen/runtime";
import { classifyProduct } from "@sdkgen/runtime/netsvc";
import type { VxcArgs, VxcOutputs } from "../resources/vxc.js";

/** The end settings the update call carries, as flat keys (`aEndVlan`, `aVnicIndex`, …). */
const UPDATABLE = new Set(["vlan", "innerVlan", "productUid", "vNicIndex"]);

const ENDS = [
  { end: "aEnd", config: "aEndConfig", vnic: "aVnicIndex" },
  { end: "bEnd", config: "bEndConfig", vnic: "bVnicIndex" },
] as const;

/**
 * What a VXC's bindings cannot say (wire reference §3.5, §5.3–§5.5): the SDK's `partner` discriminator
 * only selects a partner config's shape and is not sent; the modify call takes an end's settings as
 * flat keys (`aEndVlan`, `aVnicIndex`, …); a read end's `productUid` is the product the service
 * assigned; CSP connections come as one object or a list; and a VXC to another company's port waits
 * for its approval.
 */
export const hooks: NetsvcHooks<VxcArgs, VxcOutputs> = {
  createBody(item) {
    for (const { end } of ENDS) withoutPartner(item[end] as Values | undefined, "partnerConfig");
  },

  updateBody(body, _desired, _changed, current) {
    for (const { end, config, vnic } of ENDS) {
      withoutPartner(body, config);
      const settings = body[end] as Values | undefined;
      delete body[end];
      if (!settings) continue;
      const flat = {
        [`${end}Vlan`]: settings.vlan,
        [`${end}InnerVlan`]: settings.innerVlan,
        [`${end}ProductUid`]: settings.productUid,
        [vnic]: settings.vNicIndex,
      };
      for (const [key, value] of Object.entries(flat)) if (value !== undefined) body[key] = value;
      // Any other setting of the end (its diversity zone, a field the schema gains) has no flat key in
      // the update call: a change to it is refused, never dropped.
      const now = (current[end] ?? {}) as Values;
      const lost = Object.keys(settings).filter(
        (key) => !UPDATABLE.has(key) && JSON.stringify(settings[key]) !== JSON.stringify(now[key]),
      );
      if (lost.length > 0)
        throw new ValidationError(
          lost.map((key) => ({
            path: `Vxc.${end}.${key}`,
            message: `Vxc.${end}.${key} cannot be changed in place: the VXC update call has no place for it (wire reference §3.5); order a new VXC to change it`,
          })),
        );
    }
  },

  afterRead(state, raw, ctx) {
    // Each end as just read (its own object): the product the service connected, under its own name.
    for (const { end } of ENDS) {
      const rawEnd = raw[end] as Values | undefined;
      const read = state[end];
      if (rawEnd && read) Object.assign(read, { assignedProductUid: rawEnd.productUid as string | undefined });
    }
    const csp = (raw.resources as Values | undefined)?.csp_connection;
    const spec = ctx.descriptor.fields.cspConnections!;
    const read = fromWire({ cspConnections: spec }, { [spec.wire]: Array.isArray(csp) ? csp : csp ? [csp] : [] });
    state.cspConnections = read.cspConnections as VxcOutputs["cspConnections"];
  },

  classify(state) {
    const status = String(state.vxcApproval?.status ?? "").toUpperCase();
    if (status === "PENDING")
      return {
        state: "blocked",
        status: "PENDING_APPROVAL",
        message: `it waits for the other party's approval${state.vxcApproval?.message ? ` (${state.vxcApproval.message})` : ""}`,
      };
    if (status === "REJECTED") return { state: "failed", status: "REJECTED", message: "the other party rejected it" };
    return classifyProduct(state);
  },
};

/** Drops the SDK-only `partner` key of the partner config at `key`, if there is one. */
function withoutPartner(holder: Values | undefined, key: string): void {
  const config = holder?.[key] as Values | undefined;
  if (config) delete config.partner;
}
