import type { Diagnostic } from "../../diagnostics.js";
import { at } from "../../load/sourceDoc.js";
import { eachField, type Rule, type RuleInput } from "./rule.js";

const placed = eachField(({ field: { raw, src, path }, scope }, { walk }) => {
  const prefix = walk.provider?.envPrefix;
  return [
    raw.env !== undefined &&
      !scope.config &&
      at(src, [...path, "env"], `"env" is read only for provider config fields`),
    raw.env !== undefined &&
      scope.config &&
      !!prefix &&
      !raw.env.startsWith(`${prefix}_`) &&
      at(src, [...path, "env"], `environment variable "${raw.env}" must start with the provider's prefix ${prefix}_`),
  ];
});

const once = ({ walk }: RuleInput): Diagnostic[] =>
  walk.maps.flatMap(({ fields }) => {
    const out: Diagnostic[] = [];
    const readBy = new Map<string, string>();
    for (const { raw, src, path, name } of fields) {
      if (raw.env === undefined) continue;
      const prior = readBy.get(raw.env);
      if (prior !== undefined)
        out.push(at(src, [...path, "env"], `environment variable "${raw.env}" is already read by "${prior}"`));
      readBy.set(raw.env, name);
    }
    return out;
  });

export const env: Rule = {
  id: "env",
  description: "`env` only on provider config (and types it uses), with the provider's prefix, once per object",
  check: (input) => [...placed(input), ...once(input)],
};
