import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { hashText, type GenCache } from "../cache/genCache.js";
import type { Diagnostic } from "../diagnostics.js";
import { lazySource, parseSource, type Folder, type SourceDoc } from "./sourceDoc.js";

const FOLDERS: readonly Folder[] = ["resources", "lookups", "types"];

/** A hook module (schemas/<provider>/hooks/<name>.ts): TypeScript for what a resource's bindings cannot say. */
export interface HookFile {
  readonly provider: string;
  readonly name: string;
  /** Shown path, as schema files are named. */
  readonly file: string;
  readonly text: string;
}

/**
 * Reads every provider under `schemaDir` (each sub-folder but `meta/`). Files are visited in sorted
 * order, and named relative to the folder holding `schemaDir` (`schemas/netsvc/…`), so diagnostics,
 * the model and generated headers never depend on directory order or the working directory.
 */
export function loadSchemas(
  schemaDir: string,
  cache?: GenCache,
  only?: string,
): { sources: SourceDoc[]; diagnostics: Diagnostic[]; hooks: HookFile[] } {
  const sources: SourceDoc[] = [];
  const hooks: HookFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const show = (p: string) => relative(dirname(schemaDir), p).split("\\").join("/");
  const add = (path: string, provider: string, folder: Folder) => {
    const stem = path.slice(path.lastIndexOf("/") + 1, -".yaml".length);
    // Read and hashed every run (cheap beside parsing): keyed by content, an edit is never missed.
    const text = readFileSync(path, "utf8");
    const meta = { file: show(path), provider, folder, stem, hash: hashText(text) };
    const fromHash = cache?.source(meta.hash);
    if (fromHash) return void sources.push(lazySource(() => text, meta, fromHash.data, fromHash.valid));
    const r = parseSource(text, meta);
    if (r.source) sources.push(r.source);
    diagnostics.push(...r.diagnostics);
  };
  const unexpected = (path: string, why: string) =>
    diagnostics.push({ file: show(path), line: 1, col: 1, message: why });

  for (const provider of sortedEntries(schemaDir)) {
    const dir = join(schemaDir, provider);
    if (provider === "meta" || (only !== undefined && provider !== only) || !statSync(dir).isDirectory()) continue;
    for (const entry of sortedEntries(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry === "hooks") {
          for (const file of sortedEntries(path)) {
            const filePath = join(path, file);
            if (/^[a-z][A-Za-z0-9]*\.ts$/.test(file))
              hooks.push({
                provider,
                name: file.slice(0, -3),
                file: show(filePath),
                text: readFileSync(filePath, "utf8"),
              });
            else
              unexpected(
                filePath,
                `unexpected file "${file}" in hooks/: only hook modules named <camelCase>.ts belong here`,
              );
          }
          continue;
        }
        if (!(FOLDERS as readonly string[]).includes(entry)) {
          unexpected(
            path,
            `unexpected folder "${entry}": a provider holds provider.yaml, resources/, lookups/, types/ and hooks/`,
          );
          continue;
        }
        for (const file of sortedEntries(path)) {
          const filePath = join(path, file);
          if (file.endsWith(".yaml")) add(filePath, provider, entry as Folder);
          else if (file.endsWith(".yml")) unexpected(filePath, `schema files end in ".yaml", not ".yml"`);
          else unexpected(filePath, `unexpected file "${file}" in ${entry}/: only .yaml schema files belong here`);
        }
      } else if (entry === "provider.yaml") add(path, provider, "provider");
      else if (entry.endsWith(".yaml") || entry.endsWith(".yml"))
        unexpected(path, `unexpected schema file "${entry}": entities go in resources/, lookups/ or types/`);
    }
    if (!sources.some((s) => s.provider === provider && s.folder === "provider"))
      unexpected(join(dir, "provider.yaml"), `provider "${provider}" has no provider.yaml`);
  }
  return { sources, diagnostics, hooks };
}

const sortedEntries = (dir: string): string[] => readdirSync(dir).sort();

/** The provider folders under `schemaDir`, sorted. */
export const providerNames = (schemaDir: string): string[] =>
  sortedEntries(schemaDir).filter((p) => p !== "meta" && statSync(join(schemaDir, p)).isDirectory());
