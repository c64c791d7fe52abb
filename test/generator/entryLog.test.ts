import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emptyCache, readable, sourceData, type CacheData } from "../../generator/cache/cacheFile.js";
import { EntryLog } from "../../generator/cache/entryLog.js";
import { outlineOf } from "../../generator/load/sourceDoc.js";

/** A cache holding parsed files (hash -> data, valid) and slices (key -> text). */
function cacheOf(sources: Record<string, [unknown, boolean]>, slices: Record<string, string> = {}): CacheData {
  const data = emptyCache();
  for (const [hash, [value, valid]] of Object.entries(sources))
    data.sources.set(hash, { valid, outline: outlineOf(value), data: value });
  for (const [key, text] of Object.entries(slices)) data.slices.set(key, { text, digest: `d-${key}` });
  return data;
}

/** What a new process reads from the log at `path`: each file's data and validity, each slice's text. */
function readBack(path: string) {
  const into = emptyCache();
  EntryLog.read(path, into);
  return {
    sources: Object.fromEntries([...into.sources].map(([h, e]) => [h, [sourceData(e), e.valid]])),
    outlines: Object.fromEntries([...into.sources].map(([h, e]) => [h, e.outline])),
    slices: Object.fromEntries([...into.slices].map(([k, s]) => [k, s.text])),
  };
}

const logFile = () => join(mkdtempSync(join(tmpdir(), "sdkgen-log-")), "cache-x.log");

describe("EntryLog", () => {
  it("appends only what it lacks: a one-file edit leaves every earlier line as written", () => {
    const path = logFile();
    const many: Record<string, [unknown, boolean]> = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`h${i}`, [{ name: `T${i}` }, true]]),
    );
    EntryLog.read(path, emptyCache()).save(cacheOf(many, { s1: "[1]" }));
    const before = readFileSync(path, "utf8");
    const inode = statSync(path).ino;

    const next = EntryLog.read(path, emptyCache());
    const edited: Record<string, [unknown, boolean]> = { ...many, h7b: [{ name: "T7 edited" }, true] };
    delete edited.h7;
    next.save(cacheOf(edited, { s1: "[1]", s2: "[2]" }));
    const after = readFileSync(path, "utf8");
    expect(statSync(path).ino).toBe(inode);
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length).split("\n").filter(Boolean)).toHaveLength(2);
    expect(readBack(path).sources.h7b).toEqual([{ name: "T7 edited" }, true]);
    expect(readBack(path).slices).toEqual({ s1: "[1]", s2: "[2]" });

    next.save(cacheOf(edited, { s1: "[1]", s2: "[2]" }));
    expect(readFileSync(path, "utf8")).toBe(after); // nothing new: nothing written
  });

  it("rewrites itself with the live entries once dead lines outweigh them", () => {
    const path = logFile();
    EntryLog.read(path, emptyCache(), 0).save(cacheOf({ a: [1, true], b: [2, true], c: [3, true] }));
    const log = EntryLog.read(path, emptyCache(), 0);
    log.save(cacheOf({ a: [1, true], d: [4, true] })); // two dead, two live: appended
    expect(Object.keys(readBack(path).sources).sort()).toEqual(["a", "b", "c", "d"]);
    log.save(cacheOf({ d: [4, true] })); // four lines, one live: rewritten
    expect(readBack(path).sources).toEqual({ d: [4, true] });
    expect(readFileSync(path, "utf8").split("\n").filter(Boolean)).toHaveLength(1);
  });

  it("loses only the entry of a line cut short or altered, never reads it as another", () => {
    const path = logFile();
    EntryLog.read(path, emptyCache()).save(cacheOf({ a: [{ x: 1 }, true] }, { s: '[{"n":1}]' }));
    const whole = readFileSync(path, "utf8");
    // A crash mid-append: half of a line, no line break.
    appendFileSync(path, whole.split("\n")[0]!.slice(0, 12).replace("S\ta", "S\tz"));
    EntryLog.read(path, emptyCache()).save(cacheOf({ a: [{ x: 1 }, true], b: [{ y: 2 }, false] }, { s: '[{"n":1}]' }));
    const back = readBack(path);
    expect(back.sources.a).toEqual([{ x: 1 }, true]);
    expect(back.sources.b).toEqual([{ y: 2 }, false]);
    expect(back.slices).toEqual({ s: '[{"n":1}]' });
    expect(back.sources.z).toBeUndefined();
    // Altered into other valid JSON (a flipped byte): the line's checksum fails.
    writeFileSync(path, readFileSync(path, "utf8").replace('{"y":2}', '{"y":3}'));
    expect(readBack(path).sources.b).toBeUndefined();
    expect(readBack(path).sources.a).toEqual([{ x: 1 }, true]);
  });

  it("keeps each file's outline, readable without its data; an altered one drops the line", () => {
    const path = logFile();
    const gadget = { kind: "resource", name: "Gadget", hooks: "gadget", fields: {} };
    EntryLog.read(path, emptyCache()).save(cacheOf({ a: [gadget, true], b: [{ name: 7 }, false] }));
    expect(readBack(path).outlines).toEqual({ a: { name: "Gadget", hooks: "gadget" }, b: {} });
    const [first, second] = readFileSync(path, "utf8").split("\n");
    writeFileSync(path, `${first!.replace('{"name":"Gadget"', '{"name":"Gidget"')}\n${second}\n`);
    expect(Object.keys(readBack(path).sources)).toEqual(["b"]);
  });

  it("counts a line as on disk only once written: a failed save's lines go with the next", () => {
    const path = logFile();
    const log = EntryLog.read(path, emptyCache());
    mkdirSync(path); // where the log goes, a folder: the append fails
    expect(() => log.save(cacheOf({ a: [{ x: 1 }, true] }))).toThrow();
    rmdirSync(path);
    log.save(cacheOf({ a: [{ x: 1 }, true] }));
    expect(readBack(path).sources).toEqual({ a: [{ x: 1 }, true] });
  });

  it("opened with the index's positions, reads a line only when its entry is asked for", () => {
    const path = logFile();
    const log = EntryLog.read(path, emptyCache());
    const data = cacheOf({ a: [{ x: 1 }, true], b: [{ y: "é" }, false] }, { s: "[1]", t: '["ü"]' });
    const positions = log.save(data);
    // Every line altered but b's and t's (non-ASCII both: positions count bytes, not characters).
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.replace('{"x":1}', '{"x":2}').replace("[1]", "[2]"));
    const into = emptyCache();
    const lazy = EntryLog.open(path, into, positions);
    const cache = { sources: into.sources, slices: into.slices };
    expect(sourceData(cache.sources.get("b")!)).toEqual({ y: "é" });
    expect(cache.slices.get("t")!.text).toBe('["ü"]');
    expect(readable(cache.sources.get("a")!)).toBe(false);
    expect(readable(cache.slices.get("s")!)).toBe(false);
    // The damaged lines are written again by the next save, from entries that can be read.
    lazy.save(cacheOf({ a: [{ x: 1 }, true], b: [{ y: "é" }, false] }, { s: "[1]", t: '["ü"]' }));
    expect(readBack(path).sources).toEqual({ a: [{ x: 1 }, true], b: [{ y: "é" }, false] });
    expect(readBack(path).slices).toEqual({ s: "[1]", t: '["ü"]' });
  });

  it("returns where every entry of a save is: those it was opened with and the new ones, none dropped", () => {
    const path = logFile();
    const opened = EntryLog.read(path, emptyCache()).save(cacheOf({ a: [{ x: 1 }, true] }, { s: "[1]" }));
    const kept = EntryLog.open(path, emptyCache(), opened).save(
      cacheOf({ a: [{ x: 1 }, true], b: [{ y: 2 }, true] }, { s: "[1]" }),
    );
    const all = emptyCache();
    EntryLog.open(path, all, kept);
    expect([sourceData(all.sources.get("a")!), sourceData(all.sources.get("b")!)]).toEqual([{ x: 1 }, { y: 2 }]);
    expect(all.slices.get("s")!.text).toBe("[1]");
    const fewer = EntryLog.open(path, emptyCache(), kept).save(cacheOf({ b: [{ y: 2 }, true] }));
    const left = emptyCache();
    EntryLog.open(path, left, fewer);
    expect([...left.sources.keys()]).toEqual(["b"]);
    expect(sourceData(left.sources.get("b")!)).toEqual({ y: 2 });
    expect(left.slices.size).toBe(0);
  });

  it("positions that no longer match the log (another process rewrote it) are only misses", () => {
    const path = logFile();
    const log = EntryLog.read(path, emptyCache());
    const data = cacheOf({ a: [{ x: 1 }, true], b: [{ y: 2 }, true] });
    const positions = log.save(data);
    writeFileSync(path, readFileSync(path, "utf8").split("\n").reverse().join("\n"));
    const into = emptyCache();
    EntryLog.open(path, into, positions);
    for (const entry of into.sources.values()) if (readable(entry)) expect(sourceData(entry)).not.toBeUndefined();
    expect([...into.sources.values()].filter(readable).length).toBeLessThan(2);
  });

  it("keeps a file known valid when a later run could not tell (a diff's preparse)", () => {
    const path = logFile();
    EntryLog.read(path, emptyCache()).save(cacheOf({ a: [{ x: 1 }, true] }));
    EntryLog.read(path, emptyCache()).save(cacheOf({ a: [{ x: 1 }, false] }));
    expect(readBack(path).sources.a).toEqual([{ x: 1 }, true]);
  });
});
