import { existsSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { cacheFolder, requireFolder, schemaFolder } from "./folders.js";
import { UserError, type Values } from "./args.js";
import type { GENERATE_OPTIONS, VALIDATE_OPTIONS } from "./options.js";
import { Interrupted, loadModels, planPackages, regenerate, type Explanation } from "./pipeline.js";
import { lockOutput } from "./write/outputLock.js";
import { driftSize } from "./write/writeTree.js";
import { Stats } from "./stats.js";
import { watchSchemas } from "./watch.js";

export function runValidate(v: Values<typeof VALIDATE_OPTIONS>): number {
  const models = loadModels(schemaFolder(v.schemas));
  // Planning names every generated symbol: a clash there is a schema problem generate would refuse.
  planPackages(models);
  console.log(
    `schemas valid: ${models.map((m) => `${m.provider.name} (${m.resources.length} resources, ${m.lookups.length} lookups, ${m.types.length} types)`).join(", ")}`,
  );
  return 0;
}

/** Runs holding the output lock, aborted by SIGINT/SIGTERM; renames once begun finish, so none is half written. */
async function interruptible<T>(out: string, run: (signal: AbortSignal) => Promise<T>): Promise<T | "interrupted"> {
  const stop = new AbortController();
  const abort = () => stop.abort();
  // Listening before the lock is taken: a signal sent once the lock shows is the run's to handle.
  process.on("SIGINT", abort);
  process.on("SIGTERM", abort);
  let release: (() => void) | undefined;
  try {
    release = lockOutput(out);
    return await run(stop.signal);
  } catch (e) {
    if (e instanceof Interrupted) return "interrupted";
    throw e;
  } finally {
    process.off("SIGINT", abort);
    process.off("SIGTERM", abort);
    release?.();
  }
}

/** The process's CPU time (every thread's, workers included) and peak memory: a slow machine shows in neither. */
function resources(): string {
  const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
  const s = (us: number) => (us / 1e6).toFixed(2);
  return `CPU ${s(userCPUTime)} s user, ${s(systemCPUTime)} s system; peak memory ${(maxRSS / 1024).toFixed(0)} MiB`;
}

export async function runGenerate(v: Values<typeof GENERATE_OPTIONS>): Promise<number> {
  const schemaDir = schemaFolder(v.schemas);
  const out = v.out ?? "generated";
  // Packages written among the schemas would be read as schema folders by every later run.
  const outDir = resolve(out);
  if (outDir === schemaDir || outDir.startsWith(`${schemaDir}${sep}`))
    throw new UserError(`--out ${out} is inside the schema folder ${schemaDir}: write the packages elsewhere`);
  // --check compares with what is there, so a missing folder is a mistake (a typo), not drift.
  if (v.check) requireFolder(out, "output folder", ": nothing to check");
  else if (existsSync(out)) requireFolder(out, "output folder");
  if (v.watch) {
    if (v.check) throw new UserError("--watch writes on every change; it cannot be combined with --check");
    return watchSchemas(schemaDir, resolve(out), cacheFolder(v), v.explain);
  }
  const started = performance.now();
  const stats = v.stats ? new Stats() : undefined;
  const cacheDir = cacheFolder(v);
  // Printed whatever the run's outcome: why a run did its work matters most when it failed or was slow.
  const explain = v.explain ? (e: Explanation) => console.log(e.lines().join("\n")) : undefined;
  const results = await interruptible(resolve(out), (signal) =>
    regenerate(schemaDir, resolve(out), { check: v.check, cacheDir, stats, signal, explain }),
  );
  if (results === "interrupted") {
    console.error("sdkgen generate: interrupted; nothing was written");
    return 130;
  }
  let drifted = false;
  for (const { name, drift, files } of results) {
    const changes = driftSize(drift);
    drifted ||= changes > 0;
    if (v.check && changes > 0) {
      console.error(`${name}: ${join(out, name)} is out of date with the schemas (run \`make\`):`);
      for (const [what, list] of Object.entries(drift))
        for (const f of list as string[]) console.error(`  ${what}: ${f}`);
    } else console.log(`${name}: ${files} files, ${v.check ? "up to date" : `${changes} written or removed`}`);
  }
  console.log(`${v.check ? "checked" : "generated"} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  if (stats) console.log(`${stats.report()}; ${resources()}`);
  return v.check && drifted ? 1 : 0;
}
