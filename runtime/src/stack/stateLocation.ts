import { existsSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

/**
 * Where a stack keeps its state when the program names no backend: `SDKGEN_STACK_DIR` when set (a
 * CI job's choice), else `.sdkgen/stacks` in the program's project: the nearest folder holding a
 * package.json above the program's entry module. A program run by a tool from node_modules (a test
 * runner, tsx's own binary is not one: it passes the program as its entry) belongs to the project
 * it is run from. Never the shell's folder as such: the same program finds the same state from anywhere.
 */
export function defaultStateDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  entry = process.argv[1],
): string {
  if (env.SDKGEN_STACK_DIR) return resolve(env.SDKGEN_STACK_DIR);
  const start = entry && !entry.split(sep).includes("node_modules") ? dirname(resolve(entry)) : process.cwd();
  return join(projectOf(start) ?? start, ".sdkgen", "stacks");
}

/** The nearest folder at or above `dir` that holds a package.json. */
function projectOf(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, "package.json"))) return at;
    if (dirname(at) === at) return undefined;
  }
}
