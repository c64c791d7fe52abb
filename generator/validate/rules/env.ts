import type { Diagnostic } from "../../diagnostics.js";
import { at } from "../../load/sourceDoc.js";
import { eachField, type Rule } from "./rule.js";
import type { Walk } from "./walk.js";

const placed = eachField(({ field: { raw, src, path }, scope }, { envPrefix: prefix }) => {
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

const once = (walk: Walk): Diagnostic[] =>
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
  document: (walk, input) => [...placed(walk, input), ...once(walk)],
};
