import type { Resource } from "../model/types.js";
import { camel } from "../naming.js";
import { literal } from "./examples.js";
import type { Site } from "./site.js";

/** The README's stack program, a program of its own so the tests type-check it against the built package. */
export function stackExample(site: Site): string | undefined {
  const m = site.model;
  const { first, pair } = stackSubjects(m.resources);
  if (!first) return undefined;
  const pkg = m.provider.package.name;
  const kinds = pair ? [first.name, pair.dependent.name] : [first.name];
  const declare = (r: Resource, lead: string[] = []) => {
    const fields = r.fields.filter((f) => !lead.some((l) => l.startsWith(`${f.name}:`)));
    return `stack.resource(${r.name}, ${JSON.stringify(camel(r.name))}, ${literal(fields, site, "", lead)})`;
  };
  const dependent = pair
    ? `
// An output of one resource as another's input: typed, and what orders them.
${declare(pair.dependent, [`${pair.field}: ${camel(first.name)}.id`])};
`
    : "";
  return `import { ${[...kinds].sort().join(", ")}, Provider } from "${pkg}";
import { runStackCommand, Stack } from "${pkg}/stack";

// What should exist, under logical names; the state (sealed with SDKGEN_STACK_PASSPHRASE) remembers what was made.
const stack = new Stack("dev", { providers: { ${m.provider.name}: new Provider() }, kinds: [${kinds.join(", ")}] });
const ${camel(first.name)} = ${declare(first)};
${dependent}
// npx tsx infra.ts preview | up | refresh | destroy | outputs [--json] [--yes]: exit 0 done, 2 preview has changes, 1 failed.
process.exitCode = await runStackCommand(stack);
`;
}

/** What the README's stack program declares: the first kind with a class, or a pair where one refers to the other. */
function stackSubjects(resources: readonly Resource[]) {
  const bound = resources.filter((r) => r.operations);
  const pair = bound
    .flatMap((r) =>
      r.fields
        .filter((f) => f.mode === "required" && f.type.kind === "string" && f.references?.length)
        .flatMap((f) => {
          // Its id is the field's value only where the id is one part (not `<serviceId>#<apiId>`).
          const target = bound.find(
            (t) => t.name === f.references![0] && t !== r && t.importId.supported && t.importId.parts.length === 1,
          );
          return target ? [{ dependent: r, field: f.name, target }] : [];
        }),
    )
    .at(0);
  return { first: pair?.target ?? bound[0], pair };
}

/** A resource page's "In a stack": the kind declared, and an output as another input's reference; needs a class. */
export function stackDeclaration(r: Resource, site: Site): string | undefined {
  if (!r.operations) return undefined;
  const m = site.model;
  const v = camel(r.name);
  const output = r.fields.find((f) => f.mode === "output" && f.guaranteed) ?? r.fields.find((f) => f.mode === "output");
  return `import { ${r.name}, Provider } from "${m.provider.package.name}";
import { Stack } from "${m.provider.package.name}/stack";

const stack = new Stack("dev", { providers: { ${m.provider.name}: new Provider() }, kinds: [${r.name}] });
const ${v} = stack.resource(${r.name}, ${JSON.stringify(v)}, ${literal(r.fields, site, "")});
${output ? `// A reference to one of its outputs, which another resource's input of that type takes.\nconsole.log(${v}.out.${output.name}.toString());\n` : ""}`;
}
