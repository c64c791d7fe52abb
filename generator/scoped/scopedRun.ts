import { dirname, join } from "node:path";
import { hashText, type GenCache } from "../cache/genCache.js";
import { docFiles, docKey, DOCS_DIR, renderDoc, type DocFile } from "../docs/emitDocs.js";
import { searchScript } from "../docs/search.js";
import { INDEX_PAGE, pageOf, partSite } from "../docs/site.js";
import { packageTemplates } from "../emit/emitTemplates.js";
import { moduleJobs, moduleKeys, type KeyMemo, type ModuleJob } from "../emit/moduleKeys.js";
import type { KnownSources } from "../load/loadSchemas.js";
import type { SourceDoc } from "../load/sourceDoc.js";
import type { ModelMemo } from "../model/modelMemo.js";
import type { NodeDigests } from "../model/nodeDigests.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { earlier } from "../validate/scope.js";
import { contribution, ownModules, readsOf, type Entity } from "./contribution.js";
import { packageWide, replacedLines } from "./lines.js";
import { listProvider, sameKeys } from "./listing.js";
import { earlierModel, partModel, partOf, planned } from "./part.js";
import { fieldReach } from "./reach.js";
import { decodeRecord, entityRecord, type RunRecord } from "./runRecord.js";

/** What a run of one provider writes when only some of its resources and lookups changed. */
export interface ScopedWork {
  /** The plan of the part of the package the changed entities need (the worker renders its modules); none when nothing changed. */
  readonly plan?: PackagePlan;
  readonly modules: readonly ModuleJob[];
  /** Files the worker formats (the README). */
  readonly texts: ReadonlyMap<string, string>;
  /** Docs files, final. */
  readonly pages: ReadonlyMap<string, string>;
  /** The key of every file written, by path in the package. */
  readonly keys: ReadonlyMap<string, string>;
  /** Every file of the package, by path in it. */
  readonly all: readonly string[];
  readonly record: RunRecord;
}

export interface ScopedMemo {
  readonly sources: KnownSources;
  readonly model: ModelMemo;
  readonly keys: KeyMemo;
  /** Each provider's last record as this process made or read it, by its digest (a watch's next run needs no decoding). */
  readonly records: Map<string, { digest: string; record: RunRecord }>;
}

/** The record of the provider's last run, if the cache holds one. */
function lastRecord(provider: string, cache: GenCache, memo: ScopedMemo): RunRecord | undefined {
  const run = cache.run(provider);
  if (!run) return undefined;
  const kept = memo.records.get(provider);
  if (kept?.digest === run.digest) return kept.record;
  const text = run.text();
  if (text === undefined) return undefined;
  const record = decodeRecord(text);
  memo.records.set(provider, { digest: run.digest, record });
  return record;
}

/**
 * A provider's run, scoped to what its changed files affect, or undefined where that is not known to
 * give what a full run gives (the caller then runs in full). Scoped only when every changed file is a
 * resource or lookup whose contribution to the rest of the package (contribution.ts) is unchanged and
 * no file was added or removed; the caller checks that every other file is as the last run wrote it.
 * The part of the package loaded (part.ts) is the changed entities, the entities that reach the same
 * types (their usage decides the types' forms), those the README's examples are made of, those naming
 * hooks and the kinds referred to, and the types they reach: the changed entities' files then come
 * out as in a full run, and their lines in the index, search index and README replace the old ones
 * (lines.ts).
 */
export function scopedWork(
  schemaDir: string,
  provider: string,
  outDir: string,
  cache: GenCache,
  memo: ScopedMemo,
  hashed?: ReadonlyMap<string, string>,
): ScopedWork | undefined {
  const record = lastRecord(provider, cache, memo);
  if (record === undefined) return undefined;
  const root = dirname(schemaDir);
  const abs = (src: { file: string }) => join(root, src.file);
  if (dirname(record.dir) !== outDir) return undefined;
  const files = listProvider(join(schemaDir, provider), cache, memo.sources, hashed);
  if (!files || !sameKeys(files, record.files)) return undefined;
  const changed = Object.keys(files).filter((p) => files[p] !== record.files[p]);
  if (changed.some((p) => !record.entities[p])) return undefined;
  const all = cache.outputsUnder(record.dir);
  if (changed.length === 0) return nothingChanged(record, all);

  const part = partOf(record, Object.keys(files), changed, `${join(schemaDir, provider, "types")}/`);
  const earlierDocs = new Map<string, SourceDoc | undefined>();
  /** A changed document as the last run read it (the cache keeps its data), or undefined for one not changed. */
  const was = (src: SourceDoc): SourceDoc | undefined => {
    const path = abs(src);
    if (!changed.includes(path)) return undefined;
    if (!earlierDocs.has(path)) earlierDocs.set(path, earlier(cache, src, record.files[path]!));
    return earlierDocs.get(path) ?? src; // no earlier version: itself, which a contribution cannot tell apart
  };
  const now = partModel(schemaDir, provider, cache, memo, part, was);
  if (!now || [...earlierDocs.values()].includes(undefined)) return undefined;
  const before = earlierModel(now.index, was, cache, memo.model);
  const plans = before && planned(now.model, before);
  if (!plans) return undefined;
  const [plan, earlierPlan] = plans;
  const entityAt = (p: PackagePlan, path: string): Entity | undefined =>
    [...p.model.resources, ...p.model.lookups].find((e) => abs(e) === path);
  const edited: Entity[] = [];
  for (const path of changed) {
    const [after, prior] = [entityAt(plan, path), entityAt(earlierPlan, path)];
    if (!after || !prior || contribution(plan, after) !== contribution(earlierPlan, prior)) return undefined;
    if (!readAsInFull(plan, after, record, memo.keys.digests)) return undefined;
    edited.push(after);
  }
  return written(plan, record, edited, files, all, memo.keys, abs);
}

/** Nothing changed, and every file is as written: the run writes nothing. */
const nothingChanged = (record: RunRecord, all: readonly string[]): ScopedWork => ({
  modules: [],
  texts: new Map(),
  pages: new Map(),
  keys: new Map(),
  all,
  record,
});

/**
 * Whether the types and enums an entity's files read are those a full run reads: where a name is
 * declared more than once (an enum shared by name, a group's inline object), the model keeps the last
 * declaration, and the part may hold another than the whole package. Its own inline types apart.
 */
function readAsInFull(plan: PackagePlan, e: Entity, record: RunRecord, digests: NodeDigests): boolean {
  const m = plan.model;
  const { types, enums } = readsOf(m, e);
  const own = new Set(m.types.filter((t) => t.file === e.file).map((t) => t.name));
  const named = new Map<string, object>([...m.types.map((t) => [t.name, t] as const)]);
  const enumed = new Map<string, object>(m.enums.map((x) => [x.name, x]));
  return (
    types.every((n) => own.has(n) || digests.of(named.get(n)!) === record.digests[n]) &&
    enums.every((n) => digests.of(enumed.get(n)!) === record.digests[`enum:${n}`])
  );
}

/** The changed entities' modules and pages, and the index, search index and README with their lines replaced. */
function written(
  plan: PackagePlan,
  record: RunRecord,
  edited: readonly Entity[],
  files: Readonly<Record<string, string>>,
  all: readonly string[],
  memo: KeyMemo,
  pathOf: (e: Entity) => string,
): ScopedWork {
  const site = partSite(plan, packageWide(record));
  const own = new Set(edited.flatMap((e) => ownModules(plan, e)));
  const keyText = moduleKeys(plan, memo);
  const keys = new Map([...own].map((path) => [path, hashText(keyText.get(path)!)]));
  const basis = new Map([...keys, [plan.indexPath, record.keys.index], [plan.providerPath, record.keys.provider]]);
  const ownPages = new Set([...own].map((path) => `${DOCS_DIR}/${pageOf(path)}`));
  const pages = new Map<string, string>();
  const add = (file: DocFile) => {
    pages.set(file.path, renderDoc(file));
    keys.set(file.path, hashText(docKey(file)));
  };
  docFiles(plan, basis, ownPages).forEach(add);
  const lines = replacedLines(plan, site, record, edited);
  add({ path: `${DOCS_DIR}/${INDEX_PAGE}`, template: "index", view: () => lines.index });
  add({ path: `${DOCS_DIR}/assets/search-index.js`, text: searchScript(lines.search) });
  const readme = packageTemplates().get("README.md")!(lines.readme);
  keys.set("README.md", hashText(readme));
  const reach = fieldReach(plan.model);
  const entities = { ...record.entities };
  const digests = { ...record.digests };
  for (const e of edited) {
    entities[pathOf(e)] = entityRecord(e, reach);
    for (const t of plan.model.types) if (t.file === e.file) digests[t.name] = memo.digests.of(t);
  }
  return {
    plan,
    modules: moduleJobs(plan).filter((j) => own.has(j.path)),
    texts: new Map([["README.md", readme]]),
    pages,
    keys,
    all,
    record: { ...record, files, entities, digests, ...lines },
  };
}
