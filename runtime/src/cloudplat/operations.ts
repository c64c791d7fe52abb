import type { LookupDescriptor, ResourceDescriptor } from "../descriptor.js";
import type { ResourceRef } from "../http/errors.js";
import type { CallContext, Values } from "../lifecycle/resource.js";
import type { WaitVerdict } from "../lifecycle/wait.js";
import type { CloudplatClient } from "./client.js";
import type { PageStyle } from "./pagination.js";
import type { CloudplatProvider } from "./provider.js";

/**
 * A value of a request's fixed part: a constant, or a string naming `{id}` (the object's id) or
 * `{<field>}` (a part of its import id; for `list`, a field of the find state). A string that is only
 * one placeholder takes the value itself (a number stays a number); lists and objects hold more.
 */
export type CloudplatRequestValue =
  string | number | boolean | readonly CloudplatRequestValue[] | { readonly [key: string]: CloudplatRequestValue };

/** One RPC action of the platform (wire reference §1, §2). */
export interface CloudplatCall {
  /** The service (host label and signing scope); default the `create` operation's. */
  readonly service?: string;
  /** The API version; default the service's (SERVICE_VERSIONS). */
  readonly version?: string;
  readonly action: string;
  /** Parameters sent besides the inputs: constants and placeholders. */
  readonly request?: Readonly<Record<string, CloudplatRequestValue>>;
  /** Error codes meaning the object does not exist: a read finds nothing, a delete has nothing left to do. */
  readonly notFound?: readonly string[];
  /** A path of the answer (`Result`) that must be `true`: anything else means the platform did not act. */
  readonly expect?: string;
  /** An answer whose `expect` path is false is a passing refusal: the call is made again (the client's retry policy). */
  readonly retryUnlessExpected?: true;
}

/** A paged list action: its style (pagination.ts) and the list's key where that style puts it. */
export interface CloudplatPaging {
  readonly style: PageStyle;
  readonly list: string;
  /** Items asked per page (default 100). */
  readonly pageSize?: number;
}

export interface CloudplatCreate extends CloudplatCall {
  /**
   * The path of the platform's new id in the answer (`Result.PluginId`): the import id's one output
   * part. The other parts are inputs, so the object's id is its import id (`serviceId#strategyId`).
   */
  readonly id?: string;
}

export interface CloudplatRead extends CloudplatCall {
  /** The path of the object in the answer (`Result`); default the whole answer. */
  readonly item?: string;
  /** Or a paged list whose first item is the object (none: it does not exist). */
  readonly paging?: CloudplatPaging;
  /**
   * Fields read from further paged list actions once the object is found, by field name: the items
   * of every action in order (a usage plan's service bindings, then its API bindings).
   */
  readonly lists?: Readonly<Record<string, readonly (CloudplatCall & { readonly paging: CloudplatPaging })[]>>;
}

export interface CloudplatUpdate extends CloudplatCall {
  /**
   * The inputs it sends: every input updated in place (default); `all`, those and the inputs whose
   * change replaces the object (an action that takes the whole configuration); or only the changed ones.
   */
  readonly send?: "all" | "changed";
}

export interface CloudplatList extends CloudplatCall {
  /** The path of the list in the answer, when it is not paged (`Result.StrategySet`). */
  readonly items?: string;
  readonly paging?: CloudplatPaging;
  /** Find-state fields sent as the platform's `Filters`, by filter name (`usagePlanName: UsagePlanName`). */
  readonly filters?: Readonly<Record<string, string>>;
}

/**
 * The operations of a cloudplat resource kind (schema `operations`, checked against
 * `$defs/cloudplatOperations` of the meta-schema): every input is sent by create and, unless its
 * `onChange` or `replaceOnChange` says otherwise, by update, under its wire name or `wirePath`, with
 * its schema default; reads fill every field from its wire name or `wirePath.read`.
 */
export interface CloudplatOperations {
  readonly create: CloudplatCreate;
  /** `hook`: the kind's read hook finds the object (it takes several calls a binding cannot say). */
  readonly read: CloudplatRead | "hook";
  /** Absent when every input replaces the object or is rejected. */
  readonly update?: CloudplatUpdate;
  readonly delete: CloudplatCall;
  /** For find; absent, find reads only the object its state names by id. */
  readonly list?: CloudplatList | "hook";
}

/** What a hook gets besides its values: the provider, its client, the descriptor and the object in errors. */
export interface CloudplatHookContext extends CallContext {
  readonly provider: CloudplatProvider;
  readonly client: CloudplatClient;
  readonly descriptor: ResourceDescriptor<CloudplatOperations>;
  readonly resource: ResourceRef;
}

type Writable<T> = { -readonly [K in keyof T]?: T[K] };

/**
 * What a cloudplat binding cannot say, per kind: each hook is optional and typed with the kind's
 * generated Args and Outputs. A hook file in schemas/cloudplat/hooks/ exports one of these as `hooks`.
 * Inputs whose change says `onChange: { update: hook }` are applied by `update`, not by the update
 * operation; inputs marked `notSent` are left out of the create request (afterCreate sends them).
 */
export interface CloudplatHooks<A extends object = Values, O extends object = Values> {
  /** Completes the create request built from the bindings. */
  createRequest?(params: Values, args: A): void;
  /** Checks what the platform would accept only later or less clearly (the create is not sent if it throws). */
  beforeCreate?(args: A, ctx: CloudplatHookContext): Promise<void>;
  /** Runs after the create, with the new id (settings written by other actions). */
  afterCreate?(id: string, args: A, ctx: CloudplatHookContext): Promise<void>;
  /** Completes a read state from the answer's item: fields read by other actions. */
  afterRead?(state: Writable<O>, item: Values, ctx: CloudplatHookContext): Promise<void> | void;
  /** Completes the update request from the desired inputs and the names of those that changed. */
  updateRequest?(params: Values, desired: A, changed: ReadonlySet<string>): void;
  /** Applies the changes routed to it (`onChange: { update: hook }`), after the update operation. */
  update?(id: string, desired: A, current: O, changed: ReadonlySet<string>, ctx: CloudplatHookContext): Promise<void>;
  /** Completes the delete request from the id's parts. */
  deleteRequest?(params: Values, parts: Writable<A>): void;
  /** Runs before the delete operation (what the platform requires first). */
  beforeDelete?(id: string, current: O, ctx: CloudplatHookContext): Promise<void>;
  /** Readiness a `readiness` declaration cannot say. */
  classify?(state: Writable<O>): WaitVerdict;
  /** Whole operations, for a kind whose read or list no binding describes. */
  read?(id: string, ctx: CloudplatHookContext): Promise<Writable<O> | undefined>;
  list?(filter: Writable<O>, ctx: CloudplatHookContext): Promise<string[]>;
}

/**
 * The operation of a cloudplat lookup (schema `operation`, `$defs/cloudplatLookup` of the
 * meta-schema). Its request holds every given input under its wire name, except those it places
 * itself (`request` placeholders, `filters`) and those marked `notSent`.
 */
export interface CloudplatLookupOperation extends CloudplatCall {
  readonly service: string;
  /** Inputs sent as the platform's `Filters` entries (`{Name, Values}`), by input name, when given. */
  readonly filters?: Readonly<Record<string, string>>;
  /** A paged list: every page's items, under the list's key of the object the outputs read. */
  readonly paging?: CloudplatPaging;
  /** The path of the object the outputs read in the answer (`Result`); default the whole answer. */
  readonly result?: string;
  /** The lists the `id` input filters, as paths to each item's id field (`EventList[].Id`). */
  readonly identifiedBy?: readonly string[];
  /**
   * The result's id: a template of inputs (`{serviceId}#{apiId}`, an absent one empty), or a hash of
   * the ids of the items kept (`identifiedBy`) or of the request (equal for equal queries).
   */
  readonly id: string | { readonly hash: "items" | "request" };
}

/** What a lookup hook gets besides its values. */
export interface CloudplatLookupContext extends CallContext {
  readonly provider: CloudplatProvider;
  readonly client: CloudplatClient;
  readonly descriptor: LookupDescriptor<CloudplatLookupOperation>;
}

/**
 * What a cloudplat lookup's binding cannot say: a hook file in schemas/cloudplat/hooks/ exports one
 * of these as `hooks`, typed with the lookup's generated Args.
 */
export interface CloudplatLookupHooks<A extends object = Values> {
  /**
   * Completes or reshapes the answer (the object the outputs read) before the `id` filter: further
   * calls per item, values the wire spells differently.
   */
  answer?(wire: Values, args: A, ctx: CloudplatLookupContext): Promise<Values> | Values;
}
