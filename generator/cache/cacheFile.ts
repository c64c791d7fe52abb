import { hash } from "node:crypto";
import { outlineOf, type EntityOutline } from "../load/sourceDoc.js";
import type { CleanRun } from "../validate/scope.js";

/**
 * What a run wrote to a file: the key of the inputs it came from, the hash of the text written, and
 * once a later run has read it back, its stat signature (size, inode, mtime and ctime): a file whose
 * signature is unchanged need not be read again. An edit that keeps size and mtime (a restored
 * mtime) changes ctime, which no tool restores; one within a coarse clock's tick is caught by taking
 * a signature only from a file last changed well before it was read (as git guards its index).
 *
 * Kept packed, "key hash" or "key hash stat" (none of them holds a space): a 2,000-entity package's
 * 6,000 records parse and print in about half the time of as many objects, every run.
 */
export type OutputRecord = string;

export const outputRecord = (key: string, hash: string, stat?: string): OutputRecord =>
  stat === undefined ? `${key} ${hash}` : `${key} ${hash} ${stat}`;

/** A record's fields. */
export function outputFields(record: OutputRecord): { key: string; hash: string; stat?: string } {
  const [key, hash, stat] = record.split(" ") as [string, string, string?];
  return stat === undefined ? { key, hash } : { key, hash, stat };
}

/** A record's key alone. */
export const outputKey = (record: OutputRecord): string => record.slice(0, record.indexOf(" "));

/** A record's stat signature alone, if it has one. */
export function outputStat(record: OutputRecord): string | undefined {
  const at = record.indexOf(" ", record.indexOf(" ") + 1);
  return at < 0 ? undefined : record.slice(at + 1);
}

/** A schema file's stat signature and content hash, packed as "stat hash" (see OutputRecord). */
export type SchemaRecord = string;

/** A parsed schema file as the cache holds it: its JSON text until a run reads its data. */
export interface SourceEntry {
  readonly valid: boolean;
  /** What other files' checks read of it (SourceDoc.outline). */
  readonly outline: EntityOutline;
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
  schemas: Record<string, SchemaRecord>;
  /** What each provider's last clean validation checked (validate/scope.ts), by provider. */
  checks: Record<string, CleanRun>;
  /** Parsed schema files by content hash, and whether they satisfy the meta-schema. */
  sources: Map<string, SourceEntry>;
  /** Slices of the model (model/modelMemo.ts), by the files and contents they were built from. */
  slices: Map<string, SliceRecord>;
  /** The digest of what a scoped run needs of each provider's last run (scoped/runRecord.ts), kept in a file of its own. */
  runs: Record<string, string>;
}

export const emptyCache = (): CacheData => ({
  outputs: {},
  schemas: {},
  checks: {},
  sources: new Map(),
  slices: new Map(),
  runs: {},
});

/*
 * Two files. The index: the JSON of outputs, schemas and checks, then a line with its checksum,
 * rewritten by every save. The entry log (entryLog.ts): a line per schema file ("S", hash, 0 or 1 for
 * valid, its outline's JSON, its data's JSON) and per slice ("L", key, digest, its JSON), fields
 * separated by tabs (JSON text holds neither a tab nor a line break), each line ending with a checksum
 * of the rest. A line stays text until a run reads it, and an entry a save keeps is not written again.
 */

/**
 * A checksum of the index or of a log line. A line cut short by a crash, run together with another
 * process's, or altered on disk, even into other valid JSON, fails it and is only a miss; without it,
 * an altered slice whose digest still matched would be rendered, and its files kept as up to date once
 * the line was gone. SHA-256 (hardware on most CPUs) over a 2,000-entity log: ~11 ms.
 */
const checksum = (content: string): string => hash("sha256", content, "base64url").slice(0, 22);

export type CacheIndex = Pick<CacheData, "outputs" | "schemas" | "checks" | "runs"> & {
  /** Where each entry's line is in the entry log, as of this index (entryLog.ts). */
  log?: string;
};

/** The index a file holds: its JSON, then a line with the JSON's checksum. Throws for any other text. */
export function parseIndex(text: string): CacheIndex {
  const end = text.lastIndexOf("\n");
  if (end < 0 || checksum(text.slice(0, end)) !== text.slice(end + 1)) throw new Error("not a cache index");
  const { outputs, schemas, checks, runs, log } = JSON.parse(text.slice(0, end)) as CacheIndex;
  return { outputs, schemas, checks, runs: runs ?? {}, ...(log !== undefined && { log }) };
}

export const indexText = (data: CacheData, log: string): string => {
  const { outputs, schemas, checks, runs } = data;
  const json = JSON.stringify({ outputs, schemas, checks, runs, log });
  return `${json}\n${checksum(json)}`;
};

/** Whether a line of the entry log is whole: its checksum is that of the rest. */
export function sealedWhole(line: string): boolean {
  const end = line.lastIndexOf("\t");
  return end >= 0 && checksum(line.slice(0, end)) === line.slice(end + 1);
}

/** A whole entry line's id: what a line holding the same entry starts with (undefined: no entry). */
export function entryId(line: string): string | undefined {
  const a = line.indexOf("\t", 2);
  if (line.startsWith("S\t")) return line.slice(0, line.indexOf("\t", a + 1));
  if (line.startsWith("L\t")) return line.slice(0, a);
  return undefined;
}

/** A whole "S" line's parsed file: its outline and its data's JSON. */
export function sourceOfLine(line: string): { outline: EntityOutline; json: string } {
  const b = line.indexOf("\t", line.indexOf("\t", 2) + 1);
  const c = line.indexOf("\t", b + 1);
  return { outline: outlineOf(JSON.parse(line.slice(b + 1, c))), json: line.slice(c + 1, line.lastIndexOf("\t")) };
}

/** A whole "L" line's slice. */
export function sliceOfLine(line: string): SliceRecord {
  const a = line.indexOf("\t", 2);
  const b = line.indexOf("\t", a + 1);
  return { digest: line.slice(a + 1, b), text: line.slice(b + 1, line.lastIndexOf("\t")) };
}

/**
 * Reads one line of the entry log into `into`, and returns its id; undefined for a line that is no
 * entry, or fails its checksum. Of a file's lines, one saying it is valid wins: a run that could not
 * tell (a diff's preparse) keeps a file as not known valid.
 */
export function readEntryLine(line: string, into: CacheData): string | undefined {
  if (!sealedWhole(line)) return undefined;
  const id = entryId(line);
  if (id?.startsWith("S\t")) {
    const [, hash, flag] = id.split("\t");
    const valid = flag === "1";
    if (valid || !into.sources.get(hash!)?.valid) into.sources.set(hash!, { valid, ...sourceOfLine(line) });
  } else if (id !== undefined) into.slices.set(id.slice(2), sliceOfLine(line));
  return id;
}

/**
 * Every entry of `data` as a line of the log, by its id (the line made only when asked for; none for
 * an entry of the log whose line turned out damaged).
 */
export function* entryLines(data: CacheData): Generator<{ id: string; line: () => string | undefined }> {
  for (const [hash, entry] of data.sources) {
    const id = `S\t${hash}\t${entry.valid ? 1 : 0}`;
    yield {
      id,
      line: () =>
        readable(entry) ? sealed(`${id}\t${JSON.stringify(entry.outline)}\t${sourceJson(entry)}`) : undefined,
    };
  }
  for (const [key, slice] of data.slices) {
    const id = `L\t${key}`;
    yield { id, line: () => (readable(slice) ? sealed(`${id}\t${slice.digest}\t${slice.text}`) : undefined) };
  }
}

/** An entry the log reads when first asked for: it may then turn out damaged (a miss). */
export interface Logged {
  readonly readable: boolean;
}

/** Whether an entry can be read: one made in this process always can. */
export const readable = (entry: SourceEntry | SliceRecord): boolean =>
  !("readable" in entry) || (entry as Logged).readable;

const sealed = (content: string): string => `${content}\t${checksum(content)}`;

/** A parsed file's data as JSON. */
function sourceJson(entry: SourceEntry): string {
  if (entry.json !== undefined) return entry.json;
  // JSON has no undefined (an empty file's data): it is written as nothing.
  return entry.data === undefined ? "" : JSON.stringify(entry.data);
}
