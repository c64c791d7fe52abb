import type { PackagePlan } from "../plan/planPackage.js";
import { docsTemplates } from "./docsTemplates.js";
import {
  errorsPage,
  indexPage,
  lookupPage,
  providerPage,
  resourcePage,
  stacksPage,
  testingPage,
  typePage,
  usedBy,
} from "./pages.js";
import { searchEntries, searchScript } from "./search.js";
import { ERRORS_PAGE, INDEX_PAGE, PROVIDER_PAGE, site, STACKS_PAGE, TESTING_PAGE } from "./site.js";

/** The docs site's folder inside a package; not in the package's `files`, so never published. */
export const DOCS_DIR = "docs";

/**
 * One file of the docs site: a template's page, its view computed on first use, or a file's text as it
 * is. A page of an entity may come with its `basis`: what its view is made of, as keys.
 */
export type DocFile = { readonly path: string } & (
  { readonly template: string; readonly view: () => object; readonly basis?: string } | { readonly text: string }
);

/**
 * The static docs site of one package, path (under the package folder) to text: an index with the
 * diagram of references, a page per resource, lookup and named type, the provider configuration, the
 * stylesheet, and the search script with its index. Touches no disk beyond reading the templates.
 */
export function emitDocs(plan: PackagePlan): Map<string, string> {
  return new Map(docFiles(plan).map((f) => [f.path, renderDoc(f)]));
}

/**
 * Every file of the site, sorted by path, its pages not yet rendered (a run renders only what changed).
 * Given the keys of the package's modules, each entity's page gets its basis: an entity's view is made
 * of its node and what its fields reach (its module's key), the names the package exports and the
 * modules' paths (the root's key), the provider (its module's key) and, for a type, the pages of what
 * uses it. So a run computes the views of changed pages only; test/generator/incremental.test.ts holds
 * every page so keyed to the page a fresh run writes.
 */
export function docFiles(
  plan: PackagePlan,
  moduleKeys?: ReadonlyMap<string, string>,
  /** Only these pages (a scoped run's), no other file. */
  only?: ReadonlySet<string>,
): DocFile[] {
  const s = site(plan);
  const out: DocFile[] = [];
  const wanted = (path: string) => !only || only.has(`${DOCS_DIR}/${path}`);
  const page = (path: string, template: string, view: () => object, basis?: () => string | undefined) => {
    if (!wanted(path)) return;
    const b = basis?.();
    out.push({ path: `${DOCS_DIR}/${path}`, template, view: once(view), ...(b !== undefined && { basis: b }) });
  };
  const shared = moduleKeys && `${moduleKeys.get(plan.indexPath)}\n${moduleKeys.get(plan.providerPath)}`;
  const basis = (module: string, more = "") => moduleKeys && `${moduleKeys.get(module)}\n${shared}${more}`;
  page(INDEX_PAGE, "index", () => indexPage(s));
  page(PROVIDER_PAGE, "provider", () => providerPage(s));
  page(STACKS_PAGE, "stacks", () => stacksPage(s));
  page(ERRORS_PAGE, "errors", () => errorsPage(s));
  if (plan.model.provider.package.testing) page(TESTING_PAGE, "testing", () => testingPage(s));
  for (const r of plan.model.resources)
    page(
      s.resourcePage.get(r.name)!,
      "resource",
      () => resourcePage(r, s),
      () => basis(s.resourcePlan.get(r.name)!.path),
    );
  for (const l of plan.model.lookups)
    page(
      s.lookupPage.get(l.name)!,
      "lookup",
      () => lookupPage(l, s),
      () => basis(s.lookupPlan.get(l.name)!.path),
    );
  let users: Map<string, string[]> | undefined;
  for (const ty of plan.model.types) {
    const used = () => (users ??= usedBy(s)).get(ty.name) ?? [];
    const module = plan.types.get(ty.name)!.path;
    page(
      s.typePage.get(ty.name)!,
      "type",
      () => typePage(ty, s, used()),
      () => basis(module, `\n${used().join("\n")}`),
    );
  }
  if (only) return out;
  for (const [name, text] of docsTemplates().assets) out.push({ path: `${DOCS_DIR}/assets/${name}`, text });
  out.push({ path: `${DOCS_DIR}/assets/search-index.js`, text: searchScript(searchEntries(s)) });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `f`, computed on the first call only. */
function once<T>(f: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: f() }).v;
}

export const renderDoc = (f: DocFile): string =>
  "text" in f ? f.text : docsTemplates().pages.get(f.template)!(f.view());

/**
 * What a file's text is a function of, given the templates (part of the generator's fingerprint): a
 * page's template and its basis, else its view. Views are plain data, which test/docs/views.test.ts
 * holds for every page of both providers and a synthetic one; checking each value here, with a JSON
 * replacer, was a third of a warm 2,000-entity run's docs stage.
 */
export const docKey = (f: DocFile): string =>
  "text" in f ? f.text : `${f.template}\n${f.basis ?? JSON.stringify(f.view())}`;
