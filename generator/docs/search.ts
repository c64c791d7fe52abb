import { INDEX_PAGE, PROVIDER_PAGE, type Site } from "./site.js";

/** One searchable entity: name, kind, page (relative to docs/), and the anchors of its fields (`in-x`, `out-x`). */
export type SearchEntry = [name: string, kind: string, page: string, anchors: string[]];

const anchors = (prefix: string, fields: readonly { name: string }[]) => fields.map((f) => `${prefix}-${f.name}`);

/** Every entity and field name, as the search script reads them. */
export function searchEntries(site: Site): SearchEntry[] {
  const m = site.model;
  return [
    [m.provider.package.name, "package", INDEX_PAGE, []],
    ["Provider", "provider configuration", PROVIDER_PAGE, anchors("in", m.provider.config)],
    ...m.resources.map((r): SearchEntry => [
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
    ]),
    ...m.lookups.map((l): SearchEntry => [
      l.name,
      "lookup",
      site.lookupPage.get(l.name)!,
      [...anchors("in", l.inputs), ...anchors("out", l.results)],
    ]),
    ...m.types.map((t): SearchEntry => [
      t.name,
      t.kind === "union" ? "union type" : "type",
      site.typePage.get(t.name)!,
      t.kind === "object" ? anchors("f", t.fields) : [],
    ]),
  ];
}

/**
 * The index as a script that sets a global: a page opened from file:// may load a script but not
 * fetch a JSON file. `<` is escaped so no name can close the script element.
 */
export const searchScript = (site: Site): string =>
  `window.SDKGEN_SEARCH = ${JSON.stringify(searchEntries(site)).replace(/</g, "\\u003c")};\n`;
