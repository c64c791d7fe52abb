import type { FieldSpec, ResourceDescriptor } from "../descriptor.js";
import { NotFoundError, ServiceError } from "../http/errors.js";
import type { Diff } from "../lifecycle/diff.js";
import { formatImportId, parseImportId } from "../lifecycle/importId.js";
import { printableId, type CallContext, type KindOps, type Values } from "../lifecycle/resource.js";
import { afterCreation } from "../lifecycle/order.js";
import { fromWire, getPath, valueToWire, withDefaults } from "../lifecycle/wire.js";
import { abortableSleep } from "../sleep.js";
import type {
  NetsvcCreateRequest,
  NetsvcDeleteRequest,
  NetsvcHookContext,
  NetsvcHooks,
  NetsvcListRequest,
  NetsvcOperations,
  NetsvcOrder,
  NetsvcProductList,
  NetsvcRequest,
} from "./operations.js";
import { cancel, classifyProduct, order, productUids, ofType, toTagList } from "./products.js";
import type { NetsvcProvider } from "./provider.js";

type Descriptor = ResourceDescriptor<NetsvcOperations>;
type Route = "update" | "tags" | undefined;

/**
 * The one netsvc interpreter: a resource kind's KindOps from its descriptor's operations, field
 * bindings (wire paths, change rules, notSent) and hooks. See NetsvcOperations for the shapes.
 */
export function boundKind(p: NetsvcProvider, d: Descriptor): KindOps {
  const ops = d.operations!;
  const hooks = (d.hooks ?? {}) as NetsvcHooks;
  const inputs = Object.entries(d.fields).filter(([, f]) => f.mode !== "output");
  const routeOf = (f: FieldSpec): Route =>
    !f.onChange ? "update" : "update" in f.onChange ? (f.onChange.update as Route) : undefined;
  const tagFields = inputs.filter(([, f]) => routeOf(f) === "tags").map(([n]) => n);
  const ref = (v: Values, id?: string) => ({
    token: d.token,
    name: firstString(v.productName, v.name, v.description),
    id: id === undefined ? undefined : printableId(d, id),
  });
  const hookCtx = (v: Values, ctx: CallContext, id?: string): NetsvcHookContext => ({
    provider: p,
    client: p.client,
    descriptor: d,
    resource: ref(v, id),
    signal: ctx.signal,
  });
  const hook = <K extends "create" | "read" | "list">(name: K): NonNullable<NetsvcHooks[K]> => {
    const h = hooks[name];
    if (!h) throw new Error(`${d.token}: its ${name} is bound to a hook, but its hooks define no ${name}`);
    return h.bind(hooks) as NonNullable<NetsvcHooks[K]>;
  };
  /** The fields of a composite id, or of a one-part id the id itself. */
  const idParts = (id: string): Values => (d.importId ? parseImportId(d, id) : {});
  /** The id of an object from its id fields, one of which (the one no input gives) comes from an answer. */
  const idFrom = (given: Values, answered: unknown): string => {
    if (typeof answered !== "string" && typeof answered !== "number")
      throw new Error(`${d.token}: the answer names no id for the new object`);
    const parts = d.importId?.parts ?? [];
    if (parts.length <= 1) return String(answered);
    const missing = parts.find((x) => given[x.field] === undefined)!;
    return formatImportId(d.importId!, { ...given, [missing.field]: answered });
  };
  const secrets = (id: string) => (printableId(d, id) === id ? {} : { secrets: [id] });

  /** A request body: `set`, then the named inputs at their wire paths for `op`, then the id. */
  const body = (
    r: Pick<NetsvcRequest, "set" | "idAt">,
    names: readonly string[],
    values: (name: string) => unknown,
    op: "create" | "update",
    id?: string,
  ): Values => {
    const out: Values = {};
    for (const [path, v] of Object.entries(r.set ?? {})) place(out, path, structuredClone(v));
    for (const name of names) {
      const spec = d.fields[name]!;
      const v = values(name);
      if (v === undefined || v === null) continue;
      // netsvc timestamps are epoch milliseconds on the wire (wire reference, "Timestamps").
      const wire = tagFields.includes(name) ? toTagList(v) : valueToWire(spec, v, "epochMillis");
      place(out, spec.wirePath?.[op] ?? spec.wire, wire);
    }
    if (r.idAt && id !== undefined) place(out, r.idAt, id);
    return out;
  };
  const call = (r: NetsvcRequest, path: string, v: Values, ctx: CallContext, id?: string, withBody?: Values) =>
    p.client.call<unknown>(r.method, path, {
      ...(withBody ? { body: withBody } : {}),
      resource: ref(v, id),
      signal: ctx.signal,
      ...(id === undefined ? {} : secrets(id)),
    });

  const create = async (args: Values, ctx: CallContext): Promise<string> => {
    const c = ops.create;
    let id: string;
    if (c === "hook") id = await hook("create")(args, hookCtx(args, ctx));
    else if ("order" in c) id = await orderCreate(c.order, args, ctx);
    else id = await restCreate(c, args, ctx);
    await afterCreation(id, () => hooks.afterCreate?.(id, args, hookCtx(args, ctx, id)));
    return id;
  };

  const orderCreate = (o: NetsvcOrder, args: Values, ctx: CallContext): Promise<string> => {
    const parentField = o.parent && !o.parent.includes(".") ? o.parent : undefined;
    const sent = inputs.filter(([n, f]) => !f.notSent && n !== parentField).map(([n]) => n);
    // An input omitted goes out at its schema default, as its docs say (@defaultValue).
    const given = withDefaults(d.fields, args);
    const item = body(o, sent, (n) => given[n], "create");
    hooks.createBody?.(item, args);
    const envelope = o.nest ? { productUid: o.parent && getPath(args, o.parent), [o.nest]: [item] } : item;
    return order(p, envelope, ref(args), ctx, o.newId);
  };

  const restCreate = async (r: NetsvcCreateRequest, args: Values, ctx: CallContext): Promise<string> => {
    const placeholders = new Set(placeholdersOf(r.path));
    const sent = inputs.filter(([n, f]) => !f.notSent && !placeholders.has(n)).map(([n]) => n);
    const given = withDefaults(d.fields, args);
    const b = body(r, sent, (n) => given[n], "create");
    hooks.createBody?.(b, args);
    const answer = (await call(
      r,
      fill(r.path, (n) => args[n]),
      args,
      ctx,
      undefined,
      b,
    )) as Values | undefined;
    return idFrom(args, answer && getPath(answer, r.newId));
  };

  const read = async (id: string, ctx: CallContext): Promise<Values | undefined> => {
    const r = ops.read;
    if (r === "hook") return hook("read")(id, hookCtx({}, ctx, id));
    const parts = idParts(id);
    const path =
      "product" in r ? `/v2/product/${encodeURIComponent(id)}` : fill(r.path, (n) => placeholder(n, id, parts));
    let raw: Values | undefined;
    try {
      raw = (await p.client.call<Values>("product" in r ? "GET" : r.method, path, {
        resource: ref({}, id),
        signal: ctx.signal,
        ...secrets(id),
      })) as Values | undefined;
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
    if (!raw || ("product" in r && String(raw.provisioningStatus).toUpperCase() === "DECOMMISSIONED")) return undefined;
    const state = { ...fromWire(d.fields, raw), ...(d.importId && d.importId.parts.length > 1 ? parts : {}) };
    if (tagFields.length > 0) await readTags(id, state, ctx);
    await hooks.afterRead?.(state, raw, hookCtx(state, ctx, id));
    return state;
  };

  const readTags = async (id: string, state: Values, ctx: CallContext) => {
    const tags = await p.client.call<{ resourceTags?: { key: string; value: string }[] }>(
      "GET",
      `/v2/product/${encodeURIComponent(id)}/tags`,
      { resource: ref(state, id), signal: ctx.signal },
    );
    const list = tags?.resourceTags ?? [];
    if (list.length > 0) for (const f of tagFields) state[f] = Object.fromEntries(list.map((t) => [t.key, t.value]));
  };

  const update = async (id: string, desired: Values, current: Values, diff: Diff, ctx: CallContext) => {
    const changed = new Set(diff.changes.map((c) => c.field));
    const routed = (route: Route) => [...changed].filter((n) => routeOf(d.fields[n]!) === route);
    const u = ops.update;
    if (u && routed("update").length > 0) {
      const names = [...new Set([...(u.always ?? []), ...routed("update")])];
      const value = (n: string) => (changed.has(n) ? (desired[n] ?? d.fields[n]!.default) : (desired[n] ?? current[n]));
      const b = body(u, names, value, "update", id);
      hooks.updateBody?.(b, desired, changed, current);
      const parts = idParts(id);
      await call(
        u,
        fill(u.path, (n) => placeholder(n, id, parts)),
        desired,
        ctx,
        id,
        b,
      );
    }
    if (ops.tags && routed("tags").length > 0)
      await p.client.call("PUT", `/v2/product/${encodeURIComponent(id)}/tags`, {
        body: { resourceTags: toTagList(desired[routed("tags")[0]!]) ?? [] },
        resource: ref(desired, id),
        signal: ctx.signal,
      });
  };

  const remove = async (id: string, current: Values, ctx: CallContext): Promise<void> => {
    const r = ops.delete;
    if ("cancel" in r)
      return cancel(p, id, r.cancel === "cancelAtEndOfTerm" && p.config.cancelAtEndOfTerm, ref(current, id), ctx);
    await restDelete(r, id, current, ctx);
  };

  const restDelete = async (r: NetsvcDeleteRequest, id: string, current: Values, ctx: CallContext) => {
    const parts = idParts(id);
    const path = fill(r.path, (n) => placeholder(n, id, parts, current));
    const withBody = r.set || r.always || r.idAt ? body(r, r.always ?? [], (n) => current[n], "update", id) : undefined;
    const deadline = Date.now() + p.waitMs;
    for (;;) {
      try {
        await call(r, path, current, ctx, id, withBody);
        return;
      } catch (e) {
        if (e instanceof NotFoundError) return;
        const again =
          r.retry &&
          e instanceof ServiceError &&
          e.status === r.retry.status &&
          (r.retry.message === undefined || e.serviceMessage.toLowerCase().includes(r.retry.message.toLowerCase()));
        if (!again || Date.now() > deadline) throw e;
        await abortableSleep(
          Math.min(p.pollMs ?? r.retry!.seconds * 1000, Math.max(0, deadline - Date.now())),
          ctx.signal,
        );
      }
    }
  };

  const list = async (filter: Values, ctx: CallContext): Promise<string[]> => {
    const l = ops.list;
    if (l === "hook") return hook("list")(filter, hookCtx(filter, ctx));
    if ("products" in l) return productUids(p, ctx, (x) => listed(l.products, x));
    return restList(l, filter, ctx);
  };

  const restList = async (l: NetsvcListRequest, filter: Values, ctx: CallContext): Promise<string[]> => {
    let combos: Values[] = [{}];
    for (const [field, type] of Object.entries(l.each ?? {})) {
      const values = filter[field] !== undefined ? [filter[field]] : await productUids(p, ctx, (x) => ofType(x, type));
      combos = combos.flatMap((c) => values.map((v) => ({ ...c, [field]: v })));
    }
    const query = Object.entries(l.query ?? {}).filter(([, field]) => filter[field] !== undefined);
    const search = query.map(([k, field]) => `${k}=${encodeURIComponent(String(filter[field]))}`).join("&");
    const ids: string[] = [];
    for (const combo of combos) {
      const path = fill(l.path, (n) => combo[n]) + (search ? `?${search}` : "");
      const items = (await call(l, path, {}, ctx)) as Values[] | undefined;
      ids.push(...(items ?? []).map((item) => idFrom(combo, getPath(item, l.itemId))));
    }
    return ids;
  };

  return {
    create,
    read,
    update,
    remove,
    ...(hooks.classify ? { classify: hooks.classify } : d.readiness ? {} : { classify: classifyProduct }),
    list,
  };
}

/** `{id}` is the id; another placeholder a part of a composite id, else a value of the object. */
const placeholder = (name: string, id: string, parts: Values, values: Values = {}): unknown =>
  name === "id" ? id : (parts[name] ?? values[name]);

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;
const placeholdersOf = (template: string): string[] => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);

/** A path template with every placeholder URL-encoded. */
function fill(template: string, value: (name: string) => unknown): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const v = value(name);
    if (v === undefined || v === null) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(String(v));
  });
}

/** Sets a dotted path of a body, merging into an object already there (a field nested in another's). */
function place(body: Values, path: string, value: unknown): void {
  const keys = path.split(".");
  let at = body;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Values;
  const last = keys.at(-1)!;
  const prior = at[last];
  at[last] = isPlain(prior) && isPlain(value) ? { ...prior, ...value } : value;
}

const isPlain = (v: unknown): v is Values => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a listed product is of the list's type, has its values and lacks its unset keys. */
const listed = (l: NetsvcProductList, x: Values): boolean =>
  ofType(x, l.type) &&
  Object.entries(l.where ?? {}).every(([k, v]) => x[k] === v) &&
  (l.without ?? []).every((k) => !x[k] || (Array.isArray(x[k]) && x[k].length === 0));

const firstString = (...values: unknown[]): string | undefined =>
  values.find((v): v is string => typeof v === "string");
