import { moduleInput, moduleJobs, type ModuleJob } from "../plan/modules.js";
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
import {
  ERRORS_PAGE,
  INDEX_PAGE,
  partSite,
  PROVIDER_PAGE,
  site,
  STACKS_PAGE,
  TESTING_PAGE,
  type PackageWide,
  type Site,
} from "./site.js";

/** The docs site's folder inside a package; not in the package's `files`, so never published. */
export const DOCS_DIR = "docs";

/** What a page of one entity is made of: its module's input (moduleInput), what it may read of the whole package, and (a type's) what uses it. */
export interface EntityPageInput {
  readonly name: string;
  readonly plan: PackagePlan;
  readonly wide: PackageWide;
  readonly used?: readonly string[];
}

/**
 * One file of the docs site: a file's text as it is, or a page and all it is made of (`input`). A
 * page is rendered from its input alone (renderDoc), so a page whose input is unchanged is unchanged.
 */
export type DocFile = { readonly path: string } & (
  | { readonly text: string }
  | { readonly page: WholePage; readonly input: PackagePlan }
  | { readonly page: EntityPage; readonly input: EntityPageInput }
);

/** Each page of the whole package: its view from the package's site. */
const WHOLE_PAGES = {
  index: indexPage,
  provider: providerPage,
  stacks: stacksPage,
  errors: errorsPage,
  testing: testingPage,
} satisfies Record<string, (site: Site) => object>;
type WholePage = keyof typeof WHOLE_PAGES | "search";

/** Each page of one entity: its view from its input. */
const ENTITY_PAGES = {
  resource: ({ name, plan, wide }: EntityPageInput) =>
    resourcePage(
      plan.model.resources.find((r) => r.name === name)!,
      partSite(plan, wide),
    ),
  lookup: ({ name, plan, wide }: EntityPageInput) =>
    lookupPage(
      plan.model.lookups.find((l) => l.name === name)!,
      partSite(plan, wide),
    ),
  type: ({ name, plan, wide, used }: EntityPageInput) =>
    typePage(plan.types.get(name)!.entity, partSite(plan, wide), used ?? []),
} satisfies Record<string, (input: EntityPageInput) => object>;
type EntityPage = keyof typeof ENTITY_PAGES;

/**
 * The static docs site of one package, path (under the package folder) to text: an index with the
 * diagram of references, a page per resource, lookup and named type, the provider configuration, the
 * stylesheet, and the search script with its index. Touches no disk beyond reading the templates.
 */
export function emitDocs(plan: PackagePlan): Map<string, string> {
  return new Map(docFiles(plan).map((f) => [f.path, renderDoc(f)]));
}

/** Every file of the site, sorted by path, its pages not yet rendered (a run renders only those whose input changed). */
export function docFiles(plan: PackagePlan): DocFile[] {
  const s = site(plan);
  const wide: PackageWide = {
    resourcePage: s.resourcePage,
    lookupPage: s.lookupPage,
    typePage: s.typePage,
    names: s.names,
  };
  const out: DocFile[] = [];
  const whole = (path: string, page: WholePage) => out.push({ path: `${DOCS_DIR}/${path}`, page, input: plan });
  whole(INDEX_PAGE, "index");
  whole(PROVIDER_PAGE, "provider");
  whole(STACKS_PAGE, "stacks");
  whole(ERRORS_PAGE, "errors");
  if (plan.model.provider.package.testing) whole(TESTING_PAGE, "testing");
  whole("assets/search-index.js", "search");
  const entity = (path: string, page: EntityPage, job: ModuleJob, used?: readonly string[]) =>
    out.push({
      path: `${DOCS_DIR}/${path}`,
      page,
      input: { name: job.name!, plan: moduleInput(plan, job), wide, ...(used && { used }) },
    });
  const users = usedBy(s);
  for (const job of moduleJobs(plan))
    if (job.kind === "resource") entity(s.resourcePage.get(job.name!)!, "resource", job);
    else if (job.kind === "lookup") entity(s.lookupPage.get(job.name!)!, "lookup", job);
    else if (job.kind === "type") entity(s.typePage.get(job.name!)!, "type", job, users.get(job.name!) ?? []);
  for (const [name, text] of docsTemplates().assets) out.push({ path: `${DOCS_DIR}/assets/${name}`, text });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A file's text, made of its input alone. */
export function renderDoc(f: DocFile): string {
  if ("text" in f) return f.text;
  if (f.page === "search") return searchScript(searchEntries(site(f.input)));
  return docsTemplates().pages.get(f.page)!(pageView(f)!);
}

/** The view a page's template renders, made of its input alone (none for a file that is no template's). */
export function pageView(f: DocFile): object | undefined {
  if ("text" in f || f.page === "search") return undefined;
  return f.page in ENTITY_PAGES
    ? ENTITY_PAGES[f.page as EntityPage](f.input as EntityPageInput)
    : WHOLE_PAGES[f.page as keyof typeof WHOLE_PAGES](site(f.input as PackagePlan));
}
