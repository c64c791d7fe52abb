import { oncePer } from "../memo.js";
import { runtimeModule } from "../repoPackages.js";
import { runtimeReexports } from "../runtimeContract.js";
import { providerSymbols, type PackagePlan } from "./planPackage.js";

/** One module the package root re-exports: the package's own whole (`export *`), the runtime's by name. */
export interface ModuleExports {
  readonly specifier: string;
  readonly values: readonly string[];
  readonly types: readonly string[];
}

/** `src/resources/port.ts` as the root imports it: `./resources/port.js`. */
const specifierOf = (path: string): string => `./${path.replace(/^src\//, "").replace(/\.ts$/, ".js")}`;

/** The exports of every resource, lookup and type module, in the order of their paths. */
function entityExports(plan: PackagePlan): ModuleExports[] {
  const entity = (path: string, types: string[], values: string[]) => ({ specifier: specifierOf(path), types, values });
  return [
    ...plan.resources.map((r) =>
      entity(
        r.path,
        [r.args, r.inputs, r.state, r.outputs],
        // Only a kind bound to operations has a class (a lookup, a function): its protocol runs it.
        [...(r.entity.operations ? [r.entity.name] : []), r.descriptor, r.validate],
      ),
    ),
    ...plan.lookups.map((l) =>
      entity(l.path, [l.args, l.result], [...(l.entity.operation ? [l.entity.name] : []), l.descriptor, l.validate]),
    ),
    ...[...plan.types.values()].map((t) =>
      entity(
        t.path,
        [...(t.declares.output ? [t.output] : []), ...(t.declares.input ? [t.input] : [])],
        [t.descriptor],
      ),
    ),
  ].sort((a, b) => (a.specifier < b.specifier ? -1 : 1));
}

/** Every module the package root re-exports, computed once per plan: the keys, the root and the docs all read it. */
export const rootExports = oncePer((plan: PackagePlan): readonly ModuleExports[] => {
  const m = plan.model;
  const rt = runtimeReexports(m.provider.name);
  const p = providerSymbols(m);
  const bound = m.provider.protocol !== undefined; // a Provider class only for a protocol its runtime interprets
  return [
    { specifier: runtimeModule(), types: rt.types, values: rt.values },
    ...(rt.protocolValues.length
      ? [{ specifier: `${runtimeModule()}/${m.provider.protocol!}`, types: [], values: rt.protocolValues }]
      : []),
    { specifier: specifierOf(plan.enumsPath), types: [], values: m.enums.map((e) => e.name) },
    {
      specifier: specifierOf(plan.providerPath),
      types: [p.args, p.config, ...p.functions.map((f) => f.result)],
      values: [
        ...(bound ? ["Provider", "defaultProvider"] : []),
        p.descriptor,
        p.resolve,
        ...p.functions.map((f) => f.name),
      ],
    },
    ...entityExports(plan),
  ];
});
