import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkedModels } from "../../generator/run/checkedModels.js";
import { Store } from "../../generator/reuse/store.js";
import { lazySource } from "../../generator/load/sourceDoc.js";
import { formatPos } from "../../generator/diagnostics.js";
import { SOURCE, type PackageModel } from "../../generator/model/types.js";
import { BASE, modelOf, schemaTree } from "./schemaTree.js";

const TREE = {
  ...BASE,
  "demo/lookups/getWidgets.yaml": `version: 1
kind: lookup
name: getWidgets
token: demo:index/getWidgets:getWidgets
description: Widgets.
outputs:
  id: { type: string, description: Id. }
  widgets:
    type: list
    description: The widgets.
    items:
      type: object
      fields:
        label: { type: string, description: Label. }
`,
};

/** Where the model says each kind of node is written. */
function positions(m: PackageModel) {
  const inline = m.types[0]!;
  if (inline.kind !== "object") throw new Error("expected the lookup's inline object");
  return {
    provider: formatPos(m.provider[SOURCE]),
    config: formatPos(m.provider.config[0]![SOURCE]),
    resource: formatPos(m.resources[0]![SOURCE]),
    field: formatPos(m.resources[0]!.fields.find((f) => f.name === "size")![SOURCE]),
    enum: formatPos(m.enums[0]![SOURCE]),
    lookup: formatPos(m.lookups[0]![SOURCE]),
    inlineType: formatPos(inline[SOURCE]),
    inlineField: formatPos(inline.fields[0]![SOURCE]),
  };
}

const EXPECTED = {
  provider: "schemas/demo/provider.yaml:3:7",
  config: "schemas/demo/provider.yaml:8:3",
  resource: "schemas/demo/resources/widget.yaml:3:7",
  field: "schemas/demo/resources/widget.yaml:8:3",
  enum: "schemas/demo/resources/widget.yaml:11:5",
  lookup: "schemas/demo/lookups/getWidgets.yaml:3:7",
  inlineType: "schemas/demo/lookups/getWidgets.yaml:13:7",
  inlineField: "schemas/demo/lookups/getWidgets.yaml:14:9",
};

describe("model nodes keep where they are written", () => {
  it("for the provider, config, resources, fields, enums, lookups and inline types", () => {
    expect(positions(modelOf(TREE))).toEqual(EXPECTED);
  });

  it("also when the schemas come from the generator's cache", () => {
    const dir = schemaTree(TREE);
    const cacheDir = mkdtempSync(join(tmpdir(), "sdkgen-cache-"));
    const first = Store.open(cacheDir);
    const run = first.begin();
    checkedModels(dir, run);
    first.end(run, { wrote: false });
    first.save();
    const cached = Store.open(cacheDir);
    expect(cached.origin).toBe("disk");
    expect(positions(checkedModels(dir, cached.begin())[0]!)).toEqual(EXPECTED);
  });

  it("reading a cached file only when a position is read", () => {
    let reads = 0;
    const text = "version: 1\nkind: object\nname: Gadget\n";
    const meta = {
      file: "schemas/demo/types/gadget.yaml",
      provider: "demo",
      folder: "types" as const,
      stem: "gadget",
      hash: "h",
    };
    const src = lazySource(
      () => (reads++, text),
      meta,
      () => ({ name: "Gadget" }),
      { name: "Gadget" },
    );
    const pos = src.position(["name"]);
    expect(reads).toBe(0);
    expect([pos.line, pos.col, reads]).toEqual([3, 7, 1]);
  });

  it("out of every JSON form, so moving lines changes nothing later stages compare", () => {
    const moved = Object.fromEntries(Object.entries(TREE).map(([path, text]) => [path, `# moved\n\n${text}`]));
    const model = modelOf(moved);
    expect(formatPos(model.resources[0]![SOURCE])).toBe("schemas/demo/resources/widget.yaml:5:7");
    expect(JSON.stringify(model)).toBe(JSON.stringify(modelOf(TREE)));
  });
});
