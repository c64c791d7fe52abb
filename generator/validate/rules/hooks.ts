import { didYouMean } from "@sdkgen/runtime/providers";
import { entity } from "../../load/providerIndex.js";
import { at } from "../../load/sourceDoc.js";
import type { Diagnostic } from "../../diagnostics.js";
import type { ProviderInput, Rule } from "./rule.js";

/** Operations bound to the kind's hook of the same name (`create: hook`). */
const hookedOperations = (operations: unknown): string[] =>
  typeof operations === "object" && operations !== null
    ? Object.entries(operations).flatMap(([name, op]) => (op === "hook" ? [name] : []))
    : [];

export const hooks: Rule = {
  id: "hooks",
  description:
    "`hooks` names a module in the provider's hooks/ folder, an operation bound to `hook` (a resource's or a lookup's) has one, and every module there is named by a resource or a lookup",
  provider: (input) => [...namedModules(input), ...unnamedModules(input)],
};

const namedModules = ({ index, valid }: ProviderInput): Diagnostic[] =>
  [...index.resources, ...index.lookups].flatMap((src) => {
    if (!valid.has(src)) return [];
    const e = entity(src);
    const kind = e.kind === "lookup" ? "lookup" : "resource";
    const modules = [...index.hooks.keys()];
    if (e.hooks !== undefined) {
      if (index.hooks.has(e.hooks)) return [];
      const expected = `schemas/${index.name}/hooks/${e.hooks}.ts${didYouMean(e.hooks, modules)}`;
      return [at(src, ["hooks"], `hooks names no module: expected ${expected}`)];
    }
    if (e.operation === "hook")
      return [at(src, ["operation"], "the operation is bound to a hook, but the lookup names no `hooks` module")];
    return hookedOperations(e.operations).map((op) =>
      at(src, ["operations", op], `the ${op} operation is bound to a hook, but the ${kind} names no \`hooks\` module`),
    );
  });

/** A module no kind names would fail to compile; not reported while a name is misspelt or a file broken. */
function unnamedModules({ index, valid }: ProviderInput): Diagnostic[] {
  const kinds = [...index.resources, ...index.lookups];
  // A file that failed to load or the meta-schema may name its module where it cannot be read.
  if (index.unread.size > 0 || !kinds.every((src) => valid.has(src))) return [];
  const named = new Set(kinds.map((src) => src.outline.hooks));
  if ([...named].some((name) => name !== undefined && !index.hooks.has(name))) return [];
  return [...index.hooks.values()]
    .filter((hook) => !named.has(hook.name))
    .map((hook) => {
      const message = `no resource or lookup names this hook module (\`hooks: ${hook.name}\`): name it, or remove the file`;
      return { file: hook.file, line: 1, col: 1, message };
    });
}
