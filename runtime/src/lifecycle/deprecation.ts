import type { FieldSpec } from "../descriptor.js";

/** Where deprecation warnings go; by default Node's process warnings. */
let warn: (message: string) => void = (message) => process.emitWarning(message, "DeprecationWarning");

export function setWarningSink(sink: (message: string) => void): void {
  warn = sink;
}

/** A warning for each deprecated input the arguments set, with what to use instead. */
export function warnDeprecated(entity: string, fields: Readonly<Record<string, FieldSpec>>, args: object): void {
  const given = args as Readonly<Record<string, unknown>>;
  for (const [name, spec] of Object.entries(fields))
    if (spec.deprecated && spec.mode !== "output" && given[name] !== undefined)
      warn(`${entity}: ${name} is deprecated: ${spec.deprecated}`);
}
