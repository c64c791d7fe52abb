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
const before = readRecord(recordFile, stamp);
const record: BuildRecord = { stamp, files: {} };
const outputs: Outputs = new Map();
const problems: TS.Diagnostic[] = [];
for (const source of sourceFiles(pkg)) {
  const text = readFileSync(source, "utf8");
  const name = relative(pkg, source);
  record.files[name] = hashText(text);
  if (before.files[name] === record.files[name] && OUTPUT_SUFFIXES.every((s) => existsSync(outputOf(source, s))))
    continue;
  const made = transpiled(source, text);
  problems.push(...made.problems);
  for (const [path, out] of made.outputs) outputs.set(path, out);
}
if (problems.length > 0) {
  // As tsc reports them; nothing is written, so the next run tries these files again.
  console.error(
    ts.formatDiagnostics(problems, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => "\n",
    }),
  );
  process.exit(2);
}
for (const [path, text] of outputs) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
// Last: a build stopped before this is redone where it wrote.
writeAtomically(recordFile, JSON.stringify(record));

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
  const pkgFile = join(dir, "package.json");
  let pkgJson: { type?: string };
  try {
    pkgJson = JSON.parse(readFileSync(pkgFile, "utf8")) as { type?: string };
  } catch (e) {
    fail(`${pkgFile}: ${(e as Error).message.replace(/^ENOENT: /, "")}`);
  }
  if (pkgJson.type !== "module") fail(`${pkgFile}: expected "type": "module"`);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(dir, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => fail(ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    },
  );
  if (!parsed) fail(`${join(dir, "tsconfig.json")}: not read`);
  const { options } = parsed;
  if (!options.isolatedModules || !options.isolatedDeclarations)
    fail(`${join(dir, "tsconfig.json")}: expected isolatedModules and isolatedDeclarations`);
  return { ...options, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
}

function sourceFiles(dir: string): string[] {
  return ts.sys.readDirectory(resolve(dir, "src"), [".ts"], [".d.ts"]).sort();
}

/** A source's four outputs, by path: module, declarations, and the map of each. */
function transpiled(source: string, text: string): { outputs: Outputs; problems: TS.Diagnostic[] } {
  const given = { fileName: source, reportDiagnostics: true };
  // isolatedDeclarations asks for declarations, which a module's transpilation does not make.
  const js = ts.transpileModule(text, { ...given, compilerOptions: { ...options, isolatedDeclarations: false } });
  const dts = ts.transpileDeclaration(text, { ...given, compilerOptions: options });
  const outputs: Outputs = new Map([
    [outputOf(source, ".js"), js.outputText],
    [outputOf(source, ".js.map"), js.sourceMapText!],
    [outputOf(source, ".d.ts"), dts.outputText],
    [outputOf(source, ".d.ts.map"), dts.sourceMapText!],
  ]);
  return { outputs, problems: [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])] };
}

function outputOf(source: string, suffix: string): string {
  return join(options.outDir!, relative(options.rootDir!, source)).replace(/\.ts$/, suffix);
}

function readRecord(file: string, current: string): BuildRecord {
  try {
    const r = JSON.parse(readFileSync(file, "utf8")) as BuildRecord;
    if (r.stamp === current) return r;
  } catch {
    // none yet
  }
  return { stamp: current, files: {} };
}

function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

function fail(message: string): never {
  console.error(`transpile: ${message}`);
  process.exit(2);
}
