import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { hashText, type GenCache } from "../cache/genCache.js";
import { docFiles, docKey, DOCS_DIR, renderDoc, type DocFile } from "../docs/emitDocs.js";
import { indexEntry } from "../docs/pages.js";
import { lookupSearchEntry, resourceSearchEntry, searchScript, typeSearchEntry } from "../docs/search.js";
import { INDEX_PAGE, partSite, type PackageWide, type Site } from "../docs/site.js";
import { packageTemplates, readmeExamples, readmeLookupRow, readmeResourceRow } from "../emit/emitTemplates.js";
import { moduleJobs, moduleKeys, type ModuleJob } from "../emit/moduleKeys.js";
import { loadSchemas, type KnownSources } from "../load/loadSchemas.js";
import type { ProviderIndex } from "../load/providerIndex.js";
import type { SourceDoc } from "../load/sourceDoc.js";
import { buildModel } from "../model/buildModel.js";
import type { ModelMemo } from "../model/modelMemo.js";
import type { NodeDigests } from "../model/nodeDigests.js";
import type { PackageModel } from "../model/types.js";
import { planPackage, type PackagePlan } from "../plan/planPackage.js";
import type { KeyMemo } from "../emit/moduleKeys.js";
import { validateSchemas } from "../validate/validateSchemas.js";
import { contribution as checksContribution, earlier } from "../validate/scope.js";
import { contribution, ownModules, readsOf, type Entity } from "./contribution.js";
import { reacher } from "./reach.js";
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
 * no file was added or removed (the caller checks that every other file is as the last run wrote it). The part of the
 * package loaded is the changed entities, the types, the entities that reach the same types (their
 * usage decides the types' forms) and the kinds referred to: the changed entities' files then come
 * out as in a full run, and their lines in the index, search index and README replace the old ones.
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

  const part = partOf(record, Object.keys(files), changed);
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

/** The provider's schema files and hooks, by absolute path, with their content hashes; undefined for a file a run would refuse. */
function listProvider(
  dir: string,
  cache: GenCache,
  known: KnownSources,
  hashed: ReadonlyMap<string, string> = new Map(),
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  // A file whose signature the cache or the session knows is not read; one that is, is recorded.
  const hash = (path: string) => {
    const listed = hashed.get(path);
    if (listed !== undefined) return listed;
    const stat = statSync(path);
    const kept = known.hashOf(path, stat) ?? cache.schemaHash(path, stat);
    if (kept !== undefined) return kept;
    const read = hashText(readFileSync(path, "utf8"));
    known.keepHash(path, stat, read);
    cache.keepSchema(path, stat, read);
    return read;
  };
  // Paths joined by hand: path.join normalizes each one, a fifth of this function's time.
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      const hooks = entry.name === "hooks";
      if (!hooks && !["resources", "lookups", "types"].includes(entry.name)) return undefined;
      for (const file of readdirSync(path, { withFileTypes: true })) {
        if (!file.isFile() || !(hooks ? /^[a-z][A-Za-z0-9]*\.ts$/ : /\.yaml$/).test(file.name)) return undefined;
        const p = `${path}/${file.name}`;
        out[p] = hooks ? hashText(readFileSync(p, "utf8")) : hash(p);
      }
    } else if (entry.name === "provider.yaml") out[path] = hash(path);
    else if (/\.ya?ml$/.test(entry.name) || entry.isSymbolicLink()) return undefined;
  }
  return out;
}

const sameKeys = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b);
};

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
 * The files the changed entities need: every file but the other resources and lookups, and of those,
 * the ones that reach a type a changed one reaches, those the README's examples are made of, those
 * that name a hook module (every module must be named), and the kinds any of them refers to.
 */
function partOf(record: RunRecord, files: readonly string[], changed: readonly string[]): Set<string> {
  const part = new Set(files.filter((p) => !record.entities[p]));
  const reached = new Set(changed.flatMap((p) => record.entities[p]!.reaches));
  const byName = new Map(Object.entries(record.entities).map(([path, e]) => [e.name, path]));
  const showcased = new Set(record.showcased);
  const add = (path: string): void => {
    if (part.has(path)) return;
    part.add(path);
    for (const kind of record.entities[path]!.refers) {
      const to = byName.get(kind);
      if (to) add(to);
    }
  };
  changed.forEach(add);
  for (const [path, e] of Object.entries(record.entities))
    if (e.hooked || showcased.has(e.name) || e.reaches.some((t) => reached.has(t))) add(path);
  return part;
}

/**
 * The part's model; undefined on any problem (a full run reports it). Only the changed documents are
 * checked, where each contributes to the others' checks what its earlier version did (as
 * validate/scope.ts argues: the others passed with it); else every document of the part.
 */
function partModel(
  schemaDir: string,
  provider: string,
  cache: GenCache,
  memo: ScopedMemo,
  part: ReadonlySet<string>,
  was: (src: SourceDoc) => SourceDoc | undefined,
) {
  const loaded = loadSchemas(schemaDir, cache, provider, memo.sources, part);
  if (loaded.diagnostics.length > 0) return undefined;
  const scope = (index: ProviderIndex, valid: ReadonlySet<SourceDoc>) => {
    const changed = [...index.resources, ...index.lookups].filter((src) => was(src));
    const same = (src: SourceDoc) =>
      valid.has(src) && checksContribution(index, src, valid) === checksContribution(index, was(src)!, valid);
    return changed.every(same) ? new Set(changed) : undefined;
  };
  // No validation memo: what it keeps is of whole providers.
  const checked = validateSchemas(loaded.sources, cache, loaded.hooks, undefined, loaded.unread, scope);
  for (const src of loaded.sources) cache.keepSource(src.hash, checked.valid.has(src), src.outline, () => src.data);
  if (checked.diagnostics.length > 0) return undefined;
  const index = checked.providers[0]!;
  return { index, model: buildModel(index, memo.model, cache) };
}

/** The part's model as it was before the edits: each changed document as the cache kept it. */
function earlierModel(
  index: ProviderIndex,
  was: (src: SourceDoc) => SourceDoc | undefined,
  cache: GenCache,
  memo: ModelMemo,
): PackageModel | undefined {
  const before = (src: SourceDoc) => was(src) ?? src;
  try {
    return buildModel(
      { ...index, resources: index.resources.map(before), lookups: index.lookups.map(before) },
      memo,
      cache,
    );
  } catch {
    // A slice the cache no longer holds would be built from the earlier text, which is not kept.
    return undefined;
  }
}

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

function planned(now: PackageModel, before: PackageModel): [PackagePlan, PackagePlan] | undefined {
  const a = planPackage(now);
  const b = planPackage(before);
  return a.diagnostics.length === 0 && b.diagnostics.length === 0 ? [a.plan, b.plan] : undefined;
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
  const pageOf = (path: string) => `${DOCS_DIR}/${path.replace(/^src\//, "").replace(/\.ts$/, ".html")}`;
  const ownPages = new Set([...own].map(pageOf));
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
  const reach = reacher(plan.model);
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

/** What pages read of the whole package, as the record has it (the search index lists every page). */
function packageWide(record: RunRecord): PackageWide {
  const pages = (...kinds: string[]) =>
    new Map(record.search.filter(([, kind]) => kinds.includes(kind)).map(([name, , page]) => [name, page]));
  return {
    resourcePage: pages("resource"),
    lookupPage: pages("lookup"),
    typePage: pages("type", "union type"),
    names: { values: new Set(record.names.values), types: new Set(record.names.types) },
  };
}

/** The record's views with each edited entity's lines (and those of the types its document declares) made again. */
function replacedLines(plan: PackagePlan, site: Site, record: RunRecord, edited: readonly Entity[]) {
  const index = {
    ...record.index,
    resources: [...record.index.resources],
    lookups: [...record.index.lookups],
    types: [...record.index.types],
  };
  // The part holds the entities the examples are made of, and chooses them as the whole package does.
  const readme = {
    ...record.readme,
    quick: readmeExamples(plan.model, site),
    resources: [...record.readme.resources],
    lookups: [...record.readme.lookups],
  };
  const search = [...record.search];
  // The search index lists the package, the provider, then resources, lookups and types, as the other views do.
  const resources = record.readme.resources.length;
  const lookups = record.readme.lookups.length;
  const at = (name: string, from: number) => search.findIndex(([n], i) => i >= from && n === name);
  for (const e of edited) {
    if ("fields" in e) {
      const i = at(e.name, 2) - 2;
      index.resources[i] = indexEntry(site.resourcePage.get(e.name)!, e.name, e.description, e.deprecated);
      readme.resources[i] = readmeResourceRow(site, e);
      search[2 + i] = resourceSearchEntry(site, e);
    } else {
      const i = at(e.name, 2 + resources) - 2 - resources;
      index.lookups[i] = indexEntry(site.lookupPage.get(e.name)!, e.name, e.description, e.deprecated);
      readme.lookups[i] = readmeLookupRow(site, e);
      search[2 + resources + i] = lookupSearchEntry(site, e);
    }
    for (const t of [...plan.types.values()].filter((t) => t.entity.file === e.file)) {
      const j = at(t.entity.name, 2 + resources + lookups);
      index.types[j - 2 - resources - lookups] = indexEntry(
        site.typePage.get(t.entity.name)!,
        t.entity.name,
        t.entity.description,
      );
      search[j] = typeSearchEntry(site, t.entity);
    }
  }
  return { index, readme, search };
}
