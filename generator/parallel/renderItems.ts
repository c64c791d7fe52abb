import { docFiles, renderDoc, type DocFile } from "../docs/emitDocs.js";
import { emitModule } from "../emit/modules.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { formatFile } from "../print/index.js";
import type { WorkItem } from "./emitPool.js";

/** Emits, then formats each item. All emitting before all formatting keeps each library's code hot. */
export async function renderItems(plan: PackagePlan, items: readonly WorkItem[]): Promise<[string, string][]> {
  const texts = emitItems(plan, items);
  const out: [string, string][] = [];
  for (const [path, text] of texts) out.push([path, await formatFile(path, text)]);
  return out;
}

/** Unformatted text of each item (a docs page's is final). */
const emitItems = (plan: PackagePlan, items: readonly WorkItem[]): [string, string][] =>
  items.map((item) => [
    item.path,
    "job" in item ? emitModule(plan, item.job) : "page" in item ? renderDoc(pageOf(plan, item.path)) : item.text,
  ]);

const PAGES = new WeakMap<PackagePlan, Map<string, DocFile>>();

function pageOf(plan: PackagePlan, path: string): DocFile {
  let pages = PAGES.get(plan);
  if (!pages) PAGES.set(plan, (pages = new Map(docFiles(plan).map((f) => [f.path, f]))));
  return pages.get(path)!;
}
