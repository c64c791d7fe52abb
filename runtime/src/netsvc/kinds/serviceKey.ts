import type { ResourceDescriptor } from "../../descriptor.js";
import { NotFoundError } from "../../http/errors.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { fromWire } from "../../lifecycle/wire.js";
import { revealValue } from "../../secret.js";
import type { NetsvcProvider } from "../provider.js";

/**
 * ServiceKey (wire reference §3.7): `POST /v2/service/key` answers with the key, which is the object's
 * id and a secret; read with `GET /v2/service/key?key=`, update with `PUT /v2/service/key`. There is
 * no delete: the key is deactivated. Validity times go on the wire as epoch milliseconds.
 */
export function serviceKeyOps(p: NetsvcProvider, d: ResourceDescriptor): KindOps {
  const ref = { token: d.token, id: "[secret]" };
  const validFor = (v: unknown) => {
    const w = v as { startTime?: string; endTime?: string } | undefined;
    return w
      ? { start: w.startTime ? Date.parse(w.startTime) : undefined, end: w.endTime ? Date.parse(w.endTime) : undefined }
      : undefined;
  };
  const body = (a: Values, extra: Values = {}) => ({
    productUid: a.productUid,
    singleUse: a.singleUse,
    active: a.active,
    ...extra,
    ...(a.validFor === undefined ? {} : { validFor: validFor(a.validFor) }),
  });
  return {
    create: async (a, ctx) => {
      const data = await p.client.call<Values>("POST", "/v2/service/key", {
        body: body(a, { maxSpeed: a.maxSpeed, preApproved: a.preApproved, description: a.description, vlan: a.vlan }),
        resource: { ...ref, name: a.description as string | undefined },
        signal: ctx.signal,
      });
      return String(data?.key);
    },
    read: async (key, ctx) => {
      try {
        const data = await p.client.call<Values>("GET", `/v2/service/key?key=${encodeURIComponent(key)}`, {
          resource: ref,
          signal: ctx.signal,
          secrets: [key],
        });
        return data ? fromWire(d.fields, data) : undefined;
      } catch (e) {
        if (e instanceof NotFoundError) return undefined;
        throw e;
      }
    },
    update: async (key, desired, _current, _diff, ctx) => {
      await p.client.call("PUT", "/v2/service/key", {
        body: body(desired, { key }),
        resource: ref,
        signal: ctx.signal,
        secrets: [key],
      });
    },
    remove: async (key, current, ctx) => {
      await p.client.call("PUT", "/v2/service/key", {
        body: body(current, { key, active: false }),
        resource: ref,
        signal: ctx.signal,
        secrets: [key],
      });
    },
    classify: () => ({ state: "ready", status: "ACTIVE" }),
    idFromImport: (fields) => revealValue(fields.key as string),
    list: async (state, ctx) => {
      const query =
        state.productUid === undefined ? "" : `?productIdOrUid=${encodeURIComponent(String(state.productUid))}`;
      const keys = await p.client.call<Values[]>("GET", `/v2/service/key${query}`, {
        resource: ref,
        signal: ctx.signal,
      });
      return (keys ?? []).map((k) => String(k.key));
    },
  };
}
