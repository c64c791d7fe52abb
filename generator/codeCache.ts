import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { createHash } from "node:crypto";
import { constants, Script } from "node:vm";
import { JIT_FLAGS } from "./jitBudget.js";

/**
 * Requires CommonJS with V8's code cache in `cacheDir` (beside it by default), named by text, Node and
 * flags: V8 checks only the length.
 */
export function requireCompiled(file: string, variant = "", cacheDir = dirname(file)): unknown {
  // A bundle's `#!` line is no JavaScript inside a function: commented out, so positions stay right.
  const source = readFileSync(file, "utf8").replace(/^#!/, "//");
  const stamp = createHash("sha1").update(`${source}\0${process.version}\0${JIT_FLAGS}`).digest("hex").slice(0, 12);
  const cacheFile = join(cacheDir, `${basename(file)}.${stamp}${/^[a-z]+$/.test(variant) ? `.${variant}` : ""}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // not made yet
  }
  // The wrapper Node puts around a CommonJS module, on the source's first line (positions stay right).
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, {
    filename: file,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    ...(cachedData && { cachedData }),
  });
  // Kept by a run that succeeded: one that failed (a mistyped command) ran little of the code.
  if (!cachedData || script.cachedDataRejected)
    process.once("exit", (code) => code === 0 && keep(script, cacheFile, stamp));
  const module = { exports: {} as unknown };
  (script.runInThisContext() as CommonJsModule)(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

type CommonJsModule = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/** Writes the code cache atomically (another run may read it) and removes those of the file's earlier texts. */
function keep(script: Script, cacheFile: string, stamp: string): void {
  try {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
    const dir = dirname(cacheFile);
    const file = basename(cacheFile).slice(0, basename(cacheFile).indexOf(`.${stamp}`));
    for (const name of readdirSync(dir))
      if (name.startsWith(`${file}.`) && name.endsWith(".v8") && !name.startsWith(`${file}.${stamp}`))
        rmSync(join(dir, name), { force: true });
  } catch {
    // a cache only saves time
  }
}
