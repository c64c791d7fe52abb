import { fileURLToPath } from "node:url";
import { serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { moduleJobs } from "../../generator/emit/moduleKeys.js";
import { emitModule } from "../../generator/emit/modules.js";
import { loadModels, planPackages } from "../../generator/pipeline.js";
import { subPlan } from "../../generator/plan/subPlan.js";

const SCHEMAS = fileURLToPath(new URL("../../schemas", import.meta.url));

// What a worker is sent to render some modules (subPlan): the part of the plan they read, which must
// render them exactly as the whole plan does.
describe("subPlan", () => {
  const plans = planPackages(loadModels(SCHEMAS));

  it.each(plans.map((p) => [p.model.provider.name, p] as const))(
    "gives %s's enums module the enums alone, which render it as the whole plan does",
    (_name, plan) => {
      const enums = moduleJobs(plan).filter((j) => j.kind === "enums");
      expect(enums).toHaveLength(1);
      const part = subPlan(plan, enums);
      expect([part.resources, part.lookups, part.model.types, [...part.types]]).toEqual([[], [], [], []]);
      expect(part.model.enums).toEqual(plan.model.enums);
      expect(serialize(part).length).toBeLessThan(serialize(plan).length / 4);
      expect(emitModule(part, enums[0]!)).toBe(emitModule(plan, enums[0]!));
    },
  );

  it.each(plans.map((p) => [p.model.provider.name, p] as const))(
    "gives %s's roots and provider module the whole plan",
    (_name, plan) => {
      for (const job of moduleJobs(plan).filter((j) => ["index", "staticIndex", "provider"].includes(j.kind)))
        expect(subPlan(plan, [job])).toBe(plan);
    },
  );
});
