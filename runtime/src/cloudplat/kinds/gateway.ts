import type { ResourceDescriptor } from "../../descriptor.js";
import type { ResourceRef } from "../../http/errors.js";
import type { CallContext, Values } from "../../lifecycle/resource.js";
import type { WaitVerdict } from "../../lifecycle/wait.js";
import { Secret } from "../../secret.js";
import { ValidationError } from "../../validate.js";
import type { CloudplatCallOptions } from "../client.js";
import { CloudplatError } from "../errors.js";
export { expectTrue } from "../answers.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";

/** The three environments of a service, in the order the reference provider unreleases them. */
export const ENVIRONMENTS = ["test", "release", "prepub"] as const;

/** One `apigateway` action for a resource kind: the object's reference goes into every error. */
export function gatewayCall(p: CloudplatProvider, d: ResourceDescriptor) {
  return (
    action: string,
    params: object,
    ctx: CallContext,
    ref: Omit<ResourceRef, "token">,
    options: CloudplatCallOptions = {},
  ): Promise<Values> =>
    p.client.call<Values>("apigateway", action, params, {
      ...options,
      signal: ctx.signal,
      resource: { token: d.token, ...ref },
    });
}

/** Whether an error is one of the platform's answers that the object does not exist. */
export const isNotFound = (e: unknown, codes: readonly string[]): boolean =>
  e instanceof CloudplatError && codes.includes(e.code);

/** The value of `read`, or undefined when the platform answers one of the not-found codes. */
export async function unlessNotFound<T>(codes: readonly string[], read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (e) {
    if (isNotFound(e, codes)) return undefined;
    throw e;
  }
}

/** A change the platform cannot make in place and that does not replace the object either: refused before any request. */
export function rejectChanges(d: ResourceDescriptor, changed: readonly string[], fields: readonly string[]): void {
  const refused = changed.filter((f) => fields.includes(f));
  if (refused.length > 0)
    throw new ValidationError(
      refused.map((f) => ({ path: `${d.name}.${f}`, message: `${d.name}.${f} cannot be changed after creation` })),
    );
}

/**
 * A secret read from the platform, revealed once so that the log and error redaction knows its value
 * from now on, wherever it travels (a request body, an error message the platform echoes).
 */
export function guarded(value: unknown): Secret<string> | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const s = value instanceof Secret ? (value as Secret<string>) : new Secret(String(value));
  s.reveal();
  return s;
}

/** Ready once a read shows the object's id: a create can be answered before the object is readable. */
export const readyOnceRead =
  (idField: string) =>
  (v: Values): WaitVerdict =>
    v[idField] ? { state: "ready", status: "ACTIVE" } : { state: "pending", status: "CREATING" };

/**
 * `list` for find: the id the filter names, else every id a paged Describe action lists. A state field
 * the action can filter by (`filters`: field -> filter name) is sent, so fewer objects are listed and
 * read; the platform's filter may match more loosely, never less, and find compares every state anyway.
 */
export function listedIds(
  p: CloudplatProvider,
  d: ResourceDescriptor,
  idField: string,
  page: { action: string; listKey: string; wireId: string; filters?: Readonly<Record<string, string>> },
) {
  return async (state: Values, ctx: CallContext): Promise<string[]> => {
    if (typeof state[idField] === "string") return [state[idField]];
    const filters = Object.entries(page.filters ?? {}).flatMap(([field, name]) =>
      typeof state[field] === "string" ? [{ Name: name, Values: [state[field]] }] : [],
    );
    const listed = await collectPages<Values>(
      p.client,
      "apigateway",
      page.action,
      filters.length ? { Filters: filters } : {},
      { style: "apigateway", listKey: page.listKey },
      { signal: ctx.signal, resource: { token: d.token } },
    );
    return listed.map((x) => String(x[page.wireId]));
  };
}
