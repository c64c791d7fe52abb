// `make bench`: measured regeneration figures, each printed beside the bound the project holds to
// (issue 14's goals for regeneration, issue 11's for the 5 MB file).
// "Cold" means no generator cache (node_modules/.cache/sdkgen is not used); every run is a new process.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeHugeResource, writeSynthetic } from "./synthetic.mjs";
import { printLoad, printNodeStart } from "./load.mjs";
import { printTable } from "./table.mjs";

printLoad("start");
printNodeStart("start");

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = join(ROOT, "build/generator/cli.js");
const work = mkdtempSync(join(tmpdir(), "sdkgen-bench-"));

/** One generator run in a fresh process: wall time, the process's CPU time (user and system) and peak memory. */
function generate(schemas, out, cache) {
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [CLI, "generate", "--stats", "--schemas", schemas, "--out", out, "--cache", cache],
    { encoding: "utf8" },
  );
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`generator failed:\n${r.stderr}`);
  const [, user, system] = /CPU ([\d.]+) s user, ([\d.]+) s system/.exec(r.stdout);
  return {
    wall,
    peakMiB: Number(/peak memory (\d+) MiB/.exec(r.stdout)?.[1]),
    cpu: Number(user) + Number(system),
    system: Number(system),
    // The --stats line, up to its CPU figures: the time of each stage.
    stages:
      r.stdout
        .split("\n")
        .find((line) => line.includes("; CPU"))
        ?.split(";")[0] ?? "",
  };
}
/** One measure of each run: `each(runs, "wall")`. */
const each = (runs, key) => runs.map((r) => r[key]);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
const row = (figure, runs, unit, bound) => {
  const value = median(runs);
  rows.push([
    figure,
    `${value.toFixed(unit === "MiB" || unit === "ms" ? 0 : 2)} ${unit}`,
    `${runs.map((r) => r.toFixed(unit === "MiB" || unit === "ms" ? 0 : 2)).join(" ")}`,
    bound ? `${bound} ${unit}` : "",
    bound ? (value <= bound ? "ok" : "OVER") : "",
  ]);
};

// Both providers: output into a copy of generated/, so the committed tree is never touched.
const realOut = join(work, "real-out");
cpSync(join(ROOT, "generated"), realOut, { recursive: true });
const realCache = join(work, "real-cache");
const cold = [];
for (let i = 0; i < 5; i++) {
  rmSync(realCache, { recursive: true, force: true });
  cold.push(generate(join(ROOT, "schemas"), realOut, realCache));
}
row("both providers, cold", each(cold, "wall"), "s", 1);
// CPU time is what a busy or slow machine changes least: it tells such a run from a slower generator.
row("both providers, cold, CPU (user + system)", each(cold, "cpu"), "s");
row(
  "both providers, nothing changed",
  [0, 1, 2].map(() => generate(join(ROOT, "schemas"), realOut, realCache).wall),
  "s",
);

/**
 * Five runs, each after an edit of `file` (`marker` replaced by `edit(i)`: by default, a description
 * changed), as a maintainer makes one: seconds after the last run. A file written less than 3 s before a run (RACY_MS in
 * generator/hash.ts) is read back whole, its stat not yet trusted: right after a cold run
 * that is every file, and it was so for the first three runs here.
 */
async function editedRuns(schemas, out, cache, file, marker, edit = (i) => `${marker.slice(0, -1)}, edit ${i}.`) {
  const original = readFileSync(file, "utf8");
  await new Promise((r) => setTimeout(r, 3500));
  const runs = [];
  for (let i = 0; i < 5; i++) {
    writeFileSync(file, original.replace(marker, edit(i)));
    runs.push(generate(schemas, out, cache));
  }
  writeFileSync(file, original);
  return runs;
}

// One file of the real providers edited, in a copy of schemas/: what a new process costs whatever the
// provider's size (starting Node, the worker, the validators), beside which the 2,000-entity figure reads.
const editedReal = join(work, "edited-schemas");
cpSync(join(ROOT, "schemas"), editedReal, { recursive: true });
generate(editedReal, realOut, realCache);
row(
  "both providers, one file changed",
  each(
    await editedRuns(
      editedReal,
      realOut,
      realCache,
      join(editedReal, "netsvc/resources/port.yaml"),
      "A single physical port in a data centre location.",
    ),
    "wall",
  ),
  "s",
);

// A synthetic provider of 2,000 entities, written to a temporary folder (never committed).
// Each cold run writes into a folder of its own, and none is removed until the end: on ext4 without a
// journal (this machine's disk), creating a file scans past every inode freed in the last minute or
// more (the kernel's recently_deleted()), so a run right after removing the last run's 6,000 files
// measured that removal too: 1-3 s more, all of it kernel time (perf: ext4_create).
const synth = join(work, "synth");
const counts = writeSynthetic(join(synth, "schemas"));
const synthCold = [0, 1, 2].map((i) =>
  generate(join(synth, "schemas"), join(synth, `out-${i}`), join(synth, `cache-${i}`)),
);
// The runs below edit the last cold run's tree.
const synthOut = join(synth, "out-2");
const synthCache = join(synth, "cache-2");
row(
  `2,000 entities, cold (${counts.resources} resources, ${counts.lookups} lookups, ${counts.types} types)`,
  each(synthCold, "wall"),
  "s",
  5,
);
row("2,000 entities, cold, CPU (user + system)", each(synthCold, "cpu"), "s");
// The kernel's share: mostly creating 6,000 files, which this machine's disk makes slow after removals (above).
row("2,000 entities, cold, of which system", each(synthCold, "system"), "s");
row("2,000 entities, cold, peak memory", each(synthCold, "peakMiB"), "MiB", 700);
const edited = join(synth, "schemas/synth/resources/thing7.yaml");
const incremental = await editedRuns(join(synth, "schemas"), synthOut, synthCache, edited, "a synthetic resource.");
row("2,000 entities, one file changed (a new process)", each(incremental, "wall"), "s", 1.5);
const stages = incremental.at(-1).stages;
// The edit above changes a description, which the rules do not read (their pass is kept: ruleInput.ts);
// one that changes what they read has them check the provider again.
const structural = await editedRuns(
  join(synth, "schemas"),
  synthOut,
  synthCache,
  edited,
  "maxLength: 64",
  (i) => `maxLength: ${65 + i}`,
);
// A one-file edit too: held to the same bound.
row("2,000 entities, one field's bound changed (a new process)", each(structural, "wall"), "s", 1.5);

/**
 * `generate --watch` on a copy of `schemas`: each of 5 saves of `file` (a description edited), timed
 * from just before the write to the moment the generated `page` holds the edit (polled every ms).
 */
async function watchRuns(schemas, out, cache, file, page, marker) {
  const watcher = spawn(process.execPath, [
    CLI,
    "generate",
    "--watch",
    "--schemas",
    schemas,
    "--out",
    out,
    "--cache",
    cache,
  ]);
  let stdout = "";
  watcher.stdout.on("data", (d) => (stdout += d));
  const until = async (what) => {
    for (let waited = 0; !what(); waited++) {
      if (waited > 120_000) throw new Error(`generate --watch did not answer:\n${stdout}`);
      await new Promise((r) => setTimeout(r, 1));
    }
  };
  await until(() => stdout.includes("watching"));
  const text = readFileSync(file, "utf8");
  const runs = [];
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 300)); // the previous run's events settle
    const started = performance.now();
    writeFileSync(file, text.replace(marker, `${marker} Watched ${i}.`));
    await until(() => readFileSync(page, "utf8").includes(`Watched ${i}.`));
    runs.push(performance.now() - started);
  }
  watcher.kill("SIGINT");
  await new Promise((r) => watcher.on("exit", r));
  writeFileSync(file, text);
  return runs;
}
const watchedReal = join(work, "watched");
cpSync(join(ROOT, "schemas"), join(watchedReal, "schemas"), { recursive: true });
cpSync(join(ROOT, "generated"), join(watchedReal, "out"), { recursive: true });
row(
  "both providers, generate --watch, save to written",
  await watchRuns(
    join(watchedReal, "schemas"),
    join(watchedReal, "out"),
    join(watchedReal, "cache"),
    join(watchedReal, "schemas/netsvc/resources/port.yaml"),
    join(watchedReal, "out/netsvc/src/resources/port.ts"),
    "A single physical port in a data centre location.",
  ),
  "ms",
  100,
);
row(
  "2,000 entities, generate --watch, save to written",
  await watchRuns(
    join(synth, "schemas"),
    synthOut,
    synthCache,
    edited,
    join(synthOut, "synth/src/resources/thing7.ts"),
    "a synthetic resource.",
  ),
  "ms",
  500,
);

/**
 * `make` after a one-file edit of a real provider, as a maintainer runs it in this checkout:
 * regeneration and the package's build. The edit is undone, and the tree made again, after.
 */
function makeAfterEdits(file, marker) {
  const original = readFileSync(file, "utf8");
  const make = () => {
    const started = performance.now();
    const r = spawnSync("make", [], { cwd: ROOT, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`make failed:\n${r.stdout}\n${r.stderr}`);
    return (performance.now() - started) / 1000;
  };
  make();
  try {
    return [0, 1, 2].map((i) => {
      writeFileSync(file, original.replace(marker, `${marker.slice(0, -1)}, bench ${i}.`));
      return make();
    });
  } finally {
    writeFileSync(file, original);
    make();
  }
}
row(
  "make after a one-file edit of a real provider",
  makeAfterEdits(join(ROOT, "schemas/netsvc/resources/port.yaml"), "A single physical port in a data centre location."),
  "s",
  2.5,
);

// One 5 MB schema file (46,000 fields): validation must stay linear in a file's size.
const huge = join(work, "huge");
const { bytes } = writeHugeResource(join(huge, "schemas"));
const validate = () => {
  const started = performance.now();
  const r = spawnSync(process.execPath, [CLI, "validate", "--schemas", join(huge, "schemas")], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`validate failed:\n${r.stderr}`);
  return (performance.now() - started) / 1000;
};
row(
  `one ${(bytes / 1048576).toFixed(1)} MiB file (46,000 fields), validate`,
  [validate(), validate(), validate()],
  "s",
  5,
);
const hugeRuns = [0, 1, 2].map((i) =>
  generate(join(huge, "schemas"), join(huge, `out-${i}`), join(huge, `cache-${i}`)),
);
row("one 5 MiB file, generate, cold", each(hugeRuns, "wall"), "s");
row("one 5 MiB file, generate, peak memory", each(hugeRuns, "peakMiB"), "MiB", 1024);

printTable(rows);
console.log(`\nstages of the last one-file run: ${stages}`);
rmSync(work, { recursive: true, force: true });
printLoad("end");
printNodeStart("end");
