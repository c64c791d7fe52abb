#!/usr/bin/env node
import { resolve } from "node:path";
import { formatDiagnostic, SchemaError } from "./diagnostics.js";
import { DIFF_USAGE, runDiff } from "./diff/command.js";
import { loadModels, regenerate } from "./pipeline.js";
import { Stats } from "./stats.js";

const USAGE = `usage: sdkgen <command> [options]

commands:
  validate              check every schema; print problems as file:line:col: message
  generate [--check]    validate, then regenerate generated/<provider>/ (--check: report drift, write nothing)
${DIFF_USAGE}

options:
  --schemas DIR         schema folder (default: schemas)
  --out DIR             output folder (default: generated)
  --cache DIR           cache folder (default: node_modules/.cache/sdkgen)
  --no-cache            neither read nor write the cache
  --stats               print the time of each stage and the peak memory`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const opt = (name: string, fallback: string) => {
    const i = rest.indexOf(name);
    return i >= 0 && rest[i + 1] ? rest[i + 1]! : fallback;
  };
  const schemaDir = resolve(opt("--schemas", "schemas"));
  switch (command) {
    case "validate": {
      const models = loadModels(schemaDir);
      console.log(
        `schemas valid: ${models.map((m) => `${m.provider.name} (${m.resources.length} resources, ${m.lookups.length} lookups, ${m.types.length} types)`).join(", ")}`,
      );
      return 0;
    }
    case "generate": {
      const check = rest.includes("--check");
      const started = performance.now();
      const cacheDir = rest.includes("--no-cache") ? undefined : resolve(opt("--cache", "node_modules/.cache/sdkgen"));
      const stats = rest.includes("--stats") ? new Stats() : undefined;
      const results = await regenerate(schemaDir, resolve(opt("--out", "generated")), { check, cacheDir, stats });
      let drifted = false;
      for (const { name, drift, files } of results) {
        const changes = drift.added.length + drift.changed.length + drift.removed.length;
        drifted ||= changes > 0;
        if (check && changes > 0) {
          console.error(`${name}: generated/${name} is out of date with the schemas (run \`make\`):`);
          for (const [what, list] of Object.entries(drift))
            for (const f of list as string[]) console.error(`  ${what}: ${f}`);
        } else console.log(`${name}: ${files} files, ${check ? "up to date" : `${changes} written or removed`}`);
      }
      console.log(`${check ? "checked" : "generated"} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
      if (stats)
        console.log(`${stats.report()}; peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
      return check && drifted ? 1 : 0;
    }
    case "diff":
      return runDiff(rest, schemaDir);
    default:
      console.error(USAGE);
      return command === undefined || command === "--help" ? 0 : 2;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof SchemaError) {
    for (const d of e.diagnostics) console.error(formatDiagnostic(d));
    console.error(`\n${e.message}; nothing was written.`);
  } else {
    // A bug in the generator, not in the schemas: one clear line (the stack with SDKGEN_DEBUG=1).
    const detail = process.env.SDKGEN_DEBUG ? ((e as Error).stack ?? String(e)) : (e as Error).message;
    console.error(`internal generator error (nothing was written): ${detail}`);
  }
  process.exitCode = 1;
}
