// `make bench` (consumers): what a downstream program pays for using a generated package, for netsvc,
// cloudplat and a synthetic package of 2,000 entities (generated and built here), each imported from
// its root and from the resource's subpath. A program manages one resource; it is type-checked with
// tsc (as a project would: strict, skipLibCheck) and its import is timed, each in a fresh process. A
// program without any package is type-checked in the same round, so each package's share is its time
// less that round's baseline. Rounds rotate the order of the programs; medians of every run are printed.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { printLoad } from "./load.mjs";
import { writeSynthetic } from "./synthetic.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const ROUNDS = 3;
const IMPORT_RUNS = 5;
const BOUNDS = { importMs: 150, modules: 300, shareS: 1 };

printLoad("start");
const work = mkdtempSync(join(tmpdir(), "sdkgen-consumer-"));
const modulesDir = join(work, "node_modules");
mkdirSync(modulesDir);
for (const entry of readdirSync(join(ROOT, "node_modules")))
  symlinkSync(join(ROOT, "node_modules", entry), join(modulesDir, entry));

/** The synthetic package, generated and built as a maintainer would (its build is timed too). */
function buildSynthetic() {
  const schemas = join(work, "synth-schemas");
  writeSynthetic(schemas);
  const out = join(work, "synth-out");
  const run = (args, what) => {
    const started = performance.now();
    const r = spawnSync(process.execPath, args, { encoding: "utf8", cwd: ROOT });
    if (r.status !== 0) throw new Error(`${what} failed:\n${r.stdout}${r.stderr}`);
    return (performance.now() - started) / 1000;
  };
  const generate = run(
    [join(ROOT, "build/generator/cli.js"), "generate", "--schemas", schemas, "--out", out, "--no-cache"],
    "generate",
  );
  symlinkSync(modulesDir, join(out, "node_modules"));
  const build = run([TSC, "-p", join(out, "synth/tsconfig.json")], "tsc");
  symlinkSync(join(out, "synth"), join(modulesDir, "synth"));
  console.log(
    `synthetic package (2,000 entities): generated in ${generate.toFixed(1)} s, built by tsc in ${build.toFixed(1)} s`,
  );
}
buildSynthetic();

const PACKAGES = {
  netsvc: { resource: "Port", subpath: "netsvc/resources/port" },
  cloudplat: { resource: "ApiGatewayService", subpath: "cloudplat/resources/apiGatewayService" },
  "synth (2,000 entities)": { resource: "Thing7", subpath: "synth/resources/thing7", root: "synth" },
};
// A package's root is plain re-exports, which loads every module (one copy of the runtime under
// every runner, issue 39): the synthetic package's root is measured, not bounded; its subpath is the
// way a program of a package that size loads little.
const specifiers = Object.entries(PACKAGES).flatMap(([name, p]) => [
  { name, kind: "root", specifier: p.root ?? name, resource: p.resource, bounded: !p.root },
  { name, kind: "subpath", specifier: p.subpath, resource: p.resource, bounded: true },
]);
// The resource is used, not only imported, so its types are checked; running it stops before any request.
const program = ({ specifier, resource }) =>
  `import { ${resource} } from ${JSON.stringify(specifier)};\nif (process.argv.length > 9) {\n  const found = await ${resource}.get("id");\n  console.log(found.id);\n}\n`;
const programs = [{ file: "baseline.mts", text: `console.log(process.argv.length);\nexport {};\n` }];
for (const [i, s] of specifiers.entries()) programs.push({ file: `p${i}.mts`, text: program(s), spec: s });
for (const p of programs) writeFileSync(join(work, p.file), p.text);

/** tsc on one program: seconds and MB from its own --extendedDiagnostics report. */
function typecheck(file) {
  const args = [TSC, "--noEmit", "--extendedDiagnostics", "--strict", "--skipLibCheck", "--target", "ES2022"];
  args.push("--module", "NodeNext", "--moduleResolution", "NodeNext", "--types", "node", join(work, file));
  const r = spawnSync(process.execPath, args, { encoding: "utf8", cwd: work });
  if (r.status !== 0) throw new Error(`tsc failed on ${file}:\n${r.stdout}${r.stderr}`);
  const figure = (label) => Number(new RegExp(`${label}:\\s+([\\d.]+)`).exec(r.stdout)?.[1]);
  return { s: figure("Total time"), mb: figure("Memory used") / 1024 };
}

/** Node importing a specifier in a fresh process: ms of the import itself. */
function importMs(specifier) {
  const probe = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8", cwd: work });
  if (r.status !== 0) throw new Error(`import of ${specifier} failed:\n${r.stderr}`);
  return Number(r.stdout.trim());
}

/**
 * How many modules importing a specifier loads: Node's loader names each module it stores in its debug
 * log (NODE_DEBUG=esm), however it was loaded (loader hooks do not see those a package loads with require).
 */
function modulesLoaded(specifier) {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(specifier)});`], {
    encoding: "utf8",
    cwd: work,
    env: { ...process.env, NODE_DEBUG: "esm" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`counting the modules of ${specifier} failed:\n${r.stderr.slice(-2000)}`);
  const urls = new Set([...r.stderr.matchAll(/^ESM \d+: Storing (file:\S+)/gm)].map((m) => m[1]));
  return urls.size - 1; // the program itself
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const list = (xs, digits) => xs.map((x) => x.toFixed(digits)).join(" ");

try {
  // Type-checks: every round runs the baseline and every program, in an order that rotates.
  const checks = new Map(programs.map((p) => [p.file, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = programs.map((_, i) => programs[(i + round) % programs.length]);
    const results = new Map(order.map((p) => [p.file, typecheck(p.file)]));
    const base = results.get("baseline.mts");
    for (const [file, r] of results) checks.get(file).push({ ...r, share: r.s - base.s, shareMb: r.mb - base.mb });
  }
  // Imports: the specifiers alternate, their order rotating.
  const imports = new Map(specifiers.map((s) => [s.specifier, []]));
  for (let run = 0; run < IMPORT_RUNS; run++)
    for (let i = 0; i < specifiers.length; i++) {
      const s = specifiers[(i + run) % specifiers.length];
      imports.get(s.specifier).push(importMs(s.specifier));
    }

  const rows = [["figure", "median", "runs", "bound", ""]];
  const row = (figure, value, runs, bound, unit) =>
    rows.push([
      figure,
      `${value} ${unit}`,
      runs,
      bound === undefined ? "" : `${bound} ${unit}`,
      bound === undefined ? "" : Number(value) <= bound ? "ok" : "OVER",
    ]);
  const base = checks.get("baseline.mts");
  row(
    "type-check, program without a package (baseline)",
    median(base.map((c) => c.s)).toFixed(2),
    list(
      base.map((c) => c.s),
      2,
    ),
    undefined,
    "s",
  );
  for (const [i, s] of specifiers.entries()) {
    const c = checks.get(`p${i}.mts`);
    const label = `${s.name}, ${s.kind} import`;
    row(
      `type-check, ${label}: package's share`,
      median(c.map((x) => x.share)).toFixed(2),
      `${list(
        c.map((x) => x.share),
        2,
      )} (totals ${list(
        c.map((x) => x.s),
        2,
      )})`,
      s.bounded ? BOUNDS.shareS : undefined,
      "s",
    );
    row(
      `type-check memory, ${label}: package's share`,
      median(c.map((x) => x.shareMb)).toFixed(0),
      list(
        c.map((x) => x.shareMb),
        0,
      ),
      undefined,
      "MB",
    );
    const ms = imports.get(s.specifier);
    const bound = (b) => (s.bounded ? b : undefined);
    row(`import at run time, ${label}`, median(ms).toFixed(0), list(ms, 0), bound(BOUNDS.importMs), "ms");
    row(`modules loaded, ${label}`, String(modulesLoaded(s.specifier)), "", bound(BOUNDS.modules), "modules");
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows)
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    );
  const tsc = spawnSync(process.execPath, [TSC, "--version"], { encoding: "utf8" }).stdout.trim();
  console.log(
    `${ROUNDS} rounds of type-checks (${tsc}) and ${IMPORT_RUNS} of imports, fresh processes, orders rotating`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
  printLoad("end");
}
