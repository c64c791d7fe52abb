import { fileURLToPath } from "node:url";
import { serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { emitModule } from "../../generator/emit/modules.js";
import { loadModels, planPackages } from "../../generator/pipeline.js";
import { moduleInput, moduleJobs, partOf } from "../../generator/plan/modules.js";
import { rootExports } from "../../generator/plan/rootExports.js";
import { packageKeys } from "../../generator/reuse/keys.js";

const SCHEMAS = fileURLToPath(new URL("../../schemas", import.meta.url));

// A module is emitted from its input alone, and keyed by it: the input must hold what the module reads
// (the golden trees hold the text) and no more (or an edit elsewhere would render it again).
describe("moduleInput", () => {
  const plans = planPackages(loadModels(SCHEMAS));
  const each = plans.map((p) => [p.model.provider.name, p] as const);

  it.each(each)("gives %s's enums module the enums alone", (_name, plan) => {
    const [enums] = moduleJobs(plan).filter((j) => j.kind === "enums");
    const part = partOf(plan, enums!);
    expect([part.resources, part.lookups, part.model.types, [...part.types]]).toEqual([[], [], [], []]);
    expect(part.model.enums).toEqual(plan.model.enums);
    expect(serialize(part).length).toBeLessThan(serialize(plan).length / 4);
  });

  it.each(each)("gives %s's root what it re-exports, and its provider module the provider's part", (_name, plan) => {
    const [root] = moduleJobs(plan).filter((j) => j.kind === "index");
    expect(moduleInput(plan, root!)).toEqual({ exports: rootExports(plan), providerFile: plan.model.provider.file });
    const [provider] = moduleJobs(plan).filter((j) => j.kind === "provider");
    const part = partOf(plan, provider!);
    expect([part.resources, part.lookups]).toEqual([[], []]);
    expect(part.model.provider).toBe(plan.model.provider);
  });

  it.each(each)("gives each %s entity module its entity, and only the types and enums it reaches", (_name, plan) => {
    for (const job of moduleJobs(plan).filter((j) => j.kind === "resource" || j.kind === "lookup")) {
      const part = partOf(plan, job);
      expect([...part.resources, ...part.lookups].map((p) => p.entity.name)).toEqual([job.name]);
      expect(part.model.types.length).toBeLessThanOrEqual(plan.model.types.length);
      const named = JSON.stringify([part.resources, part.lookups, part.model.types]);
      for (const e of part.model.enums) expect(named).toContain(`"enum":"${e.name}"`);
    }
  });

  it("keys a module by its input: another entity's edit leaves it alone, an edit of what it reaches does not", () => {
    const [plan] = plans;
    const keys = packageKeys(plan!);
    const [first, second] = moduleJobs(plan!).filter((j) => j.kind === "resource");
    const editedSecond = {
      ...plan!,
      resources: plan!.resources.map((r) =>
        r.entity.name === second!.name ? { ...r, entity: { ...r.entity, description: "edited" } } : r,
      ),
    };
    const after = packageKeys(editedSecond);
    expect(after.module(first!)).toBe(keys.module(first!));
    expect(after.module(second!)).not.toBe(keys.module(second!));
    expect(emitModule(editedSecond, second!)).toContain("edited");
  });
});
