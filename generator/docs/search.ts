import type { Lookup, NamedType, Resource } from "../model/types.js";
import { oncePer } from "../memo.js";
import { INDEX_PAGE, PROVIDER_PAGE, type Site } from "./site.js";

/** One searchable entity: name, kind, page (relative to docs/), and the anchors of its fields (`in-x`, `out-x`). */
export type SearchEntry = [name: string, kind: string, page: string, anchors: string[]];

const anchors = (prefix: string, fields: readonly { name: string }[]) => fields.map((f) => `${prefix}-${f.name}`);

export const resourceSearchEntry = (site: Site, r: Resource): SearchEntry => [
  r.name,
  "resource",
  site.resourcePage.get(r.name)!,
  [
    ...anchors(
      "in",
      r.fields.filter((f) => f.mode !== "output"),
    ),
    ...anchors(
      "out",
      r.fields.filter((f) => f.mode === "output"),
    ),
  ],
];

export const lookupSearchEntry = (site: Site, l: Lookup): SearchEntry => [
  l.name,
  "lookup",
  site.lookupPage.get(l.name)!,
  [...anchors("in", l.inputs), ...anchors("out", l.results)],
];

export const typeSearchEntry = (site: Site, t: NamedType): SearchEntry => [
  t.name,
  t.kind === "union" ? "union type" : "type",
  site.typePage.get(t.name)!,
  t.kind === "object" ? anchors("f", t.fields) : [],
];

/** Every entity and field name, as the search script reads them; computed once per site. */
export const searchEntries = oncePer((site: Site): SearchEntry[] => {
  const m = site.model;
  return [
    [m.provider.package.name, "package", INDEX_PAGE, []],
    ["Provider", "provider configuration", PROVIDER_PAGE, anchors("in", m.provider.config)],
    ...m.resources.map((r) => resourceSearchEntry(site, r)),
    ...m.lookups.map((l) => lookupSearchEntry(site, l)),
    ...m.types.map((t) => typeSearchEntry(site, t)),
  ];
});

/** The index as a script setting a global (file:// pages may load scripts, not fetch JSON); `<` escaped. */
export const searchScript = (entries: readonly SearchEntry[]): string =>
  `window.SDKGEN_SEARCH = ${JSON.stringify(entries).replace(/</g, "\\u003c")};\n`;
