#!/usr/bin/env node
// Build step: a package exporting "./testing" gets its emulator bundled under dist/testing/, with declarations.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type ts from "typescript";
import { repoRoot } from "../repoPackages.js";

const EMULATORS = join(repoRoot(), "test", "emulators");

interface PackageJson {
  exports: Record<string, { import?: { default: string } }>;
}

/** Bundles `entry` without a source map, which would have to ship the sources; only test/emulators/ may be inlined. */
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

async function declarations(entry: string, outDir: string): Promise<Map<string, string>> {
  const ts = (await import("typescript")).default;
  const written = new Map<string, string>();
  const program = ts.createProgram([entry], declarationOptions(ts, outDir));
  const problems = [
    ...ts.getPreEmitDiagnostics(program),
    ...program.emit(undefined, (path, text) => written.set(resolve(path), text)).diagnostics,
  ];
  // Paths relative to the working directory, as tsc prints them.
  if (problems.length > 0)
    throw new Error(ts.formatDiagnostics(problems, { ...ts.createCompilerHost({}), getNewLine: () => "\n" }));
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

for (const pkg of process.argv.slice(2)) {
  const { exports } = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as PackageJson;
  const target = exports["./testing"]?.import?.default;
  const out = join(pkg, "dist", "testing");
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
