import type { Field } from "../model/types.js";
import { oncePer } from "../memo.js";
import { PAGE, type Site } from "./site.js";

/** One searchable entity: name, kind, page (relative to docs/), and the anchors of its fields (`in-x`, `out-x`). */
type SearchEntry = [name: string, kind: string, page: string, anchors: string[]];

const anchors = (prefix: string, fields: readonly { name: string }[]) => fields.map((f) => `${prefix}-${f.name}`);
const isInput = (f: Field) => f.mode !== "output";
const isOutput = (f: Field) => f.mode === "output";

/** Every entity and field name, as the search script reads them; computed once per site. */
export const searchEntries = oncePer((site: Site): SearchEntry[] => {
  const m = site.model;
  return [
    [m.provider.package.name, "package", PAGE.index, []],
    ["Provider", "provider configuration", PAGE.provider, anchors("in", m.provider.config)],
    ...m.resources.map((r): SearchEntry => {
      const fields = [...anchors("in", r.fields.filter(isInput)), ...anchors("out", r.fields.filter(isOutput))];
      return [r.name, "resource", site.resourcePage.get(r.name)!, fields];
    }),
    ...m.lookups.map((l): SearchEntry => {
      const fields = [...anchors("in", l.inputs), ...anchors("out", l.results)];
      return [l.name, "lookup", site.lookupPage.get(l.name)!, fields];
    }),
    ...m.types.map((t): SearchEntry => {
      const kind = t.kind === "union" ? "union type" : "type";
      return [t.name, kind, site.typePage.get(t.name)!, t.kind === "object" ? anchors("f", t.fields) : []];
    }),
  ];
});

/** The index as a script setting a global (file:// pages may load scripts, not fetch JSON); `<` escaped. */
export const searchScript = (entries: readonly SearchEntry[]): string =>
  `window.SDKGEN_SEARCH = ${JSON.stringify(entries).replace(/</g, "\\u003c")};\n`;
