import { formatFile } from "../print/index.js";
import type { PackagePlan } from "../plan/planPackage.js";
import type { WorkItem } from "./emitPool.js";
import { emitModule } from "../emit/modules.js";

/**
 * Emits (when needed), then formats each item: the work of a pool worker or of the main thread. All
 * emitting comes before all formatting, which keeps each library's code hot (measured ~20% faster).
 */
export async function renderItems(plan: PackagePlan, items: readonly WorkItem[]): Promise<[string, string][]> {
  const texts = emitItems(plan, items);
  const out: [string, string][] = [];
  for (const [path, text] of texts) out.push([path, await formatFile(path, text)]);
  return out;
}

/** Unformatted text of each item. */
export const emitItems = (plan: PackagePlan, items: readonly WorkItem[]): [string, string][] =>
  items.map((item) => [item.path, "job" in item ? emitModule(plan, item.job) : item.text]);
