import type { EnumValue, TypeSpec } from "../model/types.js";
import type { ModuleContext } from "./context.js";

/** A value's type: `input` as a caller passes it (SecretInput, Args), `output` as returned (Secret, read-only). */
export function typeExpr(spec: TypeSpec, form: "input" | "output", ctx: ModuleContext): string {
  const base = baseType(spec, form, ctx);
  if (!spec.secret) return base;
  return `${ctx.imports.rt(false)}.${form === "output" ? "Secret" : "SecretInput"}<${base}>`;
}

function baseType(spec: TypeSpec, form: "input" | "output", ctx: ModuleContext): string {
  switch (spec.kind) {
    case "string":
    case "number":
    case "integer":
    case "boolean": {
      if (spec.enum) return ctx.enumRef(spec.enum, false);
      const prim = spec.kind === "integer" ? "number" : spec.kind;
      return spec.knownValues ? openUnion(spec.knownValues, prim) : prim;
    }
    case "any":
      return "unknown";
    case "list": {
      const item = typeExpr(spec.items!, form, ctx);
      return `readonly ${/[|&]/.test(item) ? `(${item})` : item}[]`;
    }
    case "map":
      return `{ readonly [key: string]: ${typeExpr(spec.values!, form, ctx)} }`;
    case "object":
      return ctx.typeRef(spec.ref!, form === "input" ? "input" : "output");
  }
}

/** Known example values: suggested by editors, yet any value of the base type is accepted. */
const openUnion = (values: readonly EnumValue[], prim: string) =>
  [...values.map((v) => JSON.stringify(v.value)), `(${prim} & {})`].join(" | ");
