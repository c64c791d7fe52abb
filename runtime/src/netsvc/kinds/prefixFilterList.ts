import type { ResourceDescriptor } from "../../descriptor.js";
import { NotFoundError, ServiceError } from "../../http/errors.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { fromWire } from "../../lifecycle/wire.js";
import { abortableSleep } from "../../sleep.js";
import { mcrUids } from "../products.js";
import type { NetsvcProvider } from "../provider.js";

/**
 * McrPrefixFilterList (wire reference §3.8): plain CRUD under its MCR at
 * `/v2/product/mcr2/{mcrUid}/prefixList[/{id}]`, no order and no provisioning. Its id is the import
 * id `<mcr_uid>:<prefix_list_id>`. The API reads ge/le back as strings (the descriptor's integers
 * read them as numbers). A delete answered 409 (the list is still used by a BGP session) is retried
 * until the provider's wait time runs out.
 */
export function prefixFilterListOps(p: NetsvcProvider, d: ResourceDescriptor): KindOps {
  const split = (id: string) => {
    const at = id.indexOf(":");
    return { mcr: encodeURIComponent(id.slice(0, at)), list: encodeURIComponent(id.slice(at + 1)) };
  };
  const ref = (v: Values, id?: string) => ({ token: d.token, name: v.description as string | undefined, id });
  const body = (a: Values) => ({ description: a.description, addressFamily: a.addressFamily, entries: a.entries });
  return {
    create: async (a, ctx) => {
      const data = await p.client.call<Values>(
        "POST",
        `/v2/product/mcr2/${encodeURIComponent(String(a.mcrId))}/prefixList`,
        {
          body: body(a),
          resource: ref(a),
          signal: ctx.signal,
        },
      );
      return `${String(a.mcrId)}:${String(data?.id)}`;
    },
    read: async (id, ctx) => {
      const { mcr, list } = split(id);
      try {
        const data = await p.client.call<Values>("GET", `/v2/product/mcr2/${mcr}/prefixList/${list}`, {
          resource: { token: d.token, id },
          signal: ctx.signal,
        });
        return { ...fromWire(d.fields, data), mcrId: decodeURIComponent(mcr) };
      } catch (e) {
        if (e instanceof NotFoundError) return undefined;
        throw e;
      }
    },
    update: async (id, desired, _current, _diff, ctx) => {
      const { mcr, list } = split(id);
      await p.client.call("PUT", `/v2/product/mcr2/${mcr}/prefixList/${list}`, {
        body: body(desired),
        resource: ref(desired, id),
        signal: ctx.signal,
      });
    },
    remove: async (id, current, ctx) => {
      const { mcr, list } = split(id);
      const deadline = Date.now() + p.waitMs;
      for (;;) {
        try {
          await p.client.call("DELETE", `/v2/product/mcr2/${mcr}/prefixList/${list}`, {
            resource: ref(current, id),
            signal: ctx.signal,
          });
          return;
        } catch (e) {
          if (e instanceof NotFoundError) return;
          if (!(e instanceof ServiceError && e.status === 409) || Date.now() > deadline) throw e;
          await abortableSleep(Math.min(p.pollMs ?? 10_000, Math.max(0, deadline - Date.now())), ctx.signal);
        }
      }
    },
    classify: () => ({ state: "ready", status: "ACTIVE" }),
    idFromImport: (fields) => `${String(fields.mcrId)}:${String(fields.mcrPrefixFilterListId)}`,
    list: async (state, ctx) => {
      const ids: string[] = [];
      for (const mcr of await mcrUids(p, state, ctx)) {
        const lists = await p.client.call<Values[]>("GET", `/v2/product/mcr2/${encodeURIComponent(mcr)}/prefixLists`, {
          resource: ref({}),
          signal: ctx.signal,
        });
        ids.push(...(lists ?? []).map((l) => `${mcr}:${String(l.id)}`));
      }
      return ids;
    },
  };
}
