import { readdirSync, statSync, type Stats } from "node:fs";
import { dirname, join, relative } from "node:path";
import { hashText, isRacy, statSignature, type GenCache } from "../cache/genCache.js";
import type { Diagnostic } from "../diagnostics.js";
import { fileHash, NotUtf8Error, readText } from "./readText.js";
import { quickAll, type ParseAlongside } from "./quickAll.js";
import { lazySource, readSource, type Folder, type SourceDoc, type SourceMeta } from "./sourceDoc.js";

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
  { cache, only, known, include, alongside }: LoadOptions = {},
): { sources: SourceDoc[]; diagnostics: Diagnostic[]; hooks: HookFile[]; unread: SourceMeta[] } {
  /** Each file read, in order; a file parsed below is a hole until then (one that fails stays one). */
  const found: (SourceDoc | undefined)[] = [];
  /** The files neither this process nor the cache holds parsed: each one's place in `found`, and its text. */
  const misses: { at: number; path: string; meta: SourceMeta; text: string }[] = [];
  /** The providers whose folders were read. */
  const read: string[] = [];
  /** Schema files that could not be read (broken YAML): what they say is not known. */
  const unread: SourceMeta[] = [];
  const hooks: HookFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const show = (p: string) => relative(dirname(schemaDir), p).split("\\").join("/");
  /** `shown`: the file's name as diagnostics show it. */
  const add = (path: string, shown: string, provider: string, folder: Folder) => {
    if (include && !include.has(path)) return;
    const stem = path.slice(path.lastIndexOf("/") + 1, -".yaml".length);
    let text: string | undefined;
    const textOf = () => (text ??= readText(path));
    // Keyed by content: a file is read and hashed unless this process or the cache knows its hash by
    // its signature, taken before the file is read (a change made meanwhile shows as a new signature).
    let stat: Stats;
    let hash: string;
    try {
      stat = statSync(path);
      hash = known?.hashOf(path, stat) ?? cache?.schemaHash(path, stat) ?? hashText(textOf());
    } catch (e) {
      return e instanceof NotUtf8Error
        ? notText(e, { file: shown, provider, folder, stem, hash: "" })
        : unexpected(path, unreadable(e));
    }
    known?.keepHash(path, stat, hash);
    cache?.keepSchema(path, stat, hash);
    const meta = { file: shown, provider, folder, stem, hash };
    try {
      const source = known?.document(path, hash) ?? cached(textOf, meta);
      if (source) found.push(known ? known.keep(path, source) : source);
      // Its place held once its text is read (a file that is not UTF-8 has none).
      else misses.push({ path, meta, text: textOf(), at: found.push(undefined) - 1 });
    } catch (e) {
      // Read only now: its hash was known by its signature (a listing's), its parsed data was not.
      if (e instanceof NotUtf8Error) return notText(e, meta);
      throw e;
    }
  };
  /** A file that is not UTF-8: what it says is not known, as of a file whose YAML is broken. */
  const notText = (e: NotUtf8Error, meta: SourceMeta) => {
    unread.push(meta);
    diagnostics.push({ file: meta.file, line: e.line, col: e.col, message: e.message });
  };
  const cached = (text: () => string, meta: SourceMeta): SourceDoc | undefined => {
    const kept = cache?.source(meta.hash);
    return kept && lazySource(text, meta, kept.data, kept.valid, kept.outline);
  };
  const unexpected = (path: string, why: string) =>
    diagnostics.push({ file: show(path), line: 1, col: 1, message: why });

  for (const provider of sortedEntries(schemaDir)) {
    const dir = join(schemaDir, provider);
    if (provider === "meta" || (only !== undefined && provider !== only) || !statSync(dir).isDirectory()) continue;
    // Names from a listing joined by hand: path.join normalizes each (2,000 files: ~15 ms).
    for (const entry of sortedEntries(dir)) {
      const path = `${dir}/${entry}`;
      if (isFolder(path)) {
        if (entry === "hooks") {
          for (const file of sortedEntries(path)) {
            const filePath = `${path}/${file}`;
            if (/^[a-z][A-Za-z0-9]*\.ts$/.test(file))
              try {
                hooks.push({
                  provider,
                  name: file.slice(0, -3),
                  file: show(filePath),
                  text: readText(filePath),
                });
              } catch (e) {
                if (e instanceof NotUtf8Error)
                  diagnostics.push({ file: show(filePath), line: e.line, col: e.col, message: e.message });
                else unexpected(filePath, unreadable(e));
              }
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
        const shownDir = show(path); // once a folder: path.relative costs ~10 us a call
        for (const file of sortedEntries(path)) {
          const filePath = `${path}/${file}`;
          if (file.endsWith(".yaml")) add(filePath, `${shownDir}/${file}`, provider, entry as Folder);
          else if (file.endsWith(".yml")) unexpected(filePath, `schema files end in ".yaml", not ".yml"`);
          else unexpected(filePath, `unexpected file "${file}" in ${entry}/: only .yaml schema files belong here`);
        }
      } else if (entry === "provider.yaml") add(path, show(path), provider, "provider");
      else if (entry.endsWith(".yaml") || entry.endsWith(".yml"))
        unexpected(path, `unexpected schema file "${entry}": entities go in resources/, lookups/ or types/`);
    }
    read.push(provider);
  }
  const quick = quickAll(
    misses.map((m) => m.text),
    alongside,
  );
  misses.forEach(({ at, path, meta, text }, i) => {
    const r = readSource(text, meta, quick[i]);
    diagnostics.push(...r.diagnostics);
    if (!r.source) unread.push(meta);
    else found[at] = known ? known.keep(path, r.source) : r.source;
  });
  const sources = found.filter((s) => s !== undefined);
  // One that does not parse is reported for what it holds, not also as missing.
  for (const provider of read)
    if (![...sources, ...unread].some((s) => s.provider === provider && s.folder === "provider"))
      unexpected(join(schemaDir, provider, "provider.yaml"), `provider "${provider}" has no provider.yaml`);
  return { sources, diagnostics, hooks, unread };
}

export interface LoadOptions {
  readonly cache?: GenCache | undefined;
  /** The one provider to read; every one when undefined. */
  readonly only?: string | undefined;
  readonly known?: KnownSources | undefined;
  /** The schema files to read (a scoped run's); every file when undefined. */
  readonly include?: ReadonlySet<string> | undefined;
  /** Another thread that reads schema texts beside this one, for a load that parses many (a cold run's). */
  readonly alongside?: ParseAlongside | undefined;
}

const sortedEntries = (dir: string): string[] => readdirSync(dir).sort();

/** Whether `path` is a folder; a broken or looping link is not (it is then reported as unreadable). */
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Why a schema or hook file could not be read, as a diagnostic says it. */
function unreadable(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const why: Record<string, string> = {
    EISDIR: "it is a folder, not a file",
    ENOENT: "it does not exist (a link to nothing?)",
    ELOOP: "it is a link that leads back to itself",
    EACCES: "permission denied",
    EPERM: "permission denied",
  };
  return `cannot be read: ${(code && why[code]) ?? (e as Error).message}`;
}

/** The provider folders under `schemaDir`, sorted. */
export const providerNames = (schemaDir: string): string[] =>
  sortedEntries(schemaDir).filter((p) => p !== "meta" && statSync(join(schemaDir, p)).isDirectory());

/**
 * The schema files a session (a watch runs many) read last, by path. A file whose stat signature is
 * unchanged is not read again, and one whose content is unchanged keeps its SourceDoc: what later
 * stages keep of a document, by its identity, then still applies. The watch's digests of each
 * provider's files read their hashes here too.
 */
export class KnownSources {
  private readonly hashes = new Map<string, { signature: string; hash: string }>();
  private readonly documents = new Map<string, SourceDoc>();

  /** The file's content hash, when its stat signature is the one it had when hashed. */
  hashOf(path: string, stat: Stats): string | undefined {
    const kept = this.hashes.get(path);
    return kept?.signature === statSignature(stat) ? kept.hash : undefined;
  }

  /**
   * The content hash of the file at `path` (a listing's, which looks for changes without loading),
   * read only when neither this session nor `cache` knows it by the file's stat signature; kept in both.
   */
  hashFile(path: string, cache?: GenCache): string {
    const stat = statSync(path);
    const kept = this.hashOf(path, stat) ?? cache?.schemaHash(path, stat);
    if (kept !== undefined) return kept;
    const hash = fileHash(path);
    this.keepHash(path, stat, hash);
    cache?.keepSchema(path, stat, hash);
    return hash;
  }

  /** Keeps a file's hash with its signature (taken before it was read), unless a change could hide in the clock's tick. */
  keepHash(path: string, stat: Stats, hash: string): void {
    if (isRacy(stat)) this.hashes.delete(path);
    else this.hashes.set(path, { signature: statSignature(stat), hash });
  }

  /** The document last read from the file, when the file holds the same text. */
  document(path: string, hash: string): SourceDoc | undefined {
    const kept = this.documents.get(path);
    return kept?.hash === hash ? kept : undefined;
  }

  keep(path: string, source: SourceDoc): SourceDoc {
    this.documents.set(path, source);
    return source;
  }
}
