import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generatePackages, loadModels } from "../../generator/pipeline.js";

const SCHEMAS = fileURLToPath(new URL("../../schemas", import.meta.url));

describe("determinism", () => {
  it("two in-process runs over the real schemas give identical bytes", async () => {
    const first = await generatePackages(loadModels(SCHEMAS));
    const second = await generatePackages(loadModels(SCHEMAS));
    expect(second.map((p) => [p.name, [...p.files]])).toEqual(first.map((p) => [p.name, [...p.files]]));
  });

  it("no generated file holds a timestamp or an absolute path", async () => {
    for (const pkg of await generatePackages(loadModels(SCHEMAS)))
      for (const [path, text] of pkg.files) {
        expect(text, path).not.toContain(process.cwd());
        expect(text, path).not.toMatch(/20\d\d-\d\d-\d\dT\d\d:\d\d/);
      }
  });
});
