import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileTemplate, createHandlebars } from "../describe/handlebars.js";
import { repoRoot } from "../repoPackages.js";
import { highlightTs } from "./highlight.js";

type Render = (view: object) => string;
let loaded: { readonly pages: ReadonlyMap<string, Render>; readonly assets: ReadonlyMap<string, string> } | undefined;

const PARTIALS = new Set(["layout", "fields", "wire", "indexRow"]);

/** templates/docs/*.hbs compiled once: the partials, and the others by name (pages, and the index's rows). */
export function docsTemplates() {
  if (loaded) return loaded;
  const dir = join(repoRoot(), "templates", "docs");
  const hb = createHandlebars();
  // Examples highlighted as rendered, escaped only where HTML needs it (Handlebars' escaping rewrites `=` too).
  hb.registerHelper("ts", (text: string) => new hb.SafeString(highlightTs(text)));
  const pages = new Map<string, Render>();
  const files = readdirSync(dir).filter((f) => f.endsWith(".hbs"));
  for (const file of files.sort()) {
    const name = file.replace(/\.hbs$/, "");
    const template = compileTemplate(hb, join(dir, file), { strict: true });
    if (PARTIALS.has(name)) hb.registerPartial(name, template);
    else pages.set(name, template);
  }
  const assetDir = join(dir, "assets");
  const assets = new Map(
    readdirSync(assetDir)
      .sort()
      .map((f) => [f, readFileSync(join(assetDir, f), "utf8")]),
  );
  return (loaded = { pages, assets });
}
