import type { Condition, Field, TypeSpec } from "../model/types.js";
import type { ModuleContext } from "./context.js";
import { Code } from "./literal.js";

/** Descriptor data of a field map, keyed by SDK name (see runtime FieldSpec). */
export function fieldsData(fields: readonly Field[], ctx: ModuleContext): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, fieldData(f, ctx)]));
}

function fieldData(f: Field, ctx: ModuleContext): Record<string, unknown> {
  return {
    wire: f.wireName,
    mode: f.mode,
    type: typeData(f.type, ctx),
    default: f.default,
    env: f.env,
    deprecated: f.deprecated,
    replaceOnChange: f.replaceOnChange?.reason,
    replaceOnChangeExcept: f.replaceOnChange?.exceptVariants,
    requiredWhen: f.requiredWhen && conditionData(f.requiredWhen),
    onlyWhen: f.onlyWhen && conditionData(f.onlyWhen),
    conflictsWith: f.conflictsWith.length ? f.conflictsWith : undefined,
    guaranteed: f.guaranteed || undefined,
    writeOnly: f.writeOnly || undefined,
    wirePath: f.wirePath,
    onChange: f.onChange,
    notSent: f.notSent,
  };
}

const conditionData = ({ field, values }: Condition) =>
  values.length === 1 ? { field, equals: values[0] } : { field, in: values };

function typeData(spec: TypeSpec, ctx: ModuleContext): Record<string, unknown> {
  const constraints = {
    enum: spec.enum ? new Code(ctx.enumRef(spec.enum, true)) : undefined,
    caseInsensitive: spec.enum && ctx.enums.get(spec.enum)?.caseInsensitive ? true : undefined,
    minimum: spec.minimum,
    maximum: spec.maximum,
    notOneOf: spec.notOneOf,
    minItems: spec.minItems,
    maxItems: spec.maxItems,
    minLength: spec.minLength,
    maxLength: spec.maxLength,
    pattern: spec.pattern,
    format: spec.format,
    familyFrom: spec.familyFrom,
  };
  return {
    kind: spec.kind,
    items: spec.items && typeData(spec.items, ctx),
    values: spec.values && typeData(spec.values, ctx),
    object: spec.ref && new Code(ctx.typeRef(spec.ref, "descriptor")),
    constraints: Object.values(constraints).some((v) => v !== undefined) ? constraints : undefined,
    secret: spec.secret || undefined,
  };
}
