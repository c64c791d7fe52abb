#!/usr/bin/env node
// Build step (`make`, after tsc): the CLI (main.ts) and the two workers, each bundled into one module
// at the top of build/generator/, their packages left to node_modules. Node pays
// about a millisecond per ES module it resolves, reads and links: the ~100 modules a run of the CLI
// loads took 135 ms to import one a file, 35 ms bundled, and the render worker, which starts on a cold
// run's longest path, loads most of them again. The other modules stay as tsc wrote them (tests and
// build steps import them); location.ts finds the same folder from either.
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { GENERATOR_DIR } from "../location.js";

/**
 * Each bundle's name (at the top of the generator's folder) and the module it starts from. No bundle
 * is written over its module: tsc builds incrementally and leaves an unchanged module as it is, so the
 * bundler would read its own last bundle, and the changes since, inlined in it, would never arrive.
 * The CLI is a small entry (launch.ts) that loads the generator, bundled as CommonJS, through V8's
 * code cache, which Node 20 keeps for no ES module.
 */
const ENTRIES = { cli: "launch.js", emitWorker: "parallel/emitWorker.js" };
const COMMONJS_ENTRIES = { cli: "main.js" };

/**
 * Packages the CLI's bundle holds rather than loads: js-yaml and Handlebars' runtime, which a run
 * needs, are ~20 files of CommonJS each to resolve and compile (~20 ms each); inlined, they are
 * compiled with the bundle, from its cache. (Handlebars' compiler, for a template edited since
 * `make`, is required where it is needed, from node_modules.) And the runtime's table of providers:
 * an ES module, which require() loads through Node's ESM loader (~11 ms a run).
 */
const INLINED = new Set(["js-yaml", "handlebars", "@sdkgen/runtime"]);

/** The package an import names: its first segment, or two for a scoped one ("@scope/name/sub"). */
const packageName = (path: string): string =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");

/** Leaves every package to node_modules but those inlined. */
const packagesOutside = (inlined: ReadonlySet<string>): Plugin => ({
  name: "packages-outside",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      inlined.has(packageName(args.path)) ? undefined : { path: args.path, external: true },
    );
  },
});

const common = {
  outdir: GENERATOR_DIR,
  allowOverwrite: true,
  bundle: true,
  platform: "node",
  target: "node20",
  // Names as esbuild leaves them: it renames a function apart from a namesake in another module (no
  // class has one), and nothing reads a function's name; keeping names costs a call per closure made.
  logLevel: "warning",
} as const;
const entries = (from: Record<string, string>) =>
  Object.entries(from).map(([out, module]) => ({ in: join(GENERATOR_DIR, module), out }));

await build({ ...common, entryPoints: entries(ENTRIES), format: "esm", packages: "external" });
await build({
  ...common,
  plugins: [packagesOutside(INLINED)],
  entryPoints: entries(COMMONJS_ENTRIES),
  format: "cjs",
  outExtension: { ".js": ".cjs" },
  // The modules find their folder from import.meta.url (location.ts): the bundle's own file.
  define: { "import.meta.url": "__bundle_url" },
  banner: { js: 'const __bundle_url = require("node:url").pathToFileURL(__filename).href;' },
});
