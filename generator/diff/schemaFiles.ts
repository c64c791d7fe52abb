import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every file under a schema folder, by path relative to it (`netsvc/resources/port.yaml`). */
export function readSchemaTree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel))) {
      const path = rel ? `${rel}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else out.set(path, readFileSync(join(dir, path)));
    }
  };
  walk("");
  return out;
}

/**
 * Schema files (named as the model names them, `schemas/<provider>/…`) whose bytes differ between two
 * trees or that exist in one only; undefined when a side has no schema folder (everything differs).
 */
export function changedFiles(
  oldTree: ReadonlyMap<string, Buffer> | undefined,
  newTree: ReadonlyMap<string, Buffer> | undefined,
): Set<string> | undefined {
  if (!oldTree || !newTree) return undefined;
  const changed = new Set<string>();
  for (const path of new Set([...oldTree.keys(), ...newTree.keys()])) {
    const a = oldTree.get(path);
    const b = newTree.get(path);
    if (!a || !b || !a.equals(b)) changed.add(`schemas/${path}`);
  }
  return changed;
}
