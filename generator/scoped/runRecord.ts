import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { indexPage, type IndexView } from "../docs/pages.js";
import { searchEntries, type SearchEntry } from "../docs/search.js";
import { site } from "../docs/site.js";
import { packageView, type PackageView } from "../emit/emitTemplates.js";
import type { PackagePlan } from "../plan/planPackage.js";
import type { NodeDigests } from "../model/nodeDigests.js";
import type { PackageModel } from "../model/types.js";
import { fieldsOf, showcasedNames, type Entity } from "./contribution.js";
import { fieldReach } from "./reach.js";

/**
 * What a scoped run (scopedRun.ts) needs of a provider's last run: which schema files it read, what
 * each resource and lookup reaches, and the views of the files every entity has a line in (the docs
 * index, the search index, the README), so that one entity's line can be replaced without the others'
 * models. Kept in the cache with the outputs it describes.
 */
export interface RunRecord {
  /** The package's folder. */
  readonly dir: string;
  /** Every file of the provider's folder the run read (schemas, hooks), by absolute path: its content hash. */
  readonly files: Readonly<Record<string, string>>;
  /** Each resource and lookup, by its schema file's absolute path. */
  readonly entities: Readonly<Record<string, EntityRecord>>;
  /** The entities the README's examples are made of: a scoped run loads them, and makes the examples again. */
  readonly showcased: readonly string[];
  /** The named types and field groups the provider's config and functions reach and include (a part loads their files). */
  readonly providerNeeds: readonly string[];
  /** The module keys every page's basis holds besides its own (emitDocs.ts, docFiles). */
  readonly keys: { readonly index: string; readonly provider: string };
  /** Every name the package exports. */
  readonly names: { readonly values: readonly string[]; readonly types: readonly string[] };
  /** The digest of each named type (as marked with its usage) and each enum (`enum:<name>`) of the model. */
  readonly digests: Readonly<Record<string, string>>;
  readonly index: IndexView;
  readonly readme: PackageView;
  readonly search: readonly SearchEntry[];
}

export interface EntityRecord {
  readonly name: string;
  /** The named types its fields reach, through one another. */
  readonly reaches: readonly string[];
  /** The field groups it and those types include: with them, the type files a part loads for it. */
  readonly groups: readonly string[];
  /** The kinds of resource its fields refer to (`references`). */
  readonly refers: readonly string[];
  /** Whether it names a hook module (which a run refuses where no kind names it). */
  readonly hooked: boolean;
}

/**
 * The record of a run that generated `plan` into `dir` from `files`. Every view is the object the run
 * rendered, so the record costs no work of its own but the walk of each entity's reach.
 */
export function recordRun(
  plan: PackagePlan,
  schemaDir: string,
  dir: string,
  files: Readonly<Record<string, string>>,
  keys: ReadonlyMap<string, string>,
  digests: NodeDigests,
): RunRecord {
  const m = plan.model;
  const s = site(plan);
  const reach = fieldReach(m);
  const root = join(schemaDir, "..");
  const entities: Record<string, EntityRecord> = {};
  for (const e of [...m.resources, ...m.lookups]) {
    entities[join(root, e.file)] = entityRecord(e, reach);
  }
  return {
    dir,
    files,
    entities,
    showcased: showcasedNames(m),
    providerNeeds: providerNeeds(m, reach),
    keys: { index: keys.get(plan.indexPath)!, provider: keys.get(plan.providerPath)! },
    names: { values: [...s.names.values], types: [...s.names.types] },
    digests: Object.fromEntries([
      ...m.types.map((t) => [t.name, digests.of(t)]),
      ...m.enums.map((e) => [`enum:${e.name}`, digests.of(e)]),
    ]),
    index: indexPage(s),
    readme: packageView(plan),
    search: searchEntries(s),
  };
}

type FieldReach = ReturnType<typeof fieldReach>;

function providerNeeds(m: PackageModel, reach: FieldReach): string[] {
  const { reaches, groups } = reach([
    ...m.provider.config,
    ...m.provider.functions.flatMap((f) => [...f.inputs, ...f.outputs]),
  ]);
  return [...reaches, ...groups];
}

export function entityRecord(e: Entity, reach: FieldReach): EntityRecord {
  const fields = fieldsOf(e);
  const { reaches, groups } = reach(fields);
  return {
    name: e.name,
    reaches,
    groups,
    refers: [...new Set(fields.flatMap((f) => f.references ?? []))].sort(),
    hooked: e.hooks !== undefined,
  };
}

/**
 * JSON, but for the views, which go structured-clone encoded: a property set to undefined must stay
 * one (the templates are strict, and a missing property is an error where an undefined one is not).
 */
export function encodeRecord(record: RunRecord): string {
  const { index, readme, ...rest } = record;
  return JSON.stringify({ ...rest, views: serialize({ index, readme }).toString("base64") });
}

export function decodeRecord(text: string): RunRecord {
  const { views, ...rest } = JSON.parse(text) as Omit<RunRecord, "index" | "readme"> & { views: string };
  return { ...rest, ...(deserialize(Buffer.from(views, "base64")) as Pick<RunRecord, "index" | "readme">) };
}
