import type {
  InterfaceDeclarationStructure,
  JSDocStructure,
  OptionalKind,
  VariableStatementStructure,
  FunctionDeclarationStructure,
} from "ts-morph";
import { Kind, DeclarationKind } from "../structures.js";
import type { Field } from "../model/types.js";
import type { ModuleContext } from "./context.js";
import { literal } from "./literal.js";
import { fieldDoc } from "./tsdoc.js";
import { typeExpr } from "./typeExpr.js";

/** `config`: provider arguments, all optional since each may come from the environment or a default. */
export type Form = "input" | "output" | "config";

const FORMS: Record<Form, { includes: (f: Field) => boolean; optional: (f: Field) => boolean; readonly: boolean }> = {
  input: { includes: (f) => f.mode !== "output", optional: (f) => f.mode !== "required", readonly: false },
  output: { includes: () => true, optional: (f) => f.mode !== "required" && !f.guaranteed, readonly: true },
  config: { includes: (f) => f.mode !== "output", optional: () => true, readonly: false },
};

/** An interface of fields in one form: Args (input), Outputs/Result (output), ProviderArgs (config). */
export function fieldInterface(
  name: string,
  doc: OptionalKind<JSDocStructure> | string,
  fields: readonly Field[],
  form: Form,
  ctx: ModuleContext,
  wrap = (type: string) => type,
): InterfaceDeclarationStructure {
  const spec = FORMS[form];
  return {
    kind: Kind.Interface,
    name,
    isExported: true,
    docs: [doc],
    properties: fields.filter(spec.includes).map((f) => {
      const optional = spec.optional(f);
      return {
        name: f.name,
        type: wrap(typeExpr(f.type, form === "config" ? "input" : form, ctx)) + (optional ? " | undefined" : ""),
        hasQuestionToken: optional,
        isReadonly: spec.readonly,
        docs: [fieldDoc(f, ctx.enums, form === "config" ? "input" : form)],
      };
    }),
  };
}

/** A kind's Args as a stack declares them; own members, not a mapped type, so errors name 'PortInputs'. */
export const inputsInterface = (name: string, doc: string, fields: readonly Field[], ctx: ModuleContext) =>
  fieldInterface(name, doc, fields, "input", ctx, (type) => `${ctx.imports.stack()}.Inputs<${type}>`);

/** `export const name: type = value`, or with no type `export const name = value as const`. */
export function constant(
  name: string,
  type: string | undefined,
  value: unknown,
  doc: string,
): VariableStatementStructure {
  return {
    kind: Kind.VariableStatement,
    isExported: true,
    declarationKind: DeclarationKind.Const,
    docs: [doc],
    declarations: [
      type
        ? { name, type, initializer: literal(value, `export const ${name}: ${type} = `.length, 1) }
        : { name, initializer: `${literal(value, `export const ${name} = `.length, " as const;".length)} as const` },
    ],
  };
}

export function validator(
  name: string,
  entity: string,
  argsType: string,
  fieldsExpr: string,
  ctx: ModuleContext,
): FunctionDeclarationStructure {
  const rt = ctx.imports.rt(true);
  return {
    kind: Kind.Function,
    name,
    isExported: true,
    docs: [`Checks {@link ${argsType}} before any request: returns every violation (an empty list when valid).`],
    parameters: [{ name: "args", type: "unknown" }],
    returnType: `${rt}.ValidationIssue[]`,
    statements: [`return ${rt}.validateInput(${JSON.stringify(entity)}, ${fieldsExpr}, args);`],
  };
}
