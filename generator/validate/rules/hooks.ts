import { didYouMean } from "@sdkgen/runtime/providers";
import { entity } from "../../load/providerIndex.js";
import { at } from "../../load/sourceDoc.js";
import type { Rule } from "./rule.js";

/** Operations bound to the kind's hook of the same name (`create: hook`). */
const hookedOperations = (operations: unknown): string[] =>
  typeof operations === "object" && operations !== null
    ? Object.entries(operations).flatMap(([name, op]) => (op === "hook" ? [name] : []))
    : [];

export const hooks: Rule = {
  id: "hooks",
  description:
    "`hooks` names a module in the provider's hooks/ folder, and an operation bound to `hook` (a resource's or a lookup's) has one",
  check: ({ walk, index }) =>
    [...walk.resources, ...walk.lookups].flatMap(({ src }) => {
      const e = entity(src);
      const kind = e.kind === "lookup" ? "lookup" : "resource";
      const modules = [...index.hooks.keys()];
      if (e.hooks !== undefined)
        return index.hooks.has(e.hooks)
          ? []
          : [
              at(
                src,
                ["hooks"],
                `hooks names no module: expected schemas/${index.name}/hooks/${e.hooks}.ts${didYouMean(e.hooks, modules)}`,
              ),
            ];
      if (e.operation === "hook")
        return [at(src, ["operation"], "the operation is bound to a hook, but the lookup names no `hooks` module")];
      return hookedOperations(e.operations).map((op) =>
        at(
          src,
          ["operations", op],
          `the ${op} operation is bound to a hook, but the ${kind} names no \`hooks\` module`,
        ),
      );
    }),
};
