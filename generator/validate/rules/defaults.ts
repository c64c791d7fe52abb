import { at } from "../../load/sourceDoc.js";
import { checkValue } from "../values.js";
import { eachField, type Rule } from "./rule.js";

export const defaults: Rule = {
  id: "defaults",
  description: "a `default` sits only on an input that is not required, and fits the field's type",
  document: eachField(({ field: { raw, src, path, name }, mode, isInput }) => {
    if (raw.default === undefined) return [];
    const where = [...path, "default"];
    if (mode === "required")
      return [at(src, where, `a required input has no default: make "${name}" optional, or drop the default`)];
    if (!isInput) return [at(src, where, `an output has no default: "${name}" is set by the service`)];
    const problem = checkValue(raw, raw.default);
    return [!!problem && at(src, where, `default ${problem}`)];
  }),
};

export const deprecatedRequired: Rule = {
  id: "deprecated-required",
  description: "a required input is not deprecated",
  document: eachField(({ field: { raw, src, path, name }, mode }) => {
    if (raw.deprecated === undefined || mode !== "required") return [];
    const message = `a deprecated field cannot be required: callers could never stop setting "${name}"`;
    return [at(src, [...path, "deprecated"], message)];
  }),
};
