#!/usr/bin/env node
// Build step: `node build/generator/package/addCjsEntries.js <package dir>...` after `tsc` writes dist/.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { cjsEntries } from "./cjsEntries.js";

function builtFiles(dist: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name).slice(dist.length + 1);
    if (entry.isFile() && !path.startsWith("cjs/") && /\.(js|d\.ts|d\.ts\.map)$/.test(path))
      files.set(path, readFileSync(join(dist, path), "utf8"));
  }
  return files;
}

for (const pkg of process.argv.slice(2)) {
  const dist = join(pkg, "dist");
  const cjs = join(dist, "cjs");
  const files = cjsEntries(builtFiles(dist));
  rmSync(cjs, { recursive: true, force: true });
  for (const [path, text] of files) {
    mkdirSync(dirname(join(cjs, path)), { recursive: true });
    writeFileSync(join(cjs, path), text);
  }
}
