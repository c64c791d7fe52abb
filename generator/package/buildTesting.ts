#!/usr/bin/env node
// Build step (`make`, per package, after tsc and before addCjsEntries):
// `node build/generator/package/buildTesting.js <package dir>...`. A package whose package.json
// exports "./testing" (its schema's `package.testing`) gets its provider's emulator, hand-written
// from the wire reference in test/emulators/ and never generated, under dist/testing/ as that folder
// lays it out: test/emulators/<provider>/testing.ts bundled into one ES module (Node pays per module
// it loads) that imports nothing but Node, and the declarations its types reach. addCjsEntries then
// gives it its CommonJS entry like every other module.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type ts from "typescript";
import { repoRoot } from "../repoPackages.js";

const EMULATORS = join(repoRoot(), "test", "emulators");

interface PackageJson {
  exports: Record<string, { import?: { default: string } }>;
}

/**
 * The bundle of `entry` at `out`: readable as it is, so without a source map, which would have to hold
 * the sources (the package does not ship them) and would more than double what the entry weighs.
 * Everything it holds must come from test/emulators/: a package imported there would be bundled in, a
 * second copy of the runtime perhaps.
 */
async function bundle(entry: string, out: string): Promise<void> {
  const { build } = await import("esbuild");
  const { metafile } = await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    metafile: true,
    logLevel: "warning",
  });
  const foreign = Object.keys(metafile.inputs).filter((input) => relative(EMULATORS, resolve(input)).startsWith(".."));
  if (foreign.length > 0)
    throw new Error(`${entry} must import nothing but Node and test/emulators/: it reaches ${foreign.join(", ")}`);
}

/** The compiler options the repository's code is checked with, set to write declarations only. */
function declarationOptions(ts: typeof import("typescript"), outDir: string): ts.CompilerOptions {
  const file = join(repoRoot(), "tsconfig.json");
  const { config } = ts.readConfigFile(file, ts.sys.readFile) as { config: unknown };
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(file));
  return {
    ...options,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    incremental: false,
    rootDir: EMULATORS,
    outDir,
  };
}

/** The declarations of `entry` and of the modules its own reach (relative imports), by path. */
async function declarations(entry: string, outDir: string): Promise<Map<string, string>> {
  const ts = (await import("typescript")).default;
  const written = new Map<string, string>();
  const program = ts.createProgram([entry], declarationOptions(ts, outDir));
  const problems = [
    ...ts.getPreEmitDiagnostics(program),
    ...program.emit(undefined, (path, text) => written.set(resolve(path), text)).diagnostics,
  ];
  if (problems.length > 0)
    throw new Error(
      ts.formatDiagnostics(problems, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => process.cwd(),
        getNewLine: () => "\n",
      }),
    );
  const reached = new Map<string, string>();
  const visit = (path: string) => {
    if (reached.has(path)) return;
    const text = written.get(path);
    if (text === undefined) throw new Error(`no declarations written for ${path}`);
    reached.set(path, text);
    for (const [, spec] of text.matchAll(/from "(\.{1,2}\/[^"]+)\.js"/g)) visit(resolve(dirname(path), `${spec}.d.ts`));
  };
  visit(resolve(outDir, relative(EMULATORS, entry).replace(/\.ts$/, ".d.ts")));
  return reached;
}

/** When a file last changed. */
const changed = (path: string): number => statSync(path).mtimeMs;

/**
 * Whether the built entry `built` is newer than all it is made of: the emulators, the package file
 * and this step. A schema edit rebuilds the package, not its emulator (typescript alone takes a
 * second to load).
 */
function upToDate(built: string, pkg: string): boolean {
  if (!existsSync(built)) return false;
  const inputs = readdirSync(EMULATORS, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
  inputs.push(join(pkg, "package.json"), fileURLToPath(import.meta.url));
  return inputs.every((input) => changed(input) < changed(built));
}

for (const pkg of process.argv.slice(2)) {
  const { exports } = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as PackageJson;
  const target = exports["./testing"]?.import?.default;
  const out = join(pkg, "dist", "testing");
  if (target !== undefined && upToDate(join(pkg, target), pkg)) continue;
  rmSync(out, { recursive: true, force: true });
  if (target === undefined) continue;
  // "./dist/testing/netsvc/testing.js" -> test/emulators/netsvc/testing.ts
  const entry = join(EMULATORS, relative("dist/testing", target).replace(/\.js$/, ".ts"));
  await bundle(entry, join(pkg, target));
  for (const [path, text] of await declarations(entry, resolve(out))) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}
