import type { FieldSpec, ResourceDescriptor } from "../../descriptor.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import type { WaitVerdict } from "../../lifecycle/wait.js";
import { fromWire, toWire, valueToWire } from "../../lifecycle/wire.js";
import { cancel, classifyProduct, ofType, order, productUids, putTags, readProduct, toTagList } from "../products.js";
import type { NetsvcProvider } from "../provider.js";

/**
 * Vxc (wire reference §3.5, §5.3–§5.5): ordered under its A-end as `{productUid, associatedVxcs: [...]}`
 * with each end's settings and partner config (the SDK's `partner` discriminator is not sent: the wire
 * object carries `connectType`, and a vrouter config none); the answer's UID is
 * `vxcJTechnicalServiceUid`. Read: each end's product is its assigned product, CSP connections come
 * from `resources.csp_connection` (an object or a list). Modified at `PUT /v3/product/vxc/{uid}`;
 * cancelled at once. A VXC to another company's port waits for that company's approval: the wait stops
 * and says so.
 */
export function vxcOps(p: NetsvcProvider, d: ResourceDescriptor): KindOps {
  const ref = (v: Values, id?: string) => ({ token: d.token, name: v.productName as string | undefined, id });
  const end = (which: "aEnd" | "bEnd", a: Values) => {
    const wire = valueToWire(d.fields[which]!, a[which]) as Values | undefined;
    const partner = a[`${which}PartnerConfig`]
      ? partnerConfig(d.fields[`${which}PartnerConfig`]!, a[`${which}PartnerConfig`])
      : undefined;
    return { ...wire, ...(partner ? { partnerConfig: partner } : {}) };
  };
  return {
    create: (a, ctx) =>
      order(
        p,
        {
          productUid: (a.aEnd as Values | undefined)?.productUid,
          associatedVxcs: [
            {
              productName: a.productName,
              rateLimit: a.rateLimit,
              term: a.contractTermMonths,
              shutdown: a.shutdown ?? false,
              aEnd: end("aEnd", a),
              bEnd: end("bEnd", a),
              ...toWire(
                { serviceKey: d.fields.serviceKey!, promoCode: d.fields.promoCode!, costCentre: d.fields.costCentre! },
                a,
              ),
              ...(a.resourceTags === undefined ? {} : { resourceTags: toTagList(a.resourceTags) }),
            },
          ],
        },
        ref(a),
        ctx,
        "vxcJTechnicalServiceUid",
      ),
    read: (id, ctx) =>
      readProduct(p, d, id, ctx, (state, raw) => {
        for (const which of ["aEnd", "bEnd"] as const) {
          const rawEnd = raw[which] as Values | undefined;
          if (rawEnd && state[which]) (state[which] as Values).assignedProductUid = rawEnd.productUid;
        }
        const csp = (raw.resources as Values | undefined)?.csp_connection;
        const list = Array.isArray(csp) ? csp : csp ? [csp] : [];
        Object.assign(
          state,
          fromWire({ cspConnections: d.fields.cspConnections! }, { [d.fields.cspConnections!.wire]: list }),
        );
      }),
    update: async (id, desired, _current, diff, ctx) => {
      const changed = new Set(diff.changes.map((c) => c.field));
      const endChange = (which: "aEnd" | "bEnd", prefix: "aEnd" | "bEnd", vnic: "aVnicIndex" | "bVnicIndex") => {
        if (!changed.has(which)) return {};
        const e = (desired[which] ?? {}) as Values;
        return {
          ...(e.vlan === undefined ? {} : { [`${prefix}Vlan`]: e.vlan }),
          ...(e.innerVlan === undefined ? {} : { [`${prefix}InnerVlan`]: e.innerVlan }),
          ...(e.productUid === undefined ? {} : { [`${prefix}ProductUid`]: e.productUid }),
          ...(e.vnicIndex === undefined ? {} : { [vnic]: e.vnicIndex }),
        };
      };
      const body = {
        ...(changed.has("productName") ? { name: desired.productName } : {}),
        ...(changed.has("rateLimit") ? { rateLimit: desired.rateLimit } : {}),
        ...(changed.has("costCentre") ? { costCentre: desired.costCentre } : {}),
        ...(changed.has("shutdown") ? { shutdown: desired.shutdown } : {}),
        ...(changed.has("contractTermMonths") ? { term: desired.contractTermMonths } : {}),
        ...endChange("aEnd", "aEnd", "aVnicIndex"),
        ...endChange("bEnd", "bEnd", "bVnicIndex"),
        ...(changed.has("aEndPartnerConfig")
          ? { aEndConfig: partnerConfig(d.fields.aEndPartnerConfig!, desired.aEndPartnerConfig) }
          : {}),
        ...(changed.has("bEndPartnerConfig")
          ? { bEndConfig: partnerConfig(d.fields.bEndPartnerConfig!, desired.bEndPartnerConfig) }
          : {}),
      };
      if (Object.keys(body).length > 0)
        await p.client.call("PUT", `/v3/product/vxc/${encodeURIComponent(id)}`, {
          body,
          resource: ref(desired, id),
          signal: ctx.signal,
        });
      if (changed.has("resourceTags")) await putTags(p, id, desired.resourceTags, ref(desired, id), ctx);
    },
    remove: (id, current, ctx) => cancel(p, id, false, ref(current, id), ctx),
    classify: classifyVxc,
    list: (_state, ctx) => productUids(p, ctx, (x) => ofType(x, "VXC")),
  };
}

/** A partner config on the wire: the union's variant fields; `partner` exists only in the SDK. */
function partnerConfig(spec: FieldSpec, value: unknown): Values {
  const { partner: _partner, ...wire } = valueToWire(spec, value) as Values;
  return wire;
}

/** Ready like any product, unless the VXC waits for the other company's approval or was rejected. */
function classifyVxc(state: Values): WaitVerdict {
  const approval = state.vxcApproval as { status?: string; message?: string } | undefined;
  const status = String(approval?.status ?? "").toUpperCase();
  if (status === "PENDING")
    return {
      state: "blocked",
      status: "PENDING_APPROVAL",
      message: `it waits for the other party's approval${approval?.message ? ` (${approval.message})` : ""}`,
    };
  if (status === "REJECTED") return { state: "failed", status: "REJECTED", message: "the other party rejected it" };
  return classifyProduct(state);
}
