import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const CODE_CACHE = fileURLToPath(new URL("../../build/generator/codeCache.js", import.meta.url));

/** A new process that requires `file` through the code cache and prints what it exports. */
const load = (file: string): string =>
  execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const m = await import(${JSON.stringify(CODE_CACHE)}); console.log(JSON.stringify(m.requireCompiled(${JSON.stringify(file)}).answer()));`,
    ],
    { encoding: "utf8" },
  ).trim();

const caches = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".v8"));

test("compiled code is loaded through a code cache made at the first run's exit, made again when damaged or stale", () => {
  const dir = mkdtempSync(join(tmpdir(), "sdkgen-codecache-"));
  const file = join(dir, "compiled.cjs");
  writeFileSync(
    file,
    `"use strict";\nexports.answer = () => ({ n: 41 + 1, file: __filename === ${JSON.stringify(file)} });\n`,
  );

  expect(load(file)).toBe('{"n":42,"file":true}');
  const [made] = caches(dir);
  expect(made).toMatch(/^compiled\.cjs\.[\w-]{12}\.v8$/);
  const at = statSync(join(dir, made!)).mtimeMs;

  // Used as it is: not written again.
  expect(load(file)).toBe('{"n":42,"file":true}');
  expect(statSync(join(dir, made!)).mtimeMs).toBe(at);

  // Damaged: V8 rejects it, the code compiles as usual, and the cache is made again.
  writeFileSync(join(dir, made!), "not a code cache");
  expect(load(file)).toBe('{"n":42,"file":true}');
  expect(readFileSync(join(dir, made!)).length).toBeGreaterThan(100);

  // The same length, other code (V8 would take the old cache for it): a cache of its own, the old one removed.
  writeFileSync(file, readFileSync(file, "utf8").replace("41 + 1", "40 + 3"));
  expect(load(file)).toBe('{"n":43,"file":true}');
  expect(caches(dir)).toHaveLength(1);
  expect(caches(dir)[0]).not.toBe(made);
});
