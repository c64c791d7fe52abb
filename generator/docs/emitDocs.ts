import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { repoRoot } from "../repoPackages.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { escape } from "./html.js";
import { indexPage, lookupPage, providerPage, resourcePage, typePage, usedBy } from "./pages.js";
import { searchScript } from "./search.js";
import { INDEX_PAGE, PROVIDER_PAGE, site } from "./site.js";

/** The docs site's folder inside a package; not in the package's `files`, so never published. */
export const DOCS_DIR = "docs";

type Render = (view: object) => string;
interface Templates {
  readonly pages: ReadonlyMap<string, Render>;
  /** Files copied as they are (stylesheet, search script), by name. */
  readonly assets: ReadonlyMap<string, string>;
}

let loaded: Templates | undefined;

/** templates/docs/*.hbs compiled once: `layout` and `fields` as partials, the others as pages. */
function templates(): Templates {
  if (loaded) return loaded;
  const dir = join(repoRoot(), "templates", "docs");
  const hb = Handlebars.create();
  // Code as written: only what HTML needs escaped (Handlebars' own escaping also rewrites `=` and backquotes).
  hb.registerHelper("esc", (text: string) => new hb.SafeString(escape(text)));
  const pages = new Map<string, Render>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".hbs"))
    .sort()) {
    const name = file.replace(/\.hbs$/, "");
    const text = readFileSync(join(dir, file), "utf8");
    if (name === "layout" || name === "fields") hb.registerPartial(name, text);
    else pages.set(name, hb.compile(text, { strict: true }));
  }
  const assetDir = join(dir, "assets");
  const assets = new Map(
    readdirSync(assetDir)
      .sort()
      .map((f) => [f, readFileSync(join(assetDir, f), "utf8")]),
  );
  return (loaded = { pages, assets });
}

/**
 * The static docs site of one package, path (under the package folder) to text: an index with the
 * diagram of references, a page per resource, lookup and named type, the provider configuration, the
 * stylesheet, and the search script with its index. Touches no disk beyond reading the templates.
 */
export function emitDocs(plan: PackagePlan): Map<string, string> {
  const t = templates();
  const s = site(plan);
  const page = (name: string) => t.pages.get(name)!;
  const out = new Map<string, string>();
  const put = (path: string, text: string) => out.set(`${DOCS_DIR}/${path}`, text);
  put(INDEX_PAGE, page("index")(indexPage(s)));
  put(PROVIDER_PAGE, page("provider")(providerPage(s)));
  for (const r of plan.model.resources) put(s.resourcePage.get(r.name)!, page("resource")(resourcePage(r, s)));
  for (const l of plan.model.lookups) put(s.lookupPage.get(l.name)!, page("lookup")(lookupPage(l, s)));
  const users = usedBy(s);
  for (const ty of plan.model.types)
    put(s.typePage.get(ty.name)!, page("type")(typePage(ty, s, users.get(ty.name) ?? [])));
  for (const [name, text] of t.assets) put(`assets/${name}`, text);
  put("assets/search-index.js", searchScript(s));
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
