import { NotFoundError } from "../http/errors.js";
import { WaitError } from "../lifecycle/errors.js";
import { CLOCK_SKEW_MS, createdSince, createMadeNothing, orderFilter } from "../lifecycle/order.js";
import { printableId, type ManagedResource, type ProviderRuntime, type Values } from "../lifecycle/resource.js";
import { wrapSecrets } from "../lifecycle/wire.js";
import { abortableSleep } from "../sleep.js";
import type { Declaration } from "./declare.js";
import { dependenciesOf, plainId, recordOf, resolveFrom, storedId, withoutIgnored, type Kinds } from "./engine.js";
import type { StackEvent } from "./events.js";
import type { Plan, PlannedStep } from "./plan.js";
import type { ResourceRecord, StackState } from "./state.js";

/**
 * One application of a plan: each step once what it waits for is done, at most `parallelism` at a
 * time; every outcome written to the state as it happens (a pending mark before each operation, a
 * create's id as soon as it is known); replaced objects deleted last.
 */
export class Apply {
  constructor(
    private readonly kinds: Kinds,
    private readonly options: {
      readonly parallelism?: number | undefined;
      readonly onEvent?: ((event: StackEvent) => void) | undefined;
      readonly orderSettleSeconds?: number | undefined;
    },
    private readonly saver: (records: Map<string, ResourceRecord>) => () => Promise<void>,
    /** Aborted on Ctrl-C: no operation starts after it, and those in flight stop waiting (their ids are recorded). */
    private readonly signal?: AbortSignal | undefined,
    /** Whether a resource may not be deleted: as declared now, else as recorded. */
    private readonly isProtected: (name: string, record: ResourceRecord) => boolean = (_, r) => !!r.protect,
  ) {}

  async run(
    plan: Plan,
    ordered: readonly Declaration[],
    initial: StackState,
    live: Map<string, ManagedResource | undefined>,
    onEvent?: (event: StackEvent) => void,
  ): Promise<{ name: string; error: unknown }[]> {
    const records = new Map<string, ResourceRecord>(Object.entries(initial.resources));
    const save = this.saver(records);
    const byName = new Map(ordered.map((d) => [d.name, d]));
    const done = new Map<string, Promise<boolean>>();
    const failed: { name: string; error: unknown }[] = [];
    const slots = new Semaphore(this.options.parallelism ?? 8);

    const run = (step: PlannedStep): Promise<boolean> => {
      let result = done.get(step.name);
      if (result) return result;
      const d = byName.get(step.name);
      // Made after what it depends on; deleted after what depends on it.
      const waits =
        step.operation === "delete"
          ? [...records].filter(([, r]) => r.dependencies.includes(step.name)).map(([n]) => n)
          : d
            ? dependenciesOf(d)
            : [];
      result = (async () => {
        const ready = await Promise.all(
          waits.map((n) => {
            const s = plan.steps.find((x) => x.name === n);
            return s ? run(s) : true;
          }),
        );
        if (!ready.every(Boolean)) {
          failed.push({
            name: step.name,
            error: new Error(this.signal?.aborted ? STOPPED : "skipped: a resource it depends on failed"),
          });
          return false;
        }
        if (step.operation === "unchanged" && d) {
          const current = live.get(step.name);
          // Unchanged on the service: its outputs as read, its options (protect, retainOnDelete) as now declared.
          if (current) {
            const before = records.get(step.name)!;
            records.set(step.name, recordOf(d, current, before.inputs, dependenciesOf(d), before.deposed));
          }
          return true;
        }
        return slots.run(async () => {
          if (this.signal?.aborted) {
            failed.push({ name: step.name, error: new Error(STOPPED) });
            return false;
          }
          const started = Date.now();
          const event = (phase: StackEvent["phase"], extra: Partial<StackEvent> = {}) =>
            [this.options.onEvent, onEvent].forEach((f) =>
              f?.({ name: step.name, operation: step.operation, phase, elapsedMs: Date.now() - started, ...extra }),
            );
          event("start");
          try {
            await this.#step(step, d, records, live, save, (status) => event("status", { status }));
            event("done");
            return true;
          } catch (caught) {
            // Stopped while waiting for readiness: what was sent is recorded, and the next up reads it.
            const error =
              caught instanceof WaitError && this.signal?.aborted
                ? new Error(
                    "stopped waiting for it (interrupted): what was sent is recorded, and the next up finishes it",
                  )
                : caught;
            event("failed", { error });
            failed.push({ name: step.name, error });
            return false;
          }
        });
      })();
      done.set(step.name, result);
      return result;
    };
    await Promise.all(plan.steps.map(run));
    // Objects replaced create-first go last: by now what used them uses their replacement.
    await this.#deleteDeposed(records, save, failed);
    await save();
    return failed;
  }

  async #step(
    step: PlannedStep,
    d: Declaration | undefined,
    records: Map<string, ResourceRecord>,
    live: Map<string, ManagedResource | undefined>,
    save: () => Promise<void>,
    onProgress: (status: string) => void,
  ): Promise<void> {
    const since = new Date().toISOString();
    const current = live.get(step.name);
    // Requests run to their answer (the service may act on them); Ctrl-C stops only the waits.
    const stopWaiting = this.signal;
    if (step.operation === "delete") {
      const record = records.get(step.name)!;
      if (this.isProtected(step.name, record))
        throw new Error(`"${step.name}" is protected: remove \`protect\` from its declaration to delete it`);
      if (!record.retainOnDelete && current) {
        records.set(step.name, { ...record, pending: { operation: "delete", since } });
        await save();
        await current.delete();
      }
      records.delete(step.name);
      live.delete(step.name);
      return save();
    }
    const decl = d!;
    const dependencies = dependenciesOf(decl);
    const inputs = resolveFrom(
      decl.args,
      live,
      (ref) => new Error(`"${step.name}" needs ${ref.resource}.${ref.field}, which does not exist`),
    ) as Values;
    const provider = this.kinds.providerFor(decl.cls.token, decl.options.provider);
    const descriptor = decl.cls.descriptor;
    const sealed = wrapSecrets(descriptor.fields, inputs);
    const record = (resource: ManagedResource) => {
      live.set(step.name, resource);
      records.set(step.name, recordOf(decl, resource, inputs, dependencies, records.get(step.name)?.deposed));
      return save();
    };
    const mark = (
      operation: NonNullable<ResourceRecord["pending"]>["operation"],
      extra: Partial<ResourceRecord> = {},
    ) => {
      const before = records.get(step.name);
      records.set(step.name, {
        kind: decl.cls.token,
        inputs: sealed,
        outputs: {},
        ...before,
        dependencies,
        ...extra,
        pending: { operation, since },
      });
      return save();
    };
    // The id is recorded the moment the service returns it, before the wait.
    const onCreated = async (id: string) => {
      records.set(step.name, { ...records.get(step.name)!, id: storedId(descriptor, id) });
      await save();
    };
    const atStart = records.get(step.name);
    /**
     * A create the service refused (or that never reached it) made nothing: its pending mark would
     * make the next run look for an order that never was, and wait for it to settle. The record goes
     * back to what it was, with no create pending.
     */
    const unlessRefused = async (creating: Promise<ManagedResource>): Promise<ManagedResource> => {
      try {
        return await creating;
      } catch (error) {
        if (createMadeNothing(error) && records.get(step.name)?.id === atStart?.id) {
          const settled = atStart?.id === undefined ? undefined : withoutPendingCreate(atStart);
          if (settled) records.set(step.name, settled);
          else records.delete(step.name);
          await save();
        }
        throw error;
      }
    };
    switch (step.operation) {
      case "import":
        return record(await decl.cls.import(decl.options.import!, { provider }));
      case "create": {
        const prior = records.get(step.name);
        if (unansweredCreate(prior, current)) {
          const sent = prior!.pending!.operation === "create" ? prior!.inputs : sealed;
          const adopted = await this.#reconcile(
            step.name,
            decl,
            sent,
            prior!.pending!.since,
            provider,
            claimedIds(records),
          );
          if (adopted) return record(adopted);
        }
        await mark("create", { inputs: sealed, outputs: {} });
        return record(await unlessRefused(decl.cls.create(inputs, { provider, onCreated, onProgress, stopWaiting })));
      }
      case "update":
        await mark("update");
        return record(await current!.update(withoutIgnored(decl, inputs, current), { onProgress, stopWaiting }));
      case "replace": {
        const before = records.get(step.name)!;
        if (this.isProtected(step.name, before))
          throw new Error(
            `"${step.name}" is protected and its changes replace it: ${step.changes.map((c) => c.field).join(", ")}`,
          );
        if (unansweredCreate(before, current)) {
          // The replacement a stopped run ordered, made from the inputs declared now (as then, unless edited since).
          const adopted = await this.#reconcile(
            step.name,
            decl,
            sealed,
            before.pending!.since,
            provider,
            claimedIds(records),
          );
          if (adopted) return record(adopted);
        }
        if (decl.options.deleteBeforeReplace) {
          await mark("replace");
          return record(
            await unlessRefused(
              current!.update(withoutIgnored(decl, inputs, current), {
                allowReplace: true,
                onCreated,
                onProgress,
                stopWaiting,
              }),
            ),
          );
        }
        // Made first; the old object is kept as deposed, so a run killed now still knows to delete it.
        await mark("replace", { deposed: [...(before.deposed ?? []), before.id!] });
        return record(await unlessRefused(decl.cls.create(inputs, { provider, onCreated, onProgress, stopWaiting })));
      }
      default:
        return undefined;
    }
  }

  /**
   * A create an earlier run sent but never recorded the answer of (it was stopped): the object it may
   * have made is looked for by the inputs it sent and, where the kind records it, its creation time,
   * leaving out what the stack's other resources hold. One match is adopted; several are named and
   * nothing is ordered. None is taken to mean the order never reached the service only once it has had
   * `orderSettleSeconds` to show: until then it is refused, since a service may list an order late.
   */
  async #reconcile(
    name: string,
    decl: Declaration,
    sent: Values,
    pendingSince: string,
    provider: ProviderRuntime | undefined,
    claimed: ReadonlySet<string>,
  ): Promise<ManagedResource | undefined> {
    const d = decl.cls.descriptor;
    const sentAt = Date.parse(pendingSince);
    for (const delay of [0, 1_000]) {
      if (delay) await abortableSleep(delay);
      const found = (await decl.cls.find(orderFilter(d, sent), { provider })).filter(
        (r) =>
          !claimed.has(r.id) &&
          (!d.createdAt || createdSince((r as unknown as Values)[d.createdAt], sentAt - CLOCK_SKEW_MS)),
      );
      if (found.length === 1 && d.createdAt) return found[0];
      if (found.length > 0)
        throw new Error(
          `"${name}": an earlier run sent its create and was stopped before the answer; ${found.length} existing objects match it (${found
            .map((r) => printableId(d, r.id))
            .join(", ")}). Adopt the right one with the \`import\` option; nothing was ordered`,
        );
    }
    const settled = sentAt + (this.options.orderSettleSeconds ?? ORDER_SETTLE_SECONDS) * 1000;
    if (Date.now() < settled)
      throw new Error(
        `"${name}": an earlier run sent its create at ${pendingSince} and was stopped before the answer; no object matching it shows yet, and the service may still list it: run again after ${new Date(settled).toISOString()} (it is then ordered only if still not found), or adopt it with the \`import\` option; nothing was ordered`,
      );
    return undefined;
  }

  /** Deletes the objects replaced (made first) whose deletion is not recorded yet, newest first. */
  async #deleteDeposed(
    records: Map<string, ResourceRecord>,
    save: () => Promise<void>,
    failed: { name: string; error: unknown }[],
  ): Promise<void> {
    for (const [name, r] of [...records].reverse()) {
      for (const id of [...(r.deposed ?? [])].reverse()) {
        if (this.signal?.aborted) return;
        try {
          const cls = this.kinds.classOf(r.kind, name);
          const provider = this.kinds.providerFor(r.kind);
          const old = await cls.get(plainId(id), { provider }).catch((e: unknown) => {
            if (e instanceof NotFoundError) return undefined;
            throw e;
          });
          await old?.delete();
          const now = records.get(name)!;
          records.set(name, { ...now, deposed: (now.deposed ?? []).filter((x) => x !== id) });
          await save();
        } catch (error) {
          failed.push({
            name,
            error: new Error(`"${name}" was replaced, but its previous object could not be deleted: ${String(error)}`),
          });
        }
      }
    }
  }
}

const STOPPED = "not started: the run was interrupted";

/** A record as it was before a replacement was ordered: nothing pending, its own object not deposed. */
function withoutPendingCreate(record: ResourceRecord): ResourceRecord {
  const { pending: _, deposed, ...rest } = record;
  const own = plainId(record.id!);
  const kept = (deposed ?? []).filter((x) => plainId(x) !== own);
  return kept.length > 0 ? { ...rest, deposed: kept } : rest;
}

/** How long an order a stopped run sent may take to be listed before `up` orders it again (StackOptions). */
const ORDER_SETTLE_SECONDS = 60;

/**
 * Whether an earlier run may have sent a create whose answer it never recorded (it was stopped): a
 * create with no id yet, or a replacement whose new id is not recorded, made first (the record's id is
 * still the deposed old one) or after deleting the old object (which is gone).
 */
function unansweredCreate(prior: ResourceRecord | undefined, current: ManagedResource | undefined): boolean {
  const operation = prior?.pending?.operation;
  if (operation === "create") return prior!.id === undefined;
  if (operation !== "replace" || prior!.id === undefined) return false;
  const id = plainId(prior!.id);
  return (prior!.deposed ?? []).some((x) => plainId(x) === id) || current === undefined;
}

/** The ids the stack's records hold, current and deposed. */
function claimedIds(records: ReadonlyMap<string, ResourceRecord>): Set<string> {
  return new Set(
    [...records.values()].flatMap((r) => [...(r.id === undefined ? [] : [r.id]), ...(r.deposed ?? [])].map(plainId)),
  );
}

/** At most `size` tasks at once. */
class Semaphore {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
