import { readdirSync, readFileSync, statSync, type Stats } from "node:fs";
import { dirname, join, relative } from "node:path";
import { hashText, isRacy, statSignature, type GenCache } from "../cache/genCache.js";
import type { Diagnostic } from "../diagnostics.js";
import { lazySource, parseSource, type Folder, type SourceDoc, type SourceMeta } from "./sourceDoc.js";

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
  known?: KnownSources,
): { sources: SourceDoc[]; diagnostics: Diagnostic[]; hooks: HookFile[] } {
  const sources: SourceDoc[] = [];
  const hooks: HookFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const show = (p: string) => relative(dirname(schemaDir), p).split("\\").join("/");
  const add = (path: string, provider: string, folder: Folder) => {
    // Taken before the file is read: a change made meanwhile then shows as a new signature next run.
    const stat = statSync(path);
    const kept = known?.unchanged(path, stat);
    if (kept) return void sources.push(kept);
    const stem = path.slice(path.lastIndexOf("/") + 1, -".yaml".length);
    let text: string | undefined;
    const textOf = () => (text ??= readFileSync(path, "utf8"));
    // Keyed by content: a file is read and hashed unless the cache knows its hash by its signature.
    const meta = {
      file: show(path),
      provider,
      folder,
      stem,
      hash: cache?.schemaHash(path, stat) ?? hashText(textOf()),
    };
    cache?.keepSchema(path, stat, meta.hash);
    const source = known?.sameContent(path, meta.hash) ?? read(textOf, meta);
    if (source) sources.push(known ? known.keep(path, stat, source) : source);
  };
  const read = (text: () => string, meta: SourceMeta): SourceDoc | undefined => {
    const fromHash = cache?.source(meta.hash);
    if (fromHash) return lazySource(text, meta, fromHash.data, fromHash.valid);
    const r = parseSource(text(), meta);
    diagnostics.push(...r.diagnostics);
    return r.source;
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

/**
 * The schema files a long-lived process (the watch) read last, by path. A file whose stat signature is
 * unchanged is not read again, and one whose content is unchanged keeps its SourceDoc: what later
 * stages keep of a document, by its identity, then still applies.
 */
export class KnownSources {
  private readonly byPath = new Map<string, { signature: string | undefined; source: SourceDoc }>();

  /** The document as last read, when the file's signature is the one it had then. */
  unchanged(path: string, stat: Stats): SourceDoc | undefined {
    const kept = this.byPath.get(path);
    return kept?.signature !== undefined && kept.signature === statSignature(stat) ? kept.source : undefined;
  }

  /** The document as last read, when the file holds the same text. */
  sameContent(path: string, hash: string): SourceDoc | undefined {
    const kept = this.byPath.get(path);
    return kept?.source.hash === hash ? kept.source : undefined;
  }

  /** Keeps `source` as the file's document; its signature only if no change could hide in the clock's tick. */
  keep(path: string, stat: Stats, source: SourceDoc): SourceDoc {
    this.byPath.set(path, { signature: isRacy(stat) ? undefined : statSignature(stat), source });
    return source;
  }
}
