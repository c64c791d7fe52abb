import { indexEntry } from "../docs/pages.js";
import { lookupSearchEntry, resourceSearchEntry, typeSearchEntry } from "../docs/search.js";
import type { PackageWide, Site } from "../docs/site.js";
import { readmeExamples, readmeLookupRow, readmeResourceRow } from "../emit/emitTemplates.js";
import type { PackagePlan } from "../plan/planPackage.js";
import type { Entity } from "./contribution.js";
import type { RunRecord } from "./runRecord.js";

// The lines every entity has in the docs index, the search index and the README, replaced for the
// entities a scoped run regenerates.

/** What pages read of the whole package, as the record has it (the search index lists every page). */
export function packageWide(record: RunRecord): PackageWide {
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
export function replacedLines(plan: PackagePlan, site: Site, record: RunRecord, edited: readonly Entity[]) {
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
