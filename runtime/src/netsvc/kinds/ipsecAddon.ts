import type { ResourceDescriptor } from "../../descriptor.js";
import { NotFoundError, ServiceError } from "../../http/errors.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { abortableSleep } from "../../sleep.js";
import { classifyProduct, mcrUids } from "../products.js";
import type { NetsvcProvider } from "../provider.js";

/**
 * McrIpsecAddon (wire reference §3.9): an IPsec tunnel pack on an MCR. Added with
 * `POST /v3/product/{mcrUid}/addon`, changed with `PUT …/addon/{addOnUid}`, read from the MCR's
 * `addOns`, removed by setting the tunnel count to 0, which the API refuses (400 "configured tunnels")
 * while tunnels still use it: that is retried until the provider's wait time runs out. Its id is the
 * import id `<mcr_uid>:<add_on_uid>`; readiness is the MCR's.
 */
export function ipsecAddonOps(p: NetsvcProvider, d: ResourceDescriptor): KindOps {
  const split = (id: string) => ({ mcr: id.slice(0, id.indexOf(":")), addOn: id.slice(id.indexOf(":") + 1) });
  const ref = (id?: string) => ({ token: d.token, id });
  const mcr = async (uid: string, signal?: AbortSignal) => {
    try {
      return await p.client.call<Values>("GET", `/v2/product/${encodeURIComponent(uid)}`, {
        resource: ref(uid),
        signal,
      });
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  };
  const ipsec = (product: Values | undefined) =>
    ((product?.addOns as Values[] | undefined) ?? []).filter((x) => x.addOnType === "IP_SEC");
  const setTunnels = (id: string, tunnelCount: unknown, signal?: AbortSignal) => {
    const { mcr: m, addOn } = split(id);
    return p.client.call("PUT", `/v3/product/${encodeURIComponent(m)}/addon/${encodeURIComponent(addOn)}`, {
      body: { addOnType: "IP_SEC", tunnelCount },
      resource: ref(id),
      signal,
    });
  };
  return {
    create: async (a, ctx) => {
      const m = String(a.mcrId);
      const before = new Set(ipsec(await mcr(m, ctx.signal)).map((x) => x.addOnUid));
      await p.client.call("POST", `/v3/product/${encodeURIComponent(m)}/addon`, {
        body: { addOnType: "IP_SEC", tunnelCount: a.tunnelCount },
        resource: ref(m),
        signal: ctx.signal,
      });
      const added = ipsec(await mcr(m, ctx.signal)).find((x) => !before.has(x.addOnUid));
      if (!added)
        throw new Error(
          `${d.token}: the add-on was requested on MCR ${m} but does not appear on it; look at the MCR before requesting again`,
        );
      return `${m}:${String(added.addOnUid)}`;
    },
    read: async (id, ctx) => {
      const { mcr: m, addOn } = split(id);
      const product = await mcr(m, ctx.signal);
      const found = ipsec(product).find((x) => x.addOnUid === addOn);
      if (!product || !found || String(product.provisioningStatus).toUpperCase() === "DECOMMISSIONED") return undefined;
      return {
        mcrId: m,
        addOnUid: addOn,
        tunnelCount: found.tunnelCount,
        provisioningStatus: product.provisioningStatus,
      };
    },
    update: (id, desired, _current, _diff, ctx) =>
      setTunnels(id, desired.tunnelCount, ctx.signal).then(() => undefined),
    remove: async (id, _current, ctx) => {
      const deadline = Date.now() + p.waitMs;
      for (;;) {
        try {
          await setTunnels(id, 0, ctx.signal);
          return;
        } catch (e) {
          if (e instanceof NotFoundError) return;
          if (
            !(e instanceof ServiceError && e.status === 400 && /configured tunnels/i.test(e.serviceMessage)) ||
            Date.now() > deadline
          )
            throw e;
          await abortableSleep(Math.min(p.pollMs ?? 15_000, Math.max(0, deadline - Date.now())), ctx.signal);
        }
      }
    },
    classify: classifyProduct,
    idFromImport: (fields) => `${String(fields.mcrId)}:${String(fields.addOnUid)}`,
    list: async (state, ctx) => {
      const ids: string[] = [];
      for (const uid of await mcrUids(p, state, ctx))
        ids.push(...ipsec(await mcr(uid, ctx.signal)).map((x) => `${uid}:${String(x.addOnUid)}`));
      return ids;
    },
  };
}
