import { mapConcurrent } from "../concurrency.js";
import type { ResourceDescriptor } from "../descriptor.js";
import { equal } from "./diff.js";
import { unknownKeys } from "../suggest.js";
import { providerFor, type ProviderSource } from "./providerSource.js";
import {
  READ_OPTIONS,
  type CallContext,
  type Ctor,
  type KindOps,
  type ProviderRuntime,
  type Values,
} from "./resource.js";

/** Objects read at once while finding: the same bound the lookups keep on the service. */
const READ_CONCURRENCY = 8;

/**
 * The state-input form of a lookup: every existing object of the kind whose state matches each field
 * given, compared as the diff compares (case-insensitive where the schema says, numbers read back as
 * strings); a map (tags) matches when it holds every given entry.
 */
export async function findResources<T>(
  cls: Ctor<T>,
  d: ResourceDescriptor,
  state: object,
  source: ProviderSource<ProviderRuntime>,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<T[]> {
  const filter = Object.entries(state).filter(([, v]) => v !== undefined);
  const unknown = filter.filter(([k]) => !Object.hasOwn(d.fields, k));
  const provider = providerFor(source, [
    ...unknown.map(([k]) => ({
      path: `${d.name}.${k}`,
      message: `${d.name}.${k} is not a field of ${d.name}, so it cannot filter`,
    })),
    ...unknownKeys(`${d.name}.find`, options, READ_OPTIONS),
  ]);
  const found = await findMatching(d, provider.kind(d), state as Values, { signal: options.signal });
  return found.map((o) => new cls(d, provider, o.id, o.state));
}

/** The existing objects of a kind whose state matches every field given, read. */
export async function findMatching(
  d: ResourceDescriptor,
  ops: KindOps,
  state: Values,
  ctx: CallContext,
): Promise<{ id: string; state: Values }[]> {
  const filter = Object.entries(state).filter(([, v]) => v !== undefined);
  const ids = await ops.list(state, ctx);
  const states = await mapConcurrent(ids, READ_CONCURRENCY, (id) => ops.read(id, ctx));
  return ids.flatMap((id, i) => {
    const current = states[i];
    return current && filter.every(([k, v]) => matches(d, k, v, current[k])) ? [{ id, state: current }] : [];
  });
}

function matches(d: ResourceDescriptor, field: string, wanted: unknown, current: unknown): boolean {
  const type = d.fields[field]!.type;
  if (type.kind !== "map") return equal(type, wanted, current);
  const have = (current ?? {}) as Values;
  return Object.entries(wanted as Values).every(([k, v]) => equal(type.values, v, have[k]));
}
