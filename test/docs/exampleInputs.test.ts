import { describe, expect, it } from "vitest";
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { literal } from "../../generator/docs/examples.js";
import { site } from "../../generator/docs/site.js";
import { loadModels, planPackages } from "../../generator/pipeline.js";

const PACKAGES: Record<string, Record<string, unknown>> = { netsvc, cloudplat };

/** The value of an object literal an example writes (samples only: no names, no calls). */
const evaluate = (text: string): unknown => new Function(`return (${text});`)() as unknown;

// The docs' and READMEs' made-up examples (a resource created, a lookup called, a stack's declaration)
// pass the arguments `literal` writes: those must be valid, conditionally required inputs included.
describe("the inputs a generated example passes", () => {
  for (const plan of planPackages(loadModels("schemas"))) {
    const pkg = PACKAGES[plan.model.provider.name]!;
    const docs = site(plan);
    const entities = [
      ...plan.model.resources.filter((r) => r.operations).map((r) => ({ name: r.name, fields: r.fields })),
      ...plan.model.lookups.filter((l) => l.operation).map((l) => ({ name: l.name, fields: l.inputs })),
    ];
    it.each(entities.map((e) => [`${plan.model.provider.name} ${e.name}`, e] as const))(
      "are valid: %s",
      (_label, { name, fields }) => {
        const validate = pkg[`validate${name[0]!.toUpperCase()}${name.slice(1)}Args`] as (v: unknown) => unknown[];
        expect(validate, name).toBeTypeOf("function");
        expect(validate(evaluate(literal(fields, docs, "")))).toEqual([]);
      },
    );
  }
});
