/** What tsc writes for a source `x.ts`, by suffix: `x.js`, `x.js.map`, `x.d.ts`, `x.d.ts.map`. */
const OUTPUT_SUFFIXES = [".d.ts.map", ".d.ts", ".js.map", ".js"];

/** Folders of `dist/` that other build steps write, from no source in `src/`: CommonJS entries, the emulator. */
const OTHER_STEPS = ["cjs/", "testing/"];

/**
 * The files of `dist/` (paths relative to it, the folders of OTHER_STEPS aside) whose source is no
 * longer in `src/` (`sources`: paths relative to it). An incremental tsc build leaves the outputs of a
 * removed source behind; dist/ must mirror src/, or the package would still ship a module the schemas dropped.
 */
export function staleOutputs(outputs: readonly string[], sources: ReadonlySet<string>): string[] {
  return outputs.filter((path) => {
    if (OTHER_STEPS.some((folder) => path.startsWith(folder))) return false;
    const suffix = OUTPUT_SUFFIXES.find((s) => path.endsWith(s));
    return suffix !== undefined && !sources.has(`${path.slice(0, -suffix.length)}.ts`);
  });
}
