// Build step (`make`): the runtime's JavaScript, one bundled module per entry of package.json's
// "exports", with the code two entries share in chunks of its own (dist/chunks/), so every class
// still exists once and `instanceof` holds across entries. tsc writes the declarations beside them.
//
// Why bundle: Node pays about a millisecond per ES module it resolves, reads and links. The runtime
// as tsc wrote it, one module per source file, took 45 ms to import (31 modules); bundled, 25-28 ms. It
// is the largest part of what every program using a generated package pays on import.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = dirname(fileURLToPath(import.meta.url));
const { exports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** `./dist/netsvc/index.js` (an export's ESM target) -> ["netsvc/index", "src/netsvc/index.ts"]. */
const entries = Object.values(exports)
  .map((target) => target.import?.default)
  .filter((path) => path !== undefined)
  .map((path) => {
    const name = path.replace(/^\.\/dist\//, "").replace(/\.js$/, "");
    return [name, join(root, "src", `${name}.ts`)];
  });

await build({
  entryPoints: Object.fromEntries(entries),
  outdir: join(root, "dist"),
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // keepNames would name every function expression as it is made, closures included: five or six a
  // request (~7 us of its ~60 us over a bare http.request). A class renamed apart from a namesake
  // would show so in util.inspect; test/runtime/bundleNames.test.ts checks that none exported is.
  keepNames: false,
  // The maps point into src/, which the package ships. Node reads them only with
  // --enable-source-maps (the READMEs say so): the runtime never calls process.setSourceMapsEnabled,
  // since that switches every package's stacks in the process and costs on each `stack` read, the
  // program's choice, not a library's. Chunk names stay esbuild's (`chunk-<hash>`): it offers no way to
  // name a shared chunk, and with the maps read a stack names the sources instead.
  sourcemap: true,
  sourcesContent: false,
  logLevel: "warning",
  // index.ts imports ambient.ts for its global declarations only: no code is lost.
  logOverride: { "ignored-bare-import": "silent" },
});
