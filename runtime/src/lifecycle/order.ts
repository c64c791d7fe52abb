import type { FieldSpec, ResourceDescriptor } from "../descriptor.js";
import { ServiceError, TransportError } from "../http/errors.js";
import { Secret } from "../secret.js";
import { ValidationError } from "../validate.js";
import { OrderUncertainError, WaitError } from "./errors.js";
import { findMatching } from "./find.js";
import { formatImportId } from "./importId.js";
import { abortableSleep } from "../sleep.js";
import { printableId, type CallContext, type KindOps, type ProviderRuntime, type Values } from "./resource.js";

/** How far the service's clock may lag ours when an uncertain order is matched by creation time. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * When an uncertain order is looked for: at once, then twice more, since a service that timed out may
 * still be placing it. Only failed creates pay these waits.
 */
const LOOK_AGAIN_MS = [1_000, 3_000];

/**
 * Sends a create and returns the new object's id. When the request may have reached the service but
 * no answer says what it did, the object is looked for rather than ordered again: the one matching
 * object created since the order (where the kind declares its creation time) and not listed before it
 * is adopted; otherwise an OrderUncertainError names every match and how to adopt it.
 */
export async function placeOrder(
  d: ResourceDescriptor,
  provider: ProviderRuntime,
  args: Values,
  ctx: CallContext,
): Promise<string> {
  const ops = provider.kind(d);
  // The objects that could pass for this order's before it is sent: an identical one made a minute
  // ago is within the clock-skew window, and adopting it would lose this order. One list call per
  // create, paid only by kinds whose creation time lets a match be adopted; unknown if listing fails.
  const before = d.createdAt ? await ops.list(orderFilter(d, args), ctx).catch(() => undefined) : undefined;
  const orderedAt = Date.now();
  try {
    return await ops.create(args, ctx);
  } catch (error) {
    if (error instanceof FollowUpFailure) throw incomplete(d, args, error);
    if (!mayHaveActed(error, ctx)) throw error;
    const recent = await lookForOrder(d, ops, args, orderedAt, new Set(before));
    if (recent?.length === 1 && before) return recent[0]!.id;
    throw new OrderUncertainError(
      { token: d.token, name: nameOf(args) },
      (recent ?? []).map((o) => {
        const id = importIdOf(d, o.id, { ...args, ...o.state });
        return printableId(d, o.id) === o.id ? id : new Secret(id);
      }),
      error,
    );
  }
}

/**
 * The objects matching a create's arguments (made since the order, where the kind says when, and not
 * among those listed before it), looked for until one shows; undefined when looking failed. Without
 * the caller's signal: having aborted, the caller still needs to know what was ordered.
 */
async function lookForOrder(
  d: ResourceDescriptor,
  ops: KindOps,
  args: Values,
  orderedAt: number,
  before: ReadonlySet<string>,
): Promise<{ id: string; state: Values }[] | undefined> {
  let found: { id: string; state: Values }[] | undefined;
  for (const delay of [0, ...LOOK_AGAIN_MS]) {
    if (delay) await abortableSleep(delay);
    found = (await findMatching(d, ops, orderFilter(d, args), {}).catch(() => undefined))?.filter(
      (o) => !before.has(o.id),
    );
    if (found && d.createdAt)
      found = found.filter((o) => createdSince(o.state[d.createdAt!], orderedAt - CLOCK_SKEW_MS));
    if (found?.length) return found;
  }
  return found;
}

/** A step after a create that made object `id` failed: the object exists, not as asked. */
class FollowUpFailure extends Error {
  constructor(
    readonly id: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * Runs a protocol's step after its create returned `id` (a hook setting what the create request
 * cannot carry). Its failure is not the order's: the object exists, and placeOrder says so, with
 * how to adopt it, rather than looking for it as an uncertain order (and adopting it as if complete).
 */
export async function afterCreation(id: string, step: () => Promise<void> | undefined): Promise<void> {
  try {
    await step();
  } catch (cause) {
    throw new FollowUpFailure(id, cause);
  }
}

/** The WaitError of an object made whose follow-up step failed: incomplete, with its import id. */
function incomplete(d: ResourceDescriptor, args: Values, failure: FollowUpFailure): WaitError {
  return new WaitError(
    { token: d.token, name: nameOf(args), id: printableId(d, failure.id) },
    "incomplete",
    undefined,
    adoptingImportId(d, failure.id, args),
    `was created but a step after its creation failed (${failure.message})`,
    failure.cause,
  );
}

/** Whether a failed create may still have created something: the server may have acted on it. */
function mayHaveActed(error: unknown, ctx: CallContext): boolean {
  if (error instanceof ValidationError) return false;
  if (error instanceof TransportError) return error.mayHaveReachedServer;
  if (error instanceof ServiceError) return serverFault(error);
  return ctx.signal?.aborted === true;
}

/**
 * A server fault (a 5xx, or an RPC service's internal error answered 200) may follow the work; so may
 * an answer that is no refusal at all (a 2xx or 3xx that could not be read).
 */
const serverFault = (error: ServiceError): boolean =>
  error.status >= 500 ||
  (error.status < 400 && error.code === undefined) ||
  /^(InternalError|ServiceUnavailable)/.test(error.code ?? "");

/**
 * Whether the error a create ended with says it made nothing: the input was refused before sending,
 * the request never reached the service, or the service refused it (placeOrder passes on no other
 * service error). An uncertain order, or one whose wait failed, says otherwise.
 */
export function createMadeNothing(error: unknown): boolean {
  if (error instanceof ValidationError) return true;
  if (error instanceof TransportError) return !error.mayHaveReachedServer;
  return error instanceof ServiceError && !serverFault(error);
}

/** The arguments that identify what was ordered: plain values of inputs compared after creation. */
export function orderFilter(d: ResourceDescriptor, args: Values): Values {
  const identifies = (spec: FieldSpec) =>
    spec.mode !== "output" &&
    !spec.writeOnly &&
    !spec.type.secret &&
    !(spec.onChange && "createOnly" in spec.onChange) &&
    ["string", "number", "integer", "boolean"].includes(spec.type.kind);
  return Object.fromEntries(
    Object.entries(args).filter(
      ([name, v]) =>
        v !== undefined && v !== null && !(v instanceof Secret) && d.fields[name] && identifies(d.fields[name]!),
    ),
  );
}

export const createdSince = (value: unknown, since: number): boolean =>
  typeof value === "string" && Date.parse(value) >= since;

const nameOf = (args: Values): string | undefined => {
  const name = args.productName ?? args.name;
  return typeof name === "string" ? name : undefined;
};

/** The import id of an object, from its id and what is known of its state (secrets left out). */
export function importIdOf(d: ResourceDescriptor, id: string, values: Values): string {
  if (!d.importId) return id;
  const plain = Object.fromEntries(Object.entries(values).filter(([, v]) => !(v instanceof Secret)));
  try {
    return formatImportId(d.importId, { ...plain, ...idParts(d, id) });
  } catch {
    return id;
  }
}

/**
 * The import id an error offers to adopt an object that exists: none where the kind has no import,
 * or where the id is itself a secret (a service key), which no message may print.
 */
export const adoptingImportId = (d: ResourceDescriptor, id: string, values: Values): string | undefined =>
  d.importId && !d.importUnsupported && printableId(d, id) === id ? importIdOf(d, id, values) : undefined;

/** A single-part import id is the object's id itself. */
const idParts = (d: ResourceDescriptor, id: string): Values =>
  d.importId?.parts.length === 1 ? { [d.importId.parts[0]!.field]: id } : {};
