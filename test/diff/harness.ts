import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildReport } from "../../generator/diff/report.js";
import { Store } from "../../generator/reuse/store.js";
import { loadSides, Workspace, type Side } from "../../generator/diff/sides.js";
import type { DiffReport } from "../../generator/diff/types.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const BASE = join(ROOT, "test/diff/fixtures/base/schemas");

/**
 * One edit of a schema file under the base fixture's `shop/` folder: replace text (which must be
 * there, so a stale case fails loudly), write a whole file, or delete one.
 */
export type Edit =
  | { readonly file: string; readonly replace: string; readonly with: string }
  | { readonly file: string; readonly write: string }
  | { readonly file: string; readonly delete: true };

/** A copy of the base fixture with edits applied: its `schemas` folder, removed by `cleanup`. */
export function editedCopy(edits: readonly Edit[], base = BASE): { schemas: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "sdkgen-diff-case-"));
  const schemas = join(dir, "schemas");
  cpSync(base, schemas, { recursive: true });
  for (const e of edits) {
    const path = join(schemas, "shop", e.file);
    if ("delete" in e) rmSync(path);
    else if ("write" in e) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, e.write);
    } else {
      const text = readFileSync(path, "utf8");
      if (!text.includes(e.replace)) throw new Error(`${e.file} does not contain ${JSON.stringify(e.replace)}`);
      writeFileSync(path, text.replace(e.replace, e.with));
    }
  }
  return { schemas, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Both folders loaded and planned as the command does it. */
export async function loadPair(
  oldDir: string,
  newDir: string,
  labels: readonly [string, string] = ["old", "new"],
): Promise<[Side, Side]> {
  const ws = new Workspace();
  try {
    const [a, b] = loadSides(
      [
        { label: labels[0], dir: ws.asSchemas(oldDir) },
        { label: labels[1], dir: ws.asSchemas(newDir) },
      ],
      Store.open(undefined).begin(),
    );
    return [a!, b!];
  } finally {
    ws.close();
  }
}

/** The full report (changes and generated-code impact) between two folders, printing in this thread. */
export async function reportOf(
  oldDir: string,
  newDir: string,
  labels: readonly [string, string] = ["old", "new"],
): Promise<DiffReport> {
  const [a, b] = await loadPair(oldDir, newDir, labels);
  return buildReport(a, b);
}
