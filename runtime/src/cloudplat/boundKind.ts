import type { FieldSpec, Mode, ResourceDescriptor } from "../descriptor.js";
import type { ResourceRef } from "../http/errors.js";
import { withRetries } from "../http/retry.js";
import { formatImportId, parseImportId } from "../lifecycle/importId.js";
import type { CallContext, KindOps, Values } from "../lifecycle/resource.js";
import { afterCreation } from "../lifecycle/order.js";
import { fromWire, getPath, toWire, withDefaults } from "../lifecycle/wire.js";
import { Secret } from "../secret.js";
import { ValidationError } from "../validate.js";
import { CloudplatError } from "./errors.js";
import type {
  CloudplatCall,
  CloudplatHookContext,
  CloudplatHooks,
  CloudplatList,
  CloudplatOperations,
  CloudplatPaging,
  CloudplatRead,
} from "./operations.js";
import { collectPages } from "./pagination.js";
import type { CloudplatProvider } from "./provider.js";
import { fillRequest } from "./requestTemplate.js";

/**
 * The one interpreter of cloudplat operation bindings: a resource kind's KindOps from its descriptor
 * and its hooks (operations.ts says what each binding and hook means).
 */
export function boundKindOps(p: CloudplatProvider, d: ResourceDescriptor<CloudplatOperations>): KindOps {
  const ops = d.operations!;
  const hooks = (d.hooks ?? {}) as CloudplatHooks;
  const hookCtx = (ctx: CallContext, id?: string): CloudplatHookContext => ({
    provider: p,
    client: p.client,
    descriptor: d,
    resource: ref(d, id),
    signal: ctx.signal,
  });
  const hook = <K extends "read" | "list" | "update">(name: K): NonNullable<CloudplatHooks[K]> => {
    const h = hooks[name];
    if (!h) throw new Error(`${d.token}: its ${name} is bound to a hook, but its hooks define no ${name}`);
    return h.bind(hooks) as NonNullable<CloudplatHooks[K]>;
  };
  const spec = d.importId;
  // The schema's validation requires it of a bound kind: a bound object's id is its import id.
  if (!spec) throw new Error(`${d.token}: a kind bound to operations needs an import id`);
  const send = (op: CloudplatCall, params: object, ctx: CallContext, id?: string): Promise<Values> =>
    p.client.call<Values>(op.service ?? ops.create.service!, op.action, params, {
      version: op.version,
      signal: ctx.signal,
      resource: ref(d, id),
      // A kind's create is its order, whatever its action's name (BindSubDomain makes a custom domain):
      // never sent again where the platform may have acted; placeOrder looks for what it made.
      ...(op === ops.create && { once: true }),
    });
  const checked = (op: CloudplatCall, params: object, ctx: CallContext, id?: string): Promise<Values> => {
    const once = async () => {
      const answer = await send(op, params, ctx, id);
      if (op.expect !== undefined && getPath(answer, op.expect) !== true)
        throw new Refused(
          `${d.token} (${id ?? "new"}): ${op.action} did not succeed (${op.expect} ${JSON.stringify(getPath(answer, op.expect))})`,
        );
      return answer;
    };
    if (!op.retryUnlessExpected) return once();
    return withRetries(once, {
      policy: p.client.retryPolicyFor(op.action),
      once: false,
      signal: ctx.signal,
      retryable: (e) => e instanceof Refused,
    });
  };
  const parts = (id: string): Values => parseImportId(d, id);
  const known = (id: string) => ({ id, ...parts(id) });
  const pages = (op: CloudplatCall, paging: CloudplatPaging, params: object, ctx: CallContext, id?: string) =>
    collectPages<Values>(
      p.client,
      op.service ?? ops.create.service!,
      op.action,
      params,
      { style: paging.style, listKey: paging.list, pageSize: paging.pageSize },
      { version: op.version, signal: ctx.signal, resource: ref(d, id) },
    );
  const idOf = (values: Values): string => formatImportId(spec, values);

  return {
    create: async (args, ctx) => {
      const sent = Object.keys(d.fields).filter((f) => !d.fields[f]!.notSent);
      const given = withDefaults(d.fields, args);
      const body = {
        ...fillRequest(ops.create.request, given, unknownAt(d, "create")),
        ...inputs(d, args, "create", sent),
      };
      hooks.createRequest?.(body, args);
      await hooks.beforeCreate?.(args, hookCtx(ctx));
      const answer = await checked(ops.create, body, ctx);
      const assigned = ops.create.id === undefined ? {} : { [idField(d)!]: getPath(answer, ops.create.id) };
      const id = idOf({ ...given, ...assigned });
      await afterCreation(id, () => hooks.afterCreate?.(id, args, hookCtx(ctx, id)));
      return id;
    },
    read: (id, ctx) => (ops.read === "hook" ? hook("read")(id, hookCtx(ctx, id)) : boundRead(ops.read, id, ctx)),
    update: async (id, desired, current, diff, ctx) => {
      const op = ops.update;
      const changed = new Set(diff.changes.map((c) => c.field));
      const inPlace = Object.keys(d.fields).filter((f) => routeOf(d.fields[f]!) === "update");
      if (op && inPlace.some((f) => changed.has(f))) {
        // `all`: the whole configuration, with the inputs that would replace the object (unchanged, as here).
        const sent =
          op.send === "changed"
            ? inPlace.filter((f) => changed.has(f))
            : op.send === "all"
              ? Object.keys(d.fields).filter((f) => inPlace.includes(f) || d.fields[f]!.replaceOnChange)
              : inPlace;
        // The whole configuration: an input the caller left out keeps the object's value, as diff() assumes.
        const values = op.send === "changed" ? desired : { ...plain(current), ...definedOf(desired) };
        const body = {
          ...fillRequest(op.request, known(id), unknownAt(d, "update")),
          ...inputs(d, values, "update", sent),
        };
        hooks.updateRequest?.(body, desired, changed);
        await checked(op, body, ctx, id);
      }
      if ([...changed].some((f) => routeOf(d.fields[f]!) === "hook"))
        await hook("update")(id, desired, current, changed, hookCtx(ctx, id));
    },
    remove: async (id, current, ctx) => {
      const params = fillRequest(ops.delete.request, known(id), unknownAt(d, "delete"));
      hooks.deleteRequest?.(params, known(id));
      await unlessNotFound(ops.delete.notFound, async () => {
        await hooks.beforeDelete?.(id, current, hookCtx(ctx, id));
        return checked(ops.delete, params, ctx, id);
      });
    },
    ...(hooks.classify ? { classify: hooks.classify } : {}),
    list: async (state, ctx) => {
      if (spec.parts.every((part) => isGiven(state[part.field]))) return [idOf(state)];
      if (ops.list === "hook") return hook("list")(state, hookCtx(ctx));
      if (!ops.list) return [];
      const listed = await listItems(ops.list, state, ctx);
      return listed.map((item) => idOf({ ...plain(state), ...fromWire(d.fields, item) }));
    },
  };

  function boundRead(op: CloudplatRead, id: string, ctx: CallContext): Promise<Values | undefined> {
    return unlessNotFound(op.notFound, async () => {
      const params = fillRequest(op.request, known(id), unknownAt(d, "read"));
      const item = op.paging
        ? (await pages(op, op.paging, params, ctx, id))[0]
        : pick(await send(op, params, ctx, id), op.item);
      if (item === undefined || item === null || typeof item !== "object") return undefined;
      const lists: Values = {};
      for (const [field, reads] of Object.entries(op.lists ?? {})) {
        const items: Values[] = [];
        for (const r of reads)
          items.push(...(await pages(r, r.paging, fillRequest(r.request, known(id), unknownAt(d, "read")), ctx, id)));
        lists[d.fields[field]!.wire] = items;
      }
      const state = { ...parts(id), ...fromWire(d.fields, { ...(item as Values), ...lists }) };
      await hooks.afterRead?.(state, item as Values, hookCtx(ctx, id));
      return guardSecrets(d, state);
    });
  }

  async function listItems(op: CloudplatList, state: Values, ctx: CallContext): Promise<Values[]> {
    const params = {
      ...fillRequest(op.request, plain(state), (name) => {
        throw new ValidationError([
          {
            path: `${d.name}.${name}`,
            message: `${d.name}.find needs ${name}: ${d.name} objects are listed per ${name}`,
          },
        ]);
      }),
      ...filters(op, state),
    };
    if (op.paging) return pages(op, op.paging, params, ctx);
    const found = op.items ? getPath(await send(op, params, ctx), op.items) : undefined;
    return Array.isArray(found) ? (found as Values[]) : [];
  }
}

/** The object in errors: its token and, once it has one, its id. */
const ref = (d: ResourceDescriptor, id?: string): ResourceRef => ({ token: d.token, ...(id ? { id } : {}) });

/** A placeholder the schema's validation should have refused; reaching it is a generator defect. */
const unknownAt =
  (d: ResourceDescriptor, op: string) =>
  (name: string): never => {
    throw new Error(`${d.token}: the ${op} operation's request names {${name}}, which has no value`);
  };

const pick = (answer: Values, path: string | undefined): unknown => (path ? getPath(answer, path) : answer);

/** The id's part the platform assigns (`create.id` fills it): its output, else an input it computes. */
function idField(d: ResourceDescriptor): string | undefined {
  const part = (mode: Mode) => d.importId?.parts.find((p) => d.fields[p.field]!.mode === mode)?.field;
  return part("output") ?? part("optional-computed");
}

/**
 * Where a change to a field goes: the update operation (the default), the kind's update hook
 * (`onChange: { update: hook }`), or nowhere here (an output, a replacement, a refusal).
 */
const routeOf = (f: FieldSpec): "update" | "hook" | undefined =>
  f.mode === "output" || f.replaceOnChange
    ? undefined
    : !f.onChange
      ? "update"
      : "update" in f.onChange
        ? f.onChange.update === "hook"
          ? "hook"
          : "update"
        : undefined;

/** Inputs (all, or those named) with their schema defaults, where `op` sends them. */
function inputs(d: ResourceDescriptor, values: Values, op: "create" | "update", only?: readonly string[]): Values {
  const fields = Object.fromEntries(
    Object.entries(d.fields).filter(([name]) => !only || only.includes(name)),
  ) as Record<string, FieldSpec>;
  return toWire(fields, withDefaults(d.fields, values), op);
}

/**
 * Secrets read from the platform, revealed once so the log and error redaction knows their values
 * from now on, wherever they travel (a request body, an error message the platform echoes).
 */
function guardSecrets(d: ResourceDescriptor, state: Values): Values {
  for (const [name, spec] of Object.entries(d.fields))
    if (spec.type.secret && state[name] instanceof Secret) (state[name] as Secret<unknown>).reveal();
  return state;
}

/** The find state's fields the list filters by, as the platform's `Filters`. */
function filters(op: CloudplatList, state: Values): { Filters?: { Name: string; Values: string[] }[] } {
  const list = Object.entries(op.filters ?? {}).flatMap(([field, name]) =>
    typeof state[field] === "string" ? [{ Name: name, Values: [state[field]] }] : [],
  );
  return list.length ? { Filters: list } : {};
}

/** The entries whose value is set (an undefined one must not hide the current value). */
const definedOf = (v: Values): Values => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));

const isGiven = (v: unknown): boolean => v !== undefined && v !== null && v !== "";

/** State values without secrets, for placeholders and ids (a secret is never part of either). */
const plain = (v: Values): Values => Object.fromEntries(Object.entries(v).filter(([, x]) => !(x instanceof Secret)));

/** The value of `run`, or undefined when the platform answers one of the not-found codes. */
async function unlessNotFound<T>(codes: readonly string[] | undefined, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof CloudplatError && codes?.includes(e.code)) return undefined;
    throw e;
  }
}

/** An answer saying the platform did not act (its `expect` path not true). */
class Refused extends Error {}
