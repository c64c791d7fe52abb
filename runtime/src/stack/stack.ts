import { hostname } from "node:os";
import { orderFilter } from "../lifecycle/order.js";
import { printableId, type ManagedResource, type ProviderRuntime, type Values } from "../lifecycle/resource.js";
import { wrapSecrets } from "../lifecycle/wire.js";
import { Secret } from "../secret.js";
import { didYouMean } from "../suggest.js";
import { Apply } from "./apply.js";
import type { StateBackend } from "./backend.js";
import {
  outputsOf,
  type AnyResourceClass,
  type Declaration,
  type Declared,
  type DeclaredLookup,
  type LookupDeclaration,
  type LookupFunction,
  type ResourceClass,
  type ResourceOptions,
  type StackProviders,
} from "./declare.js";
import { driftOf, type Drift, type RefreshResult } from "./drift.js";
import {
  checkDeclarations,
  checkSealable,
  dependenciesOf,
  idOf,
  planSteps,
  readLive,
  resolveFrom,
  topologicalOrder,
  type Kinds,
} from "./engine.js";
import type { StackEvent, UpResult } from "./events.js";
import { fileBackend } from "./fileBackend.js";
import { outputOf, resolveInputs, UNKNOWN, type Input } from "./output.js";
import type { Plan, PlannedStep } from "./plan.js";
import { hasStateKey, StateKeyError, stateKey, type KeySource } from "./sealing.js";
import { defaultStateDir } from "./stateLocation.js";
import {
  deserializeState,
  emptyState,
  recordedEncryption,
  serializeState,
  type ResourceRecord,
  type StackState,
} from "./state.js";

export interface StackOptions extends KeySource {
  /**
   * Where the state lives. Default: files in `.sdkgen/stacks` of the program's project (the nearest
   * folder with a package.json above the program), or in `SDKGEN_STACK_DIR` when that is set.
   */
  readonly backend?: StateBackend | undefined;
  /** The provider of each package, by provider name (a token's prefix: `netsvc`, `cloudplat`). */
  readonly providers?: StackProviders | undefined;
  /** Classes of kinds the state may hold that the program no longer declares, so they can be deleted. */
  readonly kinds?: readonly ResourceClass<never, ManagedResource, never, unknown>[] | undefined;
  /** Operations applied at once, where dependencies allow (default 8). */
  readonly parallelism?: number | undefined;
  /** Progress of `up` and `destroy`, one event per resource as it starts, ends or fails. */
  readonly onEvent?: ((event: StackEvent) => void) | undefined;
  /**
   * How long an order sent by a run that was stopped before its answer may take to be listed by the
   * service, before `up` takes it as never placed and orders again (default 60 seconds). Until then,
   * `up` refuses that resource rather than risk ordering it twice.
   */
  readonly orderSettleSeconds?: number | undefined;
}

/** Every option a stack takes: an unknown key is a mistake named at the first command, not ignored. */
const OPTIONS = {
  backend: true,
  providers: true,
  kinds: true,
  parallelism: true,
  onEvent: true,
  orderSettleSeconds: true,
  passphrase: true,
  keyFile: true,
} satisfies Record<keyof StackOptions, true>;

/** How `up`, `destroy` and `preview` run, beyond the stack's options. */
export interface RunOptions {
  /** Progress, one event per resource as it starts, reports a status, ends or fails. */
  readonly onEvent?: ((event: StackEvent) => void) | undefined;
  /** Sees the plan, under the lock, before anything is sent: false applies nothing. */
  readonly confirm?: ((plan: Plan) => boolean | Promise<boolean>) | undefined;
  /** Stops the run: no operation starts after it, those in flight stop waiting; the state keeps what was sent. */
  readonly signal?: AbortSignal | undefined;
  /** Only these resources (and what they depend on; for destroy, what depends on them). */
  readonly targets?: readonly string[] | undefined;
  /** Order objects although objects of the same kind and name exist that no state records. */
  readonly allowDuplicates?: boolean | undefined;
}

/** A mistake in a stack program (a name declared twice, a provider for no package, a cycle, …), found before anything is sent. */
export class StackError extends Error {
  override readonly name = "StackError";

  constructor(
    readonly stackName: string,
    readonly problems: readonly string[],
  ) {
    super(
      problems.length === 1
        ? `stack "${stackName}": ${problems[0]}`
        : `stack "${stackName}" has ${problems.length} problems:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
}

/**
 * A named set of declared resources, kept as declared by `up`: created, updated, replaced or deleted
 * so that what exists matches the program, and safe to run again (an unchanged program changes
 * nothing). State records each object's id the moment the service returns it.
 */
export class Stack {
  readonly #declarations = new Map<string, Declaration>();
  readonly #lookups = new Map<string, LookupDeclaration>();
  readonly #outputs = new Map<string, Input<unknown>>();
  /** Mistakes found while the program declared: reported by every command, before anything is sent. */
  readonly #problems: string[] = [];
  readonly #backend: StateBackend;
  readonly #options: StackOptions;

  constructor(
    readonly name: string,
    options: StackOptions = {},
  ) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name))
      this.#problems.push(
        `the stack name ${JSON.stringify(name)} is not one: letters, digits, ".", "_" and "-", starting with a letter or digit, at most 100`,
      );
    for (const key of Object.keys(options))
      if (!(key in OPTIONS))
        this.#problems.push(`"${key}" is not a stack option${didYouMean(key, Object.keys(OPTIONS))}`);
    this.#options = options;
    this.#backend = options.backend ?? fileBackend(defaultStateDir());
  }

  /** Where the state lives, as every command prints it: `file /home/me/infra/.sdkgen/stacks/dev.json`. */
  get where(): string {
    return this.#backend.describe(this.name);
  }

  /** Declares a resource under a logical name; its outputs can be other resources' inputs. */
  resource<A, R extends ManagedResource, P extends ProviderRuntime, I>(
    cls: ResourceClass<A, R, P, I>,
    name: string,
    args: NoInfer<I>,
    options: ResourceOptions<A, P> = {},
  ): Declared<R> {
    const kind = cls as Partial<AnyResourceClass> | undefined;
    if (typeof kind?.token !== "string" || typeof kind.create !== "function" || !kind.descriptor)
      this.#problems.push(
        `"${name}" is declared with ${describeGiven(cls)} that is not a resource kind: pass a resource class such as \`Port\` (a lookup is declared with \`stack.lookup\`)`,
      );
    else if (this.#claim(name))
      this.#declarations.set(name, {
        name,
        cls: cls as unknown as AnyResourceClass,
        args,
        options: options as unknown as Declaration["options"],
      });
    return { name, id: outputOf<string>(name, "id"), out: outputsOf<R>(name) };
  }

  /**
   * Declares a lookup: read by every preview and up before the plan (a read, never recorded), its
   * result's fields usable as resources' inputs. Its own inputs may refer to earlier lookups and to
   * resources that already exist.
   */
  lookup<A, R, P extends ProviderRuntime>(
    fn: LookupFunction<A, R, P>,
    name: string,
    args: Input<A> | { [K in keyof A]: Input<A[K]> },
    options: { readonly provider?: P | undefined } = {},
  ): DeclaredLookup<R> {
    if (this.#claim(name))
      this.#lookups.set(name, {
        name,
        run: fn as unknown as LookupDeclaration["run"],
        args,
        provider: options.provider,
      });
    return { name, out: outputsOf<R>(name) };
  }

  /** Declares a stack output: a value the `outputs` command prints, and `up` at its end. */
  output(name: string, value: Input<unknown>): void {
    if (this.#outputs.has(name)) this.#problems.push(`output "${name}" is declared twice`);
    this.#outputs.set(name, value);
  }

  /** Whether `name` is free for a declaration; a name declared twice is a problem named by every command. */
  #claim(name: string): boolean {
    if (this.#declarations.has(name) || this.#lookups.has(name)) {
      this.#problems.push(`"${name}" is declared twice: give each resource and lookup its own name`);
      return false;
    }
    return true;
  }

  /** The recorded resources, as the last run left them (secrets as Secrets). Sends nothing. */
  async resources(): Promise<Readonly<Record<string, ResourceRecord>>> {
    this.#check();
    return (await this.#load()).resources;
  }

  /** The declared outputs from the state, by name (`UNKNOWN` for one whose resource is not made yet). Sends nothing. */
  async outputs(): Promise<Record<string, unknown>> {
    this.#check();
    const { resources } = await this.#load();
    return Object.fromEntries(
      [...this.#outputs].map(([name, value]) => [
        name,
        resolveInputs(value, (ref) => {
          const r = resources[ref.resource];
          if (!r?.id) return UNKNOWN;
          return ref.field === "id" ? (r.id instanceof Secret ? r.id : idOf(r)) : r.outputs[ref.field];
        }),
      ]),
    );
  }

  /**
   * What `up` would do: per resource create, update, replace, delete or unchanged, with the work the
   * state holds (an interrupted run's orders, replaced objects) and objects that exist though no state
   * records them. Sends only reads. Reports everything `up` would refuse.
   */
  async preview(options: Pick<RunOptions, "targets"> = {}): Promise<Plan> {
    return this.#locked("preview", async () => (await this.#plan(options.targets)).plan);
  }

  /** Applies the plan, in dependency order, independent resources in parallel. */
  async up(options: RunOptions | ((event: StackEvent) => void) = {}): Promise<UpResult> {
    const run = typeof options === "function" ? { onEvent: options } : options;
    return this.#locked("up", async () => {
      const { plan, ordered, state, live } = await this.#plan(run.targets);
      const duplicates = plan.steps.filter((s) => s.existing?.length);
      if (duplicates.length > 0 && !run.allowDuplicates)
        throw new StackError(
          this.name,
          duplicates.map(
            (s) =>
              `"${s.name}" (${s.kind}) already exists as ${s.existing!.join(", ")}, which no state records (a state lost or kept elsewhere?): adopt it with the \`import\` option, or pass allowDuplicates (--allow-duplicates) to order another; nothing was sent`,
          ),
        );
      return this.#apply(plan, run, () => this.#applier(run).run(plan, ordered, state, live, run.onEvent));
    });
  }

  /**
   * Reads every recorded object and records what the service says now: each field that drifted from
   * the state (secrets as "[secret]"), and the objects that are gone (forgotten, so the next up makes them).
   */
  async refresh(): Promise<RefreshResult> {
    this.#check();
    return this.#locked("refresh", async () => {
      const state = await this.#load();
      const live = await readLive(state, this.#kinds());
      const records = new Map(Object.entries(state.resources));
      const drift: Drift[] = [];
      for (const [name, record] of records) {
        if (record.id === undefined) continue;
        const current = live.get(name);
        if (!current) {
          drift.push({ name, kind: record.kind, gone: true, changes: [] });
          records.delete(name);
          continue;
        }
        const outputs = wrapSecrets(current.descriptor.fields, { ...current } as Values);
        const changes = driftOf(current.descriptor.fields, record.outputs, outputs);
        if (changes.length) drift.push({ name, kind: record.kind, gone: false, changes });
        records.set(name, { ...record, outputs });
      }
      await this.#saver(records)();
      return { drift };
    });
  }

  /** The state as its backend keeps it (format 1, runtime/STATE.md): secrets stay sealed. */
  async exportState(): Promise<string> {
    this.#check();
    return (await this.#backend.read(this.name)) ?? serializeState(emptyState(this.name), undefined);
  }

  /**
   * Replaces this stack's state with an exported one (from another stack or backend): opened with this
   * stack's key, so a state sealed under another key is refused before anything is written.
   */
  async importState(text: string): Promise<void> {
    this.#check();
    await this.#locked("import", async () => {
      const imported = deserializeState(text, stateKey(this.#options, recordedEncryption(text))?.key);
      const records = new Map(Object.entries(imported.resources));
      await this.#saver(records)();
    });
  }

  /** What `destroy` would do: every recorded resource deleted, dependents first. Sends only reads. */
  async previewDestroy(options: Pick<RunOptions, "targets"> = {}): Promise<Plan> {
    this.#check();
    return this.#locked("preview", async () => (await this.#destroyPlan(options.targets)).plan);
  }

  /** Deletes every resource of the stack (or the targets and what depends on them), dependents first. */
  async destroy(options: RunOptions | ((event: StackEvent) => void) = {}): Promise<UpResult> {
    const run = typeof options === "function" ? { onEvent: options } : options;
    this.#check();
    return this.#locked("destroy", async () => {
      const { plan, state, live } = await this.#destroyPlan(run.targets);
      return this.#apply(plan, run, () => this.#applier(run).run(plan, [], state, live, run.onEvent));
    });
  }

  /** Releases a lock a run left behind (killed, or on a machine gone): refused while its holder still runs. */
  async unlock(): Promise<void> {
    this.#check();
    await this.#backend.unlock(this.name);
  }

  /** The plan `up` applies, with the objects a create would duplicate; every problem up would refuse thrown. */
  async #plan(targets?: readonly string[]) {
    this.#check();
    const state = await this.#load();
    const live = await this.#read(state);
    const ordered = this.#targeted(this.#ordered(), targets);
    const planned = planSteps(this.name, ordered, state, live);
    const scoped = targets ? { ...planned, steps: planned.steps.filter((s) => s.operation !== "delete") } : planned;
    checkDeclarations(scoped, ordered, live);
    checkSealable(scoped, ordered, hasStateKey(this.#options));
    const plan = { ...scoped, steps: await Promise.all(scoped.steps.map((s) => this.#withExisting(s, state, live))) };
    return { plan, ordered, state, live };
  }

  async #destroyPlan(targets?: readonly string[]) {
    const state = await this.#load();
    const live = await readLive(state, this.#kinds());
    const plan = planSteps(this.name, [], state, live);
    const chosen = targets && this.#dependents(state, targets);
    return { plan: chosen ? { ...plan, steps: plan.steps.filter((s) => chosen.has(s.name)) } : plan, state, live };
  }

  /** The create step with the objects that match it though no state records them (a lost state). */
  async #withExisting(
    step: PlannedStep,
    state: StackState,
    live: ReadonlyMap<string, ManagedResource | undefined>,
  ): Promise<PlannedStep> {
    if (step.operation !== "create" || state.resources[step.name]) return step;
    const d = this.#declarations.get(step.name)!;
    const desired = resolveInputs(d.args, (ref) => (live.get(ref.resource) ? valueIn(ref, live) : UNKNOWN)) as Values;
    // The kind and name: what a person reads as "the same object" (other inputs may have been edited since).
    const byName = Object.fromEntries(
      Object.entries(orderFilter(d.cls.descriptor, desired)).filter(([k, v]) => /name$/i.test(k) && v !== UNKNOWN),
    );
    if (Object.keys(byName).length === 0) return step;
    const provider = this.#kinds().providerFor(d.cls.token, d.options.provider);
    const claimed = new Set(Object.values(state.resources).flatMap((r) => (r.id === undefined ? [] : [idOf(r)])));
    const found = (await d.cls.find(byName, { provider })).filter((r) => !claimed.has(r.id));
    return found.length ? { ...step, existing: found.map((r) => printableId(d.cls.descriptor, r.id)) } : step;
  }

  /** Applies a plan once confirmed; a run that finds nothing to do or is not confirmed sends nothing. */
  async #apply(
    plan: Plan,
    run: RunOptions,
    apply: () => Promise<{ name: string; error: unknown }[]>,
  ): Promise<UpResult> {
    if (run.confirm && !(await run.confirm(plan))) return { plan, failed: [], applied: false };
    return { plan, failed: await apply(), applied: true, interrupted: run.signal?.aborted ?? false };
  }

  /** The recorded objects as they are now, and each declared lookup's result, by name. */
  async #read(state: StackState): Promise<Map<string, ManagedResource | undefined>> {
    const live = await readLive(state, this.#kinds());
    for (const l of this.#lookups.values()) {
      const args = resolveFrom(
        l.args,
        live,
        (ref) =>
          new Error(
            `lookup "${l.name}" needs ${ref.resource}.${ref.field}, which does not exist yet: a lookup reads before anything is made`,
          ),
      ) as object;
      // A lookup function names no package: the stack's one provider, else the lookup's own option.
      const providers = Object.values(this.#providers());
      const provider = l.provider ?? (providers.length === 1 ? providers[0] : undefined);
      // A lookup result is read like an object: its id and fields, for the references to it.
      live.set(l.name, (await l.run(args, { provider })) as unknown as ManagedResource);
    }
    return live;
  }

  /** Throws every mistake the program made declaring the stack: nothing is read or sent before they are fixed. */
  #check(): void {
    const problems = [...this.#problems];
    const packages = new Set([...this.#kindClasses().keys()].map((token) => token.split(":")[0]!));
    for (const [key, provider] of Object.entries(this.#providers())) {
      if (!packages.has(key))
        problems.push(
          `providers.${key} is the provider of no kind the stack declares${didYouMean(key, packages)}: each key is a provider name (${[...packages].join(", ") || "none declared"})`,
        );
      else if (typeof (provider as ProviderRuntime | undefined)?.kind !== "function")
        problems.push(`providers.${key} is not a Provider (make one with \`new Provider(...)\` of that package)`);
    }
    try {
      this.#ordered();
    } catch (e) {
      problems.push((e as Error).message);
    }
    if (problems.length > 0) throw new StackError(this.name, problems);
  }

  /** Serialized writes of the whole state: each reflects every change recorded before it. */
  #saver(records: Map<string, ResourceRecord>): () => Promise<void> {
    let chain = Promise.resolve();
    return () => {
      chain = chain.then(async () => {
        const state: StackState = { stack: this.name, resources: Object.fromEntries(records) };
        const previous = await this.#backend.read(this.name);
        const key = stateKey(this.#options, previous ? recordedEncryption(previous) : undefined);
        await this.#backend.write(this.name, serializeState(state, key));
      });
      return chain;
    };
  }

  async #load(): Promise<StackState> {
    const text = await this.#backend.read(this.name);
    if (text === undefined) return emptyState(this.name);
    try {
      const key = stateKey(this.#options, recordedEncryption(text));
      return deserializeState(text, key?.key);
    } catch (e) {
      // Where the state is, for a file edited or damaged by hand (a wrong key keeps its own message).
      if (e instanceof StateKeyError || !(e instanceof Error) || !e.message.startsWith("the stack state ")) throw e;
      throw new Error(
        e.message.replace("the stack state ", `the stack state in ${this.#backend.describe(this.name)} `),
      );
    }
  }

  async #locked<T>(command: string, body: () => Promise<T>): Promise<T> {
    this.#check();
    const release = await this.#backend.lock(this.name, {
      pid: process.pid,
      host: hostname(),
      since: new Date().toISOString(),
      command: `stack ${command} ${this.name}`,
    });
    try {
      return await body();
    } finally {
      await release();
    }
  }

  #applier(run: RunOptions): Apply {
    return new Apply(
      this.#kinds(),
      this.#options,
      (records) => this.#saver(records),
      run.signal,
      // A resource still declared is protected as it is declared now: `protect` removed from its
      // declaration lets destroy delete it (as the refusal says), with or without an up before.
      (name, record) => {
        const declared = this.#declarations.get(name);
        return declared ? !!declared.options.protect : !!record.protect;
      },
    );
  }

  #ordered(): Declaration[] {
    return topologicalOrder([...this.#declarations.values()], new Set(this.#lookups.keys()));
  }

  /** The declarations `targets` name and what they depend on, in order; all of them without targets. */
  #targeted(ordered: Declaration[], targets?: readonly string[]): Declaration[] {
    if (!targets) return ordered;
    const unknown = targets.filter((t) => !this.#declarations.has(t));
    if (unknown.length)
      throw new StackError(
        this.name,
        unknown.map((t) => `--target ${t}: no resource is declared so${didYouMean(t, this.#declarations.keys())}`),
      );
    const wanted = new Set<string>();
    const add = (name: string) => {
      if (wanted.has(name) || !this.#declarations.has(name)) return;
      wanted.add(name);
      for (const dep of dependenciesOf(this.#declarations.get(name)!)) add(dep);
    };
    targets.forEach(add);
    return ordered.filter((d) => wanted.has(d.name));
  }

  /** The recorded resources `targets` name and every one that depends on them (deleted first). */
  #dependents(state: StackState, targets: readonly string[]): Set<string> {
    const unknown = targets.filter((t) => !state.resources[t]);
    if (unknown.length)
      throw new StackError(
        this.name,
        unknown.map(
          (t) => `--target ${t}: the state records no such resource${didYouMean(t, Object.keys(state.resources))}`,
        ),
      );
    const chosen = new Set<string>();
    const add = (name: string) => {
      if (chosen.has(name)) return;
      chosen.add(name);
      for (const [other, r] of Object.entries(state.resources)) if (r.dependencies.includes(name)) add(other);
    };
    targets.forEach(add);
    return chosen;
  }

  #providers(): Readonly<Record<string, ProviderRuntime>> {
    return (this.#options.providers ?? {}) as Readonly<Record<string, ProviderRuntime>>;
  }

  #kindClasses(): Map<string, AnyResourceClass> {
    const classes = new Map<string, AnyResourceClass>();
    for (const c of (this.#options.kinds ?? []) as unknown as AnyResourceClass[]) classes.set(c.token, c);
    for (const d of this.#declarations.values()) classes.set(d.cls.token, d.cls);
    return classes;
  }

  #kinds(): Kinds {
    const classes = this.#kindClasses();
    const providers = this.#providers();
    return {
      classOf: (token, name) => {
        const cls = classes.get(token);
        if (!cls)
          throw new StackError(this.name, [
            `the state holds "${name}" (${token}), which the program no longer declares: pass its class in the stack's \`kinds\` so it can be deleted`,
          ]);
        return cls;
      },
      providerFor: (token, declared) => declared ?? providers[token.split(":")[0]!],
    };
  }
}

/** A reference's value from what exists now (a preview's reading). */
const valueIn = (ref: { resource: string; field: string }, live: ReadonlyMap<string, ManagedResource | undefined>) => {
  const source = live.get(ref.resource)!;
  return ref.field === "id" ? source.id : (source as unknown as Values)[ref.field];
};

/** What a declaration was given instead of a resource kind: a function by its name, anything else as "something". */
const describeGiven = (given: unknown): string =>
  typeof given === "function" && given.name ? `\`${given.name}\`` : "something";
