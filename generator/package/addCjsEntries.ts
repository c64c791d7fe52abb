#!/usr/bin/env node
// Build step after `tsc` writes dist/: removes outputs of sources gone from src/, then writes the CommonJS entries.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { cjsEntries } from "./cjsEntries.js";
import { staleOutputs } from "./staleOutputs.js";

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));

const builtFiles = (dist: string, paths: readonly string[]): Map<string, string> =>
  new Map(
    paths
      .filter((path) => !path.startsWith("cjs/") && /\.(js|d\.ts|d\.ts\.map)$/.test(path))
      .map((path) => [path, readFileSync(join(dist, path), "utf8")]),
  );

/** A chunk the runtime's bundler shares between entries (runtime/bundle.mjs): no source's output, and no entry. */
const isChunk = (path: string) => path.startsWith("chunks/");

for (const pkg of process.argv.slice(2)) {
  const dist = join(pkg, "dist");
  const cjs = join(dist, "cjs");
  const outputs = filesUnder(dist).filter((path) => !isChunk(path));
  const stale = new Set(staleOutputs(outputs, new Set(filesUnder(join(pkg, "src")))));
  for (const path of stale) rmSync(join(dist, path));
  const kept = outputs.filter((path) => !stale.has(path));
  rmSync(cjs, { recursive: true, force: true });
  for (const [path, text] of cjsEntries(builtFiles(dist, kept))) {
    mkdirSync(dirname(join(cjs, path)), { recursive: true });
    writeFileSync(join(cjs, path), text);
  }
}
