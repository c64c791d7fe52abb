import type { Diagnostic } from "../diagnostics.js";
import type { Lookup, NamedType, PackageModel, Resource } from "../model/types.js";
import { camel, pascal } from "../naming.js";

import { runtimeReexports } from "../runtimeContract.js";

export interface ResourcePlan {
  readonly entity: Resource;
  readonly path: string;
  readonly args: string;
  readonly state: string;
  readonly outputs: string;
  readonly descriptor: string;
  readonly validate: string;
}

export interface LookupPlan {
  readonly entity: Lookup;
  readonly path: string;
  readonly args: string;
  readonly result: string;
  readonly descriptor: string;
  readonly validate: string;
}

export interface TypePlan {
  readonly entity: NamedType;
  readonly path: string;
  /** Output form: every field, read-only. */
  readonly output: string;
  /** Input form: the non-output fields. */
  readonly input: string;
  readonly descriptor: string;
}

/** Every generated file and exported name of one package, decided before any text exists. */
export interface PackagePlan {
  readonly model: PackageModel;
  readonly resources: readonly ResourcePlan[];
  readonly lookups: readonly LookupPlan[];
  readonly types: ReadonlyMap<string, TypePlan>;
  readonly enumsPath: string;
  readonly providerPath: string;
  readonly indexPath: string;
}

export const providerSymbols = (model: PackageModel) => ({
  args: "ProviderArgs",
  config: "ProviderConfig",
  descriptor: "providerDescriptor",
  resolve: "resolveProviderConfig",
  functions: model.provider.functions.map((f) => ({ fn: f, name: f.name, result: `${pascal(f.name)}Result` })),
});

export function planPackage(model: PackageModel): { plan: PackagePlan; diagnostics: Diagnostic[] } {
  const owners = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const claim = (symbol: string, file: string, what: string) => {
    const prior = owners.get(symbol);
    if (prior)
      diagnostics.push({
        file,
        line: 1,
        col: 1,
        message: `generated name ${symbol} (${what}) is already taken by ${prior}; rename one of them`,
      });
    else owners.set(symbol, `${what} in ${file}`);
  };
  const reexports = runtimeReexports(model.provider.name);
  [...reexports.values, ...reexports.types].forEach((s) => owners.set(s, "a runtime re-export"));

  const p = providerSymbols(model);
  for (const s of [p.args, p.config, p.descriptor, p.resolve]) claim(s, model.provider.file, "the provider");
  for (const f of p.functions)
    (claim(f.name, model.provider.file, `function ${f.name}`),
      claim(f.result, model.provider.file, `function ${f.name}`));

  // Resource classes extend rt.ManagedResource, whose members a field of the same name would shadow.
  const MEMBERS = ["id", "descriptor", "provider", "refresh", "diff", "update", "delete", "toJSON"];
  for (const r of model.resources)
    for (const f of r.fields)
      if (MEMBERS.includes(f.name))
        diagnostics.push({
          file: r.file,
          line: 1,
          col: 1,
          message: `field "${f.name}" of ${r.name} would shadow the resource class's own "${f.name}"; rename it (the wire key can stay, with wireName)`,
        });
  const resources = model.resources.map((r): ResourcePlan => {
    const plan = {
      entity: r,
      path: `src/resources/${camel(r.name)}.ts`,
      args: `${r.name}Args`,
      state: `${r.name}State`,
      outputs: `${r.name}Outputs`,
      descriptor: `${camel(r.name)}Descriptor`,
      validate: `validate${r.name}Args`,
    };
    for (const s of [plan.args, plan.state, plan.outputs, plan.descriptor, plan.validate])
      claim(s, r.file, `resource ${r.name}`);
    return plan;
  });
  const lookups = model.lookups.map((l): LookupPlan => {
    const base = pascal(l.name);
    const plan = {
      entity: l,
      path: `src/lookups/${l.name}.ts`,
      args: `${base}Args`,
      result: `${base}Result`,
      descriptor: `${l.name}Descriptor`,
      validate: `validate${base}Args`,
    };
    for (const s of [plan.args, plan.result, plan.descriptor, plan.validate]) claim(s, l.file, `lookup ${l.name}`);
    return plan;
  });
  const types = new Map(
    model.types.map((t): [string, TypePlan] => {
      const plan = {
        entity: t,
        path: `src/types/${camel(t.name)}.ts`,
        output: t.name,
        input: `${t.name}Args`,
        descriptor: `${camel(t.name)}Type`,
      };
      if (t.usage.output || !t.usage.input) claim(plan.output, t.file, `type ${t.name}`);
      if (t.usage.input) claim(plan.input, t.file, `type ${t.name}`);
      claim(plan.descriptor, t.file, `type ${t.name}`);
      return [t.name, plan];
    }),
  );
  for (const e of model.enums) claim(e.name, model.provider.file, `enum ${e.name}`);
  return {
    plan: {
      model,
      resources,
      lookups,
      types,
      enumsPath: "src/enums.ts",
      providerPath: "src/provider.ts",
      indexPath: "src/index.ts",
    },
    diagnostics,
  };
}
