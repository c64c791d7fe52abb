import { at } from "../../load/sourceDoc.js";
import { eachSpec, type Rule } from "./rule.js";

const PAIRS = [
  ["minimum", "maximum"],
  ["minItems", "maxItems"],
  ["minLength", "maxLength"],
] as const;

/** Bounds that must be written as read: JSON (the descriptors') would write Infinity as null. */
const NUMERIC = ["minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength"] as const;

/** Why a numeric bound cannot be written as read: not finite, or an integer's past 2^53 (its digits were lost in reading). */
function boundProblem(key: string, value: number, type: string): string | undefined {
  if (!Number.isFinite(value)) return `${key} must be a finite number (got ${value})`;
  if (type === "integer" && Number.isInteger(value) && !Number.isSafeInteger(value))
    return `${key} of an integer must be one a JavaScript number holds exactly, at most ${Number.MAX_SAFE_INTEGER} in size (got ${value}): the bound written would not be the one read`;
  return undefined;
}

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
    "bounds are finite (an integer's within ±2^53, where a JavaScript number holds it exactly), no lower bound is above its upper bound, and `pattern` is a valid regular expression",
  document: eachSpec(({ spec, src, path }) => {
    const problem = spec.pattern !== undefined && patternProblem(spec.pattern);
    return [
      ...NUMERIC.map((key) => {
        const problem = typeof spec[key] === "number" && boundProblem(key, spec[key], spec.type);
        return !!problem && at(src, [...path, key], problem);
      }),
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
