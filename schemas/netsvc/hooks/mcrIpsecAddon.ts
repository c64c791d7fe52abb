import type { Values } from "@sdkgen/runtime";
import type { NetsvcHookContext, NetsvcHooks } from "@sdkgen/runtime/netsvc";
import { fromWire, NotFoundError, toWire, withDefaults } from "@sdkgen/runtime";
import { mcrUids } from "@sdkgen/runtime/netsvc";
import type { McrIpsecAddonArgs, McrIpsecAddonOutputs } from "../resources/mcrIpsecAddon.js";

/**
 * An IPsec add-on lives on its MCR (wire reference §3.9): the add answer carries no UID, so create
 * finds the add-on that is new on the MCR; read and list look at the MCR's `addOns`. Its readiness is
 * the MCR's provisioningStatus, kept in the state for the product verdict.
 */
export const hooks: NetsvcHooks<McrIpsecAddonArgs, McrIpsecAddonOutputs> = {
  async create(args, ctx) {
    // A tunnel pack is bought, as a product is ordered: not before the purchase terms are accepted.
    ctx.provider.assertTermsAccepted(ctx.resource);
    const before = new Set(ipsecAddOns(await mcr(args.mcrId, ctx)).map((x) => x.addOnUid));
    // The body is every input by the descriptor (the MCR is in the path): a field the schema gains is sent.
    const { mcrId: _inPath, ...sent } = ctx.descriptor.fields;
    await ctx.client.call("POST", `/v3/product/${encodeURIComponent(args.mcrId)}/addon`, {
      body: { addOnType: "IP_SEC", ...toWire(sent, withDefaults(sent, { ...args }), "create", "epochMillis") },
      resource: ctx.resource,
      signal: ctx.signal,
    });
    // Bought: a failure from here on is not a refusal (a 4xx of the read would pass for one, and the
    // pack be bought again); it says the add-on may exist, as a lost answer would.
    const lost = (why: string, cause?: unknown) =>
      new Error(
        `${ctx.descriptor.token}: the add-on was requested on MCR ${args.mcrId} but ${why}; look at the MCR before requesting again`,
        { cause },
      );
    const after = await mcr(args.mcrId, ctx).catch((cause: unknown) => {
      throw lost(`reading the MCR back failed (${cause instanceof Error ? cause.message : String(cause)})`, cause);
    });
    const added = ipsecAddOns(after).find((x) => !before.has(x.addOnUid));
    if (!added) throw lost("it does not appear on it");
    return `${args.mcrId}:${String(added.addOnUid)}`;
  },

  async read(id, ctx) {
    const [mcrId, addOnUid] = [id.slice(0, id.indexOf(":")), id.slice(id.indexOf(":") + 1)];
    const product = await mcr(mcrId, ctx);
    const found = ipsecAddOns(product).find((x) => x.addOnUid === addOnUid);
    if (!product || !found || String(product.provisioningStatus).toUpperCase() === "DECOMMISSIONED") return undefined;
    // Every field by the descriptor, as a bound read does; the MCR's status is the add-on's readiness.
    const read = fromWire(ctx.descriptor.fields, found) as Partial<McrIpsecAddonOutputs>;
    const state = { ...read, mcrId, addOnUid, provisioningStatus: product.provisioningStatus };
    return state;
  },

  async list(filter, ctx) {
    const ids: string[] = [];
    for (const uid of await mcrUids(ctx.provider, filter, ctx))
      ids.push(...ipsecAddOns(await mcr(uid, ctx)).map((x) => `${uid}:${String(x.addOnUid)}`));
    return ids;
  },
};

/** The MCR product, or undefined when it does not exist. */
async function mcr(uid: string, ctx: NetsvcHookContext): Promise<Values | undefined> {
  try {
    return await ctx.client.call<Values>("GET", `/v2/product/${encodeURIComponent(uid)}`, {
      resource: ctx.resource,
      signal: ctx.signal,
    });
  } catch (e) {
    if (e instanceof NotFoundError) return undefined;
    throw e;
  }
}

const ipsecAddOns = (product: Values | undefined): Values[] =>
  ((product?.addOns as Values[] | undefined) ?? []).filter((x) => x.addOnType === "IP_SEC");
