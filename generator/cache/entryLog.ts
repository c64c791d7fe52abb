import {
  appendFileSync,
  closeSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import type { EntityOutline } from "../load/sourceDoc.js";
import {
  entryId,
  entryLines,
  readEntryLine,
  sealedWhole,
  sliceOfLine,
  sourceOfLine,
  type CacheData,
  type Logged,
  type SliceRecord,
  type SourceEntry,
} from "./cacheFile.js";

/** Dead lines a log may hold beyond its live ones before a save rewrites it (bytes). */
const SLACK = 1 << 20;

/** Where an entry's line is in the log: its offset and length in bytes (the line break not counted). */
type Position = { readonly offset: number; readonly length: number };

/**
 * The cache's parsed schema files and model slices on disk: a file of lines (cacheFile.ts), each an
 * entry keyed by the content it was made from, so a line never goes stale and any line is good for
 * its key. A save appends the entries the log lacks, rather than rewriting megabytes of which a
 * one-file edit changes two lines (a 2,000-entity provider's: 11 MB, ~90 ms a run); once dead lines
 * (entries no run keeps) outweigh the live ones, it rewrites the log with the live ones only.
 *
 * The index records where each live entry's line is (`positions`): a run opening the log with them
 * reads a line only when its entry is asked for (a scoped run needs a few hundred of 4,000; reading
 * and checking all of them was ~85 ms). A line cut short by a crash, run together with another
 * process's, altered on disk, or not where the index says (another process rewrote the log) fails
 * its checksum or its id (cacheFile.ts) and is only a miss.
 */
export class EntryLog {
  /** The descriptor `readAt` reads through, while open. */
  private fd: number | undefined;

  private constructor(
    private readonly path: string,
    /** The log's length in bytes. */
    private size: number,
    /** Where each entry's line is, by its id. */
    private readonly positions: Map<string, Position>,
    private endsWithNewline: boolean,
    private readonly slack: number,
    /** `positions` as the index keeps them, while known to be exactly those (a save appends to it). */
    private positionsText?: string,
  ) {}

  /**
   * Opens the log at `path` (none: an empty one) into `into`: with the positions the index recorded
   * (`positionsText`), each entry is read when first asked for; without, the whole log now.
   */
  static open(path: string, into: CacheData, positionsText?: string, slack = SLACK): EntryLog {
    if (positionsText === undefined) return EntryLog.read(path, into, slack);
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      return EntryLog.read(path, into, slack);
    }
    const positions = parsePositions(positionsText);
    const log = new EntryLog(path, size, positions, true, slack, positionsText);
    for (const id of positions.keys()) {
      if (id.startsWith("L\t")) into.slices.set(id.slice(2), new LoggedSlice(() => log.line(id)));
      else {
        const [, hash, flag] = id.split("\t");
        if (flag === "1" || !into.sources.get(hash!)?.valid)
          into.sources.set(hash!, new LoggedSource(flag === "1", () => log.line(id)));
      }
    }
    return log;
  }

  /** Reads the whole log at `path` (none: an empty one) into `into`. */
  static read(path: string, into: CacheData, slack = SLACK): EntryLog {
    let bytes = Buffer.alloc(0);
    try {
      bytes = readFileSync(path);
    } catch {
      // no log yet: every entry is new
    }
    const positions = new Map<string, Position>();
    for (let offset = 0; offset < bytes.length;) {
      const end = bytes.indexOf(10, offset);
      const stop = end < 0 ? bytes.length : end;
      const id = readEntryLine(bytes.toString("utf8", offset, stop), into);
      if (id !== undefined) positions.set(id, { offset, length: stop - offset });
      offset = stop + 1;
    }
    return new EntryLog(path, bytes.length, positions, bytes.length === 0 || bytes.at(-1) === 10, slack);
  }

  /** The line of entry `id`, read from the log; undefined (and forgotten, so a save writes it again) when not whole. */
  private line(id: string): string | undefined {
    const at = this.positions.get(id);
    const line = at && at.offset + at.length <= this.size ? this.readAt(at) : undefined;
    if (line !== undefined && sealedWhole(line) && entryId(line) === id) return line;
    this.positions.delete(id);
    this.positionsText = undefined;
    return undefined;
  }

  /**
   * The bytes at `at`, through a descriptor kept open until the log is written (a scoped run reads a few
   * hundred lines: an open and a close each were two thirds of their system calls). Undefined when the
   * log cannot be read.
   */
  private readAt(at: Position): string | undefined {
    try {
      this.fd ??= openSync(this.path, "r");
      const buffer = Buffer.alloc(at.length);
      return readSync(this.fd, buffer, 0, at.length, at.offset) === at.length ? buffer.toString("utf8") : undefined;
    } catch {
      return undefined;
    }
  }

  /** Closes the descriptor reads go through: the log is about to change (or be replaced). */
  private closeReads(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /**
   * Stores every entry of `data`: the ones the log lacks appended, or the log rewritten with them all.
   * Returns where each one's line is, as the index keeps them: where every entry the log held is kept
   * (a scoped run keeps all), the positions it was opened or last saved with, with the new ones after
   * (4,000 entries' lines made again were ~20 ms of a scoped run). A line counts as on disk once
   * written: after a failed write (a full disk), the next save tries again.
   */
  save(data: CacheData): string {
    const ids: string[] = [];
    const fresh: { id: string; text: string }[] = [];
    let kept = 0;
    let live = 0;
    let added = 0;
    for (const { id, line } of entryLines(data)) {
      const at = this.positions.get(id);
      if (at !== undefined) {
        ids.push(id);
        kept++;
        live += at.length + 1;
        continue;
      }
      const text = line();
      if (text === undefined) continue;
      ids.push(id);
      const length = Buffer.byteLength(text) + 1;
      fresh.push({ id, text });
      live += length;
      added += length;
    }
    this.closeReads();
    if (this.size + added > 2 * live + this.slack) {
      this.rewrite(data);
      return this.textOf(ids);
    }
    const appended = fresh.length > 0 ? this.append(fresh) : "";
    if (this.positionsText === undefined || kept < this.positions.size - fresh.length) return this.textOf(ids);
    this.positionsText = [this.positionsText, appended].filter((t) => t !== "").join("\n");
    return this.positionsText;
  }

  /** Appends the lines, and returns their positions as the index keeps them. */
  private append(fresh: readonly { id: string; text: string }[]): string {
    const gap = this.endsWithNewline ? "" : "\n";
    appendFileSync(this.path, `${gap}${fresh.map((f) => f.text).join("\n")}\n`);
    let offset = this.size + gap.length;
    const lines: string[] = [];
    for (const { id, text } of fresh) {
      const length = Buffer.byteLength(text);
      this.positions.set(id, { offset, length });
      lines.push(`${id}\t${offset}\t${length}`);
      offset += length + 1;
    }
    this.size = offset;
    this.endsWithNewline = true;
    return lines.join("\n");
  }

  /** The positions of these entries (those on disk), as the index keeps them; kept for the next save. */
  private textOf(ids: readonly string[]): string {
    const lines: string[] = [];
    for (const id of ids) {
      const at = this.positions.get(id);
      if (at) lines.push(`${id}\t${at.offset}\t${at.length}`);
    }
    this.positionsText = lines.length === this.positions.size ? lines.join("\n") : undefined;
    return lines.join("\n");
  }

  /** The log rewritten with the entries of `data` only, atomically. */
  private rewrite(data: CacheData): void {
    const lines = [...entryLines(data)].flatMap(({ id, line }) => {
      const text = line();
      return text === undefined ? [] : [{ id, text }];
    });
    const text = lines.map((l) => `${l.text}\n`).join("");
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, this.path);
    this.positions.clear();
    let offset = 0;
    for (const { id, text } of lines) {
      const length = Buffer.byteLength(text);
      this.positions.set(id, { offset, length });
      offset += length + 1;
    }
    this.size = offset;
    this.endsWithNewline = true;
  }
}

/** The positions the index recorded: a line per entry, its id (tabs within), offset and length. */
function parsePositions(text: string): Map<string, Position> {
  const out = new Map<string, Position>();
  for (const line of text === "" ? [] : text.split("\n")) {
    const b = line.lastIndexOf("\t");
    const a = line.lastIndexOf("\t", b - 1);
    out.set(line.slice(0, a), { offset: Number(line.slice(a + 1, b)), length: Number(line.slice(b + 1)) });
  }
  return out;
}

/** An entry whose line is read, and parsed by `parse`, when first asked for; null once it proves damaged. */
abstract class LoggedLine<T> implements Logged {
  private read: T | null | undefined;

  constructor(
    private readonly line: () => string | undefined,
    private readonly parse: (line: string) => T,
  ) {}

  protected get entry(): T | null {
    if (this.read === undefined) {
      const line = this.line();
      this.read = line === undefined ? null : this.parse(line);
    }
    return this.read;
  }

  get readable(): boolean {
    return this.entry !== null;
  }
}

/** A parsed file whose line is read when its outline or data is first asked for. */
class LoggedSource extends LoggedLine<{ outline: EntityOutline; json: string }> implements SourceEntry {
  constructor(
    readonly valid: boolean,
    line: () => string | undefined,
  ) {
    super(line, sourceOfLine);
  }

  get outline(): EntityOutline {
    return this.entry!.outline;
  }

  get json(): string {
    return this.entry!.json;
  }
}

/** A slice whose line is read when its text or digest is first asked for. */
class LoggedSlice extends LoggedLine<SliceRecord> implements SliceRecord {
  constructor(line: () => string | undefined) {
    super(line, sliceOfLine);
  }

  get text(): string {
    return this.entry!.text;
  }

  get digest(): string {
    return this.entry!.digest;
  }
}
