import type { FieldSpec, ResourceDescriptor } from "../descriptor.js";
import type { Env } from "../env.js";
import { NotFoundError, type ResourceRef } from "../http/errors.js";
import type { Logger } from "../http/log.js";
import type { AgentOption } from "../http/network.js";
import { inspectCustom, type InspectFunction } from "../secret.js";
import { unknownKeys } from "../suggest.js";
import { ValidationError, validateInput, type ValidationIssue } from "../validate.js";
import { installKnowAppliedInputs } from "./appliedInputs.js";
import { warnDeprecated } from "./deprecation.js";
import { diffInputs, type Diff } from "./diff.js";
import { ReplacementRequiredError, WaitError } from "./errors.js";
import { normalizedId } from "./importId.js";
import { parsed, providerFor, type ProviderSource } from "./providerSource.js";
import { adoptingImportId, placeOrder } from "./order.js";
import { readinessVerdict } from "./readiness.js";
import { waitFor, type WaitVerdict } from "./wait.js";
import { isRecord, wrapSecrets } from "./wire.js";

export type Values = Record<string, unknown>;

export interface CallContext {
  readonly signal?: AbortSignal | undefined;
}

/** What a provider protocol implements per resource kind; the lifecycle around it is generic. */
export interface KindOps {
  /** Creates (orders) the object and returns its id as soon as the service assigns one. */
  create(args: Values, ctx: CallContext): Promise<string>;
  /** The object's current inputs and outputs in SDK shape, or undefined when it is gone. */
  read(id: string, ctx: CallContext): Promise<Values | undefined>;
  update(id: string, desired: Values, current: Values, diff: Diff, ctx: CallContext): Promise<void>;
  remove(id: string, current: Values, ctx: CallContext): Promise<void>;
  /**
   * Whether the object is ready, still provisioning, failed, or waits for someone: for kinds whose
   * readiness their descriptor cannot say (see `ResourceDescriptor.readiness`).
   */
  classify?(current: Values): WaitVerdict;
  /** The ids of the existing objects of the kind; `state` (the find filter) may narrow where to look. */
  list(state: Values, ctx: CallContext): Promise<string[]>;
}

/** What every generated Provider passes its runtime besides the resolved configuration. */
export interface ProviderRuntimeOptions {
  /**
   * The environment the configuration was resolved from (the generated Provider's `env` argument), where
   * a runtime reads any variable beyond its configuration (HTTPS_PROXY, HTTP_PROXY and NO_PROXY in either
   * case; cloudplat: TKE_* for pod OIDC, role files), so a program that passes its own environment is
   * never mixed with process.env. Default process.env.
   */
  readonly env?: Env | undefined;
  /**
   * Receives this provider's log lines, redacted: requests and answers at debug, retries at info. Any of
   * the four functions may be left out (`console` fits). SDKGEN_DEBUG=1 still writes every line to stderr.
   */
  readonly logger?: Logger | undefined;
  /**
   * Your own agent for this provider's connections, in place of its keep-alive agents and the proxy
   * variables: an https.Agent for https requests, an http.Agent for http ones, or `{ http, https }`.
   */
  readonly agent?: AgentOption | undefined;
}

/** A provider instance as the lifecycle sees it. */
export interface ProviderRuntime {
  /** The operations of a resource kind, or an error naming the kind when the provider has none. */
  kind(descriptor: ResourceDescriptor): KindOps;
  /** How long creates and updates wait for readiness, unless a call says otherwise. */
  readonly waitMs: number;
  /** The first delay between readiness polls (it doubles up to 30 s). */
  readonly pollMs?: number | undefined;
}

export interface LifecycleOptions<P extends ProviderRuntime = ProviderRuntime> {
  readonly provider?: P | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Overrides the provider's wait for this call, in minutes. */
  readonly waitMinutes?: number | undefined;
  /** Called with each new provisioning status while waiting. */
  readonly onProgress?: ((status: string, elapsedMs: number) => void) | undefined;
  /**
   * Called with a create's new id the moment the service returns it, before any wait, so a program
   * (a stack's state) can record what was ordered before anything else can fail.
   */
  readonly onCreated?: ((id: string) => void | Promise<void>) | undefined;
  /**
   * Stops only the wait for readiness, never a request the service may be acting on: a stack stopped
   * with Ctrl-C lets an order it sent be answered (and its id recorded), then stops waiting.
   */
  readonly stopWaiting?: AbortSignal | undefined;
}

export interface UpdateOptions<P extends ProviderRuntime = ProviderRuntime> extends LifecycleOptions<P> {
  /** Allow an update that destroys and recreates the object. */
  readonly allowReplace?: boolean | undefined;
}

/** The options of a read (get, import, find), and of an object's own refresh and delete. */
export interface ReadOptions<P extends ProviderRuntime = ProviderRuntime> {
  readonly provider?: P | undefined;
  readonly signal?: AbortSignal | undefined;
}

// Each call's option names, checked by the compiler against its options type: a key no call takes is
// refused rather than ignored.
const CREATE_OPTIONS = Object.keys({
  provider: 0,
  signal: 0,
  waitMinutes: 0,
  onProgress: 0,
  onCreated: 0,
  stopWaiting: 0,
} satisfies Record<keyof LifecycleOptions, 0>);
const UPDATE_OPTIONS = [...CREATE_OPTIONS.filter((k) => k !== "provider"), "allowReplace"];
/** @internal */
export const READ_OPTIONS = Object.keys({ provider: 0, signal: 0 } satisfies Record<keyof ReadOptions, 0>);
const OWN_OPTIONS = ["signal"];

/**
 * The base of every generated resource class: its id, current state as read from the service, and
 * the lifecycle operations, all driven by the descriptor and the provider's KindOps.
 */
export abstract class ManagedResource {
  declare readonly descriptor: ResourceDescriptor;
  declare readonly provider: ProviderRuntime;
  /** The service's id of the object: what `get` takes. */
  declare id: string;
  #id: string;
  #state: Values = {};
  /**
   * Whether the object knows its write-only inputs, given or not: it was created or updated here. The
   * service never returns them, so after a get or an import they are unknown, and the diff adopts them.
   */
  #knowsWriteOnly: boolean;

  static {
    // Here, where the object's private state is in reach: the stack engine's, not a member users see.
    installKnowAppliedInputs((resource, applied) => {
      resource.setState(withWriteOnly(resource.descriptor, applied, resource.#state));
      resource.#knowsWriteOnly = true;
    });
  }

  /** Objects come from the generated class's `create`, `get` and `import`, not from `new`. */
  constructor(
    descriptor: ResourceDescriptor,
    provider: ProviderRuntime,
    id: string,
    state: Values,
    knowsWriteOnly = false,
  ) {
    this.#id = id;
    this.#knowsWriteOnly = knowsWriteOnly;
    // Not enumerable: printing, spreading or walking a resource never reaches its provider's client,
    // nor a secret id (a service key is its own key).
    Object.defineProperties(this, {
      descriptor: { value: descriptor },
      provider: { value: provider },
      id: {
        get: () => this.#id,
        set: (value: string) => void (this.#id = value),
        enumerable: !idIsSecret(descriptor),
      },
    });
    this.setState(state);
  }

  /** `util.inspect` and `console.log`: the id and state, secrets (a secret id too) as "[secret]". */
  [inspectCustom](depth: number, options: object, inspect?: InspectFunction): string {
    if (depth < 0 || !inspect) return `[${this.descriptor.name} ${this.shownId}]`;
    return `${this.descriptor.name} ${inspect({ id: this.shownId, ...this.#state }, options)}`;
  }

  /** Reads the current state again. */
  async refresh(options: { signal?: AbortSignal | undefined } = {}): Promise<this> {
    refuseUnknown(`${this.descriptor.name}.refresh`, options, OWN_OPTIONS);
    const state = await this.ops.read(this.id, { signal: options.signal });
    if (!state) throw missing(this.descriptor, this.shownId, "no longer exists", this.ref);
    // The write-only inputs stay as known: a read cannot tell them.
    this.setState(withWriteOnly(this.descriptor, this.#state, state));
    return this;
  }

  /** What applying `desired` would change, and whether it forces replacement. Pure: no request. */
  diff(desired: object): Diff {
    return diffInputs(this.descriptor.fields, desired as Values, this.#state, this.#knowsWriteOnly);
  }

  /** Applies `desired` in place, or by replacement when a change requires it and `allowReplace` is set. */
  async update(desired: object, options: UpdateOptions = {}): Promise<this> {
    assertValid(this.descriptor, desired, options, `${this.descriptor.name}.update`, UPDATE_OPTIONS);
    warnDeprecated(this.descriptor.name, this.descriptor.fields, desired);
    const diff = this.diff(desired);
    if (diff.changes.length === 0) return this;
    const rejected = diff.changes.filter((c) => c.rejected !== undefined);
    if (rejected.length > 0)
      throw new ValidationError(
        rejected.map((c) => ({
          path: `${this.descriptor.name}.${c.field}`,
          message: `${this.descriptor.name}.${c.field} cannot be changed after creation: ${c.rejected!}`,
        })),
      );
    if (diff.replaces) {
      if (!options.allowReplace)
        throw new ReplacementRequiredError(
          this.ref,
          diff.changes.filter((c) => c.replaces),
        );
      await this.ops.remove(this.id, this.#state, { signal: options.signal });
      this.id = await placeOrder(this.descriptor, this.provider, desired as Values, { signal: options.signal });
      await options.onCreated?.(this.id);
    } else await this.ops.update(this.id, desired as Values, this.#state, diff, { signal: options.signal });
    this.setState(await settle(this.descriptor, this.provider, this.id, desired as Values, options));
    this.#knowsWriteOnly = true;
    return this;
  }

  /** Deletes (cancels) the object. */
  async delete(options: { signal?: AbortSignal | undefined } = {}): Promise<void> {
    refuseUnknown(`${this.descriptor.name}.delete`, options, OWN_OPTIONS);
    await this.ops.remove(this.id, this.#state, { signal: options.signal });
  }

  /** Plain data, secrets redacted (the id too, when it is itself a secret, as a service key is). */
  toJSON(): Values {
    return { id: this.shownId, ...JSON.parse(JSON.stringify(this.#state)) };
  }

  private get shownId(): string {
    return printableId(this.descriptor, this.id);
  }

  private setState(state: Values) {
    // Wrapped here, whatever path the values took in (arguments kept, answers read, hooks).
    this.#state = wrapSecrets(this.descriptor.fields, state);
    Object.assign(this, this.#state);
  }

  private get ops(): KindOps {
    return this.provider.kind(this.descriptor);
  }

  protected get ref() {
    return {
      token: this.descriptor.token,
      name: stringOf(this.#state.productName ?? this.#state.name),
      id: this.shownId,
    };
  }
}

/**
 * How a kind's reads are judged while waiting: by its declared readiness, else by its protocol's own
 * classify (which sees a missing object as status GONE), else ready once readable.
 */
function verdict(d: ResourceDescriptor, ops: KindOps): (state: Values | undefined) => WaitVerdict {
  if (d.readiness) return (state) => readinessVerdict(d.readiness!, state);
  if (ops.classify) return (state) => ops.classify!(state ?? { provisioningStatus: "GONE" });
  return (state) => readinessVerdict("readable", state);
}

export type Ctor<T> = new (
  descriptor: ResourceDescriptor,
  provider: ProviderRuntime,
  id: string,
  state: Values,
  knowsWriteOnly?: boolean,
) => T;

/**
 * Validates (with the configuration of a provider built from the environment), creates, records the
 * id, then waits for readiness; a failed wait still names the object.
 */
export async function createResource<T>(
  cls: Ctor<T>,
  d: ResourceDescriptor,
  args: object,
  source: ProviderSource<ProviderRuntime>,
  options: LifecycleOptions = {},
): Promise<T> {
  const provider = providerFor(source, [
    ...validateInput(d.name, d.fields, args),
    ...optionIssues(options, `${d.name}.create`, CREATE_OPTIONS),
  ]);
  warnDeprecated(d.name, d.fields, args);
  const id = await placeOrder(d, provider, args as Values, { signal: options.signal });
  await options.onCreated?.(id);
  return new cls(d, provider, id, await settle(d, provider, id, args as Values, options), true);
}

/** Reads an existing object by its id (its import id: the two are one format). */
export async function getResource<T>(
  cls: Ctor<T>,
  d: ResourceDescriptor,
  given: string,
  source: ProviderSource<ProviderRuntime>,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<T> {
  // Checked before any request: an id no object of the kind can have would address another endpoint.
  const { value: id, issues } = parsed(() => normalizedId(d, given));
  const provider = providerFor(source, [...issues, ...unknownKeys(`${d.name}.get`, options, READ_OPTIONS)]);
  const state = await provider.kind(d).read(id!, { signal: options.signal });
  if (!state) {
    const shown = printableId(d, id!);
    throw missing(d, shown, "does not exist", { token: d.token, id: shown });
  }
  return new cls(d, provider, id!, state);
}

/** Adopts an existing object by its import id (in the format the descriptor declares). */
export async function importResource<T>(
  cls: Ctor<T>,
  d: ResourceDescriptor,
  importId: string,
  source: ProviderSource<ProviderRuntime>,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<T> {
  refuseUnknown(`${d.name}.import`, options, READ_OPTIONS);
  if (!d.importId || d.importUnsupported)
    throw new ValidationError([
      {
        path: `${d.name}.importId`,
        message: `${d.name} cannot be imported: ${d.importUnsupported ?? "the API offers no import"}`,
      },
    ]);
  return getResource(cls, d, importId, source, options);
}

/** A signal aborted when either is (either may be absent). */
const eitherSignal = (a?: AbortSignal, b?: AbortSignal): AbortSignal | undefined =>
  a && b ? AbortSignal.any([a, b]) : (a ?? b);

/** Waits for readiness after a create or update; on anything else raises WaitError with the import id. */
async function settle(
  d: ResourceDescriptor,
  provider: ProviderRuntime,
  id: string,
  args: Values,
  options: LifecycleOptions,
): Promise<Values> {
  const ops = provider.kind(d);
  const signal = eitherSignal(options.signal, options.stopWaiting);
  const ctx = { signal };
  let latest: Values | undefined;
  const ref = { token: d.token, name: stringOf((args.productName ?? args.name) as unknown), id: printableId(d, id) };
  const importId = () => adoptingImportId(d, id, { ...args, ...latest });
  let result: Awaited<ReturnType<typeof waitFor<Values | undefined>>>;
  try {
    result = await waitFor(async () => (latest = await ops.read(id, ctx)), verdict(d, ops), {
      timeoutMs: options.waitMinutes !== undefined ? options.waitMinutes * 60_000 : provider.waitMs,
      firstDelayMs: provider.pollMs,
      signal,
      onProgress: options.onProgress,
    });
  } catch (e) {
    // A read failed for good, or the caller aborted: the object exists all the same, so say how to adopt it.
    const why = e instanceof Error ? e.message : String(e);
    throw new WaitError(
      ref,
      "interrupted",
      undefined,
      importId(),
      `was created but waiting for it stopped (${why})`,
      e,
    );
  }
  if (result.outcome === "ready") return withWriteOnly(d, args, result.value!);
  const minutes = (options.waitMinutes ?? provider.waitMs / 60_000).toString();
  const detail =
    result.outcome === "timeout"
      ? `was created but is not ready after ${minutes} minutes (status ${result.status ?? "unknown"})`
      : `was created but ${result.outcome === "failed" ? "failed" : "is waiting"}: ${result.message} (status ${result.status})`;
  throw new WaitError(ref, result.outcome, result.status, importId(), detail);
}

function assertValid(
  d: ResourceDescriptor,
  args: object,
  options: LifecycleOptions,
  call: string,
  known: readonly string[],
): void {
  const issues = [...validateInput(d.name, d.fields, args), ...optionIssues(options, call, known)];
  if (issues.length > 0) throw new ValidationError(issues);
}

function refuseUnknown(call: string, options: object, known: readonly string[]): void {
  const issues = unknownKeys(call, options, known);
  if (issues.length > 0) throw new ValidationError(issues);
}

/**
 * Keys the call does not take, and a wait that could never end (NaN, Infinity) or never start (0,
 * negative): refused before any request.
 */
function optionIssues(options: LifecycleOptions, call: string, known: readonly string[]): ValidationIssue[] {
  const issues = unknownKeys(call, options, known);
  const minutes: unknown = options.waitMinutes;
  if (minutes === undefined || (typeof minutes === "number" && Number.isFinite(minutes) && minutes > 0)) return issues;
  const shown = typeof minutes === "number" ? String(minutes) : typeof minutes;
  return [
    ...issues,
    { path: "waitMinutes", message: `waitMinutes must be a positive number of minutes (got ${shown})` },
  ];
}

/** The write-only inputs the caller gave: the service never returns them, so the object keeps them. */
/**
 * A state as read, with the write-only inputs (never returned) of `known` kept: top-level ones, and
 * those of a nested object (a VXC end's diversity zone) inside the object read.
 */
function withWriteOnly(d: ResourceDescriptor, known: Values, read: Values): Values {
  const out: Values = { ...writeOnlyOf(d.fields, known), ...read };
  for (const [name, spec] of Object.entries(d.fields)) {
    if (spec.type.kind !== "object" || spec.type.object.kind !== "object") continue;
    const [given, now] = [known[name], out[name]];
    if (!isRecord(given) || !isRecord(now)) continue;
    const nested = writeOnlyOf(spec.type.object.fields, given);
    if (Object.keys(nested).length > 0) out[name] = { ...nested, ...now };
  }
  return out;
}

const writeOnlyOf = (fields: Readonly<Record<string, FieldSpec>>, v: Values): Values =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, spec]) =>
      spec.writeOnly && v[name] !== undefined ? [[name, v[name]]] : [],
    ),
  );

/** An id as it may be printed: "[secret]" when it is itself a secret field (a service key is its own id). */
export function printableId(d: ResourceDescriptor, id: string): string {
  return idIsSecret(d) ? "[secret]" : id;
}

/**
 * A read found no object. Said as such: the protocol's own answer (a 404, a 400 "could not find", an
 * empty list) is not repeated as if it were a request of this shape and status.
 */
function missing(d: ResourceDescriptor, shownId: string, what: string, resource: ResourceRef): NotFoundError {
  const error = new NotFoundError({ method: "GET", path: shownId }, 404, `${d.name} ${shownId} ${what}`, { resource });
  error.message = `${d.token} ${shownId}: ${d.name} ${shownId} ${what} (the service has no such object)`;
  return error;
}

/** Whether the id is made of a secret field (a service key's id is the key). */
const idIsSecret = (d: ResourceDescriptor): boolean =>
  (d.importId?.parts ?? []).some((p) => d.fields[p.field]?.type.secret === true);

const stringOf = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
