#!/usr/bin/env node
// Build step: the CLI and the render worker bundled into one module each, since Node pays per ES module it loads.
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { GENERATOR_DIR } from "../location.js";

/** No bundle is written over its module: tsc leaves unchanged modules, so esbuild would read its own last bundle. */
const ENTRIES = { cli: "launch.js", emitWorker: "parallel/emitWorker.js" };
const COMMONJS_ENTRIES = { cli: "main.js" };

/** Inlined, so they compile from the bundle's code cache. */
const INLINED = new Set(["js-yaml", "yaml", "handlebars", "@sdkgen/runtime"]);

const packageName = (path: string): string =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");

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
  // No keepNames: nothing reads a function's name, and keeping names costs a call per closure made.
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
