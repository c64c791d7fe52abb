import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";
import { hashText } from "./cache/genCache.js";
import { JIT_FLAGS } from "./jitBudget.js";

/**
 * Requires a CommonJS file of compiled code (the meta-schema's validators, 390 KB; the templates,
 * 80 KB) with V8's code cache kept beside it, made by the first run that loads it, at its exit, so it
 * holds every function that run called. Loading the validators and first calling them took ~35 ms
 * here, ~10 ms with the cache: most of a scoped run's validation. The cache is named by the file's
 * text, Node's version and the V8 flags, because V8 checks only the source's length; one V8 rejects
 * anyway is made again, and one that cannot be written (a read-only folder) is only not kept.
 */
export function requireCompiled(file: string): unknown {
  const source = readFileSync(file, "utf8");
  const cacheFile = `${file}.${hashText(`${source}\0${process.version}\0${JIT_FLAGS}`).slice(0, 12)}.v8`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // not made yet
  }
  // The wrapper Node puts around a CommonJS module, on the source's first line (positions stay right).
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, ...(cachedData && { cachedData }) });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as CommonJsModule)(module.exports, createRequire(file), module, file, dirname(file));
  if (!cachedData || script.cachedDataRejected) process.once("exit", () => keep(script, cacheFile, file));
  return module.exports;
}

type CommonJsModule = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/** Writes the code cache (atomically: another run may read it meanwhile), and removes the file's older ones. */
function keep(script: Script, cacheFile: string, file: string): void {
  try {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
    const prefix = `${basename(file)}.`;
    for (const name of readdirSync(dirname(file)))
      if (name.startsWith(prefix) && name.endsWith(".v8") && name !== basename(cacheFile))
        rmSync(join(dirname(file), name), { force: true });
  } catch {
    // a cache only saves time
  }
}
