import { moduleJobs, partOf } from "../plan/modules.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { docsTemplates } from "./docsTemplates.js";
import * as pages from "./pages.js";
import { searchEntries, searchScript } from "./search.js";
import { PAGE, partSite, site, type PackageWide, type Site } from "./site.js";

/** The docs site's folder inside a package; not in the package's `files`, so never published. */
export const DOCS_DIR = "docs";

/** All a page is made of: its part of the plan, what it may read of the whole package, and (a type's) its users. */
export interface PageInput {
  readonly plan: PackagePlan;
  readonly wide: PackageWide;
  readonly name?: string;
  readonly used?: readonly string[];
}

/** Each page's view, of the site of its part of the plan (a type's page also of its users). */
const VIEWS = {
  index: pages.indexPage,
  provider: pages.providerPage,
  stacks: pages.stacksPage,
  errors: pages.errorsPage,
  testing: pages.testingPage,
  resource: (s: Site, { name }: PageInput) => pages.resourcePage(s.resourcePlan.get(name!)!.entity, s),
  lookup: (s: Site, { name }: PageInput) => pages.lookupPage(s.lookupPlan.get(name!)!.entity, s),
  type: (s: Site, { name, used }: PageInput) => pages.typePage(s.plan.types.get(name!)!.entity, s, used ?? []),
} satisfies Record<string, (site: Site, input: PageInput) => object>;
type Page = keyof typeof VIEWS | "search";

/** A docs file: a text as it is, or a page rendered from its `input` alone (unchanged input, unchanged page). */
export type DocFile = { readonly path: string } & (
  { readonly text: string } | { readonly page: Page; readonly input: PageInput }
);

/** The static docs site of one package, path to text; reads only the templates from disk. */
export function emitDocs(plan: PackagePlan): Map<string, string> {
  return new Map(docFiles(plan).map((f) => [f.path, renderDoc(f)]));
}

/** Every file of the site, sorted by path, pages not yet rendered (a run renders only those whose input changed). */
export function docFiles(plan: PackagePlan): DocFile[] {
  const s = site(plan);
  const { resourcePage, lookupPage, typePage, names } = s;
  const wide: PackageWide = { resourcePage, lookupPage, typePage, names };
  const out: DocFile[] = [];
  const page = (path: string, page: Page, input: Omit<PageInput, "wide">) =>
    out.push({ path: `${DOCS_DIR}/${path}`, page, input: { ...input, wide } });
  page(PAGE.index, "index", { plan });
  page("assets/search-index.js", "search", { plan });
  // Made of the provider alone, not of any entity, so that no entity's edit renders them again.
  const provider = partOf(plan, { path: plan.providerPath, kind: "provider" });
  page(PAGE.provider, "provider", { plan: provider });
  page(PAGE.stacks, "stacks", { plan: provider });
  page(PAGE.errors, "errors", { plan: provider });
  if (plan.model.provider.package.testing) page(PAGE.testing, "testing", { plan: provider });
  const users = pages.usedBy(s);
  for (const job of moduleJobs(plan)) {
    const name = job.name!;
    const input = { name, plan: partOf(plan, job) };
    if (job.kind === "resource") page(s.resourcePage.get(name)!, "resource", input);
    else if (job.kind === "lookup") page(s.lookupPage.get(name)!, "lookup", input);
    else if (job.kind === "type") page(s.typePage.get(name)!, "type", { ...input, used: users.get(name) ?? [] });
  }
  for (const [name, text] of docsTemplates().assets) out.push({ path: `${DOCS_DIR}/assets/${name}`, text });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A file's text, made of its input alone. */
export function renderDoc(f: DocFile): string {
  if ("text" in f) return f.text;
  if (f.page === "search") return searchScript(searchEntries(partSite(f.input.plan, f.input.wide)));
  return docsTemplates().pages.get(f.page)!(pageView(f)!);
}

/** The view a page's template renders (none for a file that is no template's). */
export const pageView = (f: DocFile): object | undefined =>
  "text" in f || f.page === "search" ? undefined : VIEWS[f.page](partSite(f.input.plan, f.input.wide), f.input);
