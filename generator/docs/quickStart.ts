import type { Field, Lookup, PackageModel, Resource } from "../model/types.js";
import { camel } from "../naming.js";
import { importLine, literal, sample, sampleImportId } from "./examples.js";
import type { Site } from "./site.js";

/**
 * The README's quick start: one program that configures a provider, looks something up, creates a
 * resource with progress, reads, finds, diffs and updates, imports, handles each error class and
 * deletes. It is built from the model (the first resource and lookup with a written example, else the
 * first of each), so it compiles against the package it documents: the tests type-check it.
 */

const showcase = <T extends { examples: readonly unknown[] }>(list: readonly T[]): T | undefined =>
  list.find((x) => x.examples.length > 0) ?? list[0];

/** A plain string input that a change updates in place, required ones first: the one the find and diff steps use. */
const inPlaceString = (fields: readonly Field[]): Field | undefined =>
  [...fields.filter((f) => f.mode === "required"), ...fields].find(
    (f) =>
      f.mode !== "output" &&
      f.type.kind === "string" &&
      !f.type.enum &&
      !f.type.secret &&
      !f.type.format &&
      !f.type.pattern &&
      !f.replaceOnChange &&
      !f.onChange,
  );

/** The lookup's written example (in a block of its own, so its names cannot clash), else a call with its required inputs. */
function lookupStep(l: Lookup, site: Site): string {
  const written = l.examples[0];
  if (written)
    return `// A lookup: arguments are validated before any request. ${written.title}:
{
${written.code.replace(/^(?=.)/gm, "  ")}}
`;
  return `// A lookup: arguments are validated before any request.
const found = await ${l.name}(${literal(l.inputs, site, "")}, { provider });
console.log(found.id);
`;
}

function resourceSteps(r: Resource, site: Site): string {
  const v = camel(r.name);
  const plan = site.resourcePlan.get(r.name)!;
  const change = inPlaceString(r.fields);
  const findBy = change && change.mode === "required" ? `{ ${change.name}: args.${change.name} }` : "{}";
  const desired = change
    ? `{ ...args, ${change.name}: ${JSON.stringify(`${JSON.parse(sample(change.type, site, ""))}-2`)} }`
    : "{ ...args }";
  const importId = sampleImportId(r);
  return `// Create: every input is checked first; then it waits until the object is ready, reporting each status.
const args: ${plan.args} = ${literal(r.fields, site, "")};
const ${v} = await ${r.name}.create(args, { provider, onProgress: (status, elapsedMs) => console.log(status, elapsedMs) });

// Read: by id, or refresh the object in hand.
const same = await ${r.name}.get(${v}.id, { provider });
await ${v}.refresh();
console.log(same.id === ${v}.id);

// Find: the existing objects whose fields match.
const matches = await ${r.name}.find(${findBy}, { provider });
console.log(matches.length);

// Update: diff() makes no request and says what would change, and which change would replace the object.
const desired: ${plan.args} = ${desired};
const { changes, replaces } = ${v}.diff(desired);
console.log(changes, replaces);
try {
  await ${v}.update(desired); // a replacing change needs { allowReplace: true }
} catch (e) {
  if (e instanceof ReplacementRequiredError) console.log(e.fields); // each field and its reason
  else if (e instanceof ValidationError) console.log(e.issues); // every invalid input, before any request
  else if (e instanceof WaitError) console.log(e.outcome, e.importId); // it exists: import() adopts it
  else if (e instanceof NotFoundError) console.log("gone:", e.message);
  else if (e instanceof ServiceError) console.log(e.status, e.serviceMessage); // the service refused
  else if (e instanceof TransportError) console.log(e.mayHaveReachedServer); // no answer came
  else throw e;
}
${
  importId === undefined
    ? ""
    : `
// Import: adopt an object created elsewhere, by its import id.
const adopted = await ${r.name}.import(${JSON.stringify(importId)}, { provider });
console.log(adopted.id);
`
}
// Delete.
await ${v}.delete();
`;
}

/** The resource and the lookup the quick start shows: only what a program can call, a kind bound to operations. */
export const quickStartSubjects = (m: PackageModel) => ({
  r: showcase(m.resources.filter((x) => x.operations)),
  l: showcase(m.lookups.filter((x) => x.operation)),
});

export function quickStart(site: Site): string {
  const m = site.model;
  const { r, l } = quickStartSubjects(m);
  const shown = m.provider.config.find((f) => f.default !== undefined && !f.type.secret);
  const args = shown ? `{ ${shown.name}: ${JSON.stringify(shown.default)} }` : "{}";
  const body = `// Each setting comes from this argument, else its ${m.provider.envPrefix}_* environment variable, else its default.
const provider = new Provider(${args});

${l ? lookupStep(l, site) : ""}
${r ? resourceSteps(r, site) : ""}`;
  return importLine(body, m.provider.package.name, site.names) + body.replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";
}
