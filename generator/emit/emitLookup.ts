import type { LookupPlan, PackagePlan } from "../plan/planPackage.js";
import { ModuleContext } from "./context.js";
import { constant, fieldInterface, validator } from "./declarations.js";
import { secretPaths } from "../model/paths.js";
import { fieldsData } from "./descriptorData.js";
import { printModule } from "./printModule.js";
import { entityDoc } from "./tsdoc.js";

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
  };
  return printModule(
    ctx,
    [l.file],
    [
      fieldInterface(
        p.args,
        entityDoc(`Arguments of ${l.name} (\`${l.token}\`): ${l.description}`, [], l.deprecated),
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
        `${rt}.LookupDescriptor`,
        descriptor,
        `What the runtime needs to know about ${l.name}: wire names, constraints and secrets.`,
      ),
      validator(p.validate, l.name, p.args, `${p.descriptor}.inputs`, ctx),
    ],
  );
}
