import { StructureKind } from "ts-morph";
import type { ResourcePlan, PackagePlan } from "../plan/planPackage.js";
import { ModuleContext } from "./context.js";
import { constant, fieldInterface, validator } from "./declarations.js";
import { replacePaths, secretPaths } from "../model/paths.js";
import { fieldsData } from "./descriptorData.js";
import { importIdText } from "./describe.js";
import { printModule } from "./printModule.js";
import { entityDoc } from "./tsdoc.js";

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
    importId: r.importId.supported
      ? {
          separator: r.importId.separator,
          parts: r.importId.parts.map((x) => ({ ...x, optional: x.optional || undefined })),
        }
      : undefined,
    importUnsupported: r.importId.supported ? undefined : r.importId.reason,
  };
  return printModule(
    ctx,
    [r.file],
    [
      fieldInterface(
        p.args,
        entityDoc(
          `Inputs of ${r.name} (\`${r.token}\`): ${r.description}`,
          [importIdText(r), ...r.lifecycleNotes],
          r.deprecated,
        ),
        r.fields,
        "input",
        ctx,
      ),
      {
        kind: StructureKind.TypeAlias,
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
        `${rt}.ResourceDescriptor`,
        descriptor,
        `What the runtime needs to know about ${r.name}: wire names, constraints, secrets, replacements and the import-id format.`,
      ),
      validator(p.validate, r.name, p.args, `${p.descriptor}.fields`, ctx),
    ],
  );
}
