/** What tsc writes for a source `x.ts`, by suffix: `x.js`, `x.js.map`, `x.d.ts`, `x.d.ts.map`. */
const OUTPUT_SUFFIXES = [".d.ts.map", ".d.ts", ".js.map", ".js"];

/**
 * The files of `dist/` (paths relative to it, its `cjs/` folder aside) whose source is no longer in
 * `src/` (`sources`: paths relative to it). An incremental tsc build leaves the outputs of a removed
 * source behind; dist/ must mirror src/, or the package would still ship a module the schemas dropped.
 */
export function staleOutputs(outputs: readonly string[], sources: ReadonlySet<string>): string[] {
  return outputs.filter((path) => {
    if (path.startsWith("cjs/")) return false;
    const suffix = OUTPUT_SUFFIXES.find((s) => path.endsWith(s));
    return suffix !== undefined && !sources.has(`${path.slice(0, -suffix.length)}.ts`);
  });
}
