import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoPackages, repoRoot } from "../repoPackages.js";
import { SCHEMA_VERSION } from "../validate/metaSchema.js";
import { camel } from "../naming.js";
import type { Entity, Field, PackageModel } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { oncePer } from "../memo.js";
import { importFormat, providerFolder } from "../describe/describe.js";
import { compileTemplate, createHandlebars } from "../describe/handlebars.js";
import { DOCS_DIR } from "../docs/emitDocs.js";
import { errorClasses, importedFrom } from "../describe/errorCatalog.js";
import { summary } from "../docs/html.js";
import { withImportLine } from "../docs/examples.js";
import { stackExample } from "../docs/stackExample.js";
import { site, type Site } from "../docs/site.js";
import { testingExample } from "../describe/testingExample.js";

/** The package files made from templates, each from templates/<file>.hbs. */
const TEMPLATES = ["package.json", "tsconfig.json", "README.md"];

let compiled: Map<string, HandlebarsTemplateDelegate> | undefined;

/** The package's templates, compiled once. */
export function packageTemplates(): Map<string, HandlebarsTemplateDelegate> {
  if (compiled) return compiled;
  const hb = createHandlebars();
  hb.registerHelper("json", (v: unknown) => JSON.stringify(v));
  hb.registerHelper("cell", (v: unknown) => new hb.SafeString(tableCell(v)));
  const compile = (file: string) =>
    compileTemplate(hb, join(repoRoot(), "templates", `${file}.hbs`), { noEscape: true, strict: true });
  return (compiled = new Map(TEMPLATES.map((file) => [file, compile(file)])));
}

/** A value as a Markdown table cell: on one line, its pipes escaped. */
const tableCell = (v: unknown): string =>
  String(v ?? "")
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|");

/** The text of a license by its SPDX id; the meta-schema admits only ids with a file in templates/licenses/. */
const licenseText = (spdx: string): string =>
  readFileSync(join(repoRoot(), "templates", "licenses", `${spdx}.txt`), "utf8");

const typeName = (f: Field): string =>
  f.type.kind === "list"
    ? `list of ${f.type.items!.kind}`
    : f.type.kind === "object"
      ? (f.type.ref ?? "object")
      : f.type.kind;

const rowOf = (docs: Site, e: Entity, page: string) => ({
  name: e.name,
  docsUrl: docsUrl(docs.model),
  page,
  summary: summary(e.description),
  deprecated: e.deprecated,
});

const packageDirectory = (model: PackageModel): string => `generated/${model.provider.name}`;

const docsUrl = (model: PackageModel): string =>
  `${repoPackages().homepage}/tree/main/${packageDirectory(model)}/${DOCS_DIR}`;

/** What the package's templates print, computed once per plan. */
const packageView = oncePer((plan: PackagePlan) => {
  const model = plan.model;
  const repo = repoPackages();
  const directory = packageDirectory(model);
  const docs = site(plan);
  const p = model.provider;
  return {
    name: p.package.name,
    version: p.package.version,
    description: p.package.description,
    keywords: p.package.keywords,
    license: p.package.license,
    repository: { type: "git", url: repo.repositoryUrl, directory },
    homepage: `${repo.homepage}/tree/main/${directory}#readme`,
    docsFolder: `${directory}/${DOCS_DIR}/`,
    docsUrl: docsUrl(model),
    // The README's examples: the resource it names, the quick start, the stack program and its test.
    quick: {
      resource: model.resources.find((r) => r.examples.length > 0)?.name ?? model.resources[0]?.name ?? "",
      // The provider's own quick start: only its author knows real values and how to clean up.
      code: p.quickStart === undefined ? "" : withImportLine(p.quickStart, docs),
      stack: stackExample(docs),
      testing: testingExample(model),
    },
    bugs: `${repo.homepage}/issues`,
    source: providerFolder(plan),
    schemaVersion: SCHEMA_VERSION,
    generatorVersion: repo.generatorVersion,
    runtime: repo.runtime,
    // The emulator's folder under test/emulators/ (and the package's dist/testing/), or false for no `testing` entry.
    testing: p.package.testing !== undefined && p.name,
    envPrefix: p.envPrefix,
    firstResourceFile: model.resources[0] ? camel(model.resources[0].name) : "",
    config: p.config.map((f) => ({
      name: f.name,
      required: f.mode === "required",
      type: typeName(f),
      env: f.env,
      default: f.default === undefined ? undefined : JSON.stringify(f.default),
      description: f.description,
      secret: f.type.secret,
    })),
    functions: p.functions.map((f) => ({ name: f.name, description: f.description })),
    errors: errorClasses(p.protocol).map((e) => ({ ...e, from: importedFrom(e, p.package.name) })),
    resources: model.resources.map((r) => ({
      ...rowOf(docs, r, docs.resourcePage.get(r.name)!),
      importId: importFormat(r),
    })),
    lookups: model.lookups.map((l) => rowOf(docs, l, docs.lookupPage.get(l.name)!)),
  };
});

/** package.json, tsconfig.json, README.md and LICENSE of a generated package. */
export function emitTemplates(plan: PackagePlan): Map<string, string> {
  const data = packageView(plan);
  const files = new Map([...packageTemplates()].map(([path, render]) => [path, render(data)]));
  return files.set("LICENSE", licenseText(plan.model.provider.package.license));
}
