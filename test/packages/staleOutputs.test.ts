import { describe, expect, it } from "vitest";
import { staleOutputs } from "../../generator/package/staleOutputs.js";

// An incremental build leaves the outputs of a removed source; the build step removes them.
describe("staleOutputs", () => {
  it("lists every output of a source no longer in src/, and nothing else (the CommonJS entries and the emulator come from other steps)", () => {
    const outputs = [
      "index.js",
      "index.d.ts",
      "lookups/gone.js",
      "lookups/gone.js.map",
      "lookups/gone.d.ts",
      "lookups/gone.d.ts.map",
      "lookups/kept.js",
      "lookups/kept.d.ts.map",
      "cjs/lookups/gone.js",
      "cjs/package.json",
      "testing/netsvc/testing.js",
      "testing/netsvc/testing.d.ts",
      "notes.txt",
    ];
    expect(staleOutputs(outputs, new Set(["index.ts", "lookups/kept.ts"]))).toEqual([
      "lookups/gone.js",
      "lookups/gone.js.map",
      "lookups/gone.d.ts",
      "lookups/gone.d.ts.map",
    ]);
  });
});
