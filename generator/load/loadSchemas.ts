import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { hashText } from "../hash.js";
import { NotUtf8Error, readText } from "./readText.js";
import { parseSource, type Folder, type SourceDoc, type SourceMeta } from "./sourceDoc.js";

const FOLDERS: readonly Folder[] = ["resources", "lookups", "types"];

/** A hook module (schemas/<provider>/hooks/<name>.ts): TypeScript for what a resource's bindings cannot say. */
export interface HookFile {
  readonly provider: string;
  readonly name: string;
  readonly file: string;
  readonly text: string;
}

/** A schema file's text, as the load reads it, and what names it. */
export interface SchemaText {
  readonly meta: SourceMeta;
  readonly text: string;
}

/** What the schema folder holds, read but not parsed: the schema texts, the hook modules, and what does not belong. */
export interface SchemaListing {
  readonly texts: SchemaText[];
  readonly hooks: HookFile[];
  readonly diagnostics: Diagnostic[];
  /** Schema files that could not be read as text: what they say is not known. */
  readonly unread: SourceMeta[];
  readonly providers: { readonly name: string; readonly file: string }[];
}

export type Parsed = ReturnType<typeof parseSource>;

export type Loaded = { sources: SourceDoc[]; diagnostics: Diagnostic[]; hooks: HookFile[]; unread: SourceMeta[] };

/** Every schema file read and parsed: the load stage whole. */
export function loadSchemas(schemaDir: string): Loaded {
  const listing = readSchemas(schemaDir);
  return collectSources(
    listing,
    listing.texts.map(({ text, meta }) => parseSource(text, meta)),
  );
}

/** Reads every provider folder, sorted and named relative to `schemaDir`'s parent: output never depends on the cwd. */
export function readSchemas(schemaDir: string): SchemaListing {
  const texts: SchemaText[] = [];
  const providers: SchemaListing["providers"] = [];
  const unread: SourceMeta[] = [];
  const hooks: HookFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const show = (p: string) => relative(dirname(schemaDir), p).split("\\").join("/");
  const unexpected = (path: string, why: string) =>
    diagnostics.push({ file: show(path), line: 1, col: 1, message: why });
  /** A file's text; undefined, reported, when it cannot be read or is not UTF-8 (then `notUtf8` is called too). */
  const read = (path: string, shown: string, notUtf8 = () => {}): string | undefined => {
    try {
      return readText(path);
    } catch (e) {
      if (!(e instanceof NotUtf8Error)) return void unexpected(path, unreadable(e));
      notUtf8();
      diagnostics.push({ file: shown, line: e.line, col: e.col, message: e.message });
    }
  };
  const add = (path: string, shown: string, provider: string, folder: Folder) => {
    const stem = path.slice(path.lastIndexOf("/") + 1, -".yaml".length);
    const meta = { file: shown, provider, folder, stem, hash: "" };
    // What a file that is not UTF-8 says is not known, as of a file whose YAML is broken.
    const text = read(path, shown, () => unread.push(meta));
    if (text !== undefined) texts.push({ meta: { ...meta, hash: hashText(text) }, text });
  };

  for (const provider of providerNames(schemaDir)) {
    const dir = join(schemaDir, provider);
    // Names from a listing joined by hand: path.join normalizes each.
    for (const entry of sortedEntries(dir)) {
      const path = `${dir}/${entry}`;
      if (isFolder(path)) {
        if (entry === "hooks") {
          for (const file of sortedEntries(path)) {
            const filePath = `${path}/${file}`;
            if (/^[a-z][A-Za-z0-9]*\.ts$/.test(file)) {
              const text = read(filePath, show(filePath));
              if (text !== undefined) hooks.push({ provider, name: file.slice(0, -3), file: show(filePath), text });
            } else
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
        const shownDir = show(path); // once a folder: path.relative is slow
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
    providers.push({ name: provider, file: show(join(dir, "provider.yaml")) });
  }
  return { texts, hooks, diagnostics, unread, providers };
}

/** The listing's files with what parsing each gave (`parsed[i]` is of `listing.texts[i]`). */
export function collectSources(listing: SchemaListing, parsed: readonly Parsed[]): Loaded {
  const sources: SourceDoc[] = [];
  const unread = [...listing.unread];
  const diagnostics = [...listing.diagnostics];
  parsed.forEach((r, i) => {
    diagnostics.push(...r.diagnostics);
    if (r.source) sources.push(r.source);
    else unread.push(listing.texts[i]!.meta);
  });
  // One that does not parse is reported for what it holds, not also as missing.
  for (const { name, file } of listing.providers)
    if (![...sources, ...unread].some((s) => s.provider === name && s.folder === "provider"))
      diagnostics.push({ file, line: 1, col: 1, message: `provider "${name}" has no provider.yaml` });
  return { sources, diagnostics, hooks: listing.hooks, unread };
}

/** What was loaded of the providers in `names` alone (the problems reading found stay whole). */
export function loadedOf(loaded: Loaded, names: ReadonlySet<string>): Loaded {
  const mine = <T extends { provider: string }>(list: readonly T[]) => list.filter((x) => names.has(x.provider));
  return { ...loaded, sources: mine(loaded.sources), hooks: mine(loaded.hooks), unread: mine(loaded.unread) };
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
