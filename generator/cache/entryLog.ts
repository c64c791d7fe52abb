import { appendFileSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { entryLines, readEntryLine, type CacheData } from "./cacheFile.js";

/** Dead lines a log may hold beyond its live ones before a save rewrites it (characters). */
const SLACK = 1 << 20;

/**
 * The cache's parsed schema files and model slices on disk: a file of lines (cacheFile.ts), each an
 * entry keyed by the content it was made from, so a line never goes stale and any line is good for
 * its key. A save appends the entries the log lacks, rather than rewriting megabytes of which a
 * one-file edit changes two lines (a 2,000-entity provider's: 11 MB, ~90 ms a run); once dead lines
 * (entries no run keeps) outweigh the live ones, it rewrites the log with the live ones only.
 *
 * A line cut short by a crash, run together with another process's or altered on disk fails its
 * checksum (cacheFile.ts) and is only a miss.
 */
export class EntryLog {
  private constructor(
    private readonly path: string,
    /** The log's length (characters), and the length of each entry's line by its id. */
    private size: number,
    private readonly lengths: Map<string, number>,
    private endsWithNewline: boolean,
    private readonly slack: number,
  ) {}

  /** Reads the log at `path` (none: an empty one) into `into`. */
  static read(path: string, into: CacheData, slack = SLACK): EntryLog {
    let text = "";
    try {
      text = readFileSync(path, "utf8");
    } catch {
      // no log yet: every entry is new
    }
    const lengths = new Map<string, number>();
    for (const line of text.split("\n")) {
      const id = readEntryLine(line, into);
      if (id !== undefined) lengths.set(id, line.length + 1);
    }
    return new EntryLog(path, text.length, lengths, text === "" || text.endsWith("\n"), slack);
  }

  /**
   * Stores every entry of `data`: the ones the log lacks appended, or the log rewritten with them all.
   * A line counts as on disk once written: after a failed write (a full disk), the next save tries again.
   */
  save(data: CacheData): void {
    const fresh: { id: string; text: string }[] = [];
    let live = 0;
    let added = 0;
    for (const { id, line } of entryLines(data)) {
      const length = this.lengths.get(id);
      if (length !== undefined) {
        live += length;
        continue;
      }
      const text = line();
      fresh.push({ id, text });
      live += text.length + 1;
      added += text.length + 1;
    }
    if (this.size + added > 2 * live + this.slack) return this.rewrite(data);
    if (fresh.length === 0) return;
    const gap = this.endsWithNewline ? "" : "\n";
    appendFileSync(this.path, `${gap}${fresh.map((f) => f.text).join("\n")}\n`);
    for (const { id, text } of fresh) this.lengths.set(id, text.length + 1);
    this.size += gap.length + added;
    this.endsWithNewline = true;
  }

  /** The log rewritten with the entries of `data` only, atomically. */
  private rewrite(data: CacheData): void {
    const lines = [...entryLines(data)].map(({ id, line }) => ({ id, text: line() }));
    const text = lines.map((l) => `${l.text}\n`).join("");
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, this.path);
    this.lengths.clear();
    for (const { id, text } of lines) this.lengths.set(id, text.length + 1);
    this.size = text.length;
    this.endsWithNewline = true;
  }
}
