import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as prettier from "prettier";
import { expect, it } from "vitest";
import { emitPackage } from "../../generator/emit/emitPackage.js";
import { inStyle, takeFormatted } from "../../generator/print/formatted.js";
import { generatePackages, loadModels, planPackages } from "../../generator/pipeline.js";
import { writeSynthetic } from "../bench/synthetic.mjs";

// Declarations printed within the line pass the formatter untouched (the emitter prints them in
// prettier's style): across a synthetic provider of every field kind, no module is one prettier would change.
it("leaves no generated module that prettier would change", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sdkgen-preformatted-"));
  writeSynthetic(dir, 60);
  const [pkg] = await generatePackages(loadModels(dir));
  const modules = [...pkg!.files].filter(([path]) => path.endsWith(".ts"));
  expect(modules.length).toBeGreaterThan(60);
  for (const [path, text] of modules)
    expect(text, path).toBe(
      await prettier.format(text, { parser: "babel-ts", printWidth: 120, trailingComma: "all", endOfLine: "lf" }),
    );
});

// Loading prettier is a third of a second of CPU: a run of both providers, or of a large synthetic
// one, must not need it. A module emitted out of prettier's style is still formatted right (by
// prettier), so only this test sees one.
it("sends no module of both providers or of a synthetic provider to prettier", () => {
  const dir = mkdtempSync(join(tmpdir(), "sdkgen-preformatted-"));
  writeSynthetic(dir, 60);
  const plans = planPackages([...loadModels("schemas"), ...loadModels(dir)]);
  const modules = plans.flatMap((plan) => [...emitPackage(plan)].filter(([path]) => path.endsWith(".ts")));
  expect(modules.length).toBeGreaterThan(250);
  const outOfStyle = modules.filter(([, text]) => !inStyle(takeFormatted(text).rest)).map(([path]) => path);
  expect(outOfStyle).toEqual([]);
});
