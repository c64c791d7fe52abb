import { didYouMean } from "@sdkgen/runtime/providers";
import { at } from "../../load/sourceDoc.js";
import { checkValue } from "../values.js";
import { eachField, eachSpec, type Finding, type Rule } from "./rule.js";

/** A rule for a condition key (`requiredWhen`, `onlyWhen`): on an optional input, naming a sibling, with values of its type. */
function conditionRule(key: "requiredWhen" | "onlyWhen", id: string): Rule {
  return {
    id,
    description: `\`${key}\` is on an optional input and names a sibling field, with one value of its type (\`equals\`) or several (\`in\`)`,
    check: eachField(({ field: { raw, src, path, name }, mode, siblings, isInput }) => {
      const when = raw[key];
      if (!when) return [];
      if (!isInput) return [at(src, [...path, key], `${key} applies to inputs only: "${name}" is an output`)];
      if ((when.equals === undefined) === (when.in === undefined))
        return [at(src, [...path, key], `${key} needs either equals (a value) or in (a list of values)`)];
      const other = siblings.get(when.field);
      const known = !!other && when.field !== name;
      const values = when.in
        ? when.in.map((v, i) => ({ v, at: ["in", i], shown: `in[${i}]` }))
        : [{ v: when.equals, at: ["equals"], shown: "equals" }];
      return [
        !known &&
          at(
            src,
            [...path, key, "field"],
            `${key} names unknown field "${when.field}"${didYouMean(when.field, [...siblings.keys()])}`,
          ),
        ...values.map((value): Finding => {
          const problem = known && checkValue(other, value.v);
          return (
            !!problem &&
            at(src, [...path, key, ...value.at], `${key}.${value.shown} ${problem} (the type of "${when.field}")`)
          );
        }),
        mode === "required" &&
          at(src, [...path, key], `"${name}" is always required; ${key} applies to optional inputs`),
      ];
    }),
  };
}

export const requiredWhen = conditionRule("requiredWhen", "required-when");
export const onlyWhen = conditionRule("onlyWhen", "only-when");

export const conflictsWith: Rule = {
  id: "conflicts-with",
  description: "`conflictsWith` names sibling fields",
  check: eachField(({ field: { raw, src, path, name }, siblings }) =>
    (raw.conflictsWith ?? []).map(
      (other, i): Finding =>
        (!siblings.has(other) || other === name) &&
        at(
          src,
          [...path, "conflictsWith", i],
          `conflictsWith names unknown field "${other}"${didYouMean(
            other,
            [...siblings.keys()].filter((n) => n !== name),
          )}`,
        ),
    ),
  ),
};

export const familyFrom: Rule = {
  id: "family-from",
  description: "`familyFrom` is on a CIDR format and names a top-level field",
  check: eachSpec(({ spec, src, path, scope: { rootFields } }) => {
    if (spec.familyFrom === undefined) return [];
    const where = [...path, "familyFrom"];
    if (spec.format !== "cidr" && spec.format !== "ip-cidr")
      return [at(src, where, `"familyFrom" applies to formats cidr and ip-cidr`, "key")];
    return [
      !!rootFields &&
        !rootFields.has(spec.familyFrom) &&
        at(
          src,
          where,
          `familyFrom names unknown field "${spec.familyFrom}"${didYouMean(spec.familyFrom, [...rootFields.keys()])}`,
        ),
    ];
  }),
};
