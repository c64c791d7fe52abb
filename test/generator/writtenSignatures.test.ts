import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { writeSynthetic } from "../bench/synthetic.mjs";
import { fromBuild } from "../fromBuild.js";

// A run into a fresh folder records the stat signature of each file it wrote inside a folder, taken
// as written, so the next run vouches for it by its stat instead of reading it back. The render worker
// runs from the build, as the CLI runs it.
type Pipeline = typeof import("../../generator/pipeline.js");
type Cache = typeof import("../../generator/cache/genCache.js");

describe("the signatures of the files a fresh package was written with", () => {
  let pipeline: Pipeline;
  let cache: Cache;
  beforeAll(async () => {
    pipeline = await fromBuild<Pipeline>("pipeline.js");
    cache = await fromBuild<Cache>("cache/genCache.js");
  });

  function tree() {
    const work = mkdtempSync(join(tmpdir(), "sdkgen-signatures-"));
    writeSynthetic(join(work, "schemas"), 20);
    return { schemas: join(work, "schemas"), out: join(work, "out"), cacheDir: join(work, "cache") };
  }
  const run = ({ schemas, out, cacheDir }: ReturnType<typeof tree>) =>
    pipeline.regenerate(schemas, out, { check: false, cacheDir });

  /** The saved index's record of each output ("key hash" or "key hash stat"), by path. */
  function records(cacheDir: string): Record<string, string> {
    const index = readdirSync(cacheDir).find((f) => f.endsWith(".txt"))!;
    const head = readFileSync(join(cacheDir, index), "utf8").split("\n")[0]!;
    return (JSON.parse(head) as { outputs: Record<string, string> }).outputs;
  }

  it("are recorded as the files stand, for each file in a folder changed a clock's tick before the commit", async () => {
    const files = tree();
    await run(files);
    const outputs = records(files.cacheDir);
    // The commit's last change to the package folder (the staging folder's removal), on the same clock.
    const committed = statSync(join(files.out, "synth")).ctimeMs;
    const inFolders = Object.keys(outputs).filter((path) => /\/synth\/(src|docs)\//.test(path));
    expect(inFolders.length).toBeGreaterThan(60);
    const signed = inFolders.filter((path) => {
      const stat = statSync(path);
      // One written in the commit's tick could change again within it unseen: it is read back next time.
      const expected = Math.max(stat.mtimeMs, stat.ctimeMs) < committed ? cache.statSignature(stat) : undefined;
      expect(outputs[path]!.split(" ")[2]).toBe(expected);
      return expected !== undefined;
    });
    // Rendering took longer than a tick: most were written before the last.
    expect(signed.length).toBeGreaterThan(inFolders.length / 2);
    // A file at the package's top is renamed into place on its own, which changes its ctime.
    expect(outputs[join(files.out, "synth/package.json")]!.split(" ")).toHaveLength(2);
  });

  it("never vouch for a file edited right after the run, its size kept and its mtime restored", async () => {
    const files = tree();
    await run(files);
    const module = join(files.out, "synth/src/resources/thing3.ts");
    const written = readFileSync(module, "utf8");
    const { atime, mtime } = statSync(module);
    writeFileSync(module, written.replace("Thing", "Thong"));
    utimesSync(module, atime, mtime);
    const [result] = await run(files);
    expect(result!.drift.changed).toEqual(["src/resources/thing3.ts"]);
    expect(readFileSync(module, "utf8")).toBe(written);
  });
});
