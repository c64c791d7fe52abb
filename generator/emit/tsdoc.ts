import type { JSDocStructure, OptionalKind } from "ts-morph";
import type { Condition, EnumType, EnumValue, Field, TypeSpec } from "../model/types.js";
import { boundsText } from "../boundsText.js";
import { fieldChangeLines } from "../describe/describeBehaviour.js";
import { code, isSecret } from "../describe/describe.js";
import { capital } from "../naming.js";

/** Text safe inside a JSDoc block. */
export const docText = (text: string): string => text.replace(/\*\//g, "*&#47;").trim();

const conditionText = ({ field, values }: Condition) => `${code(field)} is ${values.map(code).join(" or ")}`;

/** A value in a Markdown list: how it is shown, then its description and deprecation when it has them. */
export const listItem = (shown: string, description: string | undefined, deprecated: string | undefined): string =>
  `- ${shown}${description ? `: ${description}` : ""}${deprecated ? ` (deprecated: ${deprecated})` : ""}`;

function valueList(values: readonly EnumValue[]): string {
  if (!values.some((v) => v.description || v.deprecated)) return values.map((v) => code(v.value)).join(", ");
  return "\n" + values.map((v) => listItem(code(v.value), v.description, v.deprecated)).join("\n");
}

function constraintLines(spec: TypeSpec, enums: ReadonlyMap<string, EnumType>, prefix = ""): string[] {
  const e = spec.enum ? enums.get(spec.enum) : undefined;
  const sentence = (bounds: string | undefined) => bounds && `${capital(bounds)}.`;
  const lines = [
    e && `Allowed values${e.caseInsensitive ? " (case-insensitive)" : ""}: ${valueList(e.values)}`,
    spec.knownValues && `Known values (others are accepted): ${valueList(spec.knownValues)}`,
    sentence(boundsText(spec.minimum, spec.maximum)),
    spec.notOneOf && `Never ${spec.notOneOf.map(code).join(" or ")}.`,
    sentence(boundsText(spec.minItems, spec.maxItems, "item")),
    sentence(boundsText(spec.minLength, spec.maxLength, "character")),
    spec.pattern && `Matches ${code(spec.pattern)}.`,
    spec.format && `Format: ${spec.format}${spec.familyFrom ? ` (address family from ${code(spec.familyFrom)})` : ""}.`,
  ].flatMap((line) => (line ? [prefix + line] : []));
  if (spec.items) lines.push(...constraintLines(spec.items, enums, "Each item: "));
  if (spec.values) lines.push(...constraintLines(spec.values, enums, "Each value: "));
  return lines;
}

/** TSDoc of a field: everything for inputs, what helps reading a result for outputs; both keep @deprecated. */
export function fieldDoc(
  f: Field,
  enums: ReadonlyMap<string, EnumType>,
  form: "input" | "output",
): OptionalKind<JSDocStructure> {
  const deprecated = f.deprecated ? [{ tagName: "deprecated", text: docText(f.deprecated) }] : [];
  const parts = [f.description, ...(form === "input" ? constraintLines(f.type, enums) : valueLines(f.type, enums))];
  if (form === "input") {
    if (f.requiredWhen) parts.push(`Required when ${conditionText(f.requiredWhen)}.`);
    if (f.onlyWhen) parts.push(`Only when ${conditionText(f.onlyWhen)}: refused otherwise.`);
    if (f.conflictsWith.length) parts.push(`Conflicts with ${f.conflictsWith.map(code).join(", ")}: set at most one.`);
    if (f.env) parts.push(`Environment variable: ${code(f.env)}.`);
    if (f.exposed) parts.push(`Read back as ${code(`provider.${f.name}`)}.`);
  }
  if (isSecret(f.type)) parts.push("Secret: redacted in every string, JSON and log form; read it with `reveal()`.");
  if (form === "input" && f.replaceOnChange)
    parts.push(
      `Changing this replaces the resource: ${f.replaceOnChange.reason}${f.replaceOnChange.exceptVariants ? ` (except ${f.replaceOnChange.exceptVariants.map(code).join(", ")}, which update in place)` : ""}`,
    );
  // What a change does, in words; where the field travels is the docs' "On the wire" section's.
  if (form === "input") parts.push(...fieldChangeLines(f));
  if (form === "input" && f.mode === "optional-computed") parts.push("Assigned by the service when omitted.");
  if (f.writeOnly)
    parts.push(
      "The service never returns it: after an import it is unknown, and a value given then is adopted, not compared.",
    );
  const defaults =
    form === "input" && f.default !== undefined ? [{ tagName: "defaultValue", text: docText(code(f.default)) }] : [];
  return { description: docText(parts.join("\n\n")), tags: [...defaults, ...deprecated] };
}

/** The value sets of a type (closed or known), which are all an output's reader needs. */
function valueLines(spec: TypeSpec, enums: ReadonlyMap<string, EnumType>): string[] {
  const e = spec.enum ? enums.get(spec.enum) : undefined;
  if (e) return [`One of: ${valueList(e.values)}`];
  if (spec.knownValues) return [`Known values: ${valueList(spec.knownValues)}`];
  return spec.items ? valueLines(spec.items, enums) : [];
}

export function entityDoc(
  description: string,
  extra: readonly string[] = [],
  deprecated?: string,
): OptionalKind<JSDocStructure> {
  return {
    description: docText([description, ...extra].join("\n\n")),
    tags: deprecated ? [{ tagName: "deprecated", text: docText(deprecated) }] : [],
  };
}
