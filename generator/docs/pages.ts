import type { Entity, Field, Lookup, NamedType, Resource } from "../model/types.js";
import { specsIn } from "../model/paths.js";
import { importIdText } from "../describe/describe.js";
import { lookupBehaviourLines, resourceBehaviour } from "../describe/describeBehaviour.js";
import { lookupWireLines, resourceWireLines } from "../describe/describeWire.js";
import { errorClasses, importedFrom } from "../describe/errorCatalog.js";
import { testingExample } from "../describe/testingExample.js";
import { stackDeclaration } from "./stackExample.js";
import { diagramSvg, references } from "./diagram.js";
import { importExample, lookupExamples, providerExamples, resourceExamples } from "./examples.js";
import { fieldRows, wireRows } from "./fields.js";
import { code, escape, inline, link, pageLink, summary } from "./html.js";
import { oncePer } from "../memo.js";
import { PAGE, type Site } from "./site.js";

const ROOT = "";
const SUB = "../";

function frame(site: Site, root: string, title: string) {
  const p = site.model.provider;
  return {
    root,
    title,
    package: p.package.name,
    version: p.package.version,
    displayName: p.displayName,
    testing: p.package.testing !== undefined,
  };
}

const isDeleteNote = (note: string) => /\b(delet|cancel|destroy)/i.test(note);

function behaviourHtml(r: Resource, site: Site) {
  const b = resourceBehaviour(r, site.model.provider.protocol);
  if (!b) return undefined;
  const lifecycle = [b.create, ...(b.readiness ? [b.readiness] : []), ...b.change, b.find];
  return { lifecycle: lifecycle.map(inline), delete: inline(b.delete) };
}

/** A page's "On the wire" section: its bindings' requests and where its fields travel; undefined when neither. */
function wireView(requests: readonly string[], rows: ReturnType<typeof wireRows>) {
  return requests.length || rows.length ? { requests: requests.map(inline), fields: rows } : undefined;
}

/** What a resource's and a lookup's pages start with. */
const entityHead = (e: Entity, site: Site) => ({
  ...frame(site, SUB, e.name),
  name: e.name,
  token: e.token,
  description: inline(e.description),
  deprecated: e.deprecated && inline(e.deprecated),
});

export function resourcePage(r: Resource, site: Site) {
  const plan = site.resourcePlan.get(r.name)!;
  const inputs = r.fields.filter((f) => f.mode !== "output");
  const outputs = r.fields.filter((f) => f.mode === "output");
  return {
    ...entityHead(r, site),
    examples: resourceExamples(r, site),
    argsName: plan.args,
    outputsName: plan.outputs,
    inputs: fieldRows(inputs, site, SUB, "in", { change: true }),
    outputs: fieldRows(outputs, site, SUB, "out"),
    importText: inline(importIdText(r)),
    importDescription: r.importId.supported && r.importId.description ? inline(r.importId.description) : undefined,
    importCode: importExample(r, site),
    stackCode: stackDeclaration(r, site),
    behaviour: behaviourHtml(r, site),
    lifecycle: r.lifecycleNotes.filter((n) => !isDeleteNote(n)).map(inline),
    deleteNotes: r.lifecycleNotes.filter(isDeleteNote).map(inline),
    wire: wireView(resourceWireLines(r, site.model.provider.protocol), [
      ...wireRows(inputs, "in"),
      ...wireRows(outputs, "out"),
    ]),
  };
}

export function lookupPage(l: Lookup, site: Site) {
  const plan = site.lookupPlan.get(l.name)!;
  return {
    ...entityHead(l, site),
    examples: lookupExamples(l, site),
    argsName: plan.args,
    resultName: plan.result,
    inputs: fieldRows(l.inputs, site, SUB, "in"),
    results: fieldRows(l.results, site, SUB, "out"),
    runs: lookupBehaviourLines(l, site.model.provider.protocol).map(inline),
    wire: wireView(lookupWireLines(l, site.model.provider.protocol), [
      ...wireRows(l.inputs, "in"),
      ...wireRows(l.results, "out"),
    ]),
  };
}

/** The types fields name directly (through lists and maps), sorted, for the pages' "Used by". */
function typesNamed(fields: readonly Field[]): string[] {
  const refs = fields.flatMap((f) => specsIn(f.type).flatMap((s) => (s.ref ? [s.ref] : [])));
  return [...new Set(refs)].sort();
}

/** Each entity whose own fields (a union: its variants) name a type directly, for the type pages' "Used by". */
export function usedBy(site: Site): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  const note = (page: string, label: string, names: readonly string[]) => {
    for (const n of names) (out.get(n) ?? out.set(n, new Set()).get(n)!).add(link(SUB, page, label));
  };
  const m = site.model;
  m.resources.forEach((r) => note(site.resourcePage.get(r.name)!, r.name, typesNamed(r.fields)));
  m.lookups.forEach((l) => note(site.lookupPage.get(l.name)!, l.name, typesNamed([...l.inputs, ...l.results])));
  m.types.forEach((t) =>
    note(site.typePage.get(t.name)!, t.name, t.kind === "object" ? typesNamed(t.fields) : t.variants.map((v) => v.ref)),
  );
  note(PAGE.provider, "Provider", typesNamed(m.provider.config));
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

export function typePage(t: NamedType, site: Site, users: readonly string[]) {
  const plan = site.plan.types.get(t.name)!;
  const forms = [
    ...(plan.declares.input ? [`<code>${escape(plan.input)}</code> (as an input)`] : []),
    ...(plan.declares.output ? [`<code>${escape(plan.output)}</code> (as read)`] : []),
  ];
  return {
    ...frame(site, SUB, t.name),
    name: t.name,
    kind: t.kind === "union" ? "union type" : "type",
    description: inline(t.description),
    forms: forms.join(" and "),
    fields: t.kind === "object" ? fieldRows(t.fields, site, SUB, "f") : [],
    discriminator:
      t.kind === "union"
        ? { name: t.discriminator.field, description: inline(t.discriminator.description) }
        : undefined,
    variants: (t.kind === "union" ? t.variants : []).map((v) => ({
      value: code(v.value),
      type: pageLink(SUB, site.typePage, v.ref),
      description: v.description ? inline(v.description) : "",
      deprecated: v.deprecated ? inline(v.deprecated) : "",
    })),
    usedBy: users,
    wire: wireView([], t.kind === "object" ? wireRows(t.fields, "f") : []),
  };
}

export function providerPage(site: Site) {
  const p = site.model.provider;
  return {
    ...frame(site, ROOT, "Provider configuration"),
    description: inline(p.description),
    envPrefix: p.envPrefix,
    examples: providerExamples(site),
    config: fieldRows(p.config, site, ROOT, "in"),
    functions: p.functions.map((f) => ({
      name: f.name,
      token: f.token,
      description: inline(f.description),
      outputs: fieldRows(f.outputs, site, ROOT, `fn-${f.name}`),
    })),
    wire: wireView(
      [],
      [...wireRows(p.config, "in"), ...p.functions.flatMap((f) => wireRows(f.outputs, `fn-${f.name}`))],
    ),
  };
}

/** An entity's line on the index page (templates/docs/indexRow.hbs). */
const indexEntry = (page: string, name: string, description: string, deprecated?: string) => ({
  link: link(ROOT, page, name),
  summary: inline(summary(description)),
  deprecated: !!deprecated,
});

/** The index page's view, computed once per site. */
export const indexPage = oncePer((site: Site) => {
  const m = site.model;
  const refs = references(site);
  return {
    ...frame(site, ROOT, "Overview"),
    description: inline(m.provider.description),
    diagram: diagramSvg(site, refs, ROOT),
    references: refs.map((r) => ({
      from: link(ROOT, site.resourcePage.get(r.from)!, r.from),
      to: link(ROOT, site.resourcePage.get(r.to)!, r.to),
      paths: r.paths.map((p) => `<code>${escape(p)}</code>`).join(", "),
    })),
    providerPage: PAGE.provider,
    resources: m.resources.map((r) => indexEntry(site.resourcePage.get(r.name)!, r.name, r.description, r.deprecated)),
    lookups: m.lookups.map((l) => indexEntry(site.lookupPage.get(l.name)!, l.name, l.description, l.deprecated)),
    types: m.types.map((t) => indexEntry(site.typePage.get(t.name)!, t.name, t.description)),
    index: PAGE.index,
  };
});

/** How a stack program is written, run and kept; made of the provider alone, so no entity's edit stales it. */
export function stacksPage(site: Site) {
  const p = site.model.provider;
  return {
    ...frame(site, ROOT, "Stacks"),
    example: `import { Provider } from "${p.package.name}";
import { runStackCommand, Stack } from "${p.package.name}/stack";

// What should exist, under logical names; the state (sealed with SDKGEN_STACK_PASSPHRASE) remembers what was made.
const stack = new Stack("dev", { providers: { ${p.name}: new Provider() } });
// stack.resource(Kind, "name", inputs): each resource's page shows its declaration ("In a stack").

// npx tsx infra.ts preview | up | refresh | destroy | outputs [--json] [--yes]
process.exitCode = await runStackCommand(stack);
`,
    providerName: p.name,
    errorsPage: PAGE.errors,
    textExample: `import { concat, interpolate } from "${p.package.name}/stack";

name: interpolate\`edge-for-\${router.out.name}\`, // known once router exists
description: concat(router.out.name, " uplink"),`,
    jsonShape: STACK_REPORT_SHAPE,
  };
}

/** The one JSON document every stack command prints with --json (runtime/src/stack/cli.ts, CommandReport). */
export const STACK_REPORT_SHAPE = `{
  command: "preview" | "up" | "refresh" | "destroy" | "outputs" | "import" | "unlock",
  stack: string,
  state: string, // where the state is
  steps: { name, kind, operation, changes, pending?, existing? }[],
  summary: { create, import, update, replace, delete, unchanged, pending } | null,
  applied: boolean,
  interrupted: boolean,
  failed: { name, error }[],
  drift: { name, kind, gone, changes: { field, from, to }[] }[],
  outputs: Record<string, unknown>, // secrets as "[secret]"
  durationMs: number,
  error?: string, // when the command failed
}`;

/** Every error class the package exports (templates/errors.yaml): when it happens, what it holds. */
export function errorsPage(site: Site) {
  const p = site.model.provider;
  return {
    ...frame(site, ROOT, "Errors"),
    stacksPage: PAGE.stacks,
    errors: errorClasses(p.protocol).map((e) => ({
      name: e.name,
      from: importedFrom(e, p.package.name),
      extends: e.extends,
      when: inline(e.when),
      holds: inline(e.holds),
    })),
  };
}

/** Testing against the package's emulator (`<package>/testing`): the README's example, made of the provider alone. */
export function testingPage(site: Site) {
  return { ...frame(site, ROOT, "Testing"), example: testingExample(site.model), stacksPage: PAGE.stacks };
}
