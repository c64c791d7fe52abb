import type { StatementStructures } from "ts-morph";
import { Kind } from "../structures.js";
import type { ResourcePlan, PackagePlan } from "../plan/planPackage.js";
import { ModuleContext } from "./context.js";
import { constant, fieldInterface, inputsInterface, validator } from "./declarations.js";
import { behaviourLines, resourceBehaviour } from "../describe/describeBehaviour.js";
import { hookPath } from "./emitHooks.js";
import { Code } from "./literal.js";
import { runtimeNames } from "./protocols.js";
import { replacePaths, secretPaths } from "../model/paths.js";
import { fieldsData } from "./descriptorData.js";
import { importIdText } from "../describe/describe.js";
import { entityDoc } from "./tsdoc.js";
import type { IdFormat } from "../model/types.js";

export function emitResource(p: ResourcePlan, plan: PackagePlan): string {
  const r = p.entity;
  const ctx = new ModuleContext(plan, p.path);
  const rt = ctx.imports.rt(false);
  const descriptor = {
    kind: "resource",
    name: r.name,
    token: r.token,
    deprecated: r.deprecated,
    fields: fieldsData(r.fields, ctx),
    secretPaths: secretPaths(r.fields, ctx.types),
    replaceOnChangePaths: replacePaths(r.fields, ctx.types),
    importId: idFormatData(r.importId.supported ? r.importId : r.importId.format),
    importUnsupported: r.importId.supported ? undefined : r.importId.reason,
    operations: r.operations,
    readiness: r.readiness,
    createdAt: r.createdAt,
    hooks: r.hooks ? new Code(ctx.use(hookPath(r.hooks), "hooks", true)) : undefined,
  };
  const operations = r.operations && runtimeNames(plan.model.provider.protocol)?.operations;
  return ctx.print(
    [r.file],
    [
      fieldInterface(
        p.args,
        entityDoc(
          `Inputs of ${r.name} (\`${r.token}\`): ${r.description}`,
          [importIdText(r), ...behaviourLines(resourceBehaviour(r, plan.model.provider.protocol)), ...r.lifecycleNotes],
          r.deprecated,
        ),
        r.fields,
        "input",
        ctx,
      ),
      inputsInterface(
        p.inputs,
        `{@link ${p.args}} as a stack declares them: wherever a value is expected, a reference to another resource's output of that type also fits.`,
        r.fields,
        ctx,
      ),
      {
        kind: Kind.TypeAlias,
        name: p.state,
        isExported: true,
        type: `${rt}.StateOf<${p.outputs}>`,
        docs: [
          `Input properties used for looking up and filtering ${r.name} resources: the names of {@link ${p.outputs}}, all optional.`,
        ],
      },
      fieldInterface(
        p.outputs,
        entityDoc(`Everything the service returns for a ${r.name}: its inputs as currently set and its outputs.`),
        r.fields,
        "output",
        ctx,
      ),
      constant(
        p.descriptor,
        `${rt}.ResourceDescriptor${operations ? `<${ctx.imports.protocol(false)}.${operations}>` : ""}`,
        descriptor,
        `What the runtime needs to know about ${r.name}: wire names, constraints, secrets, replacements and the import-id format.`,
      ),
      validator(p.validate, r.name, p.args, `${p.descriptor}.fields`, ctx),
      ...resourceClass(p, plan, ctx),
    ],
  );
}

/** The resource class, when the kind is bound to operations: its lifecycle methods, and its outputs as properties. */
function resourceClass(p: ResourcePlan, plan: PackagePlan, ctx: ModuleContext): StatementStructures[] {
  const r = p.entity;
  if (!r.operations) return [];
  const rt = ctx.imports.rt(true);
  const Provider = ctx.use(plan.providerPath, "Provider", false);
  const defaultProvider = ctx.use(plan.providerPath, "defaultProvider", true);
  // Passed unbuilt: the runtime builds it in the call, so its configuration problems come with the arguments' own.
  const provider = `options.provider ?? ${defaultProvider}`;
  const plain = `{ provider?: ${Provider} | undefined; signal?: AbortSignal | undefined }`;
  const options = (type: string) => ({ name: "options", type, initializer: "{}" });
  const method = (
    name: string,
    doc: string,
    parameters: { name: string; type: string; initializer?: string }[],
    returnType: string,
    body: string,
    isStatic = true,
  ) => ({ name, isStatic, hasOverrideKeyword: !isStatic, docs: [doc], parameters, returnType, statements: [body] });
  return [
    {
      kind: Kind.Interface,
      name: r.name,
      isExported: true,
      extends: [`Readonly<${p.outputs}>`],
      docs: [`The current state of a ${r.name}: every field of {@link ${p.outputs}}, read-only.`],
    },
    {
      kind: Kind.Class,
      name: r.name,
      isExported: true,
      extends: `${rt}.ManagedResource`,
      docs: [`${r.description}\n\n${importIdText(r)}`],
      properties: [
        { name: "token", isStatic: true, isReadonly: true, initializer: JSON.stringify(r.token) },
        {
          name: "descriptor",
          isStatic: true,
          isReadonly: true,
          // Annotated, as isolatedDeclarations asks: a declaration file is then made from this file alone.
          type: `typeof ${p.descriptor}`,
          initializer: p.descriptor,
          docs: ["What the runtime knows of the kind (a stack reads it to seal secret inputs and find lost orders)."],
        },
        {
          name: "inputs",
          isStatic: true,
          isReadonly: true,
          hasQuestionToken: true,
          type: p.inputs,
          docs: [
            `A type, never a value: the inputs a stack declares a ${r.name} with, so that hovers and errors name {@link ${p.inputs}}.`,
          ],
        },
      ],
      methods: [
        method(
          "create",
          `Validates {@link ${p.args}} (every violation at once, with those of the configuration from the environment when no provider is passed, before any request), creates the ${r.name}, then waits until it is ready. When the wait fails or times out, the WaitError names the object and its import id.`,
          [{ name: "args", type: p.args }, options(`${rt}.LifecycleOptions<${Provider}>`)],
          `Promise<${r.name}>`,
          `return ${rt}.createResource(${r.name}, ${p.descriptor}, args, ${provider}, options);`,
        ),
        method(
          "get",
          `Reads an existing ${r.name} by its id.`,
          [{ name: "id", type: "string" }, options(plain)],
          `Promise<${r.name}>`,
          `return ${rt}.getResource(${r.name}, ${p.descriptor}, id, ${provider}, options);`,
        ),
        method(
          "import",
          `Adopts an existing ${r.name}. ${importIdText(r)}`,
          [{ name: "importId", type: "string" }, options(plain)],
          `Promise<${r.name}>`,
          `return ${rt}.importResource(${r.name}, ${p.descriptor}, importId, ${provider}, options);`,
        ),
        method(
          "find",
          `The existing ${r.name} objects whose state matches every field given (a tag map: every entry given), read in full.`,
          [{ name: "state", type: p.state }, options(plain)],
          `Promise<${r.name}[]>`,
          `return ${rt}.findResources(${r.name}, ${p.descriptor}, state, ${provider}, options);`,
        ),
        method(
          "isInstance",
          `Whether \`value\` is a ${r.name}, even across copies of this package.`,
          [{ name: "value", type: "unknown" }],
          `value is ${r.name}`,
          `return value instanceof ${rt}.ManagedResource && value.descriptor.token === ${r.name}.token;`,
        ),
        method(
          "diff",
          "What applying `desired` would change, and which changes replace the object, with the reason. No request is made.",
          [{ name: "desired", type: p.args }],
          `${rt}.Diff`,
          "return super.diff(desired);",
          false,
        ),
        method(
          "update",
          "Applies `desired`: in place where possible, by replacement only with `allowReplace`; then waits until ready.",
          [{ name: "desired", type: p.args }, options(`${rt}.UpdateOptions<${Provider}>`)],
          "Promise<this>",
          "return super.update(desired, options);",
          false,
        ),
      ],
    },
  ];
}

const idFormatData = (f: IdFormat | undefined) =>
  f && { separator: f.separator, parts: f.parts.map((x) => ({ ...x, optional: x.optional || undefined })) };
