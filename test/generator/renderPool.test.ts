import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fromBuild } from "../fromBuild.js";

// The render workers run from the build, as the CLI runs them.
type Pipeline = typeof import("../../generator/pipeline.js");
type Pool = typeof import("../../generator/parallel/emitPool.js");
type Keys = typeof import("../../generator/plan/modules.js");
type Write = typeof import("../../generator/write/writeTree.js");
const load = async () => ({
  pipeline: await fromBuild<Pipeline>("pipeline.js"),
  pool: await fromBuild<Pool>("parallel/emitPool.js"),
  keys: await fromBuild<Keys>("plan/modules.js"),
  write: await fromBuild<Write>("write/writeTree.js"),
});

describe("the render pool", () => {
  const pools: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  /** A provider's plan, what one thread renders of it, a new pool and a folder to stage in. */
  async function setUp(provider: string) {
    const { pipeline, pool, keys, write } = await load();
    const model = pipeline.loadModels("schemas").find((m) => m.provider.name === provider);
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
});
