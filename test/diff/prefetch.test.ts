import { afterAll, describe, expect, it } from "vitest";
import { modulesReading } from "../../generator/diff/prefetch.js";
import { changedFiles, readSchemaTree } from "../../generator/diff/schemaFiles.js";
import { BASE, editedCopy, loadPair } from "./harness.js";

const edited = editedCopy([
  { file: "types/owner.yaml", replace: "Email address.", with: "E-mail address." },
  { file: "resources/gadget.yaml", delete: true },
]);
afterAll(edited.cleanup);

describe("printing generated modules ahead", () => {
  it("finds the schema files that differ, or exist on one side only", () => {
    expect([...changedFiles(readSchemaTree(BASE), readSchemaTree(edited.schemas))!].sort()).toEqual([
      "schemas/shop/resources/gadget.yaml",
      "schemas/shop/types/owner.yaml",
    ]);
    expect(changedFiles(undefined, readSchemaTree(edited.schemas))).toBeUndefined();
  });

  it("guesses the modules that read a changed file, through the types they reach", async () => {
    const [side] = await loadPair(BASE, BASE);
    const plan = side.plans[0]!;
    const paths = (changed: Set<string> | undefined) =>
      modulesReading(plan, changed)
        .map((j) => j.path)
        .sort();
    expect(paths(new Set(["schemas/shop/types/owner.yaml"]))).toEqual([
      "src/resources/widget.ts",
      "src/types/owner.ts",
    ]);
    expect(paths(new Set(["schemas/shop/types/alphaEngine.yaml"]))).toEqual([
      "src/resources/widget.ts",
      "src/types/alphaEngine.ts",
      "src/types/engine.ts",
    ]);
    expect(paths(new Set(["schemas/shop/provider.yaml"]))).toEqual(["src/provider.ts"]);
    expect(paths(new Set())).toEqual([]);
    expect(paths(undefined)).toContain("src/resources/gadget.ts");
  });
});
