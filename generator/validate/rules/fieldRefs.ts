import { didYouMean } from "@sdkgen/runtime/providers";
import { at } from "../../load/sourceDoc.js";
import { checkValue } from "../values.js";
import { eachField, eachSpec, type Finding, type Rule } from "./rule.js";

/** A condition key's rule: on an optional input, naming another input beside it, with values of its type. */
function conditionRule(key: "requiredWhen" | "onlyWhen", id: string, description: string): Rule {
  return {
    id,
    description,
    document: eachField(({ field: { raw, src, path, name }, mode, siblings, isInput }) => {
      const when = raw[key];
      if (!when) return [];
      if (!isInput) return [at(src, [...path, key], `${key} applies to inputs only: "${name}" is an output`)];
      if ((when.equals === undefined) === (when.in === undefined))
        return [at(src, [...path, key], `${key} needs either equals (a value) or in (a list of values)`)];
      if (when.field === name)
        return [at(src, [...path, key, "field"], `${key} names "${name}" itself: a condition is on another field`)];
      const other = siblings.get(when.field);
      if (other?.mode === "output") {
        const message = `${key} names "${when.field}", an output: no caller gives it, so the condition never holds`;
        return [at(src, [...path, key, "field"], message)];
      }
      const values = when.in
        ? when.in.map((v, i) => ({ v, at: ["in", i], shown: `in[${i}]` }))
        : [{ v: when.equals, at: ["equals"], shown: "equals" }];
      return [
        !other &&
          at(
            src,
            [...path, key, "field"],
            `${key} names unknown field "${when.field}"${didYouMean(when.field, [...siblings.keys()])}`,
          ),
        ...values.map((value): Finding => {
          const problem = !!other && checkValue(other, value.v);
          return (
            !!problem &&
            at(src, [...path, key, ...value.at], `${key}.${value.shown} ${problem} (the type of "${when.field}")`)
          );
        }),
        mode === "required" &&
          at(src, [...path, key], `"${name}" is always required; ${key} applies to optional inputs`),
        key === "onlyWhen" &&
          raw.default !== undefined &&
          at(
            src,
            [...path, "default"],
            `"${name}" has onlyWhen and a default: the default would be sent whatever the condition`,
          ),
      ];
    }),
  };
}

export const requiredWhen = conditionRule(
  "requiredWhen",
  "required-when",
  "`requiredWhen` is on an optional input and names another input beside it, with one value of its type (`equals`) or several (`in`)",
);
export const onlyWhen = conditionRule(
  "onlyWhen",
  "only-when",
  "`onlyWhen` is on an optional input without a default and names another input beside it, with one value of its type (`equals`) or several (`in`)",
);

export const conflictsWith: Rule = {
  id: "conflicts-with",
  description: "`conflictsWith` names sibling fields",
  document: eachField(({ field: { raw, src, path, name }, siblings }) => {
    if (!raw.conflictsWith) return [];
    const others = [...siblings.keys()].filter((n) => n !== name);
    return raw.conflictsWith.map((other, i): Finding => {
      if (others.includes(other)) return undefined;
      const hint = didYouMean(other, others);
      return at(src, [...path, "conflictsWith", i], `conflictsWith names unknown field "${other}"${hint}`);
    });
  }),
};

export const familyFrom: Rule = {
  id: "family-from",
  description: "`familyFrom` is on a CIDR format and names a top-level field",
  document: eachSpec(({ spec, src, path, scope: { rootFields } }) => {
    if (spec.familyFrom === undefined) return [];
    const where = [...path, "familyFrom"];
    if (spec.format !== "cidr" && spec.format !== "ip-cidr")
      return [at(src, where, `"familyFrom" applies to formats cidr and ip-cidr`, "key")];
    if (!rootFields || rootFields.has(spec.familyFrom)) return [];
    const hint = didYouMean(spec.familyFrom, [...rootFields.keys()]);
    return [at(src, where, `familyFrom names unknown field "${spec.familyFrom}"${hint}`)];
  }),
};
