import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSchemas } from "../../generator/load/loadSchemas.js";
import { indexProviders, type ProviderIndex } from "../../generator/load/providerIndex.js";
import { ruleInput, rulesDigest } from "../../generator/validate/ruleInput.js";
import { BASE, problems, schemaTree } from "./schemaTree.js";
import { fromBuild } from "../fromBuild.js";

// Runs check the schemas on the render worker, which loads from the build, as the CLI does.
type Pipeline = typeof import("../../generator/pipeline.js");
type Diagnostics = typeof import("../../generator/diagnostics.js");

/** A field named `description`, and a default holding a key "description": data, never a description. */
const GADGET = `version: 1
kind: resource
name: Gadget
token: demo:index/gadget:Gadget
description: A gadget.
fields:
  description: { type: string, mode: optional, minLength: 1, maxLength: 40, description: What the gadget is. }
  label:
    type: object
    mode: optional
    default: { description: plain }
    fields:
      description: { type: string, mode: optional, description: The label's text. }
    description: A label.
  level:
    type: string
    mode: optional
    enum: [{ value: low, description: Low. }, { value: high, description: High. }]
    description: Level.
  uid: { type: string, mode: output, description: Id. }
importId:
  parts: [{ field: uid, type: string }]
`;

const TREE = { ...BASE, "demo/resources/gadget.yaml": GADGET };

const gadgetData = (dir: string) => {
  const loaded = loadSchemas(dir);
  const index: ProviderIndex = indexProviders(loaded.sources)[0]!;
  const gadget = index.resources.find((r) => r.stem === "gadget")!;
  const bare = ruleInput(index, new Set(loaded.sources)).index.resources.find((r) => r.stem === "gadget")!;
  return { ...rulesDigest(gadget), data: bare.data };
};

describe("the rules' input (validate/ruleInput.ts)", () => {
  it("is each document without its descriptions: a field named description and a default's key stay", () => {
    expect(gadgetData(schemaTree(TREE)).data).toEqual({
      version: 1,
      kind: "resource",
      name: "Gadget",
      token: "demo:index/gadget:Gadget",
      fields: {
        description: { type: "string", mode: "optional", minLength: 1, maxLength: 40 },
        label: {
          type: "object",
          mode: "optional",
          default: { description: "plain" },
          fields: { description: { type: "string", mode: "optional" } },
        },
        level: { type: "string", mode: "optional", enum: [{ value: "low" }, { value: "high" }] },
        uid: { type: "string", mode: "output" },
      },
      importId: { parts: [{ field: "uid", type: "string" }] },
    });
  });

  it("keeps a field named __proto__ a field, and its key changes with it", () => {
    const field = "  __proto__: { type: string, mode: optional, maxLength: 3, description: Odd. }\n  uid:";
    const odd = (n: number) => ({
      ...TREE,
      "demo/resources/gadget.yaml": GADGET.replace("  uid:", field.replace("3", `${n}`)),
    });
    const { document, data } = gadgetData(schemaTree(odd(3)));
    const fields = (data as { fields: Record<string, unknown> }).fields;
    expect(Object.hasOwn(fields, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(fields, "__proto__")!.value).toEqual({
      type: "string",
      mode: "optional",
      maxLength: 3,
    });
    expect(gadgetData(schemaTree(odd(4))).document).not.toBe(document);
  });

  const edited = (from: string, to: string) =>
    gadgetData(schemaTree({ ...TREE, "demo/resources/gadget.yaml": GADGET.replace(from, to) }));

  it("has one digest for texts that differ in descriptions only, and another once anything else differs", () => {
    const base = gadgetData(schemaTree(TREE)).document;
    expect(edited("A gadget.", "A gadget, described again.").document).toBe(base);
    expect(edited("Low.", "Lowest.").document).toBe(base);
    for (const [from, to] of [
      ["maxLength: 40", "maxLength: 41"],
      ["default: { description: plain }", "default: { description: other }"],
      ["value: high", "value: higher"],
    ] as const)
      expect(edited(from, to).document).not.toBe(base);
  });

  it("keeps the provider rules' digest through edits of what they do not compare across documents", () => {
    const base = gadgetData(schemaTree(TREE)).provider;
    for (const [from, to] of [
      ["maxLength: 40", "maxLength: 41"],
      ["default: { description: plain }", "default: { description: other }"],
      ["importId:\n  parts: [{ field: uid", "importId:\n  parts: [{ field: label"],
    ] as const)
      expect(edited(from, to).provider).toBe(base);
    for (const [from, to] of [
      ["value: high", "value: higher"],
      ["  level:", "  grade:"],
      ["mode: optional, minLength", "mode: required, minLength"],
      ["token: demo:index/gadget:Gadget", "token: demo:index/gadget:Gizmo"],
    ] as const)
      expect(edited(from, to).provider).not.toBe(base);
  });

  it("leaves the rules all they check: a problem of a field named description is still found", () => {
    expect(problems(TREE)).toEqual([]);
    expect(
      problems({ ...TREE, "demo/resources/gadget.yaml": GADGET.replace("minLength: 1", "minLength: 50") }),
    ).toEqual(["schemas/demo/resources/gadget.yaml:7:59: minLength 50 is above maxLength 40"]);
  });
});

/** A field of gadget.yaml naming the type Part. */
const PART_FIELD = "  part: { type: object, ref: Part, mode: optional, description: Its part. }\n  uid:";

/** `tree` written to a schema folder, and an edit of one of its files there and in `tree` (what a fresh run reads). */
function editable(tree: Record<string, string>) {
  const dir = schemaTree(tree);
  const edit = (path: string, from: string, to: string) => {
    tree[path] = tree[path]!.replace(from, to);
    writeFileSync(join(dir, path), tree[path]!);
  };
  return { dir, edit };
}

describe("a run takes the rules' pass from the last run on the same input", () => {
  /** One run in a new process's stead (a new Regeneration on the same cache): its --explain counts, or its problems. */
  async function run(dir: string, where = false): Promise<string[]> {
    const { Regeneration } = await fromBuild<Pipeline>("pipeline.js");
    const { SchemaError, formatDiagnostic } = await fromBuild<Diagnostics>("diagnostics.js");
    const session = new Regeneration(dir, join(dir, "../out"), join(dir, "../cache"));
    try {
      await session.run(false);
      return session.explanation!.lines().filter((l) => l.includes("rules"));
    } catch (e) {
      if (e instanceof SchemaError) return e.diagnostics.map((d) => (where ? formatDiagnostic(d) : d.message));
      throw e;
    } finally {
      await session.close();
    }
  }

  it("after an edit of descriptions only, and checks again after any other", async () => {
    const dir = schemaTree(TREE);
    const file = join(dir, "demo/resources/gadget.yaml");
    expect(await run(dir)).toEqual([
      "  providers checked against the rules: 1",
      "  schema files checked against the rules: 3",
    ]);
    writeFileSync(file, readFileSync(file, "utf8").replace("What the gadget is.", "What it is."));
    expect(await run(dir)).toEqual([
      "  providers whose rules passed before on the same input: 1",
      "  schema files whose rules passed before on the same input: 3",
    ]);
    writeFileSync(file, readFileSync(file, "utf8").replace("minLength: 1", "minLength: 50"));
    expect(await run(dir)).toEqual(["minLength 50 is above maxLength 40"]);
    // Mended: only the document that failed is checked again; the provider rules passed on the same input.
    writeFileSync(file, readFileSync(file, "utf8").replace("minLength: 50", "minLength: 2"));
    expect(await run(dir)).toEqual([
      "  providers whose rules passed before on the same input: 1",
      "  schema files whose rules passed before on the same input: 2",
      "  schema files checked against the rules: 1",
    ]);
  }, 30_000);

  it("finds what a fresh run finds in files whose data the checks were not sent", async () => {
    const part =
      "version: 1\nkind: object\nname: Part\ndescription: A part.\nfields:\n  size: { type: integer, mode: optional, description: Size. }\n";
    const gadget = GADGET.replace("  uid:", PART_FIELD);
    const tree: Record<string, string> = {
      ...TREE,
      "demo/types/part.yaml": part,
      "demo/resources/gadget.yaml": gadget,
    };
    const { dir, edit } = editable(tree);
    expect(await run(dir)).toEqual([
      "  providers checked against the rules: 1",
      "  schema files checked against the rules: 4",
    ]);
    edit("demo/resources/gadget.yaml", "A gadget.", "A gadget, again.");
    expect(await run(dir)).toEqual([
      "  providers whose rules passed before on the same input: 1",
      "  schema files whose rules passed before on the same input: 4",
    ]);
    // The type renamed: gadget.yaml, unchanged, now names a type that is not there.
    edit("demo/types/part.yaml", "name: Part", "name: Piece");
    const renamed = await run(dir, true);
    expect(renamed.some((p) => p.startsWith("schemas/demo/resources/gadget.yaml:"))).toBe(true);
    expect(renamed).toEqual(problems(tree));
    // Back, and a field the meta-schema rejects in another file: the rules run without that file.
    edit("demo/types/part.yaml", "name: Piece", "name: Part");
    edit("demo/resources/widget.yaml", "mode: required", "mode: sometimes");
    expect(await run(dir, true)).toEqual(problems(tree));
  }, 30_000);

  it("checks again only the documents whose rules' input changed, and finds in the others what a fresh run finds", async () => {
    const tree: Record<string, string> = {
      ...TREE,
      "demo/types/part.yaml":
        "version: 1\nkind: object\nname: Part\ndescription: A part.\nfields:\n  size: { type: integer, mode: optional, default: 1, description: Size. }\n",
      "demo/types/tagged.yaml":
        "version: 1\nkind: group\nname: Tagged\ndescription: Tags.\nfields:\n  tag: { type: string, mode: optional, description: Tag. }\n",
      "demo/resources/gadget.yaml": GADGET.replace("fields:\n", "include: [Tagged]\nfields:\n").replace(
        "  uid:",
        PART_FIELD,
      ),
    };
    const { dir, edit } = editable(tree);
    expect(await run(dir)).toEqual([
      "  providers checked against the rules: 1",
      "  schema files checked against the rules: 5",
    ]);
    // A bound: the provider rules do not read it.
    edit("demo/resources/gadget.yaml", "minLength: 1", "minLength: 2");
    expect(await run(dir)).toEqual([
      "  providers whose rules passed before on the same input: 1",
      "  schema files whose rules passed before on the same input: 4",
      "  schema files checked against the rules: 1",
    ]);
    // The group gadget.yaml includes, edited: its field collides with one of gadget.yaml, which did not change.
    edit("demo/types/tagged.yaml", "  tag:", "  uid: { type: string, mode: optional, description: Id. }\n  tag:");
    const collided = await run(dir, true);
    expect(collided.some((p) => p.startsWith("schemas/demo/resources/gadget.yaml:"))).toBe(true);
    expect(collided).toEqual(problems(tree));
    // Part used as an output alone, by an edit of gadget.yaml: its field's default, in part.yaml, is now wrong.
    edit("demo/types/tagged.yaml", "  uid: { type: string, mode: optional, description: Id. }\n", "");
    edit("demo/resources/gadget.yaml", "ref: Part, mode: optional", "ref: Part, mode: output");
    const asOutput = await run(dir, true);
    expect(asOutput.some((p) => p.startsWith("schemas/demo/types/part.yaml:"))).toBe(true);
    expect(asOutput).toEqual(problems(tree));
    // Back: the two documents the last run failed or changed are checked again.
    edit("demo/resources/gadget.yaml", "ref: Part, mode: output", "ref: Part, mode: optional");
    expect(await run(dir)).toEqual([
      "  providers checked against the rules: 1",
      "  schema files whose rules passed before on the same input: 3",
      "  schema files checked against the rules: 2",
    ]);
  }, 30_000);
});
