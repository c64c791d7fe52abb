import type { GenCache } from "../cache/genCache.js";
import { loadSchemas } from "../load/loadSchemas.js";
import type { ProviderIndex } from "../load/providerIndex.js";
import type { SourceDoc } from "../load/sourceDoc.js";
import { buildModel } from "../model/buildModel.js";
import type { ModelMemo } from "../model/modelMemo.js";
import type { PackageModel } from "../model/types.js";
import { planPackage, type PackagePlan } from "../plan/planPackage.js";
import { contribution as checksContribution } from "../validate/scope.js";
import { validateSchemas } from "../validate/validateSchemas.js";
import { camel } from "../naming.js";
import type { RunRecord } from "./runRecord.js";
import type { ScopedMemo } from "./scopedRun.js";

// The part of a provider a scoped run loads, and its model before and after the edits.

/**
 * The files the changed entities need: of the resources and lookups, the changed ones, those that
 * reach a type a changed one reaches, those the README's examples are made of, those that name a hook
 * module (every module must be named), and the kinds any of them refers to; the files of the types
 * and field groups those and the provider's fields reach and include; and every other file
 * (provider.yaml, hook modules).
 */
export function partOf(
  record: RunRecord,
  files: readonly string[],
  changed: readonly string[],
  /** The provider's types/ folder, with a slash after it. */
  typesDir: string,
): Set<string> {
  const part = new Set<string>();
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
  // A type's file is named after it (validate/rules/entities.ts); one reached by none of these is not read.
  const needed = [...part].flatMap((p) => [...record.entities[p]!.reaches, ...record.entities[p]!.groups]);
  needed.push(...record.providerNeeds);
  const stems = new Set(needed.map(camel));
  const isNeeded = (path: string) =>
    !path.startsWith(typesDir) || stems.has(path.slice(typesDir.length, -".yaml".length));
  for (const path of files) if (!record.entities[path] && isNeeded(path)) part.add(path);
  return part;
}

/**
 * The part's model; undefined on any problem (a full run reports it). Only the changed documents are
 * checked, where each contributes to the others' checks what its earlier version did (as
 * validate/scope.ts argues: the others passed with it); else every document of the part.
 */
export function partModel(
  schemaDir: string,
  provider: string,
  cache: GenCache,
  memo: ScopedMemo,
  part: ReadonlySet<string>,
  was: (src: SourceDoc) => SourceDoc | undefined,
) {
  const loaded = loadSchemas(schemaDir, { cache, only: provider, known: memo.sources, include: part });
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
export function earlierModel(
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

/** Both models planned, or undefined on a naming problem (a full run reports it). */
export function planned(now: PackageModel, before: PackageModel): [PackagePlan, PackagePlan] | undefined {
  const a = planPackage(now);
  const b = planPackage(before);
  return a.diagnostics.length === 0 && b.diagnostics.length === 0 ? [a.plan, b.plan] : undefined;
}
