import type { DocFile } from "../docs/emitDocs.js";
import { Digests, hashText } from "../hash.js";
import { moduleInput, type ModuleJob } from "../plan/modules.js";
import type { PackagePlan } from "../plan/planPackage.js";

/**
 * The key of each file of one package: the digest of all its text is made of. A module's is its
 * input (moduleInput), a page's its input (docFiles), a text's the text itself. The model's nodes
 * are digested first, each once: an input is made of them, so its digest costs only what is new in it.
 * `digests` may know nodes already (a watch's earlier runs): an unchanged node is not digested again.
 */
export function packageKeys(plan: PackagePlan, digests = new Digests()) {
  const m = plan.model;
  for (const nodes of [
    m.resources,
    m.lookups,
    m.types,
    m.hooks,
    plan.resources,
    plan.lookups,
    [...plan.types.values()],
  ])
    for (const node of nodes) digests.of(node);
  digests.of(m.provider);
  digests.of(m.enums);
  return {
    module: (job: ModuleJob): string => {
      // Digested by itself first: a page's input holds the same part, which is then known.
      const input = moduleInput(plan, job);
      digests.of(input);
      return digests.of([job, input]);
    },
    page: (file: DocFile): string => {
      if ("text" in file) return hashText(file.text);
      // What every page shares, digested once.
      digests.of(file.input.wide);
      return digests.of([file.page, file.input]);
    },
    text: (text: string): string => hashText(text),
  };
}
