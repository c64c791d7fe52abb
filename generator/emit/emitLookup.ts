import type { StatementStructures } from "ts-morph";
import { Kind } from "../structures.js";
import type { LookupPlan, PackagePlan } from "../plan/planPackage.js";
import { ModuleContext } from "./context.js";
import { lookupBehaviourLines } from "../describe/describeBehaviour.js";
import { hookPath } from "./emitHooks.js";
import { Code } from "./literal.js";
import { runtimeNames } from "./protocols.js";
import { constant, fieldInterface, validator } from "./declarations.js";
import { secretPaths } from "../model/paths.js";
import { fieldsData } from "./descriptorData.js";
import { docText, entityDoc } from "./tsdoc.js";

export function emitLookup(p: LookupPlan, plan: PackagePlan): string {
  const l = p.entity;
  const ctx = new ModuleContext(plan, p.path);
  const rt = ctx.imports.rt(false);
  const descriptor = {
    kind: "lookup",
    name: l.name,
    token: l.token,
    deprecated: l.deprecated,
    inputs: fieldsData(l.inputs, ctx),
    results: fieldsData(l.results, ctx),
    secretPaths: secretPaths(l.results, ctx.types),
    operation: l.operation,
    hooks: l.hooks ? new Code(ctx.use(hookPath(l.hooks), "hooks", true)) : undefined,
  };
  const operation = l.operation && runtimeNames(plan.model.provider.protocol)?.lookupOperation;
  return ctx.print(
    [l.file],
    [
      fieldInterface(
        p.args,
        entityDoc(
          `Arguments of ${l.name} (\`${l.token}\`): ${l.description}`,
          lookupBehaviourLines(l, plan.model.provider.protocol),
          l.deprecated,
        ),
        l.inputs,
        "input",
        ctx,
      ),
      fieldInterface(
        p.result,
        entityDoc(`The result of ${l.name}: its outputs, with the arguments echoed back.`),
        l.results,
        "output",
        ctx,
      ),
      constant(
        p.descriptor,
        `${rt}.LookupDescriptor${operation ? `<${ctx.imports.protocol(false)}.${operation}>` : ""}`,
        descriptor,
        `What the runtime needs to know about ${l.name}: wire names, constraints and secrets.`,
      ),
      validator(p.validate, l.name, p.args, `${p.descriptor}.inputs`, ctx),
      ...lookupFunction(p, plan, ctx),
    ],
  );
}

/** The lookup function, when bound to an operation: validates, then runs with the given or the default provider. */
function lookupFunction(p: LookupPlan, plan: PackagePlan, ctx: ModuleContext): StatementStructures[] {
  const l = p.entity;
  if (!l.operation) return [];
  const rt = ctx.imports.rt(true);
  const Provider = ctx.use(plan.providerPath, "Provider", false);
  const defaultProvider = ctx.use(plan.providerPath, "defaultProvider", true);
  const optionalArgs = l.inputs.every((f) => f.mode !== "required");
  return [
    {
      kind: Kind.Function,
      name: l.name,
      isExported: true,
      isAsync: true,
      docs: [
        {
          description: `${l.description}\n\nArguments are validated before any request (every violation at once, with those of the configuration from the environment when no provider is passed).`,
          tags: l.deprecated ? [{ tagName: "deprecated", text: docText(l.deprecated) }] : [],
        },
      ],
      parameters: [
        { name: "args", type: p.args, ...(optionalArgs ? { initializer: "{}" } : {}) },
        { name: "options", type: `${rt}.LookupOptions<${Provider}>`, initializer: "{}" },
      ],
      returnType: `Promise<${p.result}>`,
      statements: [
        `return ${rt}.invokeLookup<${p.result}>(${p.descriptor}, args, options.provider ?? ${defaultProvider}, options);`,
      ],
    },
  ];
}
