import type { Diagnostic } from "../../diagnostics.js";
import type { RawEnumValue } from "../../load/rawTypes.js";
import { at } from "../../load/sourceDoc.js";
import { checkValue } from "../values.js";
import { eachSpec, type Rule } from "./rule.js";
import { validDocuments, writtenSpecs } from "./written.js";

const valueOf = (v: RawEnumValue) => (typeof v === "object" ? v.value : v);

export const enumValues: Rule = {
  id: "enum-values",
  description: "enum values are of the field's type, each listed once",
  document: eachSpec(({ spec, src, path }) => {
    if (!spec.enum) return [];
    // Against type and bounds only: `pattern` describes the free-form values of a field without a list.
    const { enum: _enum, pattern: _pattern, ...bare } = spec;
    const seen = new Set<string>();
    return spec.enum.flatMap((v, i) => {
      const value = valueOf(v);
      const problem = checkValue(bare, value);
      const key = spec.caseInsensitive && typeof value === "string" ? value.toLowerCase() : JSON.stringify(value);
      const twice = seen.has(key);
      seen.add(key);
      return [
        ...(problem ? [at(src, [...path, "enum", i], `enum value ${problem}`)] : []),
        ...(twice ? [at(src, [...path, "enum", i], `enum value ${JSON.stringify(value)} is listed twice`)] : []),
      ];
    });
  }),
};

export const enumNames: Rule = {
  id: "enum-names",
  description: "enums sharing an `enumName` have identical values",
  provider: (input) => {
    const out: Diagnostic[] = [];
    // Each declaration is compared with the previous one of that name, in document order.
    const last = new Map<string, string>();
    for (const src of validDocuments(input))
      for (const { spec, path } of writtenSpecs(src)) {
        if (!spec.enum || !spec.enumName) continue;
        const values = JSON.stringify(spec.enum.map(valueOf));
        const prior = last.get(spec.enumName);
        if (prior !== undefined && prior !== values) {
          const message = `enum ${spec.enumName} is declared elsewhere with other values; a shared enum name needs identical values`;
          out.push(at(src, [...path, "enumName"], message));
        }
        last.set(spec.enumName, values);
      }
    return out;
  },
};
