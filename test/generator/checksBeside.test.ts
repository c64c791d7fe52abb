import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { writeSynthetic } from "../bench/synthetic.mjs";
import { fromBuild } from "../fromBuild.js";

// A large cold run has the worker check its schema files while this thread builds the models, plans
// and renders (pipeline.ts, loadBeside). The render worker runs from the build, as the CLI runs it.
type Pipeline = typeof import("../../generator/pipeline.js");
type Diagnostics = typeof import("../../generator/diagnostics.js");
type StatsModule = typeof import("../../generator/stats.js");

describe("a large cold run's checks, made by the worker", () => {
  let pipeline: Pipeline;
  let diagnostics: Diagnostics;
  let stats: StatsModule;
  beforeAll(async () => {
    pipeline = await fromBuild<Pipeline>("pipeline.js");
    diagnostics = await fromBuild<Diagnostics>("diagnostics.js");
    stats = await fromBuild<StatsModule>("stats.js");
  });

  /** A 250-entity tree, each of `edits` applied to its file (a path under the provider's folder). */
  function tree(edits: Record<string, (text: string) => string> = {}) {
    const work = mkdtempSync(join(tmpdir(), "sdkgen-beside-"));
    const schemas = join(work, "schemas");
    writeSynthetic(schemas, 250);
    for (const [file, edit] of Object.entries(edits)) {
      const path = join(schemas, "synth", file);
      writeFileSync(path, edit(readFileSync(path, "utf8")));
    }
    return { schemas, out: join(work, "out"), cache: join(work, "cache") };
  }

  /** One run in a new session (a new process's): its stages, and what it threw. */
  async function run({ schemas, out, cache }: ReturnType<typeof tree>) {
    const session = new pipeline.Regeneration(schemas, out, cache);
    const timed = new stats.Stats();
    try {
      const failure = await session.run(false, timed).then(
        () => undefined,
        (e: unknown) => e,
      );
      return { stages: timed.report(), failure };
    } finally {
      await session.close();
    }
  }

  const reported = (e: unknown): string[] => {
    expect(e).toBeInstanceOf(diagnostics.SchemaError);
    return (e as InstanceType<Diagnostics["SchemaError"]>).diagnostics.map(diagnostics.formatDiagnostic);
  };

  it("report the problems a run that checks first reports, even of files the models cannot be built from", async () => {
    const files = tree({
      // A type that does not exist: the model, built before the worker answers, fails on it.
      "resources/thing3.yaml": (t) => t.replace("ref: Part4", "ref: NoSuch"),
      "resources/thing8.yaml": (t) => t.replace("minimum: -1, maximum: 4093", "minimum: 5000, maximum: 4093"),
      "lookups/getThings5.yaml": (t) => t.replace("type: string", "type: strnig"),
    });
    let first: unknown;
    try {
      pipeline.loadModels(files.schemas);
    } catch (e) {
      first = e;
    }
    const { stages, failure } = await run(files);
    expect(stages).toMatch(/validate \(sent to the worker\)/);
    expect(reported(failure)).toEqual(reported(first));
    expect(reported(failure).map((line) => line.replace(/:\d+:\d+: .*/, ""))).toEqual([
      "schemas/synth/lookups/getThings5.yaml",
      "schemas/synth/resources/thing3.yaml",
      "schemas/synth/resources/thing8.yaml",
    ]);
    expect(existsSync(files.out)).toBe(false);
  });

  it("pass a valid tree, whose clean checks the next run scopes by", async () => {
    const files = tree();
    const cold = await run(files);
    expect(cold.failure).toBeUndefined();
    expect(cold.stages).toMatch(/validate \(sent to the worker\)/);
    const readme = join(files.schemas, "synth/resources/thing7.yaml");
    writeFileSync(
      readme,
      readFileSync(readme, "utf8").replace("a synthetic resource.", "a synthetic resource, edited."),
    );
    const next = await run(files);
    expect(next.failure).toBeUndefined();
    expect(next.stages).toMatch(/^scoped/);
  });
});

describe("the diff's first side, checked by the worker", () => {
  type Sides = typeof import("../../generator/diff/sides.js");
  type Printer = typeof import("../../generator/diff/printer.js");
  type Cache = typeof import("../../generator/cache/genCache.js");

  it("has its problems reported, and the second side's as a full check finds them", async () => {
    const sides = await fromBuild<Sides>("diff/sides.js");
    const { WorkerPrinter } = await fromBuild<Printer>("diff/printer.js");
    const { GenCache } = await fromBuild<Cache>("cache/genCache.js");
    const work = mkdtempSync(join(tmpdir(), "sdkgen-beside-diff-"));
    // Both sides hold the same problem; the second side also edits another file, so its checks are
    // scoped to that file by the first side's, presumed clean while the worker checks them.
    const broken = (t: string) => t.replace("minimum: -1, maximum: 4093", "minimum: 5000, maximum: 4093");
    for (const side of ["old", "new"]) {
      writeSynthetic(join(work, side), 250);
      const path = join(work, side, "synth/resources/thing8.yaml");
      writeFileSync(path, broken(readFileSync(path, "utf8")));
    }
    const edited = join(work, "new/synth/resources/thing7.yaml");
    writeFileSync(
      edited,
      readFileSync(edited, "utf8").replace("a synthetic resource.", "a synthetic resource, edited."),
    );
    const reportOf = async (check: boolean) => {
      const ws = new sides.Workspace();
      const printer = new WorkerPrinter();
      try {
        const located = ["old", "new"].map((label) => ({ label, dir: ws.asSchemas(join(work, label)) }));
        await sides.loadSides(located, GenCache.open(ws.cacheDir), undefined, check ? printer.check : undefined);
        return "no problem";
      } catch (e) {
        return (e as Error).message;
      } finally {
        ws.close();
        await printer.close();
      }
    };
    const beside = await reportOf(true);
    expect(beside).toBe(await reportOf(false));
    expect(beside.split("\n").filter((line) => line.includes("thing8.yaml"))).toHaveLength(2);
    expect(beside).toMatch(/^old has schema problems:[^]*\nnew has schema problems:/);
  });
});
