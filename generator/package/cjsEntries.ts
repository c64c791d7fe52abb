import { posix } from "node:path";

/** A CommonJS wrapper per module that `require`s the ES one, so one copy of every class and `instanceof` holds. */
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
