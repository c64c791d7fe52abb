import { entity, type ProviderIndex } from "../load/providerIndex.js";
import type { HookFile } from "../load/loadSchemas.js";
import type { SourceDoc } from "../load/sourceDoc.js";
import { enumDeclarations } from "./rules/enums.js";
import { walk } from "./rules/walk.js";
import { typeUsage } from "./typeUsage.js";

/** What a provider's last clean validation checked. */
interface CleanRun {
  readonly provider: SourceDoc | undefined;
  readonly types: readonly SourceDoc[];
  readonly hooks: readonly HookFile[];
  /** Resources, then lookups, in index order. */
  readonly entities: readonly SourceDoc[];
}

/**
 * What a long-lived process (the watch) keeps of each provider's last clean validation, so that a run
 * checks only the resources and lookups that changed since.
 *
 * Why that is sound: the checks of one document read that document, the provider's, the types and the
 * hook modules, and of the other resources and lookups only what `contribution` sums up: their names,
 * the enums they declare by name, and which forms of which types their fields reach. When the
 * provider's document, the types and the hooks are those of a clean run, the files are the same, and
 * each changed document passes the meta-schema and contributes what its earlier version did, every
 * other document would be checked exactly as in that run, and found clean. A scoped run that finds a
 * problem is done again in full (validateSchemas), so problems are reported as a fresh run reports them.
 */
export class ValidationMemo {
  /** Documents that passed the meta-schema. */
  readonly valid = new WeakSet<SourceDoc>();
  private readonly clean = new Map<string, CleanRun>();

  /** The resources and lookups to check, or undefined: check everything. */
  scope(index: ProviderIndex, valid: ReadonlySet<SourceDoc>): ReadonlySet<SourceDoc> | undefined {
    const last = this.clean.get(index.name);
    const entities = [...index.resources, ...index.lookups];
    const types = [...index.types.values()];
    if (
      !last ||
      last.provider !== index.provider ||
      !same(last.types, types) ||
      !sameHooks(last.hooks, [...index.hooks.values()]) ||
      last.entities.length !== entities.length
    )
      return undefined;
    const changed = new Set<SourceDoc>();
    for (const [i, src] of entities.entries()) {
      const before = last.entities[i]!;
      if (src === before) continue;
      if (src.file !== before.file || !valid.has(src)) return undefined;
      if (contribution(index, src, valid) !== contribution(index, before, valid)) return undefined;
      changed.add(src);
    }
    return changed;
  }

  /** Records a provider all of whose documents passed every check. */
  passed(index: ProviderIndex): void {
    this.clean.set(index.name, {
      provider: index.provider,
      types: [...index.types.values()],
      hooks: [...index.hooks.values()],
      entities: [...index.resources, ...index.lookups],
    });
  }
}

const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const sameHooks = (a: readonly HookFile[], b: readonly HookFile[]) =>
  a.length === b.length && a.every((h, i) => h.name === b[i]!.name && h.text === b[i]!.text);

/**
 * What the checks of other documents read of a resource or lookup: its name, the enums it declares by
 * name (in walk order), and the forms of the types its fields reach.
 */
function contribution(index: ProviderIndex, src: SourceDoc, valid: ReadonlySet<SourceDoc>): string {
  const isValid = (s: SourceDoc) => s === src || valid.has(s);
  const alone: ProviderIndex = {
    ...index,
    provider: undefined,
    resources: src.folder === "resources" ? [src] : [],
    lookups: src.folder === "lookups" ? [src] : [],
  };
  const usage = [...typeUsage(alone, isValid)].sort(([a], [b]) => (a < b ? -1 : 1));
  const types = [...index.types.values()].filter((t) => valid.has(t));
  const enums = enumDeclarations(walk(alone, new Set([src, ...types]), new Set([src])).specs);
  return JSON.stringify([entity(src).name, usage, enums]);
}
