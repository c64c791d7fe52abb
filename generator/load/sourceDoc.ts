import { createRequire } from "node:module";
import type { Alias, Document, LineCounter, Node, Pair, YAMLMap } from "yaml";
import type { Diagnostic, SourcePos } from "../diagnostics.js";
import { quickData } from "./quickParse.js";

const require = createRequire(import.meta.url);
let yamlLibrary: typeof import("yaml") | undefined;
/** The YAML library, loaded on first use: a run whose files read quickly and hold no problem needs it not at all. */
const yaml = (): typeof import("yaml") => (yamlLibrary ??= require("yaml") as typeof import("yaml"));

export type Folder = "provider" | "resources" | "lookups" | "types";

/** One schema file: its data, and (parsed on first use) the YAML document that positions diagnostics. */
export interface SourceDoc {
  /** Path as shown in diagnostics: `schemas/<provider>/…`. */
  readonly file: string;
  readonly provider: string;
  readonly folder: Folder;
  readonly stem: string;
  readonly data: unknown;
  readonly outline: EntityOutline;
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
  /** Content hash, the key of the generator's source cache. */
  readonly hash: string;
  /** The file's text (of one whose data the cache kept, read on first use). */
  text(): string;
  /** Where the value (or key) at `path` is written, found by parsing the file only when first read. */
  position(path: Path, where?: "key" | "value"): SourcePos;
}

/** What a run reads of files it does not check or build again. */
export interface EntityOutline {
  readonly name?: string;
  readonly hooks?: string;
  readonly include?: readonly string[];
}

export type Path = readonly (string | number)[];
export type SourceMeta = Pick<SourceDoc, "file" | "provider" | "folder" | "stem" | "hash">;

// The library's duplicate-key check (uniqueKeys) is quadratic per map: keyProblems uses a set.
function parse(text: string): { doc: Document.Parsed; lines: LineCounter } {
  const { LineCounter, parseDocument } = yaml();
  const lines = new LineCounter();
  return { doc: parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false }), lines };
}

/** Reads a file, reporting YAML errors; one the quick reading accepts is parsed only if a later check reports on it. */
export function parseSource(text: string, meta: SourceMeta): { source?: SourceDoc; diagnostics: Diagnostic[] } {
  const quick = quickData(text);
  if (quick === undefined) return parseFully(text, meta);
  return { source: reparsed(text, meta, quick), diagnostics: [] };
}

/** Reads a file with every node's position, as every file with a problem is read. */
export function parseFully(text: string, meta: SourceMeta): { source?: SourceDoc; diagnostics: Diagnostic[] } {
  const { doc, lines } = parse(text);
  const problems = [...doc.errors, ...doc.warnings].map((e) => ({ offset: e.pos[0], message: yamlMessage(e.message) }));
  if (problems.length === 0) problems.push(...keyProblems(doc));
  if (problems.length > 0) {
    return {
      diagnostics: problems.map(({ offset, message }) => {
        const pos = lines.linePos(offset);
        return { file: meta.file, line: pos.line, col: pos.col, message: `YAML: ${message}` };
      }),
    };
  }
  const loop = aliasInsideItsNode(doc);
  if (loop) {
    const pos = lines.linePos(loop.range?.[0] ?? 0);
    const message = `YAML: alias *${loop.source} is inside the node &${loop.source} marks, so its value would contain itself; write the values out`;
    return { diagnostics: [{ file: meta.file, line: pos.line, col: pos.col, message }] };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    return { diagnostics: [aliasProblem(doc, lines, meta.file, e)] };
  }
  // Found now, while the document is at hand, so the model does not keep the document alive.
  const source: SourceDoc = {
    ...meta,
    data,
    outline: outlineOf(data),
    doc,
    lines,
    text: () => text,
    position: (path, where) => locate(source, path, where),
  };
  return { source, diagnostics: [] };
}

/** Keys a schema cannot have: repeated, or a list or mapping (which would be stringified with a process warning). */
function keyProblems(doc: Document.Parsed): { offset: number; message: string }[] {
  const found: { offset: number; message: string }[] = [];
  const { visit, isScalar } = yaml();
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const keyNode = pair.key as Node | null;
        if (keyNode && !isScalar(keyNode))
          found.push({
            offset: keyNode.range?.[0] ?? 0,
            message: "a key must be a plain value, not a list or a mapping",
          });
        if (!isScalar(keyNode)) continue;
        const key = String(keyNode.value);
        if (seen.has(key))
          found.push({ offset: keyNode.range?.[0] ?? 0, message: `Map keys must be unique ("${key}" is repeated)` });
        seen.add(key);
      }
    },
  });
  return found;
}

/** The first alias written inside the node it names: its data would be circular (JSON and the checks cannot take it). */
function aliasInsideItsNode(doc: Document.Parsed): Alias | undefined {
  let found: Alias | undefined;
  const { visit } = yaml();
  visit(doc, {
    Alias(_, node, path) {
      const target = node.resolve(doc);
      if (target === undefined || !path.includes(target)) return undefined;
      found = node;
      return visit.BREAK;
    },
  });
  return found;
}

/** Alias expansions a schema may use: generous for shared snippets, far below an alias bomb's. */
const MAX_ALIAS_COUNT = 1_000;

/** The YAML library's message; its stack exhaustion on deep nesting and its second document said in a schema's words. */
const yamlMessage = (message: string): string =>
  /call stack/i.test(message)
    ? "collections nested too deeply to read (hundreds of levels); flatten it"
    : /multiple documents/i.test(message)
      ? "a schema file holds one YAML document, and a second starts here: remove the `---` or move what follows to a file of its own"
      : firstLine(message);

/** An alias that cannot be expanded (anchor unset or later, or past MAX_ALIAS_COUNT), positioned at the alias. */
function aliasProblem(doc: Document.Parsed, lines: LineCounter, file: string, error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  const unresolved = /^Unresolved alias.*: (.*)$/.exec(message)?.[1];
  let offset = 0;
  const { visit } = yaml();
  visit(doc, {
    Alias(_, node) {
      if (unresolved !== undefined && node.source !== unresolved) return undefined;
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  const pos = lines.linePos(offset);
  const what =
    unresolved !== undefined
      ? `alias *${unresolved} names no anchor set before it (write &${unresolved} on an earlier node)`
      : /alias count/i.test(message)
        ? `aliases expand to more than ${MAX_ALIAS_COUNT} nodes (an alias bomb?); write the values out or share less`
        : firstLine(message);
  return { file, line: pos.line, col: pos.col, message: `YAML: ${what}` };
}

/** The outline of a document's data. */
export function outlineOf(data: unknown): EntityOutline {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return {};
  const { name, hooks, include } = data as { name?: unknown; hooks?: unknown; include?: unknown };
  return {
    ...(typeof name === "string" && { name }),
    ...(typeof hooks === "string" && { hooks }),
    ...(Array.isArray(include) && include.every((g) => typeof g === "string") && { include: include as string[] }),
  };
}

/** A file from data already made of its text (an earlier run's parse, the quick reading): parsed again only for a position. */
export function reparsed(text: string, meta: SourceMeta, data: unknown): SourceDoc {
  return new LazySource(
    () => text,
    meta,
    () => data,
    outlineOf(data),
  );
}

/** A file whose data is known (cached or read quickly): data made on first read, parsed only for a position. */
export const lazySource = (
  text: () => string,
  meta: SourceMeta,
  data: () => unknown,
  outline: EntityOutline,
): SourceDoc => new LazySource(text, meta, data, outline);

/** The same file read as other data (`data`, made on first read): its positions are still the file's. */
export const withData = (src: SourceDoc, data: () => unknown): SourceDoc =>
  new LazySource(() => src.text(), src, data, src.outline);

// A class, not a literal with getters: V8 builds a literal's accessors anew for each of thousands, a class's once.
class LazySource implements SourceDoc {
  readonly file: string;
  readonly provider: string;
  readonly folder: Folder;
  readonly stem: string;
  readonly hash: string;
  private parsed: ReturnType<typeof parse> | undefined;
  private value: { data: unknown } | undefined;

  constructor(
    readonly text: () => string,
    meta: SourceMeta,
    private readonly read: () => unknown,
    readonly outline: EntityOutline,
  ) {
    ({ file: this.file, provider: this.provider, folder: this.folder, stem: this.stem, hash: this.hash } = meta);
  }

  get data(): unknown {
    return (this.value ??= { data: this.read() }).data;
  }

  get doc(): Document.Parsed {
    return (this.parsed ??= parse(this.text())).doc;
  }

  get lines(): LineCounter {
    return (this.parsed ??= parse(this.text())).lines;
  }

  position(path: Path, where?: "key" | "value"): SourcePos {
    return new LazyPosition(this, path, where);
  }
}

/** A position found on first read: the model holds one for every field, and most are never read. A class for the reason LazySource is one. */
class LazyPosition implements SourcePos {
  readonly file: string;
  private found: SourcePos | undefined;

  constructor(
    private readonly src: SourceDoc,
    private readonly path: Path,
    private readonly where: "key" | "value" | undefined,
  ) {
    this.file = src.file;
  }

  get line(): number {
    return (this.found ??= locate(this.src, this.path, this.where)).line;
  }

  get col(): number {
    return (this.found ??= locate(this.src, this.path, this.where)).col;
  }
}

const firstLine = (s: string): string => s.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");

/** Where the value (or key) at `path` is written, else the deepest node there is, so a missing key points near. */
export function locate(src: SourceDoc, path: Path, at: "key" | "value" = "value"): SourcePos {
  const { isMap, isSeq } = yaml();
  let node: Node | null | undefined = src.doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length && node; i++) {
    const seg = path[i];
    if (isMap(node)) {
      const pair = keysOf(node).get(String(seg));
      if (!pair) break;
      const keyNode = pair.key as Node;
      offset = keyNode.range?.[0] ?? offset;
      if (i === path.length - 1 && at === "key") break;
      node = pair.value as Node | null;
      if (node?.range) offset = node.range[0];
    } else if (isSeq(node) && typeof seg === "number") {
      node = node.items[seg] as Node | null;
      if (node?.range) offset = node.range[0];
    } else break;
  }
  const pos = src.lines.linePos(offset);
  return { file: src.file, line: pos.line, col: pos.col };
}

/** Each map's pairs by key, built once per map: a position is looked up for every field of a file. */
const KEYS = new WeakMap<YAMLMap, Map<string, Pair>>();
function keysOf(map: YAMLMap): Map<string, Pair> {
  let keys = KEYS.get(map);
  if (!keys) {
    const { isScalar } = yaml();
    keys = new Map();
    for (const p of map.items) if (isScalar(p.key) && !keys.has(String(p.key.value))) keys.set(String(p.key.value), p);
    KEYS.set(map, keys);
  }
  return keys;
}

/** A diagnostic at `path` in `src`. */
export function at(src: SourceDoc, path: Path, message: string, where: "key" | "value" = "value"): Diagnostic {
  return { ...locate(src, path, where), message };
}
