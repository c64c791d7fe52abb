import { hashText, type GenCache } from "../cache/genCache.js";
import { entity, type ProviderIndex } from "../load/providerIndex.js";
import { lazySource, type SourceDoc } from "../load/sourceDoc.js";
import { enumDeclarations } from "./rules/enums.js";
import { walk } from "./rules/walk.js";
import { typeUsage } from "./typeUsage.js";

/** What a provider's last clean validation checked: its documents by file and content hash. */
export interface CleanRun {
  readonly provider: string | undefined;
  /** Each type as `<file> <hash>`, in index order. */
  readonly types: readonly string[];
  /** A digest of the hook modules' names and texts. */
  readonly hooks: string;
  /** Resources, then lookups, in index order. */
  readonly entities: readonly (readonly [file: string, hash: string])[];
}

/**
 * What a provider's last clean validation checked, kept between a watch's runs and in the cache
 * between processes, so that a run checks only the resources and lookups that changed since.
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
  /** The documents of each provider's last clean run, by content hash (a watch's; a new process reads the cache). */
  private readonly docs = new Map<string, ReadonlyMap<string, SourceDoc>>();

  /** Whether a clean run of the provider is known (this session's or the cache's), to scope its checks by. */
  knows(provider: string, cache?: GenCache): boolean {
    return this.lastClean(provider, cache) !== undefined;
  }

  /** The resources and lookups to check, or undefined: check everything. */
  scope(index: ProviderIndex, valid: ReadonlySet<SourceDoc>, cache?: GenCache): ReadonlySet<SourceDoc> | undefined {
    const last = this.lastClean(index.name, cache);
    const now = cleanRun(index);
    if (
      !last ||
      last.provider !== now.provider ||
      last.hooks !== now.hooks ||
      last.types.join("\n") !== now.types.join("\n") ||
      last.entities.length !== now.entities.length
    )
      return undefined;
    const docs = this.docs.get(index.name);
    const changed = new Set<SourceDoc>();
    for (const [i, src] of [...index.resources, ...index.lookups].entries()) {
      const [file, hash] = last.entities[i]!;
      if (src.hash === hash && src.file === file) continue;
      const before = docs?.get(hash) ?? earlier(cache, src, hash);
      if (src.file !== file || !valid.has(src) || !before) return undefined;
      if (contribution(index, src, valid) !== contribution(index, before, valid)) return undefined;
      changed.add(src);
    }
    return changed;
  }

  private lastClean(provider: string, cache?: GenCache): CleanRun | undefined {
    return this.clean.get(provider) ?? cache?.cleanRun(provider);
  }

  /** Records a provider all of whose documents passed every check. */
  passed(index: ProviderIndex, cache?: GenCache): void {
    const run = cleanRun(index);
    this.clean.set(index.name, run);
    this.docs.set(index.name, new Map([...index.resources, ...index.lookups].map((d) => [d.hash, d])));
    cache?.keepCleanRun(index.name, run);
  }
}

function cleanRun(index: ProviderIndex): CleanRun {
  return {
    provider: index.provider?.hash,
    types: [...index.types.values()].map((t) => `${t.file} ${t.hash}`),
    hooks: hashText(JSON.stringify([...index.hooks.values()].map((h) => [h.name, h.text]))),
    entities: [...index.resources, ...index.lookups].map((d) => [d.file, d.hash]),
  };
}

/** The earlier version of a document, from the data the cache kept of it (valid then: its run was clean). */
export function earlier(cache: GenCache | undefined, now: SourceDoc, hash: string): SourceDoc | undefined {
  const kept = cache?.source(hash);
  if (!kept) return undefined;
  const text = () => {
    throw new Error(`the earlier version of ${now.file} has no text: only its data is kept`);
  };
  return lazySource(
    text,
    { file: now.file, provider: now.provider, folder: now.folder, stem: now.stem, hash },
    kept.data,
    true,
    kept.outline,
  );
}

/**
 * What the checks of other documents read of a resource or lookup: its name, the enums it declares by
 * name (in walk order), and the forms of the types its fields reach.
 */
export function contribution(index: ProviderIndex, src: SourceDoc, valid: ReadonlySet<SourceDoc>): string {
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
