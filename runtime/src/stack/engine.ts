import { mapConcurrent } from "../concurrency.js";
import { NotFoundError } from "../http/errors.js";
import type { ResourceDescriptor } from "../descriptor.js";
import { knowAppliedInputs } from "../lifecycle/appliedInputs.js";
import { printableId, type ManagedResource, type ProviderRuntime, type Values } from "../lifecycle/resource.js";
import { wrapSecrets } from "../lifecycle/wire.js";
import { Secret } from "../secret.js";
import type { AnyResourceClass, Declaration } from "./declare.js";
import { referencesIn, resolveInputs, UNKNOWN, type Reference } from "./output.js";
import { stepFor, type Plan, type PlannedStep } from "./plan.js";
import { validateInput, ValidationError } from "../validate.js";
import { StateKeyError } from "./sealing.js";
import type { ResourceRecord, StackState } from "./state.js";

/** Reads the live objects of a state at most this many at a time (the lookups' bound on a service). */
const READ_CONCURRENCY = 8;

/** Where the engine finds a kind's class and provider for a logical resource. */
export interface Kinds {
  classOf(token: string, name: string): AnyResourceClass;
  providerFor(token: string, declared?: ProviderRuntime): ProviderRuntime | undefined;
}

/** Each recorded resource as it is now on the service (undefined: gone), read once per plan. */
export async function readLive(state: StackState, kinds: Kinds): Promise<Map<string, ManagedResource | undefined>> {
  const records = Object.entries(state.resources).filter(([, r]) => r.id !== undefined);
  const live = await mapConcurrent(records, READ_CONCURRENCY, async ([name, r]) => {
    const provider = kinds.providerFor(r.kind);
    try {
      const resource = await kinds.classOf(r.kind, name).get(idOf(r)!, { provider });
      // What the service never returns, the record knows: a write-only input edited since is a change.
      knowAppliedInputs(resource, r.inputs);
      return resource;
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  });
  return new Map(records.map(([name], i) => [name, live[i]]));
}

export const idOf = (r: ResourceRecord): string | undefined =>
  r.id instanceof Secret ? (r.id.reveal() as string) : r.id;

/** Logical names each declaration depends on: its references and dependsOn. */
export function dependenciesOf(d: Declaration): string[] {
  const names = [...referencesIn(d.args).map((r) => r.resource), ...(d.options.dependsOn ?? []).map((x) => x.name)];
  return [...new Set(names)].sort();
}

/** Declarations in an order where each comes after what it depends on; a cycle or unknown name throws. */
export function topologicalOrder(
  declarations: readonly Declaration[],
  lookups: ReadonlySet<string> = new Set(),
): Declaration[] {
  const byName = new Map(declarations.map((d) => [d.name, d]));
  const out: Declaration[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (d: Declaration, path: string[]) => {
    if (state.get(d.name) === "done") return;
    if (state.get(d.name) === "visiting")
      throw new Error(`stack resources depend on each other in a cycle: ${[...path, d.name].join(" → ")}`);
    state.set(d.name, "visiting");
    for (const dep of dependenciesOf(d)) {
      if (lookups.has(dep)) continue; // read before any plan
      const target = byName.get(dep);
      if (!target) throw new Error(`stack resource "${d.name}" refers to "${dep}", which the program does not declare`);
      visit(target, [...path, d.name]);
    }
    state.set(d.name, "done");
    out.push(d);
  };
  for (const d of declarations) visit(d, []);
  return out;
}

/** Recorded resources the program no longer declares, dependents first. */
export function removedInDeleteOrder(state: StackState, declared: ReadonlySet<string>): string[] {
  const removed = Object.keys(state.resources).filter((n) => !declared.has(n));
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    // Whatever depends on it goes first.
    for (const other of removed) if (state.resources[other]!.dependencies.includes(name)) visit(other);
    order.push(name);
  };
  for (const name of removed.sort()) visit(name);
  return order;
}

/** A reference's value from a live object (or a lookup's result): its id or a field. */
const fieldOf = (ref: Reference, source: ManagedResource): unknown =>
  ref.field === "id" ? source.id : (source as unknown as Values)[ref.field];

/** A reference's value in a plan: unknown while its object is to be made, or the plan changes the field. */
export function valueOf(ref: Reference, live: ManagedResource | undefined, changes: boolean): unknown {
  return changes || !live ? UNKNOWN : fieldOf(ref, live);
}

/**
 * Whether the plan changes what a reference reads: its object is made or remade, or updated in the
 * field it reads (a name renamed in place is known only after up).
 */
function changedBy(steps: ReadonlyMap<string, PlannedStep>): (ref: Reference) => boolean {
  return (ref) => {
    const step = steps.get(ref.resource);
    if (step?.operation === "create" || step?.operation === "replace") return true;
    return step?.operation === "update" && step.changes.some((c) => c.field === ref.field);
  };
}

/** A value with every reference read from what exists; `missing` is the error for one that does not. */
export function resolveFrom(
  value: unknown,
  live: ReadonlyMap<string, ManagedResource | undefined>,
  missing: (ref: Reference) => Error,
): unknown {
  return resolveInputs(value, (ref) => {
    const source = live.get(ref.resource);
    if (!source) throw missing(ref);
    return fieldOf(ref, source);
  });
}

/** The desired inputs with `ignoreChanges` fields taken from the current state. */
export function withoutIgnored(d: Declaration, desired: Values, current: ManagedResource | undefined): Values {
  const ignored = d.options.ignoreChanges ?? [];
  if (!current || ignored.length === 0) return desired;
  const out = { ...desired };
  for (const field of ignored) out[field] = (current as unknown as Values)[field];
  return out;
}

/**
 * Every declaration the plan creates, updates or replaces: checked as create and update check their
 * inputs, all before anything is sent: a stack whose last resource is invalid orders none. A value
 * known only after up (a reference to an object still to be made) is left to the call that gets it.
 */
export function checkDeclarations(
  plan: Plan,
  ordered: readonly Declaration[],
  live: ReadonlyMap<string, ManagedResource | undefined>,
): void {
  const operation = new Map(plan.steps.map((s) => [s.name, s.operation]));
  const changes = changedBy(new Map(plan.steps.map((s) => [s.name, s])));
  const issues = ordered.flatMap((d) => {
    if (operation.get(d.name) === "unchanged" || operation.get(d.name) === "import") return [];
    const { name, fields } = d.cls.descriptor;
    const desired = resolveInputs(d.args, (ref) => valueOf(ref, live.get(ref.resource), changes(ref)));
    const unknown = unknownPaths(desired, name);
    const isUnknown = (path: string) =>
      unknown.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`));
    // An input's condition (onlyWhen, requiredWhen) that reads a value not known yet is checked by up.
    const conditionUnknown = (path: string) => {
      const spec = fields[path.slice(name.length + 1)];
      return [spec?.onlyWhen, spec?.requiredWhen].some((c) => c !== undefined && isUnknown(`${name}.${c.field}`));
    };
    return validateInput(name, fields, desired)
      .filter((i) => !isUnknown(i.path) && !conditionUnknown(i.path))
      .map((i) => ({ path: `${d.name}: ${i.path}`, message: `"${d.name}": ${i.message}` }));
  });
  if (issues.length > 0) throw new ValidationError(issues);
}

/**
 * Refuses, before anything is sent, a plan that would record secrets (a kind with secret inputs or
 * outputs: a service key is its own id) when no key can seal them: the object would be made, and
 * its record could not be written.
 */
export function checkSealable(plan: Plan, ordered: readonly Declaration[], sealable: boolean): void {
  if (sealable) return;
  const kinds = new Map(ordered.map((d) => [d.name, d.cls.descriptor]));
  const secret = plan.steps.filter(
    (s) => s.operation !== "unchanged" && s.operation !== "delete" && (kinds.get(s.name)?.secretPaths.length ?? 0) > 0,
  );
  if (secret.length > 0)
    throw new StateKeyError(
      `${secret.map((s) => `"${s.name}" (${s.kind})`).join(", ")} ${secret.length === 1 ? "has" : "have"} secrets, and no key seals them in the state: set SDKGEN_STACK_PASSPHRASE (or SDKGEN_STACK_KEY_FILE to a file of 32 random bytes); nothing was sent`,
    );
}

/** The paths (as validation names them) of the values in `value` not known before up. */
function unknownPaths(value: unknown, path: string): string[] {
  if (value === UNKNOWN) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownPaths(v, `${path}[${i}]`));
  if (value !== null && typeof value === "object" && !(value instanceof Secret))
    return Object.entries(value).flatMap(([k, v]) => unknownPaths(v, `${path}.${k}`));
  return [];
}

/** The plan: declared resources in dependency order, then the removed ones. Sends only reads. */
export function planSteps(
  stackName: string,
  ordered: readonly Declaration[],
  state: StackState,
  live: ReadonlyMap<string, ManagedResource | undefined>,
): Plan {
  const steps: PlannedStep[] = [];
  const planned = new Map<string, PlannedStep>();
  const changes = changedBy(planned);
  for (const d of ordered) {
    const record = state.resources[d.name];
    const current = live.get(d.name);
    const desired = resolveInputs(d.args, (ref) => valueOf(ref, live.get(ref.resource), changes(ref))) as Values;
    let step: PlannedStep;
    if (!record?.id || !current)
      step = { name: d.name, kind: d.cls.token, operation: d.options.import ? "import" : "create", changes: [] };
    else step = stepFor(d.name, d.cls.token, current.diff(withoutIgnored(d, desired, current)));
    planned.set(d.name, step);
    const pending = record && pendingWork(record, d);
    steps.push(pending?.length ? { ...step, pending } : step);
  }
  for (const name of removedInDeleteOrder(state, new Set(ordered.map((d) => d.name)))) {
    const pending = pendingWork(state.resources[name]!);
    steps.push({
      name,
      kind: state.resources[name]!.kind,
      operation: "delete",
      changes: [],
      ...(pending.length && { pending }),
    });
  }
  return { stack: stackName, steps };
}

/**
 * What a record holds beyond its inputs for `up` to finish: an operation an interrupted run sent,
 * replaced objects still to delete, and (for a declared resource) options declared otherwise than recorded.
 */
export function pendingWork(record: ResourceRecord, d?: Declaration): string[] {
  const work: string[] = [];
  if (record.pending)
    work.push(
      record.pending.operation === "create" && record.id === undefined
        ? `a create sent at ${record.pending.since} by a run that was stopped: up looks for the object it made and adopts it before ordering anything`
        : `a ${record.pending.operation} sent at ${record.pending.since} by a run that was stopped: up reads the object and finishes it`,
    );
  if (record.deposed?.length)
    work.push(
      `replaced object${record.deposed.length > 1 ? "s" : ""} ${record.deposed.map(shownId).join(", ")} still to delete`,
    );
  if (d)
    for (const option of ["protect", "retainOnDelete"] as const)
      if (!!record[option] !== !!d.options[option])
        work.push(`${option}: ${!!record[option]} → ${!!d.options[option]}, to record`);
  return work;
}

/** An id as a plan shows it: a secret one (a service key's) stays hidden. */
const shownId = (id: string | Secret<string>): string => (id instanceof Secret ? "[secret]" : id);

/** What a state records of an applied resource: its inputs and outputs, secrets as Secrets. */
export function recordOf(
  d: Declaration,
  resource: ManagedResource,
  inputs: Values,
  dependencies: readonly string[],
  deposed?: readonly (string | Secret<string>)[],
): ResourceRecord {
  const fields = resource.descriptor.fields;
  return {
    kind: d.cls.token,
    id: storedId(resource.descriptor, resource.id),
    inputs: wrapSecrets(fields, inputs),
    outputs: wrapSecrets(fields, { ...resource } as Values),
    dependencies,
    ...(deposed?.length && { deposed }),
    ...(d.options.protect && { protect: true }),
    ...(d.options.retainOnDelete && { retainOnDelete: true }),
  };
}

/** An id as the state keeps it: sealed when it is itself a secret (a service key is its own key). */
export const storedId = (d: ResourceDescriptor, id: string): string | Secret<string> =>
  printableId(d, id) === id ? id : new Secret(id);

export const plainId = (id: string | Secret<string>): string => (id instanceof Secret ? (id.reveal() as string) : id);
