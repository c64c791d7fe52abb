import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ParseAlongside } from "../../generator/load/quickAll.js";
import { writeSynthetic } from "../bench/synthetic.mjs";
import { fromBuild } from "../fromBuild.js";

// The render workers run from the build, as the CLI runs them.
type Pipeline = typeof import("../../generator/pipeline.js");
type Pool = typeof import("../../generator/parallel/emitPool.js");
type Keys = typeof import("../../generator/emit/moduleKeys.js");
type Write = typeof import("../../generator/write/writeTree.js");
type Load = typeof import("../../generator/load/loadSchemas.js");
const load = async () => ({
  schemas: await fromBuild<Load>("load/loadSchemas.js"),
  pipeline: await fromBuild<Pipeline>("pipeline.js"),
  pool: await fromBuild<Pool>("parallel/emitPool.js"),
  keys: await fromBuild<Keys>("emit/moduleKeys.js"),
  write: await fromBuild<Write>("write/writeTree.js"),
});

/**
 * `alongside`, telling `count` how many texts the worker read; this thread starts once the worker has
 * claimed the last text, so that it surely takes a share.
 */
const counted =
  (alongside: ParseAlongside, count: (n: number) => void): ParseAlongside =>
  (texts, claims) => {
    const pending = alongside(texts, claims);
    const taken = new Int32Array(claims);
    const until = Date.now() + 10_000;
    while (Atomics.load(taken, texts.length - 1) === 0 && Date.now() < until) Atomics.wait(taken, 0, 0, 1);
    return {
      answer() {
        const answer = pending.answer();
        count(answer?.size ?? 0);
        return answer;
      },
      drop: pending.drop,
    };
  };

describe("the render pool", () => {
  const pools: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  /** A provider's plan, what one thread renders of it, a new pool and a folder to stage in. */
  async function setUp(provider: string) {
    const { pipeline, pool, keys, write } = await load();
    const [model] = pipeline.loadModels("schemas", { only: provider });
    const [plan] = pipeline.planPackages([model!]);
    const [expected] = await pipeline.generatePackages([model!]);
    const worker = new pool.RenderPool();
    pools.push(worker);
    const dir = mkdtempSync(join(tmpdir(), "sdkgen-pool-"));
    /** Each item's staged text is the one-thread reference's. */
    const expectStagedAsRendered = (items: readonly { path: string }[]) => {
      for (const { path } of items)
        expect(readFileSync(write.stagedPath(dir, path, true), "utf8"), path).toBe(expected!.files.get(path));
    };
    return { plan: plan!, jobs: keys.moduleJobs(plan!), worker, dir, expectStagedAsRendered };
  }

  it("sent only the part of the plan its modules read, stages what one thread renders", async () => {
    const { plan, jobs, worker, dir, expectStagedAsRendered } = await setUp("cloudplat");
    // The entities' modules, as a warm run sends them: the roots would need the whole plan.
    const items = jobs.filter((job) => job.name !== undefined).map((job) => ({ path: job.path, job }));
    expect(items.length).toBeGreaterThan(50);
    const staged = await worker.stage(plan, items, { dir, write: true, fresh: true });
    expect(staged.map(([path, state]) => [path, state]).sort()).toEqual(items.map((i) => [i.path, "added"]).sort());
    expectStagedAsRendered(items);
  });

  it("renders every module of a package, as a cold run sends them, with the whole plan", async () => {
    const { plan, jobs, worker, dir, expectStagedAsRendered } = await setUp("netsvc");
    // Every module, the roots too: the whole plan.
    const items = jobs.map((job) => ({ path: job.path, job }));
    const staged = await worker.stage(plan, items, { dir, write: true, fresh: true });
    expect(staged.map(([path]) => path).sort()).toEqual(items.map((i) => i.path).sort());
    expectStagedAsRendered(items);
  });

  it("reads a large tree's schema files beside a load on the main thread, which finds what a load alone does", async () => {
    const { schemas, pool } = await load();
    const dir = join(mkdtempSync(join(tmpdir(), "sdkgen-parse-")), "schemas");
    writeSynthetic(dir, 600);
    // Files the worker's quick reading leaves to this thread, at both ends: broken YAML, a tab.
    for (const [file, text] of [
      ["resources/thing0.yaml", "version: 1\nkind: [resource\n"],
      ["types/part9.yaml", "version: 1\n\tkind: type\n"],
      ["lookups/getThings99.yaml", "version: 1\nkind: lookup\nname: x\nname: y\n"],
    ])
      writeFileSync(join(dir, "synth", file!), text!);
    const worker = new pool.RenderPool();
    pools.push(worker);
    await worker.unmatched({ paths: [], signatures: [], claims: new SharedArrayBuffer(4) }); // started
    let answered = 0;
    const shared = schemas.loadSchemas(dir, { alongside: counted(worker.parseAlongside, (n) => (answered = n)) });
    const alone = schemas.loadSchemas(dir);
    expect(answered).toBeGreaterThan(0);
    expect(shared.sources.map((s) => [s.file, s.data])).toEqual(alone.sources.map((s) => [s.file, s.data]));
    expect(shared.sources).toHaveLength(598);
    expect(shared.diagnostics).toEqual(alone.diagnostics);
    expect(shared.diagnostics.map((d) => d.file)).toEqual([
      "schemas/synth/lookups/getThings99.yaml",
      "schemas/synth/resources/thing0.yaml",
      "schemas/synth/types/part9.yaml",
    ]);
    expect(shared.unread).toEqual(alone.unread);
  });
});
