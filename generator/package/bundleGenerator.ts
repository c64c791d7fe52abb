#!/usr/bin/env node
// Build step (`make`, after tsc): the CLI and the two workers, each bundled into one module at the top
// of build/generator/ (the CLI over tsc's own cli.js), their packages left to node_modules. Node pays
// about a millisecond per ES module it resolves, reads and links: the ~100 modules a run of the CLI
// loads took 135 ms to import one a file, 35 ms bundled, and the render worker, which starts on a cold
// run's longest path, loads most of them again. The other modules stay as tsc wrote them (tests and
// build steps import them); location.ts finds the same folder from either.
import { join } from "node:path";
import { build } from "esbuild";
import { GENERATOR_DIR } from "../location.js";

/** Each bundle's name (at the top of the generator's folder) and the module it starts from. */
const ENTRIES = { cli: "cli.js", emitWorker: "parallel/emitWorker.js", parseWorker: "diff/parseWorker.js" };

await build({
  entryPoints: Object.entries(ENTRIES).map(([out, from]) => ({ in: join(GENERATOR_DIR, from), out })),
  outdir: GENERATOR_DIR,
  allowOverwrite: true,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  // Names as written: a class renamed apart from a namesake would show so in an error.
  keepNames: true,
  logLevel: "warning",
});
