const OUTPUT_SUFFIXES = [".d.ts.map", ".d.ts", ".js.map", ".js"];

/** Folders of `dist/` that other build steps write, from no source in `src/`: CommonJS entries, the emulator. */
const OTHER_STEPS = ["cjs/", "testing/"];

/** Outputs in dist/ whose source is gone from src/: tsc leaves them, and the package would still ship the module. */
export function staleOutputs(outputs: readonly string[], sources: ReadonlySet<string>): string[] {
  return outputs.filter((path) => {
    if (OTHER_STEPS.some((folder) => path.startsWith(folder))) return false;
    const suffix = OUTPUT_SUFFIXES.find((s) => path.endsWith(s));
    return suffix !== undefined && !sources.has(`${path.slice(0, -suffix.length)}.ts`);
  });
}
