import { hostname } from "node:os";
import type { ManagedResource, ProviderRuntime, Values } from "../lifecycle/resource.js";
import { wrapSecrets } from "../lifecycle/wire.js";
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
} from "./declare.js";
import { driftOf, type Drift, type RefreshResult } from "./drift.js";
import {
  checkDeclarations,
  checkSealable,
  planSteps,
  readLive,
  resolveFrom,
  topologicalOrder,
  type Kinds,
} from "./engine.js";
import type { StackEvent, UpResult } from "./events.js";
import { fileBackend } from "./fileBackend.js";
import { Output, type Inputs } from "./output.js";
import type { Plan } from "./plan.js";
import { hasStateKey, StateKeyError, stateKey, type KeySource } from "./sealing.js";
import {
  deserializeState,
  emptyState,
  recordedEncryption,
  serializeState,
  type ResourceRecord,
  type StackState,
} from "./state.js";

export interface StackOptions extends KeySource {
  /** Where the state lives (default: files under `.sdkgen/stacks`). */
  readonly backend?: StateBackend | undefined;
  /** The provider of each package, by provider name (a token's prefix: `netsvc`, `cloudplat`). */
  readonly providers?: Readonly<Record<string, ProviderRuntime>> | undefined;
  /** Classes of kinds the state may hold that the program no longer declares, so they can be deleted. */
  readonly kinds?: readonly ResourceClass<never, ManagedResource, never>[] | undefined;
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

/**
 * A named set of declared resources, kept as declared by `up`: created, updated, replaced or deleted
 * so that what exists matches the program, and safe to run again (an unchanged program changes
 * nothing). State records each object's id the moment the service returns it.
 */
export class Stack {
  readonly #declarations = new Map<string, Declaration>();
  readonly #lookups = new Map<string, LookupDeclaration>();
  readonly #backend: StateBackend;
  readonly #options: StackOptions;

  constructor(
    readonly name: string,
    options: StackOptions = {},
  ) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name))
      throw new Error(`stack name "${name}": letters, digits, ".", "_" and "-", starting with a letter or digit`);
    this.#options = options;
    this.#backend = options.backend ?? fileBackend(".sdkgen/stacks");
  }

  /** Declares a resource under a logical name; its outputs can be other resources' inputs. */
  resource<A, R extends ManagedResource, P extends ProviderRuntime>(
    cls: ResourceClass<A, R, P>,
    name: string,
    args: Inputs<A>,
    options: ResourceOptions<A, P> = {},
  ): Declared<R> {
    if (this.#declarations.has(name) || this.#lookups.has(name))
      throw new Error(`stack "${this.name}" already declares "${name}"`);
    this.#declarations.set(name, {
      name,
      cls: cls as unknown as AnyResourceClass,
      args,
      options: options as unknown as Declaration["options"],
    });
    return { name, id: new Output<string>(name, "id"), out: outputsOf<R>(name) };
  }

  /** The recorded resources, as the last run left them (secrets as Secrets). Sends nothing. */
  async resources(): Promise<Readonly<Record<string, ResourceRecord>>> {
    return (await this.#load()).resources;
  }

  /**
   * Declares a lookup: read by every preview and up before the plan (a read, never recorded), its
   * result's fields usable as resources' inputs. Its own inputs may refer to earlier lookups and to
   * resources that already exist.
   */
  lookup<A, R, P extends ProviderRuntime>(
    fn: LookupFunction<A, R, P>,
    name: string,
    args: Inputs<A>,
    options: { readonly provider?: P | undefined } = {},
  ): DeclaredLookup<R> {
    if (this.#declarations.has(name) || this.#lookups.has(name))
      throw new Error(`stack "${this.name}" already declares "${name}"`);
    this.#lookups.set(name, {
      name,
      run: fn as unknown as LookupDeclaration["run"],
      args,
      provider: options.provider,
    });
    return { name, out: outputsOf<R>(name) };
  }

  /** What `up` would do: per resource create, update, replace, delete or unchanged. Sends only reads. */
  async preview(): Promise<Plan> {
    const state = await this.#load();
    const live = await this.#read(state);
    const ordered = this.#ordered();
    const plan = planSteps(this.name, ordered, state, live);
    checkDeclarations(plan, ordered, live);
    return plan;
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
            `lookup "${l.name}" needs ${ref.toString()}, which does not exist yet: a lookup reads before anything is made`,
          ),
      ) as object;
      // A lookup function names no package: the stack's one provider, else the lookup's own option.
      const providers = Object.values(this.#options.providers ?? {});
      const provider = l.provider ?? (providers.length === 1 ? providers[0] : undefined);
      // A lookup result is read like an object: its id and fields, for the references to it.
      live.set(l.name, (await l.run(args, { provider })) as unknown as ManagedResource);
    }
    return live;
  }

  /** Applies the plan, in dependency order, independent resources in parallel. */
  async up(onEvent?: (event: StackEvent) => void): Promise<UpResult> {
    return this.#locked("up", async () => {
      const state = await this.#load();
      const live = await this.#read(state);
      const ordered = this.#ordered();
      const plan = planSteps(this.name, ordered, state, live);
      checkDeclarations(plan, ordered, live);
      checkSealable(plan, ordered, hasStateKey(this.#options));
      return { plan, failed: await this.#applier().run(plan, ordered, state, live, onEvent) };
    });
  }

  /**
   * Reads every recorded object and records what the service says now: each field that drifted from
   * the state (secrets as "[secret]"), and the objects that are gone (forgotten, so the next up makes them).
   */
  async refresh(): Promise<RefreshResult> {
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
    return (await this.#backend.read(this.name)) ?? serializeState(emptyState(this.name), undefined);
  }

  /**
   * Replaces this stack's state with an exported one (from another stack or backend): opened with this
   * stack's key, so a state sealed under another key is refused before anything is written.
   */
  async importState(text: string): Promise<void> {
    await this.#locked("import", async () => {
      const imported = deserializeState(text, stateKey(this.#options, recordedEncryption(text))?.key);
      const records = new Map(Object.entries(imported.resources));
      await this.#saver(records)();
    });
  }

  /** What `destroy` would do: every recorded resource deleted, dependents first. Sends only reads. */
  async previewDestroy(): Promise<Plan> {
    const state = await this.#load();
    return planSteps(this.name, [], state, await readLive(state, this.#kinds()));
  }

  /** Deletes every resource of the stack, dependents first. */
  async destroy(onEvent?: (event: StackEvent) => void): Promise<UpResult> {
    return this.#locked("destroy", async () => {
      const state = await this.#load();
      const live = await readLive(state, this.#kinds());
      const plan = planSteps(this.name, [], state, live);
      return { plan, failed: await this.#applier().run(plan, [], state, live, onEvent) };
    });
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

  #applier(): Apply {
    return new Apply(this.#kinds(), this.#options, (records) => this.#saver(records));
  }

  #ordered(): Declaration[] {
    return topologicalOrder([...this.#declarations.values()], new Set(this.#lookups.keys()));
  }

  #kinds(): Kinds {
    const classes = new Map<string, AnyResourceClass>();
    for (const c of (this.#options.kinds ?? []) as unknown as AnyResourceClass[]) classes.set(c.token, c);
    for (const d of this.#declarations.values()) classes.set(d.cls.token, d.cls);
    const providers = this.#options.providers ?? {};
    return {
      classOf: (token, name) => {
        const cls = classes.get(token);
        if (!cls)
          throw new Error(
            `the state of stack "${this.name}" holds "${name}" (${token}), which the program no longer declares: pass its class in the stack's \`kinds\` so it can be deleted`,
          );
        return cls;
      },
      providerFor: (token, declared) => declared ?? providers[token.split(":")[0]!],
    };
  }
}
