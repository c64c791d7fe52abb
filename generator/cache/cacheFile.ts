import type { CleanRun } from "../validate/scope.js";

/**
 * What a run wrote to a file: the key of the inputs it came from, the hash of the text written, and
 * once a later run has read it back, its stat signature (size, inode, mtime and ctime): a file whose
 * signature is unchanged need not be read again. An edit that keeps size and mtime (a restored
 * mtime) changes ctime, which no tool restores; one within a coarse clock's tick is caught by taking
 * a signature only from a file last changed well before it was read (as git guards its index).
 */
export interface OutputRecord {
  key: string;
  hash: string;
  stat?: string;
}

/** A parsed schema file as the cache holds it: its JSON text until a run reads its data. */
export interface SourceEntry {
  readonly valid: boolean;
  json?: string;
  data?: unknown;
}

/** The data of an entry, parsed from its text on first use. */
export function sourceData(entry: SourceEntry): unknown {
  if (entry.json !== undefined && !("data" in entry))
    entry.data = entry.json === "" ? undefined : JSON.parse(entry.json);
  return entry.data;
}

/** A slice of the model: its JSON (node, declared types, enums) and the digest of its node's JSON. */
export interface SliceRecord {
  readonly text: string;
  readonly digest: string;
}

export interface CacheData {
  /** Generated files by absolute path. */
  outputs: Record<string, OutputRecord>;
  /** Schema files by absolute path: the content hash of a file as of its stat signature. */
  schemas: Record<string, { stat: string; hash: string }>;
  /** What each provider's last clean validation checked (validate/scope.ts), by provider. */
  checks: Record<string, CleanRun>;
  /** Parsed schema files by content hash, and whether they satisfy the meta-schema. */
  sources: Map<string, SourceEntry>;
  /** Slices of the model (model/modelMemo.ts), by the files and contents they were built from. */
  slices: Map<string, SliceRecord>;
}

export const emptyCache = (): CacheData => ({
  outputs: {},
  schemas: {},
  checks: {},
  sources: new Map(),
  slices: new Map(),
});

/*
 * The file: a first line of JSON (outputs, schemas, checks), then a line per schema file ("S", hash, 0 or 1 for
 * valid, its data's JSON) and per slice ("L", key, digest, its JSON), fields separated by tabs (JSON
 * text holds neither a tab nor a line break). A line stays text until a run reads it, and an entry the
 * next save keeps is written back as read: a new process reading and saving 13 MB of one JSON document
 * spent ~250 ms on it.
 */

export function parseCache(text: string): CacheData {
  const lines = text.split("\n");
  const { outputs, schemas, checks } = JSON.parse(lines[0]!) as Pick<CacheData, "outputs" | "schemas" | "checks">;
  const data: CacheData = { outputs, schemas, checks, sources: new Map(), slices: new Map() };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const a = line.indexOf("\t", 2);
    const b = line.indexOf("\t", a + 1);
    if (line.startsWith("S\t"))
      data.sources.set(line.slice(2, a), { valid: line[a + 1] === "1", json: line.slice(b + 1) });
    else if (line.startsWith("L\t"))
      data.slices.set(line.slice(2, a), { digest: line.slice(a + 1, b), text: line.slice(b + 1) });
  }
  return data;
}

export function formatCache(data: CacheData): string {
  const lines = [JSON.stringify({ outputs: data.outputs, schemas: data.schemas, checks: data.checks })];
  for (const [hash, entry] of data.sources) lines.push(`S\t${hash}\t${entry.valid ? 1 : 0}\t${sourceJson(entry)}`);
  for (const [key, slice] of data.slices) lines.push(`L\t${key}\t${slice.digest}\t${slice.text}`);
  return lines.join("\n");
}

/** A parsed file's data as JSON, serialized once per data object (a watch saves every run, its files mostly unchanged). */
const sourceTexts = new WeakMap<object, string>();

function sourceJson(entry: SourceEntry): string {
  if (entry.json !== undefined) return entry.json;
  const { data } = entry;
  // JSON has no undefined (an empty file's data): it is written as nothing.
  if (data === undefined) return "";
  if (typeof data !== "object" || data === null) return JSON.stringify(data);
  let text = sourceTexts.get(data);
  if (text === undefined) sourceTexts.set(data, (text = JSON.stringify(data)));
  return text;
}
