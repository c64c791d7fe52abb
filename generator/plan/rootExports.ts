import { runtimeModule } from "../repoPackages.js";
import { runtimeReexports } from "../runtimeContract.js";
import { providerSymbols, type PackagePlan } from "./planPackage.js";

/**
 * What a value is, for the root that re-exports it: a class (a value and a type of one name), an enum
 * (a constant list and the type of its values), a function, or another object.
 */
export type ValueKind = "class" | "enum" | "function" | "object";

/** What one module exports, as the package root re-exports it. */
export interface ModuleExports {
  /** The module as the root imports it: `./resources/port.js`, `@sdkgen/runtime`. */
  readonly specifier: string;
  /** Loaded with the root (enums, provider, runtime), rather than on first use of one of its values. */
  readonly eager: boolean;
  readonly types: readonly string[];
  readonly values: readonly { readonly name: string; readonly kind: ValueKind; readonly typeParameters?: string }[];
}

/** `src/resources/port.ts` as the root imports it: `./resources/port.js`. */
export const specifierOf = (path: string): string => `./${path.replace(/^src\//, "").replace(/\.ts$/, ".js")}`;

/** The exports of every resource, lookup and type module, in the order of their paths. */
export function entityExports(plan: PackagePlan): ModuleExports[] {
  const entity = (path: string, types: string[], values: ModuleExports["values"]) => ({
    specifier: specifierOf(path),
    eager: false,
    types,
    values,
  });
  return [
    ...plan.resources.map((r) =>
      entity(
        r.path,
        [r.args, r.inputs, r.state, r.outputs],
        [
          // Only a kind bound to operations has a class (a lookup, a function): its protocol runs it.
          ...(r.entity.operations ? [{ name: r.entity.name, kind: "class" as const }] : []),
          { name: r.descriptor, kind: "object" },
          { name: r.validate, kind: "function" },
        ],
      ),
    ),
    ...plan.lookups.map((l) =>
      entity(
        l.path,
        [l.args, l.result],
        [
          ...(l.entity.operation ? [{ name: l.entity.name, kind: "function" as const }] : []),
          { name: l.descriptor, kind: "object" },
          { name: l.validate, kind: "function" },
        ],
      ),
    ),
    ...[...plan.types.values()].map((t) =>
      entity(
        t.path,
        [...(t.declares.output ? [t.output] : []), ...(t.declares.input ? [t.input] : [])],
        [{ name: t.descriptor, kind: "object" }],
      ),
    ),
  ].sort((a, b) => (a.specifier < b.specifier ? -1 : 1));
}

const computed = new WeakMap<PackagePlan, readonly ModuleExports[]>();

/**
 * Every module the package root re-exports: the runtime's names users handle, enums, provider,
 * entities. Computed once per plan: the keys, the roots and the docs all read it.
 */
export function rootExports(plan: PackagePlan): readonly ModuleExports[] {
  let found = computed.get(plan);
  if (!found) computed.set(plan, (found = exportsOf(plan)));
  return found;
}

function exportsOf(plan: PackagePlan): ModuleExports[] {
  const m = plan.model;
  const rt = runtimeReexports(m.provider.name);
  const p = providerSymbols(m);
  const bound = m.provider.protocol !== undefined; // a Provider class only for a protocol its runtime interprets
  return [
    { specifier: runtimeModule(), eager: true, types: rt.types, values: rt.values },
    ...(rt.protocolValues.length
      ? [{ specifier: `${runtimeModule()}/${m.provider.protocol!}`, eager: true, types: [], values: rt.protocolValues }]
      : []),
    {
      specifier: specifierOf(plan.enumsPath),
      eager: true,
      types: [],
      values: m.enums.map((e) => ({ name: e.name, kind: "enum" as const })),
    },
    {
      specifier: specifierOf(plan.providerPath),
      eager: true,
      types: [p.args, p.config, ...p.functions.map((f) => f.result)],
      values: [
        ...(bound
          ? [
              { name: "Provider", kind: "class" as const },
              { name: "defaultProvider", kind: "function" as const },
            ]
          : []),
        { name: p.descriptor, kind: "object" },
        { name: p.resolve, kind: "function" },
        ...p.functions.map((f) => ({ name: f.name, kind: "function" as const })),
      ],
    },
    ...entityExports(plan),
  ];
}
