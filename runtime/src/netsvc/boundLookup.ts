import type { LookupDescriptor } from "../descriptor.js";
import { bounded } from "../bounded.js";
import { NotFoundError } from "../http/errors.js";
import type { LookupOps } from "../lifecycle/lookup.js";
import type { Values } from "../lifecycle/resource.js";
import { fromWire } from "../lifecycle/wire.js";
import type { NetsvcLookupContext, NetsvcLookupHooks, NetsvcLookupOperation } from "./operations.js";
import type { NetsvcProvider } from "./provider.js";

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/**
 * The one interpreter of netsvc lookup bindings: one GET (or the hook's calls), the hook's pick, the
 * outputs read from the wire (secrets wrapped), and the result's id.
 */
export function boundLookupOps(p: NetsvcProvider, d: LookupDescriptor<NetsvcLookupOperation>): LookupOps {
  const op = d.operation;
  const hooks = (d.hooks ?? {}) as NetsvcLookupHooks;
  if (op === undefined || (op === "hook" && !hooks.run))
    throw new Error(`${d.token}: a netsvc lookup is bound to an operation or to its hook's run`);
  return async (args, ctx) => {
    hooks.check?.(args);
    const hookCtx: NetsvcLookupContext = { provider: p, client: p.client, descriptor: d, ...ctx };
    if (op === "hook") {
      const { wire, id } = await hooks.run!(args, hookCtx);
      return { ...fromWire(d.results, wire), id: typedId(d, id) };
    }
    const path = op.path.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(String(args[name])));
    const answer = await p.client.call<unknown>("GET", path, { signal: ctx.signal });
    const picked = hooks.answer ? await hooks.answer(answer, args, hookCtx) : answer;
    const wire = op.into !== undefined ? { [op.into]: picked ?? [] } : ((picked ?? {}) as Values);
    // An id that is one placeholder keeps the value's type (a location's id is a number).
    const one = /^\{([A-Za-z][A-Za-z0-9]*)\}$/.exec(op.id)?.[1];
    const value = (name: string) => wire[name] ?? args[name];
    const id = one ? value(one) : op.id.replace(PLACEHOLDER, (_, name: string) => String(value(name) ?? ""));
    return { ...fromWire(d.results, wire), id: typedId(d, id) };
  };
}

/** The id as the result's `id` output declares it (a string, or a location's number). */
function typedId(d: LookupDescriptor, id: unknown): unknown {
  const spec = d.results.id;
  return spec ? fromWire({ id: spec }, { [spec.wire]: id }).id : id;
}

/**
 * A lookup whose list answered (200) without the object asked for. The message says so, rather than
 * claiming a status the wire never had.
 */
export function nothingMatches(lookup: string, path: string, what: string): NotFoundError {
  const error = new NotFoundError({ method: "GET", path }, 200, what);
  error.message = `${lookup}: ${bounded(what)} (GET ${path} answered; nothing it listed matches)`;
  return error;
}
