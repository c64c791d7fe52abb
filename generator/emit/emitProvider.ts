import type { StatementStructures } from "ts-morph";
import { Kind, DeclarationKind } from "../structures.js";
import type { Field } from "../model/types.js";
import { providerSymbols, type PackagePlan } from "../plan/planPackage.js";
import { ModuleContext } from "./context.js";
import { constant, fieldInterface } from "./declarations.js";
import { fieldsData } from "./descriptorData.js";
import { runtimeNames } from "./protocols.js";
import { entityDoc } from "./tsdoc.js";

/** ProviderArgs, the resolved ProviderConfig, the descriptor, the resolver and the provider functions. */
export function emitProvider(plan: PackagePlan): string {
  const { provider } = plan.model;
  const names = providerSymbols(plan.model);
  const ctx = new ModuleContext(plan, plan.providerPath);
  const rt = ctx.imports.rt(true);
  // Resolved config: what a field always has once arguments, environment and defaults are applied.
  const resolved: Field[] = provider.config.map((f) => ({
    ...f,
    mode: "output",
    guaranteed: f.mode === "required" || f.default !== undefined,
  }));
  const descriptor = {
    kind: "provider",
    name: provider.name,
    envPrefix: provider.envPrefix,
    config: fieldsData(provider.config, ctx),
    functions: Object.fromEntries(
      provider.functions.map((f) => [f.name, { token: f.token, outputs: fieldsData(f.outputs, ctx) }]),
    ),
  };
  return ctx.print(
    [provider.file],
    [
      fieldInterface(
        names.args,
        entityDoc(`Configuration of the ${provider.displayName} provider (${provider.name}): ${provider.description}`, [
          "Each field is read from the argument, then its environment variable, then its default.",
        ]),
        provider.config,
        "config",
        ctx,
      ),
      fieldInterface(
        names.config,
        entityDoc(
          `The resolved configuration: arguments, environment variables and defaults applied and checked. Secrets are wrapped in \`Secret\`.`,
        ),
        resolved,
        "output",
        ctx,
      ),
      constant(
        names.descriptor,
        `${rt}.ProviderDescriptor`,
        descriptor,
        `What the runtime needs to know about the ${provider.name} provider configuration.`,
      ),
      {
        kind: Kind.Function,
        name: names.resolve,
        isExported: true,
        docs: [
          `Resolves {@link ${names.args}} from arguments, then ${provider.envPrefix}_* environment variables, then defaults.\n@throws ValidationError listing every missing or invalid field, naming its environment variable.`,
        ],
        parameters: [
          { name: "args", type: names.args, initializer: "{}" },
          { name: "env", type: `${rt}.Env`, initializer: "process.env" },
        ],
        returnType: names.config,
        statements: [`return ${rt}.resolveConfig(${names.descriptor}, args, env) as unknown as ${names.config};`],
      },
      ...names.functions.flatMap(({ fn, name, result }) => [
        fieldInterface(
          result,
          entityDoc(`The result of the provider function \`${fn.token}\`.`),
          fn.outputs,
          "output",
          ctx,
        ),
        {
          kind: Kind.Function,
          name,
          isExported: true,
          docs: [
            // The schema's receiver (`__self__`) is the provider instance: here, its resolved `config`.
            `${fn.description}\n\n@param config - the resolved configuration of the provider it runs on (\`provider.config\`); \`provider.${name}()\` passes its own.\n@param options - \`revealSecrets: true\` returns secret values in clear text; by default they stay \`Secret\`.`,
          ],
          parameters: [
            { name: "config", type: names.config },
            { name: "options", type: "{ revealSecrets?: boolean }", initializer: "{}" },
          ],
          returnType: result,
          statements: [`return ${rt}.${name}(config, options) as ${result};`],
        },
      ]),
      ...providerClass(plan, ctx),
    ],
  );
}

/** The Provider class, when the provider names its protocol, and `defaultProvider()`, built from the environment. */
function providerClass(plan: PackagePlan, ctx: ModuleContext): StatementStructures[] {
  const providerClass = runtimeNames(plan.model.provider.protocol)?.providerClass;
  if (!providerClass) return [];
  const rt = ctx.imports.rt(true);
  const rtp = ctx.imports.protocol(true);
  const names = providerSymbols(plan.model);
  return [
    {
      kind: Kind.Class,
      name: "Provider",
      isExported: true,
      extends: `${rtp}.${providerClass}`,
      docs: [
        `A configured ${plan.model.provider.name} provider. Each setting comes from the argument, then its environment variable, then its default, resolved on first use: a problem with them (or an unknown runtime option) is the ValidationError of the first call, not of \`new\`.`,
      ],
      ctors: [
        {
          parameters: [
            { name: "args", type: names.args, initializer: "{}" },
            { name: "env", type: "rt.Env", initializer: "process.env" },
            { name: "options", type: `${rtp}.${providerClass}Options`, initializer: "{}" },
          ],
          statements: [`super(new ${rt}.ProviderSettings(${names.descriptor}, args, env), { env, ...options });`],
        },
      ],
      getAccessors: plan.model.provider.config
        .filter((f) => f.exposed)
        .map((f) => ({
          name: f.name,
          docs: [
            `${f.description}\n\nThe resolved setting (argument, variable or default), as \`config.${f.name}\` holds it.`,
          ],
          returnType: `${names.config}[${JSON.stringify(f.name)}]`,
          statements: [`return (this.config as ${names.config}).${f.name};`],
        })),
      methods: names.functions.map(({ fn, name, result }) => ({
        name,
        docs: [`${fn.description} Secrets stay redacted unless \`revealSecrets\` is set.`],
        parameters: [{ name: "options", type: "{ revealSecrets?: boolean }", initializer: "{}" }],
        returnType: result,
        statements: [`return ${name}(this.config as ${names.config}, options);`],
      })),
    },
    {
      kind: Kind.VariableStatement,
      declarationKind: DeclarationKind.Let,
      declarations: [{ name: "fromEnvironment", type: "Provider | undefined" }],
    },
    {
      kind: Kind.Function,
      name: "defaultProvider",
      isExported: true,
      docs: ["The provider built from the environment (created on first use), for calls that pass none."],
      returnType: "Provider",
      statements: ["return (fromEnvironment ??= new Provider());"],
    },
  ];
}
