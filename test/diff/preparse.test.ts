import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { writeSynthetic } from "../bench/synthetic.mjs";
import { fromBuild } from "../fromBuild.js";

// The parse worker runs from the build, as the CLI runs it.
type Preparse = typeof import("../../generator/diff/preparse.js");
type Text = typeof import("../../generator/diff/parseText.js");
type Files = typeof import("../../generator/diff/schemaFiles.js");
type Cache = typeof import("../../generator/cache/genCache.js");

it("parses every distinct schema file of both sides once, here and on the worker, into the cache", async () => {
  const { preparse } = await fromBuild<Preparse>("diff/preparse.js");
  const { parsed } = await fromBuild<Text>("diff/parseText.js");
  const { readSchemaTree } = await fromBuild<Files>("diff/schemaFiles.js");
  const { hashText } = await fromBuild<Cache>("cache/genCache.js");
  const [old, changed] = [
    mkdtempSync(join(tmpdir(), "sdkgen-preparse-")),
    mkdtempSync(join(tmpdir(), "sdkgen-preparse-")),
  ];
  writeSynthetic(old, 400);
  writeSynthetic(changed, 700);
  // A file only the new side has, and one whose YAML is broken (left to the loader, which reports it).
  writeFileSync(join(changed, "synth/types/extra.yaml"), "name: Extra\nkind: object\nfields: {}\n");
  writeFileSync(join(changed, "synth/types/broken.yaml"), "name: [unclosed\n");
  const trees = [readSchemaTree(old), readSchemaTree(changed)];
  const texts = new Map(
    trees.flatMap((t) => [...t].filter(([path]) => path.endsWith(".yaml")).map(([, b]) => [hashText(b.toString()), b])),
  );
  expect(texts.size).toBeGreaterThan(500); // enough for the worker to take part

  const cacheDir = mkdtempSync(join(tmpdir(), "sdkgen-preparse-cache-"));
  const cache = await preparse(trees, cacheDir);
  for (const [hash, bytes] of texts) {
    const expected = parsed(hash, bytes.toString());
    expect(cache.source(hash)?.data(), bytes.toString().slice(0, 40)).toEqual(expected[0]?.[1]);
  }
  expect(cache.source(hashText("name: [unclosed\n"))).toBeUndefined();
});
