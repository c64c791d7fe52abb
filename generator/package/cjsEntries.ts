import { posix } from "node:path";

/**
 * The CommonJS side of a built ESM package, as files under `dist/cjs/`. Each module gets a one-line
 * CommonJS wrapper that `require`s the ES module itself (Node ≥ 20.19 and ≥ 22.12 load ES modules with
 * `require`), so a program that both imports and requires the package still holds one copy of every
 * class and `instanceof` holds. Its declarations are the ESM ones copied under a `"type": "commonjs"`
 * folder: TypeScript reads them as CommonJS, which is what `module: node16` programs need (TS1479
 * otherwise). A second compilation to CommonJS would have given two copies of every class instead.
 *
 * `built` maps paths relative to `dist/` to their text; the result maps paths relative to `dist/cjs/`.
 */
export function cjsEntries(built: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>([["package.json", `{ "type": "commonjs" }\n`]]);
  for (const [path, text] of [...built].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (path.endsWith(".d.ts")) out.set(path, text);
    else if (path.endsWith(".d.ts.map")) out.set(path, deeperMap(text));
    else if (path.endsWith(".js")) out.set(path, wrapper(path));
  }
  return out;
}

/** The wrapper of `dist/<path>`, written at `dist/cjs/<path>`: one folder deeper. */
function wrapper(path: string): string {
  const target = posix.relative(posix.dirname(posix.join("cjs", path)), path);
  return `"use strict";\nmodule.exports = require(${JSON.stringify(target)});\n`;
}

/** A declaration map moved one folder deeper: its sources are one `../` further away. */
function deeperMap(text: string): string {
  const map = JSON.parse(text) as { sources: string[] };
  return JSON.stringify({ ...map, sources: map.sources.map((s) => `../${s}`) });
}
