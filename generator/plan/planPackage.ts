import {
  diagnosticAt,
  formatPos,
  SchemaError,
  sortDiagnostics,
  type Diagnostic,
  type SourcePos,
} from "../diagnostics.js";
import { SOURCE, type Lookup, type NamedType, type PackageModel, type Resource } from "../model/types.js";
import { camel, pascal } from "../naming.js";
import { runtimeReexports } from "../runtimeContract.js";

export interface ResourcePlan {
  readonly entity: Resource;
  readonly path: string;
  readonly args: string;
  /** The input form of the Args a stack takes: a reference where a value is expected. */
  readonly inputs: string;
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
  readonly output: string;
  readonly input: string;
  readonly descriptor: string;
  /** Which forms the module declares: the input form only where an input uses it, the output form unless only inputs do. */
  readonly declares: { readonly output: boolean; readonly input: boolean };
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

/** Globals generated code or a program may use: a type named Promise would shadow it (TS2315). Fixed, not Node's. */
const GLOBALS = [
  ...["AbortController", "AbortSignal", "Array", "ArrayLike", "Awaited", "BigInt", "Boolean", "Buffer", "Date"],
  ...["Error", "Exclude", "Extract", "Function", "InstanceType", "Iterable", "JSON", "Map", "Math", "NodeJS"],
  ...["NonNullable", "Number", "Object", "Omit", "Parameters", "Partial", "Pick", "Promise", "PromiseLike"],
  ...["Readonly", "ReadonlyArray", "ReadonlyMap", "ReadonlySet", "Record", "RegExp", "Required", "ReturnType"],
  ...["Set", "String", "Symbol", "Uint8Array", "URL"],
];

/** The longest entity name: the files named after it must fit a filesystem's 255-byte names. */
const MAX_NAME = 200;

export function planPackage(model: PackageModel): { plan: PackagePlan; diagnostics: Diagnostic[] } {
  /** Each exported name, and what takes it. A position is read only for a clash: reading it may parse a file. */
  const owners = new Map<string, { readonly what: string; readonly at?: SourcePos }>();
  const diagnostics: Diagnostic[] = [];
  const claim = (symbol: string, at: SourcePos, what: string) => {
    const prior = owners.get(symbol);
    if (prior)
      diagnostics.push(
        diagnosticAt(
          at,
          `generated name ${symbol} (${what}) is already taken by ${prior.what}${prior.at ? ` at ${formatPos(prior.at)}` : ""}; rename one of them`,
        ),
      );
    else owners.set(symbol, { what, at });
  };
  for (const s of GLOBALS) owners.set(s, { what: "a global of JavaScript or TypeScript, which generated code uses" });
  const rt = runtimeReexports(model.provider.name);
  for (const s of [...rt.values, ...rt.protocolValues, ...rt.types]) owners.set(s, { what: "a runtime re-export" });

  const p = providerSymbols(model);
  const provider = model.provider[SOURCE];
  for (const s of [p.args, p.config, p.descriptor, p.resolve, "Provider", "defaultProvider"])
    claim(s, provider, "the provider");
  for (const f of p.functions) for (const s of [f.name, f.result]) claim(s, f.fn[SOURCE], `function ${f.name}`);

  // Types and enums claim names first, so a clash is reported on the entity. File names must fit 255 bytes.
  for (const e of [...model.types, ...model.resources, ...model.lookups])
    if (e.name.length > MAX_NAME)
      diagnostics.push(
        diagnosticAt(
          e[SOURCE],
          `generated name ${e.name.slice(0, 40)}… is ${e.name.length} characters long (at most ${MAX_NAME}: file names derive from it); ${"inline" in e && e.inline ? "give the inline object a shorter typeName" : "choose a shorter name"}`,
        ),
      );

  const types = new Map(
    model.types.map((t): [string, TypePlan] => {
      const plan = {
        entity: t,
        path: `src/types/${camel(t.name)}.ts`,
        output: t.name,
        input: `${t.name}Args`,
        descriptor: `${camel(t.name)}Type`,
        declares: { output: t.usage.output || !t.usage.input, input: t.usage.input },
      };
      const what = `${t.kind === "object" && t.inline ? "inline type" : "type"} ${t.name}`;
      if (plan.declares.output) claim(plan.output, t[SOURCE], what);
      if (plan.declares.input) claim(plan.input, t[SOURCE], what);
      claim(plan.descriptor, t[SOURCE], what);
      return [t.name, plan];
    }),
  );
  for (const e of model.enums) claim(e.name, e[SOURCE], `enum ${e.name}`);

  // Resource classes extend rt.ManagedResource, whose members a field of the same name would shadow.
  const MEMBERS = ["id", "descriptor", "provider", "refresh", "diff", "update", "delete", "toJSON"];
  for (const r of model.resources)
    for (const f of r.fields)
      if (MEMBERS.includes(f.name))
        diagnostics.push(
          diagnosticAt(
            f[SOURCE],
            `field "${f.name}" of ${r.name} would shadow the resource class's own "${f.name}"; rename it (the wire key can stay, with wireName)`,
          ),
        );
  const resources = model.resources.map((r): ResourcePlan => {
    const plan = {
      entity: r,
      path: `src/resources/${camel(r.name)}.ts`,
      args: `${r.name}Args`,
      inputs: `${r.name}Inputs`,
      state: `${r.name}State`,
      outputs: `${r.name}Outputs`,
      descriptor: `${camel(r.name)}Descriptor`,
      validate: `validate${r.name}Args`,
    };
    for (const s of [r.name, plan.args, plan.inputs, plan.state, plan.outputs, plan.descriptor, plan.validate])
      claim(s, r[SOURCE], `resource ${r.name}`);
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
    for (const s of [l.name, plan.args, plan.result, plan.descriptor, plan.validate])
      claim(s, l[SOURCE], `lookup ${l.name}`);
    return plan;
  });
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

/** Every package's plan, with naming collisions reported like schema problems. */
export function planPackages(models: readonly PackageModel[]): PackagePlan[] {
  const plans = models.map(planPackage);
  const problems: Diagnostic[] = plans.flatMap((p) => p.diagnostics);
  if (problems.length > 0) throw new SchemaError(sortDiagnostics(problems));
  return plans.map((p) => p.plan);
}
