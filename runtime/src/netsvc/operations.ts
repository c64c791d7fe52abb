import type { LookupDescriptor, ResourceDescriptor } from "../descriptor.js";
import type { ResourceRef } from "../http/errors.js";
import type { CallContext, Values } from "../lifecycle/resource.js";
import type { WaitVerdict } from "../lifecycle/wait.js";
import type { NetsvcClient } from "./client.js";
import type { NetsvcProvider } from "./provider.js";

/**
 * The operations a netsvc resource is bound to (schemas/README.md, "netsvc operations"): REST calls
 * with a path template and a body built from the fields' wire paths, or the product machinery of
 * wire reference §3 (orders, product reads, tags, cancellation, the product list). Its JSON Schema is
 * `$defs/netsvcOperations` in schemas/meta/v1.schema.json; `boundKind` interprets it. `hook` binds an
 * operation to the kind's hook of the same name, for what no binding can say.
 */
export interface NetsvcOperations {
  readonly create: { readonly order: NetsvcOrder } | NetsvcCreateRequest | "hook";
  readonly read: { readonly product: Readonly<Record<string, never>> } | NetsvcRequest | "hook";
  /** The operation inputs update in place by default; without it every input must say what a change does. */
  readonly update?: NetsvcRequest;
  /** `PUT /v2/product/{id}/tags` with the fields bound to it (`onChange: { update: tags }`) as a key/value list. */
  readonly tags?: { readonly productTags: Readonly<Record<string, never>> };
  readonly delete: { readonly cancel: NetsvcCancel } | NetsvcDeleteRequest;
  readonly list: { readonly products: NetsvcProductList } | NetsvcListRequest | "hook";
}

/**
 * A REST call. `path` is a template: `{id}` is the object's id, `{field}` a field of the resource (for a
 * composite id, a part of it), each URL-encoded; it may carry a query. The body starts from `set` (wire
 * paths to constants), then takes the inputs the call sends at their wire paths, so a field placed where
 * `set` put a constant wins over it.
 */
export interface NetsvcRequest {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  readonly path: string;
  readonly set?: Readonly<Record<string, unknown>>;
  /** Inputs always sent (the desired value, else the current one), besides those that changed. */
  readonly always?: readonly string[];
  /** Where the body carries the object's id (a service key is its own id). */
  readonly idAt?: string;
}

export interface NetsvcCreateRequest extends NetsvcRequest {
  /** Where the answer holds the new id: the id itself, or the part of a composite id no input gives. */
  readonly newId: string;
}

export interface NetsvcDeleteRequest extends NetsvcRequest {
  /** An answer that means "not yet": retried every `seconds` until the provider's wait time runs out. */
  readonly retry?: { readonly status: number; readonly message?: string; readonly seconds: number };
}

export interface NetsvcListRequest extends NetsvcRequest {
  /** The key of each listed item that holds the id (or the part of a composite id no placeholder gives). */
  readonly itemId: string;
  /** Query parameters from the find filter's fields, sent when the filter sets them. */
  readonly query?: Readonly<Record<string, string>>;
  /** Path placeholders taken from the find filter, or else from every active product of a type. */
  readonly each?: Readonly<Record<string, string>>;
}

/** `POST /v3/networkdesign/validate`, then `POST /v4/networkdesign/buy` with one order item. */
export interface NetsvcOrder {
  readonly set?: Readonly<Record<string, unknown>>;
  /** The item goes under a parent product: `{productUid: <parent>, <nest>: [item]}`. */
  readonly nest?: "associatedVxcs" | "associatedIxs";
  /** The input (dotted) holding the parent product's UID; a top-level one is sent only there. */
  readonly parent?: string;
  /** The key of the buy answer's first entry that holds the new UID. */
  readonly newId?: string;
}

/** `now`: CANCEL_NOW; `cancelAtEndOfTerm`: CANCEL when the provider's setting says so. */
export type NetsvcCancel = "now" | "cancelAtEndOfTerm";

/** The account's active products (`GET /v2/products`, nested VXCs and IXs included) of one type. */
export interface NetsvcProductList {
  readonly type: string;
  /** Only items with these values. */
  readonly where?: Readonly<Record<string, unknown>>;
  /** Only items where these keys are unset (absent, null, 0, false or empty). */
  readonly without?: readonly string[];
}

/** What a hook gets besides its values: the provider, its client and the resource's descriptor. */
export interface NetsvcHookContext extends CallContext {
  readonly provider: NetsvcProvider;
  readonly client: NetsvcClient;
  readonly descriptor: ResourceDescriptor<NetsvcOperations>;
  readonly resource: ResourceRef;
}

type Writable<T> = { -readonly [K in keyof T]?: T[K] };

/**
 * What a binding cannot say, per kind: each hook is optional and typed with the kind's generated Args
 * and Outputs. A hook file in schemas/netsvc/hooks/ exports one of these as `hooks`.
 */
export interface NetsvcHooks<A extends object = Values, O extends object = Values> {
  /** Completes the create body (the order item, or the request body) built from the bindings. */
  createBody?(body: Values, args: A): void;
  /** Runs after a create, with the new id (e.g. objects created beside it). */
  afterCreate?(id: string, args: A, ctx: NetsvcHookContext): Promise<void>;
  /**
   * Completes the update body from the desired inputs, the names of those that changed and the current
   * state; throws (before any request) for a change the update call cannot carry.
   */
  updateBody?(body: Values, desired: A, changed: ReadonlySet<string>, current: Values): void;
  /** Completes a read state from the raw answer: fields read from elsewhere than a wire path says. */
  afterRead?(state: Writable<O>, raw: Values, ctx: NetsvcHookContext): Promise<void> | void;
  /** Readiness a `readiness` declaration cannot say (approval pending, say). */
  classify?(state: Writable<O>): WaitVerdict;
  /** Whole operations, for a kind whose create, read or list no binding describes. */
  create?(args: A, ctx: NetsvcHookContext): Promise<string>;
  read?(id: string, ctx: NetsvcHookContext): Promise<Writable<O> | undefined>;
  list?(filter: Writable<O>, ctx: NetsvcHookContext): Promise<string[]>;
}

/**
 * The operation of a netsvc lookup (schema `operation`, `$defs/netsvcLookup`): one GET whose answer
 * the outputs read (or which fills one output, `into`), or `hook` for a lookup that takes several calls.
 */
export interface NetsvcLookupOperation {
  /** The path, with `{input}` placeholders (URL-encoded). */
  readonly path: string;
  /** The wire name of the output the whole answer is (a list); default the answer is the object the outputs read. */
  readonly into?: string;
  /** The result's id: a template of the answer's fields and the inputs (`{productUid}`), or a constant. */
  readonly id: string;
}

/** What a lookup hook gets besides its values. */
export interface NetsvcLookupContext extends CallContext {
  readonly provider: NetsvcProvider;
  readonly client: NetsvcClient;
  readonly descriptor: LookupDescriptor<NetsvcLookupOperation>;
}

/**
 * What a netsvc lookup's binding cannot say: a hook file in schemas/netsvc/hooks/ exports one of
 * these as `hooks`, typed with the lookup's generated Args.
 */
export interface NetsvcLookupHooks<A extends object = Values> {
  /** Refuses arguments the schema cannot express (throws a ValidationError), before any request. */
  check?(args: A): void;
  /**
   * Picks or reshapes the answer (the API filters nothing itself): into the object the outputs read,
   * or, with `into`, that output's list.
   */
  answer?(answer: unknown, args: A, ctx: NetsvcLookupContext): unknown;
  /** The whole lookup (operation `hook`): the object the outputs read, and the result's id. */
  run?(args: A, ctx: NetsvcLookupContext): Promise<{ readonly wire: Values; readonly id: string }>;
}
