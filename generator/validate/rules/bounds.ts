import { at } from "../../load/sourceDoc.js";
import { eachSpec, type Rule } from "./rule.js";

const PAIRS = [
  ["minimum", "maximum"],
  ["minItems", "maxItems"],
  ["minLength", "maxLength"],
] as const;

/** Bounds that must be finite: JSON (the descriptors') would write Infinity as null. */
const NUMERIC = ["minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength"] as const;

/** Why `pattern` is not a regular expression (with the flags validators use), or undefined. */
function patternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

export const bounds: Rule = {
  id: "bounds",
  description:
    "bounds are finite, no lower bound is above its upper bound, and `pattern` is a valid regular expression",
  check: eachSpec(({ spec, src, path }) => {
    const problem = spec.pattern !== undefined && patternProblem(spec.pattern);
    return [
      ...NUMERIC.map(
        (key) =>
          typeof spec[key] === "number" &&
          !Number.isFinite(spec[key]) &&
          at(src, [...path, key], `${key} must be a finite number (got ${spec[key]})`),
      ),
      ...PAIRS.map(([low, high]) => {
        const [a, b] = [spec[low], spec[high]];
        return (
          a !== undefined && b !== undefined && a > b && at(src, [...path, low], `${low} ${a} is above ${high} ${b}`)
        );
      }),
      !!problem && at(src, [...path, "pattern"], `pattern is not a valid regular expression: ${problem}`),
    ];
  }),
};
