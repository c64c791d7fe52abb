import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GenCache, hashText, statSignature, unmatched } from "../../generator/cache/genCache.js";
import { Claims } from "../../generator/parallel/claims.js";

/** A run that wrote a file (`out.ts` in a fresh folder) and saved its cache (`cache/` beside it). */
function firstRun(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "sdkgen-cache-"));
  const file = join(dir, "out.ts");
  writeFileSync(file, "export const a = 1;\n");
  const first = GenCache.open(join(dir, "cache"));
  first.keepOutput(file, "key", hashText(readFileSync(file, "utf8")));
  first.save();
  return { dir, file };
}

// A file the cache vouches for is left alone; one edited since must never be vouched for, even when
// the cache knows it by its stat signature rather than its content.
describe("GenCache.unchanged", () => {
  afterEach(() => vi.useRealTimers());

  /** Three runs: one writes the file, one reads it back (and keeps its signature), the third is asked. */
  function thirdRun(edit?: (file: string) => void) {
    const { dir, file } = firstRun();
    // Later than the file's last change by more than any clock's tick: its signature is taken.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
    const second = GenCache.open(join(dir, "cache"));
    expect(second.unchanged(file, "key")).toBe(true);
    second.keepOutput(file, "key", null);
    second.save();
    edit?.(file);
    return { third: GenCache.open(join(dir, "cache")), file };
  }

  it("vouches for a file left as written, by its signature", () => {
    const { third, file } = thirdRun();
    const cacheDir = join(file, "../cache");
    const saved = readFileSync(
      join(
        cacheDir,
        readdirSync(cacheDir).find((f) => f.endsWith(".txt"))!,
      ),
      "utf8",
    );
    // Its first line is the JSON of the outputs' records, each "key hash stat" once a run read it back.
    const head = saved.split("\n")[0]!;
    expect((JSON.parse(head) as { outputs: Record<string, string> }).outputs[file]?.split(" ")).toHaveLength(3);
    expect(third.unchanged(file, "key")).toBe(true);
    expect(third.unchanged(file, "another key")).toBe(false);
  });

  it("takes an index altered on disk, even into other valid JSON, for none", () => {
    const { file } = thirdRun();
    const cacheDir = join(file, "../cache");
    const index = join(
      cacheDir,
      readdirSync(cacheDir).find((f) => f.endsWith(".txt"))!,
    );
    expect(GenCache.open(cacheDir).warm).toBe(true);
    const text = readFileSync(index, "utf8");
    expect(text).toContain(':"key ');
    writeFileSync(index, text.replace(':"key ', ':"kex '));
    const altered = GenCache.open(cacheDir);
    expect(altered.warm).toBe(false);
    expect(altered.unchanged(file, "kex")).toBe(false);
  });

  it("sees an edit that keeps the size and restores the mtime", () => {
    const { third, file } = thirdRun((f) => {
      const { atime, mtime } = statSync(f);
      writeFileSync(f, "export const b = 2;\n");
      utimesSync(f, atime, mtime);
    });
    expect(third.unchanged(file, "key")).toBe(false);
  });
});

// The worker stats the last run's files from the first and the main thread from the last, each
// while its claims hold: together they see every file once, and the main thread knows whether the
// worker took any (whose answer it must then wait for).
describe("unmatched", () => {
  function files(count: number) {
    const dir = mkdtempSync(join(tmpdir(), "sdkgen-stats-"));
    const paths = Array.from({ length: count }, (_, i) => join(dir, `f${i}.ts`));
    paths.forEach((p) => writeFileSync(p, "x"));
    // Every third file's recorded signature is stale; the last has none (to be read back).
    const signatures: (string | undefined)[] = paths.map((p, i) =>
      i % 3 === 0 ? "stale" : statSignature(statSync(p)),
    );
    signatures[count - 1] = undefined;
    return { paths, signatures, claims: Claims.of(count).shared };
  }
  const stale = (paths: readonly string[]) => paths.filter((_, i) => i % 3 === 0 || i === paths.length - 1);

  it("shares the files out where the two threads meet", () => {
    const f = files(10);
    const worker = new Claims(f.claims);
    [0, 1, 2, 3].forEach((i) => expect(worker.claim(i)).toBe(true)); // the worker's first four
    const here = unmatched(f, 9, -1);
    expect(here).toEqual({ paths: [f.paths[9], f.paths[6]], met: true });
    expect(unmatched(f, 4, 1)).toEqual({ paths: [], met: true }); // the worker goes on: all taken
    expect([...stale(f.paths.slice(0, 4)), ...here.paths].sort()).toEqual(stale(f.paths).sort());
  });

  it("takes every file when the other thread has taken none, and says so", () => {
    const f = files(7);
    expect(unmatched(f, 6, -1)).toEqual({ paths: [f.paths[6], f.paths[3], f.paths[0]], met: false });
    expect(unmatched(f, 0, 1)).toEqual({ paths: [], met: true });
  });
});

describe("GenCache.outputStats", () => {
  /** A cache that recorded one file, opened again. */
  function reopened() {
    const { dir, file } = firstRun();
    return { cache: GenCache.open(join(dir, "cache")), file };
  }

  it("stats here what a failed worker took, and never leaves its failure unhandled", async () => {
    for (const took of [[], [0]]) {
      const { cache, file } = reopened();
      cache.prefetchOutputs((files) => {
        for (const i of took) new Claims(files.claims).claim(i);
        return Promise.reject(new Error("the worker stopped"));
      });
      await cache.outputStats();
      await new Promise((r) => setTimeout(r, 20)); // an unhandled rejection fails the test run
      expect(cache.unchanged(file, "key")).toBe(true); // read back: as written
      expect(cache.unchanged(file, "other key")).toBe(false);
    }
  });
});

describe("GenCache.writeEntries", () => {
  const logOf = (dir: string) => readdirSync(dir).find((f) => f.endsWith(".log"))!;

  it("writes a run's new entries before its save, which then adds none; a run never saved leaves the last save whole", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "sdkgen-entries-")), "cache");
    const first = GenCache.open(dir);
    first.keepSource("h1", true, { name: "One" }, () => ({ name: "One" }));
    first.writeEntries();
    const written = readFileSync(join(dir, logOf(dir)), "utf8");
    expect(written.split("\n").filter(Boolean)).toHaveLength(1);
    first.save();
    expect(readFileSync(join(dir, logOf(dir)), "utf8")).toBe(written);

    // A run that writes its entries and fails: the next process reads the last save, and only it.
    const failed = GenCache.open(dir);
    failed.keepSource("h2", true, { name: "Two" }, () => ({ name: "Two" }));
    failed.writeEntries();
    const next = GenCache.open(dir);
    expect(next.source("h1")?.data()).toEqual({ name: "One" });
    expect(next.source("h2")).toBeUndefined();
  });
});
