#!/usr/bin/env node
// `make`'s build of a generated package: each source file into dist/ by itself, with TypeScript's
// transpileModule and transpileDeclaration. The package's tsconfig asks for isolatedModules and
// isolatedDeclarations, so a file's outputs are a function of its text alone, byte for byte what tsc
// writes (test/generator/transpile.test.ts); tsc would first build a program of 300 files
// (@types/node, the runtime's declarations) to check types, ~1.8 s of `make` after a one-file edit.
// Types are checked by tsc --noEmit: `make check` and test/generator/typecheck.test.ts.
//
// Usage: transpile.js <package folder> <record file>. The record keeps each source's hash: a file is
// transpiled again only when its text, the options or TypeScript changed, or its output is missing.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import type * as TS from "typescript";
import { requireCompiled } from "../codeCache.js";
import { hashText } from "../hash.js";

type Outputs = Map<string, string>;
/** What the last build of a package was made from: each source's hash, under a stamp of all else. */
type BuildRecord = { readonly stamp: string; readonly files: { [source: string]: string } };

const OUTPUT_SUFFIXES = [".js", ".js.map", ".d.ts", ".d.ts.map"];

const [pkg, recordFile] = process.argv.slice(2);
if (!pkg || !recordFile) fail("usage: transpile.js <package folder> <record file>");
const ts = loadTypeScript();
const options = packageOptions(pkg);
// What every output is made from besides its source: TypeScript, the options, and this step.
const stamp = hashText(`${ts.version}\0${JSON.stringify(options)}\0${readFileSync(new URL(import.meta.url), "utf8")}`);
const last = readJson<BuildRecord>(recordFile);
const before: BuildRecord = last?.stamp === stamp ? last : { stamp, files: {} };
const record: BuildRecord = { stamp, files: {} };
const outputs: Outputs = new Map();
const problems: TS.Diagnostic[] = [];
for (const source of ts.sys.readDirectory(resolve(pkg, "src"), [".ts"], [".d.ts"]).sort()) {
  const text = readFileSync(source, "utf8");
  const name = relative(pkg, source);
  record.files[name] = hashText(text);
  if (before.files[name] === record.files[name] && OUTPUT_SUFFIXES.every((s) => existsSync(outputOf(source, s))))
    continue;
  const made = transpiled(source, text);
  problems.push(...made.problems);
  for (const [path, out] of made.outputs) outputs.set(path, out);
}
// As tsc reports them; nothing is written, so the next run tries these files again.
if (problems.length > 0) fail(ts.formatDiagnostics(problems, { ...ts.createCompilerHost({}), getNewLine: () => "\n" }));
for (const [path, text] of outputs) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
// Last, and whole: a build stopped before this is redone where it wrote.
mkdirSync(dirname(recordFile), { recursive: true });
writeFileSync(`${recordFile}.tmp`, JSON.stringify(record));
renameSync(`${recordFile}.tmp`, recordFile);

/** TypeScript, loaded through V8's code cache: compiling its 9 MB is ~0.35 s a run. */
function loadTypeScript(): typeof TS {
  const file = createRequire(import.meta.url).resolve("typescript");
  const cacheDir = join(file, "../../../.cache/sdkgen");
  mkdirSync(cacheDir, { recursive: true });
  return requireCompiled(file, "", cacheDir) as typeof TS;
}

/**
 * The package's compiler options, for one file at a time. Its package.json says "type": "module",
 * so under NodeNext every file is an ES module: ESNext says so to a transpiler that sees no package.json.
 */
function packageOptions(dir: string): TS.CompilerOptions {
  const [pkgFile, configFile] = [join(dir, "package.json"), join(dir, "tsconfig.json")];
  if (readJson<{ type?: string }>(pkgFile)?.type !== "module")
    fail(`${pkgFile}: expected a package.json with "type": "module"`);
  const onUnRecoverableConfigFileDiagnostic = (d: TS.Diagnostic) =>
    fail(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  const { options } = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic },
  )!;
  if (!options.isolatedModules || !options.isolatedDeclarations)
    fail(`${configFile}: expected isolatedModules and isolatedDeclarations`);
  return { ...options, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
}

/** A source's outputs by path (OUTPUT_SUFFIXES' order: module, its map, declarations, their map), and its problems. */
function transpiled(source: string, text: string): { outputs: Outputs; problems: TS.Diagnostic[] } {
  const given = { fileName: source, reportDiagnostics: true };
  // isolatedDeclarations asks for declarations, which a module's transpilation does not make.
  const js = ts.transpileModule(text, { ...given, compilerOptions: { ...options, isolatedDeclarations: false } });
  const dts = ts.transpileDeclaration(text, { ...given, compilerOptions: options });
  const texts = [js.outputText, js.sourceMapText!, dts.outputText, dts.sourceMapText!];
  return {
    outputs: new Map(OUTPUT_SUFFIXES.map((suffix, i) => [outputOf(source, suffix), texts[i]!])),
    problems: [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])],
  };
}

function outputOf(source: string, suffix: string): string {
  return join(options.outDir!, relative(options.rootDir!, source)).replace(/\.ts$/, suffix);
}

/** A JSON file's value; undefined when there is none, or it is not JSON. */
function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

function fail(message: string): never {
  console.error(`transpile: ${message}`);
  process.exit(2);
}
